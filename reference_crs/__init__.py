"""The reference RAWP-CRS client: a Textual app run against a demo agent."""

__version__ = "0.1.0"
