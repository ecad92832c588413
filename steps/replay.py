"""Replay scripts of failing scenarios: what the driver did, as a standalone Pilot script.

Every operation of a driver (:class:`steps.app_driver.AppDriver` and the profiles' drivers)
writes itself down as a statement (``AppDriver.record``): keys pressed, pastes, terminal
bytes, bursts, resizes, values put in the input, the choice fixed, the agent's events.
:func:`script` puts them after the prelude of the profile's exploration scripts
(:mod:`steps.explore`): the adapter loaded by its spec, the app started with ``run_test()``,
and helpers to feed terminal bytes and publish agent events. The script replays the
actions up to the failing check and ends with that check's message as a comment; what the
scenario set up around the app (a stored conversation, files, held agent calls) is not in it.
"""

from __future__ import annotations

import importlib

from steps.app_driver import AppDriver
from steps.explore.core import fill
from steps.profiles import profile_named


def script(driver: AppDriver, adapter_spec: str, message: str | None, profile: str) -> str | None:
    """The replay script of ``driver``'s scenario, or ``None`` when no app was started.

    Args:
        driver: The scenario's driver, after the failure.
        adapter_spec: How the script imports the adapter (``package.module:attr``).
        message: The failure's message; its first line ends the script as a comment.
        profile: The scenario's profile, whose exploration module (``PRELUDE``) starts
            the script (:attr:`steps.profiles.Profile.explorer_module`).
    """
    if not driver.started:
        return None
    explorer = importlib.import_module(profile_named(profile).explorer_module)
    prelude: str = explorer.PRELUDE
    first = (message or "").splitlines()[0] if message else "(no message)"
    lines = [*driver.replay, f"# the scenario's check failed here: {first[:300]}"]
    text = fill(prelude.replace("{adapter}", repr(adapter_spec)), driver.size, lines)
    return text.replace('"""Reproducer generated', '"""Replay of a failing scenario, generated')
