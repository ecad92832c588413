"""``examples/crs_framed`` (issue 37): an independent RAWP-CRS client claiming parts 1 to 3.

Written from seeds 002 and 004, ``rawp_port`` and the public docs only, it is drawn and built
unlike the repository's other clients: framed bubbles, framed thinking and tool blocks,
notices between rules, times revealed by a key (F2), prompts written during a turn queued,
an input widget of its own holding tokens between square caps, popups drawn line by line
with a marker glyph and reverse video for the focused row. The profile runs on it: every
scenario of parts 1 to 3 passes and every other is "not claimed" (the eleven suspected
false verdicts ``examples/crs_framed/FALSE_VERDICTS.md`` judged are fixed in the harness,
two true defects it found in the client are fixed there), and every clause named in
:data:`PASSED_CLAUSES` passes, the part-3 clauses once decidable only from a stored
conversation (part 4) included. The same client revealing times under the pointer as well
(``adapter_hover``) passes every timestamp scenario of parts 1 to 3.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from examples.crs_framed.text import FileToken, escaped, prompt_parts
from rawp_port import FileReference
from tests.helpers import ROOT

ADAPTER = "examples.crs_framed.adapter:adapter"
HOVER_ADAPTER = "examples.crs_framed.adapter:adapter_hover"

PASSED_CLAUSES = (
    "crs-ignore-unknown-events", "crs-markdown-unknown-literal", "crs-markdown-html-not-hidden",
    "crs-unknown-output-type-monospace", "crs-system-content-complete",
    "crs-alignment-tells-actors-apart", "crs-user-right-aligned", "crs-user-bubble",
    "crs-agent-no-bubble", "crs-agent-full-width", "crs-system-centred", "crs-system-muted",
    "crs-date-separator", "crs-typed-keys-in-order", "crs-shift-enter-newline",
    "crs-blank-not-sent", "crs-escape-cancels-turn", "crs-escape-cancel-states",
    "crs-escape-idle-does-nothing", "crs-escape-closes-popup", "crs-user-bubble-max-width",
    "crs-user-text-in-bubble", "crs-md-bold", "crs-md-italic", "crs-md-bold-italic",
    "crs-md-strikethrough", "crs-md-inline-code", "crs-md-line-break", "crs-md-link",
    "crs-md-autolink", "crs-md-bullet-list", "crs-md-numbered-list",
    "crs-md-blocks-not-rendered", "crs-input-plain-text", "crs-input-no-rich-preview",
    "crs-user-bubble-no-nested-container", "crs-slash-popup-opens",
    "crs-slash-trigger-position", "crs-slash-no-trigger-mid-word", "crs-slash-popup-overlay",
    "crs-slash-popup-keeps-history-visible", "crs-slash-popup-near-cursor",
    "crs-slash-popup-latency", "crs-commands-cached", "crs-slash-item-separation",
    "crs-slash-item-padding", "crs-slash-item-divider-or-zebra", "crs-slash-filter-prefix",
    "crs-slash-no-match-message", "crs-slash-no-match-stays-open", "crs-slash-sort-order",
    "crs-slash-focus-highlight", "crs-slash-highlight-full-row", "crs-slash-highlight-contrast",
    "crs-slash-single-highlight", "crs-slash-hover-wins", "crs-slash-keys-move",
    "crs-slash-keys-wrap", "crs-slash-keys-select", "crs-slash-keys-escape",
    "crs-slash-keys-typing", "crs-slash-autoscroll", "crs-slash-pointer-select",
    "crs-slash-hover-highlight", "crs-slash-select-replaces-input", "crs-commands-refresh",
    "crs-commands-refresh-open-popup", "crs-commands-refresh-keeps-state",
    "crs-command-bubble-distinct", "crs-command-bubble-strips-slash",
    "crs-command-bubble-no-nesting", "crs-command-name-inline-style",
    "crs-command-bubble-compact", "crs-command-bubble-icon", "crs-at-trigger-position",
    "crs-at-no-trigger-after-word", "crs-at-no-trigger-in-slash-popup", "crs-at-popup-overlay",
    "crs-at-popup-keeps-history-visible", "crs-at-popup-near-cursor", "crs-at-popup-latency",
    "crs-at-popup-initial-state", "crs-at-match-highlight", "crs-at-path-elision",
    "crs-at-item-separation", "crs-at-search-request", "crs-at-search-debounce",
    "crs-at-loading-indicator", "crs-at-keep-previous-results", "crs-at-current-query-only",
    "crs-at-stale-results-ignored", "crs-at-no-match-message", "crs-at-no-match-stays-open",
    "crs-at-keys-move", "crs-at-keys-wrap", "crs-at-keys-select", "crs-at-keys-escape",
    "crs-at-keys-typing", "crs-at-typing-focus-reset", "crs-at-popup-shares-slash-rules",
    "crs-at-slash-is-path", "crs-token-replaces-query", "crs-token-background",
    "crs-token-rounded", "crs-token-padding", "crs-token-label", "crs-token-label-elision",
    "crs-token-icon", "crs-token-atomic-cursor", "crs-token-copy-as-text",
    "crs-token-deletion-no-jump", "crs-token-backspace-two-step", "crs-token-delete-two-step",
    "crs-token-deletion-animation", "crs-token-deletion-not-instant", "crs-token-range-delete",
    "crs-token-range-delete-animation", "crs-token-undo", "crs-token-multiple",
    "crs-send-token-format", "crs-send-text-escaped", "crs-input-tracks-tokens",
    "crs-send-file-references", "crs-slash-at-is-argument", "crs-popups-exclusive",
    "crs-history-token-style", "crs-history-token-validated", "crs-history-forged-token-literal",
    "crs-history-token-action", "crs-token-contrast-in-bubble", "crs-enter-sends",
    "crs-command-bubble-for-slash-input-type", "crs-slash-item-content",
    "crs-at-item-icon-consistent",
)  # fmt: skip
"""Clauses every one of whose scenarios passes on the full run."""

TIMESTAMP_CLAUSES = (
    "crs-timestamp-available", "crs-timestamp-only-at-boundaries", "crs-timestamp-turn-start",
    "crs-timestamp-turn-end", "crs-timestamp-system", "crs-no-timestamp-on-intermediate-blocks",
    "crs-timestamp-on-demand", "crs-timestamp-local-time", "crs-timestamp-format",
    "crs-date-separator",
)  # fmt: skip
"""The part-1 time clauses, which ``adapter_hover`` passes (FALSE_VERDICTS.md entry 7)."""


def run_profile(*args: str, workers: int = 2) -> subprocess.CompletedProcess[str]:
    """``pytest`` with ``args``, in file order, no cache, on ``workers`` xdist workers."""
    command = [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider"]
    command += ["-n", str(workers), "--scenario-timeout=300", *args]  # a bound, not a timing
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def clause_verdicts(report: dict[str, object]) -> dict[str, str]:
    """Each clause's verdict in a ``report.json``."""
    entries = report["clauses"]
    assert isinstance(entries, list)
    return {entry["id"]: entry["verdict"] for entry in entries}


