"""A second RAWP-CRS client, built differently from ``reference_crs``.

It proves that the profile's checks read the screen, not the reference's widgets: agent
text is Rich markdown drawn by a widget's ``render()``, user bubbles are a row with a
spacer, the user markdown subset has its own small parser, and the events and frames are
its own copies matched by their RAWP type name (``docs/adapters.md``). Its file browser
(004 §7) is a pushed session screen and a modal dialog whose entries are one line-drawn
``ScrollView`` of flattened rows (``entry_list.py``, ``fs_rows.py``), not a ``Tree``. Its
``@`` file popup (004 §3.4) is a frame of a line-drawn candidate list (the command menu's
``LineMenu`` machinery, ``line_menu.py``) over a status row for the spinner and messages
(``file_menu.py``), laid out above the input; searches are debounced by a timer and
answers applied by ``query_id`` (``file_input.py``).
Its file-reference tokens (004 §3.4.5) are spans kept beside the input's plain document and
re-mapped on every edit, with the input's own undo list (``token_spans.py``,
``token_input.py``), not marker characters in the document.
"""

__version__ = "0.1.0"
"""Version of the alternative client, shown in the conformance report header."""
