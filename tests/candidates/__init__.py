"""Implementations used to test the harness itself, plugged in through ``--adapter``.

Each module holds one family, every member with a one-line docstring naming what it
does wrong: :mod:`.mutants` (single-defect variants of the reference app, each breaking
one clause) and :mod:`.hostile` (apps that hang, crash or mishandle hostile input, and
miswired adapters).
"""
