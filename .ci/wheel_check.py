"""``make wheel-check``: build the wheel, install it in a fresh venv, run it as a team would.

Issue 40. Everything happens in a temporary folder (removed at the end unless ``--keep``);
the clone gets no ``build/``, ``dist/`` or ``*.egg-info``. The steps, each one line of
output with its wall time:

1. ``pip wheel`` of this repository; the wheel's top-level names are
   ``textual_chat_conformance`` and its ``.dist-info`` only, and it holds every feature
   file, the clause catalogues, the report's template and schemas, the command's ini, a
   ``pytest11`` entry point and the console scripts, all under the package;
2. a fresh venv (``python -m venv``) and ``pip install`` of that wheel (its dependencies
   from the package index, through pip's cache);
3. a team's folder: the adapters of ``.ci/team/`` (they import only the installed
   package and the team's own ``steps``), the team's own ``steps`` package, ``features/``
   folder, a ``conftest.py`` and a ``pytest.ini`` that each stop any pytest run that reads
   them (``chat-conformance`` must read neither);
4. from that folder, the README's command, ``chat-conformance``: a feature by name with
   ``--conformance-report`` and ``--fail-on must`` (profile ``chat_screen``); a feature by
   path with ``-n 2`` (``rawp_crs``); ``--clause`` over every profile with no feature
   named; an exploration with ``--explore``; an adapter for a newer contract (a usage
   error naming both versions) and an ambiguous feature name (a usage error);
5. plain ``python -m pytest <installed feature> --adapter ...`` from a folder with no
   configuration: the ``pytest11`` entry point makes the options known and registers
   every tag's marker (``--strict-markers``, ``PytestUnknownMarkWarning`` as an error);
6. a team's own pytest-bdd run (a ``@clause:`` tag of its own, a scenario with no Then
   step) in the same venv: the entry point leaves it to pytest and pytest-bdd;
7. the imports of a reproducer script (the exploration's and a failure's replay) resolve
   in the installed package from a folder holding a ``steps`` package of its own.

Each run's report (``report.json``) is read back: the scenarios expected (read from the
feature files with ``steps.traceability``), each with the verdict expected.

Usage: ``python .ci/wheel_check.py [--keep]``, run by the repository's venv.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from steps.traceability import ScenarioRef, read_scenarios  # noqa: E402

PACKAGE = "textual_chat_conformance"
TEAM_FILES = REPO / ".ci" / "team"
TIMEOUT = 900
"""Seconds any one step may take."""


class CheckFailed(Exception):
    """A step did not give what it must; the message says what and shows the output."""


def run(command: Sequence[str | Path], cwd: Path, expect: int = 0) -> str:
    """Run ``command`` in ``cwd``; return its output, or fail unless it exits ``expect``."""
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    output = done.stdout + done.stderr
    if done.returncode != expect:
        raise CheckFailed(
            f"{' '.join(map(str, command))} (in {cwd}) exited {done.returncode}, "
            f"expected {expect}:\n{output[-4000:]}"
        )
    return output


def expect(condition: bool, message: str) -> None:
    """Fail the check with ``message`` unless ``condition``."""
    if not condition:
        raise CheckFailed(message)


def scenarios_of(feature: str) -> list[ScenarioRef]:
    """The scenarios of ``features/<feature>`` in this repository (the wheel's copy)."""
    profile = feature.split("/")[0]
    return [ref for ref in read_scenarios(REPO / "features" / profile) if ref.feature == feature]


def tests_of(refs: Sequence[ScenarioRef]) -> int:
    """How many tests the scenarios make: one per outline row."""
    return sum(max(1, len(ref.examples)) for ref in refs)


def report(folder: Path) -> list[dict[str, object]]:
    """The scenarios of ``folder/report.json``."""
    scenarios: list[dict[str, object]] = json.loads(
        (folder / "report.json").read_text(encoding="utf-8")
    )["scenarios"]
    return scenarios


def check_report(folder: Path, features: set[str], count: int) -> None:
    """Every scenario of the report passed, is of ``features``, and there are ``count``."""
    scenarios = report(folder)
    outcomes = {(s["feature"], s["outcome"]) for s in scenarios}
    expect(len(scenarios) == count, f"{folder}: {len(scenarios)} scenarios, expected {count}")
    expect(
        outcomes <= {(feature, "passed") for feature in features},
        f"{folder}: {sorted(map(str, outcomes))}",
    )


def check_wheel(wheel: Path) -> None:
    """The wheel holds one package, with the features, catalogues and entry points."""
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names}
    expect(
        tops == {PACKAGE, f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"},
        f"top-level names of the wheel: {sorted(tops)}",
    )
    features = sorted(str(p.relative_to(REPO)) for p in (REPO / "features").rglob("*.feature"))
    required = [
        *features,
        "docs/spec/chat_screen.yaml",
        "docs/spec/rawp_crs.yaml",
        "steps/report/templates/report.html",
        "steps/report/schema.json",
        "steps/report/expectations.schema.json",
        "reference_app/app.tcss",
        "reference_crs/app.tcss",
        "conformance.ini",
        "features/rawp_crs/conftest.py",
    ]
    missing = [path for path in required if f"{PACKAGE}/{path}" not in names]
    expect(not missing, f"not in the wheel: {missing}")
    expect(not any("/examples/" in name for name in names), "examples/ is in the wheel")
    entry_points = zipfile.ZipFile(wheel).read(
        next(name for name in names if name.endswith("entry_points.txt"))
    )
    text = entry_points.decode()
    for line in (
        f"{PACKAGE} = {PACKAGE}.pytest_plugin",
        f"chat-conformance = {PACKAGE}.cli:main",
        f"reference-chat = {PACKAGE}.reference_app.__main__:main",
        f"reference-crs = {PACKAGE}.reference_crs.demo.main:main",
    ):
        expect(line in text, f"entry point {line!r} missing:\n{text}")


def make_team_folder(team: Path) -> None:
    """A team's repository: its adapters, its own steps, features, conftest and pytest.ini."""
    team.mkdir()
    for adapter in TEAM_FILES.glob("*.py"):
        shutil.copy(adapter, team / adapter.name)
    (team / "steps").mkdir()
    (team / "steps" / "__init__.py").write_text('TEAM = "acme"\n', encoding="utf-8")
    (team / "features").mkdir()
    (team / "features" / "ours.feature").write_text(
        "Feature: Ours\n  Scenario: Our own\n    Given our own step\n", encoding="utf-8"
    )
    (team / "conftest.py").write_text(
        'raise RuntimeError("the team\'s conftest.py was read")\n', encoding="utf-8"
    )
    (team / "pytest.ini").write_text(
        "[pytest]\naddopts = --the-team-pytest-ini-was-read\n", encoding="utf-8"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run every step; 0 when all pass, 1 with the first failure's message."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="chat-conformance-wheel-check-"))
    started = time.monotonic()
    built_before = {p.name for p in REPO.iterdir() if p.name in ("build", "dist")}
    built_before |= {p.name for p in REPO.glob("*.egg-info")}

    def step(title: str, began: float) -> None:
        sys.stdout.write(f"wheel-check: {title} ({time.monotonic() - began:.1f} s)\n")
        sys.stdout.flush()

    try:
        began = time.monotonic()
        pip = [sys.executable, "-m", "pip"]
        run([*pip, "wheel", "--no-deps", "-q", "-w", work / "dist", REPO], cwd=work)
        wheel = next((work / "dist").glob("*.whl"))
        check_wheel(wheel)
        built = {p.name for p in REPO.iterdir() if p.name in ("build", "dist")}
        built |= {p.name for p in REPO.glob("*.egg-info")}
        expect(built <= built_before, f"the build left {sorted(built - built_before)} in the clone")
        step(f"built {wheel.name}: one package, features, catalogues, entry points", began)

        began = time.monotonic()
        run([sys.executable, "-m", "venv", work / "venv"], cwd=work)
        bin_dir = work / "venv" / "bin"
        run([bin_dir / "python", "-m", "pip", "install", "-q", wheel], cwd=work)
        step("installed into a fresh venv", began)

        team = work / "team"
        make_team_folder(team)
        command = [bin_dir / "chat-conformance", "-p", "no:randomly"]

        began = time.monotonic()
        output = run(
            [*command, "--adapter", "chat_adapter.py:adapter", "blank_input",
             "--conformance-report", "reports/chat", "--fail-on", "must"],
            cwd=team,
        )  # fmt: skip
        expect("adapter: acme_chat" in output, f"the team's adapter is not named:\n{output}")
        feature = "chat_screen/blank_input.feature"
        check_report(team / "reports/chat", {feature}, tests_of(scenarios_of(feature)))
        step("chat_screen: a feature by name, --conformance-report, --fail-on must", began)

        began = time.monotonic()
        output = run(
            [*command, "--adapter", "chat_adapter:adapter", "quitting", "--collect-only"],
            cwd=team,
        )  # fmt: skip
        expect("adapter: acme_chat" in output, f"the adapter by module name:\n{output}")
        step("an adapter named as a module of the current folder", began)

        began = time.monotonic()
        feature = "rawp_crs/sending.feature"
        output = run(
            [*command, "--adapter", "crs_adapter.py:adapter", f"features/{feature}", "-n", "2",
             "--conformance-report", "reports/crs"],
            cwd=team,
        )  # fmt: skip
        expect("adapter: acme_crs" in output, f"the team's adapter is not named:\n{output}")
        check_report(team / "reports/crs", {feature}, tests_of(scenarios_of(feature)))
        step("rawp_crs: a feature by path, -n 2", began)

        began = time.monotonic()
        clauses = ("session-records", "crs-send-token-format")
        run(
            [*command, *(f"--clause={clause}" for clause in clauses),
             "--conformance-report", "reports/clauses"],
            cwd=team,
        )  # fmt: skip
        every = [
            ref
            for profile in ("chat_screen", "rawp_crs")
            for ref in read_scenarios(REPO / "features" / profile)
            if set(clauses) & set(ref.clauses)
        ]
        features = {ref.feature for ref in every}
        expect(
            {feature.split("/")[0] for feature in features} == {"chat_screen", "rawp_crs"},
            f"the clauses' scenarios are not of both profiles: {features}",
        )
        check_report(team / "reports/clauses", features, tests_of(every))
        step("both profiles, no feature named: --clause, each profile's reference", began)

        began = time.monotonic()
        output = run(
            [*command, "--adapter", "crs_adapter.py:adapter", "rawp_crs/exploration",
             "--explore", "2", "--explore-seed", "3"],
            cwd=team,
        )  # fmt: skip
        expect("2 sessions, seed 3" in output, f"--explore not echoed:\n{output}")
        step("rawp_crs/exploration --explore 2", began)

        began = time.monotonic()
        output = run(
            [*command, "--adapter", "future_adapter.py:adapter", "blank_input"], cwd=team, expect=4
        )
        expect(
            "version 99 of the adapter contract" in output and "harness's version 2" in output,
            f"the newer contract's error names the two versions:\n{output}",
        )
        output = run([*command, "exploration"], cwd=team, expect=4)
        expect("several profiles" in output, f"an ambiguous name:\n{output}")
        usage = run([bin_dir / "reference-crs", "--help"], cwd=team)
        expect(usage.startswith("usage: reference-crs "), f"the script's own name:\n{usage}")
        expect((bin_dir / "reference-chat").is_file(), "no reference-chat script")
        step("usage errors: a newer adapter contract, an ambiguous name; console scripts", began)

        began = time.monotonic()
        plain = work / "plain"
        plain.mkdir()
        shutil.copy(TEAM_FILES / "chat_adapter.py", plain)
        shutil.copytree(team / "steps", plain / "steps")
        installed = work / "venv" / "lib"
        feature_path = next(installed.glob(f"python3*/site-packages/{PACKAGE}/features"))
        output = run(
            [bin_dir / "python", "-m", "pytest", feature_path / "chat_screen" / "quitting.feature",
             "--adapter", "chat_adapter.py:adapter", "--strict-markers", "-p", "no:cacheprovider",
             "-W", "error::pytest.PytestUnknownMarkWarning"],
            cwd=plain,
        )  # fmt: skip
        expect("adapter: acme_chat" in output and " passed" in output, output)
        step("plain pytest: options and markers through the pytest11 entry point", began)

        began = time.monotonic()
        own = work / "own"
        own.mkdir()
        (own / "login.feature").write_text(
            "Feature: Login\n  @clause:login-form\n  Scenario: The form is shown\n"
            "    Given the login form\n",
            encoding="utf-8",
        )
        (own / "test_login.py").write_text(
            "import pytest_bdd as bdd\n\n\n@bdd.given('the login form')\ndef form():\n"
            "    pass\n\n\nbdd.scenarios('login.feature')\n",
            encoding="utf-8",
        )
        output = run([bin_dir / "python", "-m", "pytest", "-p", "no:cacheprovider"], cwd=own)
        expect(" 1 passed" in output and "adapter:" not in output, output)
        step("a team's own pytest-bdd run (its @clause tag, no Then step): untouched", began)

        began = time.monotonic()
        script = (
            "from textual_chat_conformance.steps.chat_screen.explorer import PRELUDE\n"
            "from textual_chat_conformance.steps.explore.core import fill\n"
            "text = fill(PRELUDE.replace('{adapter}', repr('chat_adapter.py:adapter')), "
            "(80, 24), [])\n"
            "imports = [l for l in text.splitlines() if l.startswith(('from ', 'import '))]\n"
            "exec(compile('\\n'.join(imports), 'reproducer', 'exec'))\n"
            "print('imports resolved:', len(imports))\n"
        )
        output = run([bin_dir / "python", "-c", script], cwd=plain)
        expect("imports resolved:" in output, output)
        step("a reproducer's imports resolve beside a team's own steps package", began)
    except (CheckFailed, subprocess.TimeoutExpired, StopIteration) as error:
        kept = f"kept in {work}" if options.keep else "--keep keeps the work folder"
        sys.stdout.write(f"wheel-check FAILED: {error}\n({kept})\n")
        return 1
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    sys.stdout.write(f"wheel-check passed in {time.monotonic() - started:.0f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
