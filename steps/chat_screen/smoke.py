"""The smoke check: is the adapter wired to its app, before any scenario runs?

A broken adapter (a wrong selector, a factory that raises, an accessor reading an
attribute the app does not have) would fail every scenario with the same message. The
smoke check starts the app once, headless and bounded, checks what every scenario relies
on, and stops it; the plugin turns its problems into one usage error (exit status 4)
before the first scenario, so a run never produces verdicts about a misconfiguration.

What the smoke check does *not* judge is the app's behaviour: an app that crashes or
hangs while starting is an implementation that fails, not a broken adapter, so the check
is then inconclusive and every scenario reports its own ERROR or TIMEOUT.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from steps.chat_screen.contract import ChatScreenAdapter
from steps.chat_screen.driver import Driver, FactoryError
from steps.input_field import field_problem
from steps.tracebacks import summarize_exception
from steps.verdicts import ImplementationError, ImplementationTimeout, TimeoutInterrupt
from steps.watchdog import TimeoutSetting

ACCESSORS = ("messages", "submitted_inputs", "selected_responses")
"""Adapter methods that read the running app's state."""


@dataclass
class SmokeResult:
    """Outcome of the smoke check.

    Attributes:
        problems: One sentence per adapter problem, each saying what to change; empty
            when the adapter is wired correctly.
        note: Why the check was inconclusive (the app crashed or hung while starting),
            or ``None``.
    """

    problems: list[str] = field(default_factory=list)
    note: str | None = None


def smoke_check(adapter: ChatScreenAdapter, timeout: TimeoutSetting) -> SmokeResult:
    """Start ``adapter``'s app once and check the adapter against it.

    Args:
        adapter: The adapter under test (profile ``chat_screen``).
        timeout: The scenario bound; starting the app and the checks take at most this.

    Returns:
        The problems found, or a note when the app itself did not start.
    """
    result = SmokeResult(problems=_static_problems(adapter))
    driver = Driver(adapter, timeout=timeout.seconds, timeout_source=timeout.source)
    try:
        driver.start()
        result.problems += _screen_problems(driver) + _accessor_problems(driver)
    except FactoryError as error:
        result.problems.append(
            f"{error}: create_app() must return a new, not yet running instance of the "
            "implementation's App subclass"
        )
    except (ImplementationError, ImplementationTimeout, TimeoutInterrupt) as error:
        result.note = f"the app did not start: {error}"
    finally:
        _stop_quietly(driver)
    return result


def _stop_quietly(driver: Driver) -> None:
    """Stop the smoke check's app; its crash or hang is the scenarios' to report."""
    with contextlib.suppress(ImplementationError, ImplementationTimeout, TimeoutInterrupt):
        driver.stop()


def _static_problems(adapter: ChatScreenAdapter) -> list[str]:
    """Problems visible without an app: the choice site and the response list."""
    problems = []
    owner, name = adapter.choice_site
    found = getattr(owner, name, None)
    if found is not random.choice:
        owner_name = getattr(owner, "__name__", type(owner).__name__)
        problems.append(
            f"choice_site ({owner_name}, {name!r}) holds {found!r}, not the standard "
            "random.choice: name the attribute the implementation calls, (random, 'choice') "
            "for random.choice(...) or (its_module, 'choice') after 'from random import choice'"
        )
    responses = list(adapter.responses)
    if not responses or not all(isinstance(response, str) for response in responses):
        problems.append(
            f"responses is {responses!r:.80}: it must be the implementation's fixed, non-empty "
            "list of response strings"
        )
    return problems


def _screen_problems(driver: Driver) -> list[str]:
    """Problems of the selectors, checked on the running app's screen."""
    adapter: ChatScreenAdapter = driver.adapter
    screen = driver.app.screen
    ids = ", ".join(sorted(f"#{widget.id}" for widget in screen.query("*") if widget.id))
    problems = []
    for member, selector, wanted in (
        ("conversation_selector", adapter.conversation_selector, "the conversation area"),
        ("input_selector", adapter.input_selector, "the input field"),
    ):
        try:
            found = list(screen.query(selector))
        except Exception as error:
            problems.append(f"{member} {selector!r} is not a valid CSS selector: {error}")
            continue
        if len(found) != 1:
            problems.append(
                f"{member} {selector!r} matched {len(found)} widgets on the app's screen, "
                f"expected exactly 1: set it to the selector of {wanted} "
                f"(ids on the screen: {ids or 'none'})"
            )
        elif member == "input_selector" and (problem := field_problem(found[0])):
            problems.append(
                f"input_selector {selector!r} names {problem}: set it to the selector of "
                f"{wanted} (ids: {ids})"
            )
    try:
        screen.query(adapter.item_selector)
    except Exception as error:
        problems.append(
            f"item_selector {adapter.item_selector!r} is not a valid CSS selector: {error}"
        )
    return problems


def _accessor_problems(driver: Driver) -> list[str]:
    """Problems of the accessors, called once on the freshly started app."""
    problems = []
    for name in ACCESSORS:
        try:
            value = getattr(driver.adapter, name)(driver.app)
        except Exception as error:
            problems.append(
                f"{name}(app) raised {summarize_exception(error)}: it must read the running "
                "app's state (steps/chat_screen/contract.py)"
            )
            continue
        if not isinstance(value, Iterable) or isinstance(value, str | bytes):
            problems.append(f"{name}(app) returned {value!r:.60}, expected a sequence")
    return problems
