"""Choosing the implementation under test: ``--adapter``, its fallbacks and its errors."""

from __future__ import annotations

import pytest

from steps.loading import ENV_VAR, INI_KEY
from tests.helpers import MINIATURES, PROBE_STEPS, write_feature, write_ini

PROBE = """
Feature: Probe
  Scenario: Probe
    Given a probe step
    Then nothing more happens
"""
SOURCE_TEXT = {
    "option": "--adapter (command line)",
    "env": f"${ENV_VAR} (environment)",
    "ini": f"{INI_KEY} (ini file)",
}
"""How the report header and the errors name each source of the setting."""


def configure(
    project: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
    *,
    option: str | None = None,
    env: str | None = None,
    ini: str | None = None,
) -> list[str]:
    """Set the adapter in the given places; return the command-line arguments to use."""
    write_feature(project, PROBE, PROBE_STEPS)
    if env is not None:
        monkeypatch.setenv(ENV_VAR, env)
    if ini is not None:
        write_ini(project, **{INI_KEY: ini})
    return [f"--adapter={option}"] if option is not None else []


def header_line(result: pytest.RunResult) -> str:
    """The report header's adapter line."""
    lines = [line for line in result.outlines if line.startswith("adapter: ")]
    assert len(lines) == 1, result.outlines
    return lines[0]


# -- precedence ------------------------------------------------------------------------


def test_the_command_line_option_wins_over_the_environment_and_the_ini_key(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = configure(
        project,
        monkeypatch,
        option="tests.miniatures:from_option",
        env="tests.miniatures:from_env",
        ini="tests.miniatures:from_ini",
    )
    result = project.runpytest(*args)
    result.assert_outcomes(passed=1)
    assert header_line(result).startswith("adapter: from-option ")
    assert "(tests.miniatures:from_option, from --adapter (command line))" in header_line(result)


def test_the_environment_variable_wins_over_the_ini_key(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = configure(
        project, monkeypatch, env="tests.miniatures:from_env", ini="tests.miniatures:from_ini"
    )
    result = project.runpytest(*args)
    result.assert_outcomes(passed=1)
    assert header_line(result).startswith("adapter: from-env ")
    assert f"from {SOURCE_TEXT['env']})" in header_line(result)


def test_the_ini_key_is_used_when_neither_option_nor_environment_is_set(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = configure(project, monkeypatch, ini="tests.miniatures:from_ini")
    result = project.runpytest(*args)
    result.assert_outcomes(passed=1)
    assert header_line(result).startswith("adapter: from-ini ")
    assert f"from {SOURCE_TEXT['ini']})" in header_line(result)


def test_each_profile_runs_its_reference_implementation_by_default(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    result = project.runpytest(*configure(project, monkeypatch))
    result.assert_outcomes(passed=1)
    lines = [line for line in result.outlines if line.startswith("adapter: ")]
    default = "from default (reference implementations)"
    assert lines == [
        f"adapter: reference_app 0.1.0 (reference_app.conformance:adapter, {default}); "
        "profiles: chat_screen",
        f"adapter: reference_crs 0.1.0 (reference_crs.conformance:adapter, {default}); "
        "profiles: rawp_crs",
    ]


def test_an_empty_environment_variable_counts_as_unset(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = configure(project, monkeypatch, env="", ini="tests.miniatures:from_ini")
    result = project.runpytest(*args)
    assert header_line(result).startswith("adapter: from-ini ")


def test_an_adapter_file_path_is_taken_from_the_invocation_directory(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    project.makepyfile(
        local_adapter="""
        from tests.miniatures import MiniatureAdapter

        local = MiniatureAdapter("local-file")
        """
    )
    result = project.runpytest(*configure(project, monkeypatch, option="local_adapter.py:local"))
    result.assert_outcomes(passed=1)
    assert header_line(result).startswith("adapter: local-file ")


def test_an_absolute_adapter_file_path_is_loaded(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = configure(project, monkeypatch, option=f"{MINIATURES}:from_option")
    result = project.runpytest(*args)
    result.assert_outcomes(passed=1)
    assert header_line(result).startswith("adapter: from-option ")


# -- usage errors ----------------------------------------------------------------------

BAD_SPECS = {
    "no colon": ("reference_app.conformance", "expected 'package.module:attr'"),
    "missing module": ("no_such_module_for_tests:adapter", "ModuleNotFoundError"),
    "missing file": ("nowhere/adapter.py:adapter", "does not exist"),
    "missing attribute": ("reference_app.conformance:nothing_here", "no attribute 'nothing_here'"),
    "object lacking members": ("tests.miniatures:lacks_messages", "messages: missing"),
    "unknown profile": (
        "tests.miniatures:claims_unknown_profile",
        "unknown profile 'no_such_profile'",
    ),
}
"""Each kind of bad adapter spec, with the phrase its error must contain."""


@pytest.mark.parametrize("source", sorted(SOURCE_TEXT))
@pytest.mark.parametrize("kind", list(BAD_SPECS))
def test_a_bad_adapter_spec_is_one_usage_error_naming_its_source_and_runs_nothing(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, kind: str, source: str
) -> None:
    spec, phrase = BAD_SPECS[kind]
    args = configure(project, monkeypatch, **{source: spec})
    result = project.runpytest(*args)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    errors = [line for line in result.errlines if line.startswith("ERROR:")]
    assert len(errors) == 1, result.errlines
    message = "\n".join(result.errlines)
    assert SOURCE_TEXT[source] in errors[0]
    assert phrase in message
    assert "Traceback" not in message
    assert not (project.path / "scenario-ran").exists()