def test_every_scenario_of_parts_1_to_3_passes(tmp_path: Path) -> None:
    """Parts 1-3 pass; parts 4 and 5 are "not claimed"; every named clause passes."""
    done = run_profile("features/rawp_crs", f"--adapter={ADAPTER}",
                       f"--conformance-report={tmp_path}")  # fmt: skip
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    scenarios = report["scenarios"]
    broken = [s["id"] for s in scenarios if s["outcome"] not in ("passed", "skipped")]
    assert scenarios and not broken, done.stdout[-6000:]
    skipped = [s for s in scenarios if s["outcome"] == "skipped"]
    assert skipped and all("not claimed" in (s["message"] or "") for s in skipped)
    verdicts = clause_verdicts(report)
    named = (*PASSED_CLAUSES, *TIMESTAMP_CLAUSES)
    assert {clause: verdicts[clause] for clause in named} == dict.fromkeys(named, "pass")
    headline = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert "**Conformant at MUST:" in headline, headline[:1500]  # parts 1-3 decide every clause
    assert done.returncode == 0, done.stdout[-3000:]


def test_the_same_client_revealing_times_on_hover_passes_every_time_scenario(
    tmp_path: Path,
) -> None:
    """What entry 7 says: the times are right; only the key reveal cannot be declared."""
    done = run_profile("features/rawp_crs/timestamps.feature", f"--adapter={HOVER_ADAPTER}",
                       f"--conformance-report={tmp_path}")  # fmt: skip
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    outcomes = [s["outcome"] for s in report["scenarios"]]
    assert "passed" in outcomes and set(outcomes) <= {"passed", "skipped"}, done.stdout[-4000:]
    verdicts = clause_verdicts(report)
    assert {clause: verdicts[clause] for clause in TIMESTAMP_CLAUSES} == dict.fromkeys(
        TIMESTAMP_CLAUSES, "pass"
    )


@pytest.mark.parametrize(
    ("prompt_text", "paths", "expected"),
    [
        ("see <@file:r1|src/a.py> now", {"r1": "src/a.py"}, ["see ", "src/a.py", " now"]),
        ("<@file:r9|a.py> x", {}, ["<@file:r9|a.py> x"]),
        ("<@file:r1|../etc/passwd>", {"r1": "src/a.py"}, ["<@file:r1|../etc/passwd>"]),
        ("type \\<@file:x|y> and a\\\\b", {}, ["type <@file:x|y> and a\\b"]),
    ],
    ids=["mapped", "no-reference", "made-up-path", "escaped"],
)
def test_a_sent_prompt_splits_into_literal_text_and_the_tokens_that_map(
    prompt_text: str, paths: dict[str, str], expected: list[str]
) -> None:
    """004 §3.1 ¶17: only a pattern mapping to ``file_references`` is a token (by path)."""
    references = [FileReference(ref_id, path, path) for ref_id, path in paths.items()]
    parts = prompt_parts(prompt_text, references)
    assert [p.path if isinstance(p, FileToken) else p for p in parts] == expected
    assert all(p.ref_id in paths for p in parts if isinstance(p, FileToken))


def test_typed_text_is_escaped_so_that_it_reads_back_as_typed() -> None:
    """004 §3.4.6 ¶3: ``\\`` → ``\\\\``, ``<@`` → ``\\<@``; reading it back gives the text."""
    typed = "c:\\dir\\ <@ \\<@file:x|y>"
    assert escaped(typed) == "c:\\\\dir\\\\ \\<@ \\\\\\<@file:x|y>"
    assert prompt_parts(escaped(typed), []) == [typed]
