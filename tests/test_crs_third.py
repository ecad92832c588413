"""No false verdicts at MUST in profile ``rawp_crs``: a third client, written from the seeds.

``examples/crs_third`` was written from seeds 002 and 004, ``docs/adapters.md`` and
``docs/profiles.md`` only, by a hand that had not read the steps (issue 24, last point):
conversation rows mounted by the app itself, popups as ``OptionList`` subclasses on an
overlay layer that never take the focus, an input of its own whose model is characters and
token objects, interaction requests in an inline panel, a load-older button, and a file
browser whose tree is a column of row widgets rebuilt from a model. It claims all five
parts. The profile runs on it in a subprocess, as ``pytest features`` runs it, and every
MUST clause its scenarios reach must pass (``--fail-on must``): the whole profile under
``make clients`` (``.ci/run`` runs it), the feature files of :data:`SAMPLE` in ``make test``.
What it does at SHOULD and MAY is reported, not asserted, since a client may decline a SHOULD.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers import ROOT, client_selection, whole_clients

ADAPTER = "examples.crs_third.conformance:adapter"


SAMPLE = (
    "sending", "slash_popup_keys", "file_popup_keys", "interaction_keys", "lazy_loading",
    "file_browser_keys",
)  # fmt: skip
"""The feature files ``make test`` runs, one per part at least, where the third client is
built unlike the reference: its own input's model, popups that never take the focus, the
inline request panel, the load-older button, the tree of row widgets."""


def run_profile(*args: str) -> subprocess.CompletedProcess[str]:
    """The profile (or :data:`SAMPLE`) on the third client, in file order, no cache."""
    command = [sys.executable, "-m", "pytest", *client_selection("rawp_crs", SAMPLE)]
    command += [f"--adapter={ADAPTER}"]
    command += ["-p", "no:randomly", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, object], str]:
    """The whole profile on the third client: its ``report.json`` and its terminal output."""
    out = tmp_path_factory.mktemp("crs_third")
    done = run_profile(
        "-n",
        "2",
        "--scenario-timeout=300",  # a bound for a loaded machine, not a timed assertion
        "--fail-on",
        "must",
        f"--conformance-report={out}",
        "-q",
        "-rfE",
    )
    text = done.stdout[-8000:] + done.stderr[-2000:]
    assert (out / "report.json").exists(), text
    return json.loads((out / "report.json").read_text(encoding="utf-8")), text


def test_every_must_clause_of_the_profile_passes_on_the_third_client(
    report: tuple[dict[str, object], str],
) -> None:
    """Every MUST clause is passed (none fails or goes unreached): of the five claimed parts
    under ``make clients``, of those the sample's scenarios cite in ``make test``."""
    data, text = report
    clauses, scenarios = data["clauses"], data["scenarios"]
    assert isinstance(clauses, list) and isinstance(scenarios, list)
    cited = {clause for scenario in scenarios for clause in scenario["clauses"]}
    must = [
        c for c in clauses
        if c["profile"] == "rawp_crs" and c["level"] == "MUST"
        and (whole_clients() or c["id"] in cited)
    ]  # fmt: skip
    assert must, text
    bad = {c["id"]: c["verdict"] for c in must if c["verdict"] not in ("pass", "review")}
    assert not bad, f"{bad}\n{text}"
    run = data["run"]
    assert isinstance(run, dict) and run["exit_status"] == 0, text


def test_no_scenario_of_the_third_client_is_an_error_or_a_timeout(
    report: tuple[dict[str, object], str],
) -> None:
    """A failing SHOULD is a verdict; a crash, a hang or a harness error never is one."""
    data, text = report
    scenarios = data["scenarios"]
    assert isinstance(scenarios, list) and scenarios, text
    broken = {s["id"]: s["outcome"] for s in scenarios if s["outcome"] in ("error", "timeout")}
    assert not broken, f"{broken}\n{text}"


def test_the_run_names_the_third_client_in_its_report_header() -> None:
    completed = run_profile("--collect-only")
    assert (
        f"adapter: crs_third 0.1.0 ({ADAPTER}, from --adapter (command line)); profiles: rawp_crs"
    ) in completed.stdout.splitlines(), completed.stdout[-2000:]


def test_the_client_imports_neither_the_reference_nor_the_harness() -> None:
    """Only the adapter touches the harness, for the contract's value types."""
    package = ROOT / "examples" / "crs_third"
    for path in sorted(package.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        assert "reference_crs" not in source, path.name
        assert "examples.crs_alt" not in source, path.name
        if path.name != "conformance.py":
            assert "from steps" not in source and "import steps" not in source, path.name


def test_a_stored_prompt_is_drawn_with_only_its_valid_tokens() -> None:
    """004 §3.1: a token whose ref_id is known but whose path is made up stays literal."""
    from examples.crs_third.history import decode_prompt
    from rawp_port import FileReference

    refs = [FileReference("r1", "src/a.py", "src/a.py")]
    text = decode_prompt(
        "see <@file:r1|src/a.py> and <@file:r1|../../etc/passwd> \\<@file:r1|src/a.py>", refs
    )
    assert text.plain == ("see ▐src/a.py▌ and <@file:r1|../../etc/passwd> <@file:r1|src/a.py>")


def test_the_prompt_text_escapes_typed_text_and_keeps_tokens_whole() -> None:
    """004 §3.4.6: ``\\`` and ``<@`` of typed text escaped; a token as ``<@file:id|path>``."""
    from examples.crs_third.app import encode_units
    from examples.crs_third.composer import Token

    units: list[str | Token] = [*"a\\<@", Token("ref-1", "src/a.py"), *" b"]
    text, refs = encode_units(units)
    assert text == "a\\\\\\<@<@file:ref-1|src/a.py> b"
    assert [(r.ref_id, r.path, r.display_path) for r in refs] == [("ref-1", "src/a.py", "src/a.py")]


def test_the_turns_setting_refuses_values_outside_one_to_a_hundred() -> None:
    """002 §2.6.1: N from 1 to 100; anything else is a clear error, not a silent default."""
    from examples.crs_third.settings import settings_from_args

    assert settings_from_args(["--turns", "1"]).initial_turns == 1
    assert settings_from_args(["--turns", "100"]).initial_turns == 100
    for bad in ("0", "101", "ten"):
        with pytest.raises(ValueError):
            settings_from_args(["--turns", bad])
