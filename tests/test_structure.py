"""The arrangement docs/architecture.md describes, checked on every run (issue 27).

Three rules of the layout, read from the imports of every module (``if TYPE_CHECKING:``
blocks included: a type is a dependency too):

- the core (every module of ``steps/`` outside the profile folders ``steps/chat_screen``
  and ``steps/rawp_crs``) imports no profile;
- no step module of a profile imports another step module (what two step modules share
  lives in the profile's shared or support modules);
- no client module (``reference_app``, ``reference_crs``, ``examples``) imports the harness,
  except its adapters (the modules a ``--adapter`` address names: ``conformance.py``,
  ``adapter.py``, ``examples/adapters/``), which build the contract's value types.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ROOT, imported_modules

PROFILES = ("chat_screen", "rawp_crs")
"""The profile folders under ``steps/``."""
CLIENTS = ("reference_app", "reference_crs", "examples")
"""The packages that hold clients (implementations under test) and their adapters."""


def modules(*folders: str) -> list[Path]:
    """Every ``.py`` file under ``folders`` (relative to the repository root), sorted."""
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def dotted(path: Path) -> str:
    """``steps/rawp_crs/sending_steps.py`` as ``steps.rawp_crs.sending_steps``."""
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def within(name: str, package: str) -> bool:
    """Whether module ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


def is_adapter(path: Path) -> bool:
    """Whether ``path`` is an adapter module of a client (may import ``steps``)."""
    return path.name in {"conformance.py", "adapter.py"} or path.parent.name == "adapters"


def core_modules() -> list[Path]:
    """The harness's core: ``steps/`` without its profile folders."""
    profiles = [ROOT / "steps" / name for name in PROFILES]
    return [path for path in modules("steps") if not any(p in path.parents for p in profiles)]


def step_modules() -> list[Path]:
    """Every profile's step modules (``*_steps.py`` and ``steps.py`` in a profile folder)."""
    found = modules(*(f"steps/{name}" for name in PROFILES))
    return [path for path in found if path.stem == "steps" or path.stem.endswith("_steps")]


@pytest.mark.parametrize("path", core_modules(), ids=dotted)
def test_the_core_imports_no_profile(path: Path) -> None:
    imported = imported_modules(path, runtime_only=False)
    profile = [name for name in imported if any(within(name, f"steps.{p}") for p in PROFILES)]
    assert not profile, f"{dotted(path)} imports {sorted(profile)}"


@pytest.mark.parametrize("path", step_modules(), ids=dotted)
def test_no_step_module_imports_another(path: Path) -> None:
    others = {dotted(other) for other in step_modules()} - {dotted(path)}
    imported = imported_modules(path, runtime_only=False) & others
    assert not imported, f"{dotted(path)} imports {sorted(imported)}"


@pytest.mark.parametrize("path", [p for p in modules(*CLIENTS) if not is_adapter(p)], ids=dotted)
def test_no_client_module_imports_the_harness(path: Path) -> None:
    imported = imported_modules(path, runtime_only=False)
    harness = [name for name in imported if within(name, "steps")]
    assert not harness, f"{dotted(path)} imports {sorted(harness)}"


def test_the_rules_see_the_modules_they_govern() -> None:
    """Each rule has something to check: a moved folder would leave it passing on nothing."""
    assert {dotted(p) for p in core_modules()} >= {"steps.plugin", "steps.app_driver"}
    assert {p.relative_to(ROOT / "steps").parts[0] for p in step_modules()} == set(PROFILES)
    adapters = {dotted(p) for p in modules(*CLIENTS) if is_adapter(p)}
    assert "reference_crs.conformance" in adapters
    assert "reference_crs.app" not in adapters
