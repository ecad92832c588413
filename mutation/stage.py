"""The working folder of one profile's mutation run, and mutmut's settings for it.

mutmut works in the current folder: it reads ``[tool.mutmut]`` from ``pyproject.toml``
there, copies the sources and ``also_copy`` into ``mutants/`` and runs pytest inside that
copy. The project's own ``pyproject.toml`` cannot hold one setting per profile, and the
copy must not land in the source tree, so each profile gets a stage folder,
``.mutation/<profile>/`` (ignored by git): links to the project's folders, a
``pyproject.toml`` that is the project's with the profile's ``[tool.mutmut]`` added, and
mutmut's ``mutants/`` beside them. Everything the run generates stays there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository root."""
STATE = ROOT / ".mutation"
"""Where every stage folder goes (ignored by git)."""
LINKED = ("reference_app", "reference_crs", "rawp_port", "steps", "features", "docs")
"""Project folders linked into a stage (mutmut copies what it needs of them)."""
COPIED = ("conftest.py", "steps", "features", "rawp_port", "reference_app", "reference_crs")
"""What the scenarios import or read (``also_copy``, less the mutated client: mutmut copies
it, and a second copy over its mutated files would make it write them again)."""
PLUGIN = "mutation.plugin"
"""The pytest plugin every run of mutmut loads (:mod:`mutation.plugin`)."""
TIMEOUT_ENV = "CHAT_CONFORMANCE_SCENARIO_TIMEOUT"
"""The harness's scenario bound (:mod:`steps.watchdog`); a scenario's own tag still wins."""
SCENARIO_BOUND = "120"
"""Seconds a scenario may take in a mutation run before its verdict is TIMEOUT (a catch);
mutmut's own bound on a mutant's whole run stops a real hang too."""
KILLS_ENV = "MUTATION_RECORDS"
"""Environment variable naming the folder :mod:`mutation.plugin` writes its records to."""


@dataclass(frozen=True)
class Target:
    """What one profile's mutation run mutates and runs.

    Attributes:
        profile: The profile whose features run (``features/<profile>``).
        source: The client's package, mutated (a folder of the repository).
        excluded: Glob patterns of its files not mutated (each with its reason in
            docs/mutation.md: launchers, the demo agent, the adapter).
        selection: pytest arguments selecting the scenarios (the profile's folder; a test
            of this package selects fewer).
        only: Glob patterns limiting the mutated files (empty: every file not excluded).
        stage: The stage folder.
    """

    profile: str
    source: str
    excluded: tuple[str, ...] = ()
    selection: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    stage: Path = field(default=Path())

    @property
    def records(self) -> Path:
        """Where :mod:`mutation.plugin` keeps what caught each mutant, and the scenarios."""
        return self.stage / "records"


def target(profile: str, stage: Path | None = None) -> Target:
    """The :class:`Target` of ``profile`` (``chat_screen`` or ``rawp_crs``).

    Raises:
        KeyError: No such profile.
    """
    folder = stage or STATE / profile
    if profile == "chat_screen":
        return Target(
            "chat_screen", "reference_app",
            excluded=("reference_app/__main__.py", "reference_app/conformance.py"),
            selection=("features/chat_screen",), stage=folder,
        )  # fmt: skip
    if profile == "rawp_crs":
        return Target(
            "rawp_crs", "reference_crs",
            excluded=(
                "reference_crs/__main__.py", "reference_crs/conformance.py", "reference_crs/demo/*",
            ),
            selection=("features/rawp_crs",), stage=folder,
        )  # fmt: skip
    raise KeyError(f"no mutation target for profile {profile!r}: chat_screen or rawp_crs")


PROFILES = ("chat_screen", "rawp_crs")
"""The profiles :func:`target` knows."""


def settings(t: Target) -> str:
    """The ``[tool.mutmut]`` table of ``t`` (TOML).

    ``pytest_add_cli_args`` loads :data:`PLUGIN` and turns pytest's cache off (a run's
    cache would reorder the next); mutmut adds ``-x`` (stop at the first failure) and
    ``-p no:randomly`` itself. ``process_isolation = "forkserver"``: one process imports
    everything and collects the scenarios once, and each mutant's run is forked from it.
    Changing ``pytest_add_cli_args`` or the selection makes mutmut forget every result.
    """
    table = {
        "source_paths": [t.source],
        "only_mutate": list(t.only),
        "do_not_mutate": list(t.excluded),
        "also_copy": [*(c for c in COPIED if c != t.source), "pyproject.toml", "docs/spec"],
        "pytest_add_cli_args_test_selection": list(t.selection),
        "pytest_add_cli_args": ["-p", PLUGIN, "-p", "no:cacheprovider"],
        "process_isolation": "forkserver",
        "use_git_change_detection": False,
    }
    lines = ["", "[tool.mutmut]"]
    lines += [f"{key} = {json.dumps(value)}" for key, value in table.items()]
    return "\n".join(lines) + "\n"


def prepare(t: Target) -> None:
    """Make (or refresh) the stage folder: links, ``pyproject.toml``, the records folder."""
    t.stage.mkdir(parents=True, exist_ok=True)
    for name in (*LINKED, "conftest.py"):
        link = t.stage / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    wanted = project + settings(t)
    config = t.stage / "pyproject.toml"
    if not config.is_file() or config.read_text(encoding="utf-8") != wanted:
        config.write_text(wanted, encoding="utf-8")
    (t.records / "kills").mkdir(parents=True, exist_ok=True)


def environment(t: Target) -> dict[str, str]:
    """The environment mutmut runs in: ours, records folder, hash seed and scenario bound set.

    ``PYTHONHASHSEED=0``: mutmut hands each mutant's tests over as a set, whose order
    follows string hashes; a fixed seed makes the order, and so which scenario catches a
    mutant first, the same from run to run. :data:`SCENARIO_BOUND`: a scenario's TIMEOUT
    verdict counts as a catch, and the statistics run (every call recorded) and a loaded
    machine make the default 10 s too short for what is only slow. pytest's and xdist's
    settings are dropped.
    """
    dropped = ("PYTEST_ADDOPTS", "PYTEST_XDIST_WORKER")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update({KILLS_ENV: str(t.records), "PYTHONHASHSEED": "0", TIMEOUT_ENV: SCENARIO_BOUND})
    return env


def private(t: Target, command: str, stdin: str = "") -> str:
    """Run ``python -m mutation.mutmut_private <command>`` in the stage; its standard output.

    Raises:
        subprocess.CalledProcessError: It failed (its output is in the exception).
    """
    done = subprocess.run(
        [sys.executable, "-m", "mutation.mutmut_private", command],
        cwd=t.stage, env=environment(t), input=stdin, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout


def mutmut(t: Target, names: list[str], children: int) -> int:
    """Run ``mutmut run --max-children <children> <names...>`` in the stage; its exit status.

    Its progress goes to this process's output. Given names, mutmut runs exactly those
    mutants (again, if they were run before), each on the scenarios that executed its
    function, after one clean run of their union and one forced-failure run.
    """
    executable = str(Path(sys.executable).with_name("mutmut"))
    command = [executable, "run", "--max-children", str(children), *names]
    return subprocess.run(command, cwd=t.stage, env=environment(t), check=False).returncode
