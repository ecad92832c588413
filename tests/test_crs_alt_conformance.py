"""No false verdicts in profile ``rawp_crs``: a second correct client passes every scenario.

``examples/crs_alt`` meets the same clauses as ``reference_crs`` with other widgets (Rich
markdown drawn by a widget's ``render()``, bubbles as a row with a spacer, notices centred
by their row), another markdown path for user bubbles (a parser of its own) and its own
copies of the frames it sends. The profile's features run on it in a subprocess, as
``pytest features`` runs them, and every collected scenario must pass: the whole profile
under ``make clients`` (``.ci/run`` runs it), the feature files of :data:`SAMPLE` in ``make
test``.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT, client_selection, imported_modules

ADAPTER = "examples.crs_alt.adapter:adapter"
PACKAGE = ROOT / "examples" / "crs_alt"


SAMPLE = (
    "actor_layout", "user_markdown", "timestamps", "command_bubble", "history_tokens",
    "file_tokens", "file_browser_tree",
)  # fmt: skip
"""The feature files ``make test`` runs, where crs_alt departs most from the reference: its
rows and spacers (layout), its own markdown parser, its inline times (:data:`NOT_FOLLOWED`),
its command bubbles and tokens drawn by ``render()``, its own tree; one or more per part."""


def run_profile(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the profile (or :data:`SAMPLE`) on the alternative client, in file order, no cache."""
    command = [sys.executable, "-m", "pytest", *client_selection("rawp_crs", SAMPLE)]
    command += [f"--adapter={ADAPTER}"]
    command += ["-p", "no:randomly", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def outcome_counts(completed: subprocess.CompletedProcess[str]) -> dict[str, int]:
    """The counts of pytest's last summary line, e.g. ``{"passed": 45}``."""
    return pytest.RunResult.parse_summary_nouns(completed.stdout.splitlines())


NOT_FOLLOWED = ("crs-timestamp-hover-preferred",)
"""SHOULD clauses crs_alt does not follow, on purpose: it draws its timestamps inline (the way
``crs-timestamp-on-demand`` also allows), so the profile's inline mode has a client too."""


def scenario_ids(*args: str) -> set[str]:
    """The node ids ``pytest --collect-only -q`` lists for the profile on crs_alt."""
    collected = run_profile("--collect-only", "-q", *args)
    assert collected.returncode == 0, collected.stdout + collected.stderr
    return {line for line in collected.stdout.splitlines() if "::" in line}


def test_every_scenario_of_the_profile_passes_on_the_alternative_client() -> None:
    """Every scenario run passes, except those of the SHOULD clauses crs_alt does not follow."""
    scenarios = scenario_ids()
    not_followed = scenario_ids(*(f"--clause={clause}" for clause in NOT_FOLLOWED))
    assert scenarios and not_followed
    bound = "--scenario-timeout=300"  # a bound for a loaded machine, not a timed assertion
    completed = run_profile(bound, "-q", "-rfE")
    failed = {
        line.removeprefix("FAILED ").split(" - ")[0]
        for line in completed.stdout.splitlines()
        if line.startswith("FAILED ")
    }
    assert failed == not_followed, completed.stdout[-6000:] + completed.stderr
    assert outcome_counts(completed) == {
        "passed": len(scenarios) - len(not_followed),
        "failed": len(not_followed),
    }
    for clause in NOT_FOLLOWED:
        assert f"[{clause}]" in completed.stdout


def test_the_run_names_the_alternative_client_in_its_report_header() -> None:
    completed = run_profile("--collect-only")
    assert (
        f"adapter: crs_alt 0.1.0 ({ADAPTER}, from --adapter (command line)); profiles: rawp_crs"
    ) in completed.stdout.splitlines()


ADAPTER_CONTRACT = {"adapter.py": {"steps.rawp_crs.contract"}}
"""What a module may import from the harness at run time: the adapter builds the contract's
value type ``steps.rawp_crs.contract.TokenView`` for ``input_tokens`` (docs/adapters.md,
"Part 3")."""


@pytest.mark.parametrize(
    "module", sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__main__.py")
)
def test_the_client_imports_neither_the_reference_nor_the_harness_nor_the_port(
    module: str,
) -> None:
    """The port is imported for typing only; frames are the client's own copies.

    The adapter alone may import the adapter contract's module, for its value types.
    """
    imported = imported_modules(PACKAGE / module) - ADAPTER_CONTRACT.get(module, set())
    packages = {name.split(".")[0] for name in imported}
    assert not packages & {"reference_crs", "steps", "rawp_port"}, sorted(imported)


def test_the_demo_entry_point_hands_the_demo_agent_the_ports_own_frames() -> None:
    import rawp_port
    from examples.crs_alt import wire
    from examples.crs_alt.__main__ import Bridge

    class Recorder:
        def __init__(self) -> None:
            self.sent: list[object] = []

        def send(self, frame: object) -> None:
            self.sent.append(frame)

    recorder = Recorder()
    bridge = Bridge(recorder)  # type: ignore[arg-type]  # a stand-in for the demo agent
    bridge.send(wire.PromptRequest(prompt_text="hi"))
    bridge.send(wire.PromptCancel(None))
    assert recorder.sent == [rawp_port.PromptRequest("hi"), rawp_port.PromptCancel(None)]
