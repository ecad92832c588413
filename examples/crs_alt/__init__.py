"""A second RAWP-CRS client, built differently from ``reference_crs``.

It proves that the profile's checks read the screen, not the reference's widgets: agent
text is Rich markdown drawn by a widget's ``render()``, user bubbles are a row with a
spacer, the user markdown subset has its own small parser, and the events and frames are
its own copies matched by their RAWP type name (``docs/adapters.md``).
"""

__version__ = "0.1.0"
"""Version of the alternative client, shown in the conformance report header."""
