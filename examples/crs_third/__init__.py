"""A third RAWP-CRS client, built from seeds 002 and 004 by a team that never read the steps."""
