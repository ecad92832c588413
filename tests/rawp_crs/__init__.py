"""Tests of the RAWP-CRS port, its fake agent, the demo agent and the reference client."""
