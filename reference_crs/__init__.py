"""The reference RAWP-CRS client: a Textual app run against a demo agent."""
