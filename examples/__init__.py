"""Implementations of the chat screen other than the reference app (see ``README.md``)."""
