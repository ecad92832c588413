"""Run an oracle's Hypothesis search inside a step, reproducibly and within bounds.

The search is Hypothesis's ``@given`` on one strategy, with ``max_examples`` examples drawn
from a fixed seed, no deadline (the client runs on a loaded machine) and no example
database (nothing is written into the source tree). A failing example is shrunk for at most
:data:`SHRINK_SECONDS` (each example drives the client, so shrinking is bounded in time),
and the failure of the smallest one is raised, its ``[clause-id]`` first, as every check
words it (:mod:`steps.checks`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.internal.conjecture import engine

T = TypeVar("T")

SHRINK_SECONDS = 15
"""Whole seconds Hypothesis may spend shrinking a failing example (driving the client)."""


NO_EXPLAIN = tuple(phase for phase in Phase if phase is not Phase.explain)
"""Every phase but ``explain``: its notes (which parts of the input vary without changing the
failure) are found by tracing every line the client runs while the failing example is
replayed, and the failure raised here carries the message alone. In a profile of the mutant
runs that oracles catch, that tracer was 29 % of the samples (docs/performance.md)."""


def search(
    what: str,
    strategy: st.SearchStrategy[T],
    attempt: Callable[[T], None],
    *,
    examples: int,
    seed: int,
) -> None:
    """Call ``attempt`` on ``examples`` values of ``strategy``; fail with the smallest failure.

    Args:
        what: The oracle, in words, for the failure message (``the slash filter``).
        strategy: The generated inputs (bounded by the caller).
        attempt: Drives the client on one input and checks it against the oracle; raises
            ``AssertionError`` (``steps.checks.check``) on a mismatch, naming the input.
        examples: How many inputs to try (Hypothesis's ``max_examples``).
        seed: The search's seed: the same seed tries the same inputs.

    Raises:
        AssertionError: ``[clause-id] ...`` of the shrunk counterexample, then the search's
            seed and budget. Any other error of ``attempt`` (the client crashed, hung or
            the harness could not drive it) is raised as it is, unshrunk.
    """
    __tracebackhide__ = True
    harness_errors: list[BaseException] = []

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
        report_multiple_bugs=False,
        phases=NO_EXPLAIN,
    )
    @hypothesis_seed(seed)
    @given(strategy)
    def oracle(value: T) -> None:
        if harness_errors:  # the client is gone: nothing more can be learnt from it
            raise harness_errors[0]
        try:
            attempt(value)
        except AssertionError:
            raise
        except BaseException as error:  # crash, timeout, blocked: a verdict of its own
            harness_errors.append(error)
            raise

    bound_before = getattr(engine, "MAX_SHRINKING_SECONDS", None)
    try:
        if bound_before is not None:  # an internal of Hypothesis 6: set only if present
            engine.MAX_SHRINKING_SECONDS = SHRINK_SECONDS
        oracle()
    except AssertionError as error:
        if harness_errors:
            raise harness_errors[0] from None
        if type(error) is not AssertionError:  # a blocked precondition keeps its kind
            raise
        raise AssertionError(
            f"{error}\n\nThe shrunk counterexample of {what}, found by its Hypothesis search "
            f"({examples} examples, seed {seed}; the same seed finds it again)."
        ) from None
    except BaseException:
        if harness_errors:
            raise harness_errors[0] from None
        raise
    finally:
        if bound_before is not None:
            engine.MAX_SHRINKING_SECONDS = bound_before
