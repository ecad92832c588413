"""States after the user acted, of profile ``rawp_crs`` (issue 38).

Each step module here brings the client to a state a person reaches (scrolled away with
Page Up, the wheel or Home; a popup closed with Escape; a reopened conversation; a
cancelled turn; a prompt queued behind a running turn; a page of older turns loaded) or
checks a state-dependent clause from there. Steps of the feature files' own areas that a
survivor of issue 38 asked for live here too, so that the feature files' step modules stay
as they were.
"""
