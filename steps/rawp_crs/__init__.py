"""Profile ``rawp_crs`` (RAWP-CRS): the fake agent the harness plugs into a client's port.

The profile's steps, driver and adapter capability come later (docs/design/rawp-crs.md §4-§5).
"""
