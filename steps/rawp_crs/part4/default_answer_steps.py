"""The default answer of a MULTI_SELECT request cancelled with Escape (issue 38).

002 §2.5.3 ¶7 (l. 94): "Escape로 상호작용을 취소하면 default_value가 정의된 경우 해당 값으로
자동 응답하고, 정의되지 않은 경우 타임아웃과 동일하게 처리해야 한다 (MUST)." A MULTI_SELECT
request's ``default_value`` is one string (RAWP-DPS §4.3.1 as the port models it); when it
names several options (``lint,test``) the seeds do not say whether the answer carries that
string as it came or the options it names as a list. Both are the default value; either
passes (decision audit row 58).
"""

from __future__ import annotations

import pytest
from pytest_bdd import parsers, then

from steps.checks import check, literal, scenario_clause
from steps.rawp_crs.driver import CrsDriver

ANSWER = "control.interaction.response"
"""RAWP type name of the answer frame."""


def names_default(value: object, default: str) -> bool:
    """Whether an answer's ``value`` is the default ``default`` (``"a,b"``) in either form.

    Args:
        value: The answer frame's ``value``.
        default: The request's ``default_value``, options joined by commas.

    Returns:
        ``True`` for the string itself, the same options in another order or spacing
        (``"test, lint"``), or a list or tuple of exactly those options in any order.
    """
    wanted = sorted(part.strip() for part in default.split(","))
    if isinstance(value, str):
        return value == default or sorted(part.strip() for part in value.split(",")) == wanted
    if isinstance(value, list | tuple):
        return sorted(str(item).strip() for item in value) == wanted
    return False


@then(parsers.parse('the agent received the default options "{default}" for "{request_id}"'))
def answered_default_options(
    crs_driver: CrsDriver, request: pytest.FixtureRequest, default: str, request_id: str
) -> None:
    """Exactly one answer to ``request_id``, whose ``value`` is the default ``default``.

    The outcome is not read (decision audit row 2); see :func:`names_default` for the forms.
    """
    clause = scenario_clause(
        request, "crs-interaction-escape-default", "crs-interaction-keys-multi-select"
    )
    expected = literal(default)
    seen = [
        getattr(frame, "value", None)
        for frame in crs_driver.agent.sent_of(ANSWER)
        if getattr(frame, "request_id", None) == request_id
    ]
    check(
        len(seen) == 1 and names_default(seen[0], expected),
        clause,
        f"the answers to {request_id!r}",
        f"one answer carrying the default {expected!r} (as sent, or as a list of its options)",
        seen,
    )
