"""A RAWP-CRS client that implements and claims part 1 of profile ``rawp_crs`` only.

It is how a team that builds the profile part by part is checked: its adapter claims
``rawp_crs_parts = (1,)`` and has part 1's members only (no popup, interaction, lazy-loading
or file-browser member), so the scenarios of parts 2 to 5 are reported "not claimed". It is
built on ``examples.crs_alt``'s conversation, laid out differently where part 1's checks
read positions: every conversation item sits in its own ``ListItem`` row of a ``ListView``
(so the items the adapter names are nested two levels below the conversation area), and
its timestamps are hidden until the pointer is over the item they stamp
(``timestamp_reveal = "hover"``).
"""

__version__ = "0.1.0"
"""Version of the part-1 client, shown in the conformance report header."""
