"""Oracles of profile ``rawp_crs``: a clause's mapping checked on generated inputs (issue 38).

Each step module here runs a Hypothesis search inside one step: it generates inputs
(bounded, from a fixed seed, no example database), drives the client under test through
the scenario's driver and compares what the client did with a small oracle written from
the seed sentence, never imported from a client. ``docs/oracles.md`` lists each oracle, its
strategy's bounds, its seed and the sentence it restates.
"""
