"""Matching events and frames by RAWP type name and fields, never by class identity.

A client that cannot (or will not) import :mod:`rawp_port` defines its own copies of the
classes; the harness still recognises its frames: a frame is what its ``type`` attribute
names, and its fields are its dataclass fields or, for other objects, its public attributes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any


def type_name(obj: object) -> str | None:
    """Return the RAWP type name of an event or frame, or of its class.

    Args:
        obj: An instance, or a class with a ``type`` class constant.

    Returns:
        The ``type`` attribute when it is a string, else ``None``.
    """
    name = getattr(obj, "type", None)
    return name if isinstance(name, str) else None


def fields_of(obj: object) -> dict[str, Any]:
    """Return the fields of an event or frame by name, without ``type``.

    Dataclass fields (class constants excluded) when ``obj`` is a dataclass instance; a
    named tuple's fields; otherwise its public instance attributes (``vars``, then
    ``__slots__``).
    """
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
    elif hasattr(obj, "_asdict"):
        values = dict(obj._asdict())
    elif hasattr(obj, "__dict__"):
        values = {k: v for k, v in vars(obj).items() if not k.startswith("_")}
    else:
        slots = getattr(type(obj), "__slots__", ())
        values = {k: getattr(obj, k) for k in slots if hasattr(obj, k) and k[:1] != "_"}
    values.pop("type", None)
    return values


def matches(obj: object, expected: object) -> bool:
    """Tell whether ``obj`` has ``expected``'s type name and every field ``expected`` has.

    Fields compare by value; nested objects (e.g. a ``FileReference``) compare the same way,
    sequences element by element whatever their type (a list matches a tuple), mappings by
    key. ``obj`` may have more fields than ``expected`` (a later port version's).
    """
    if type_name(obj) != type_name(expected):
        return False
    mine = fields_of(obj)
    return all(
        name in mine and _same(mine[name], value) for name, value in fields_of(expected).items()
    )


def _same(seen: object, wanted: object) -> bool:
    """Compare two field values structurally."""
    if isinstance(wanted, str | bytes | int | float | bool) or wanted is None:
        return seen == wanted
    if isinstance(wanted, Mapping):
        return (
            isinstance(seen, Mapping)
            and set(seen) == set(wanted)
            and all(_same(seen[key], wanted[key]) for key in wanted)
        )
    if isinstance(wanted, list | tuple):
        return (
            isinstance(seen, list | tuple)
            and len(seen) == len(wanted)
            and all(_same(a, b) for a, b in zip(seen, wanted, strict=True))
        )
    if dataclasses.is_dataclass(wanted) or hasattr(wanted, "__dict__"):
        theirs = fields_of(seen)
        return all(
            name in theirs and _same(theirs[name], value)
            for name, value in fields_of(wanted).items()
        )
    return seen == wanted
