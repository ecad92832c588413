r"""Reports that always cross to the pytest-xdist controller, whatever text they hold.

A pytest-xdist worker sends each report to the controller through execnet, which encodes
every string as UTF-8. A failure message, a captured output or a report attribute holding
a lone surrogate (an undecodable file name, as ``os.fsdecode`` gives it: ``'\udcff'``)
made execnet raise ``DumpError``, the worker crashed (``INTERNALERROR ... assert not
crashitem``) and the whole run's verdicts became "untested". A candidate that misbehaves
gets a clear verdict, never a crashed run, so every report is made encodable here, in one
place, as it is serialised: each lone surrogate is written as its escape (``\udcff``),
visibly, and every other character is kept.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest


def encodable(value: Any) -> Any:
    r"""``value`` with every string in it made UTF-8 encodable (lone surrogates escaped).

    Args:
        value: A serialised report's data: strings, numbers, ``None``, and dicts, lists
            and tuples of them, nested.

    Returns:
        The same shape; each string holding a lone surrogate is replaced by its text
        with that surrogate as ``\udcXX``; other values are returned as they are.
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
        return value
    if isinstance(value, dict):
        return {encodable(key): encodable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [encodable(item) for item in value]
    if isinstance(value, tuple):
        return tuple(encodable(item) for item in value)
    return value


@pytest.hookimpl(wrapper=True)
def pytest_report_to_serializable(
    config: pytest.Config, report: pytest.CollectReport | pytest.TestReport
) -> Generator[None, dict[str, Any] | None, dict[str, Any] | None]:
    """Serialise ``report`` as pytest does, then make its every string encodable."""
    data = yield
    return None if data is None else encodable(data)
