"""Where the harness's files are, in a clone and installed, and what a feature name names.

Standard library only, importing nothing of the harness: ``chat-conformance``
(:mod:`textual_chat_conformance.cli`) resolves feature names with it before pytest starts,
and a harness module imported before pytest would miss pytest's assertion rewriting (and
make pytest warn that it did). The harness itself finds its files from
``steps.profiles.ROOT``; both are the same folder.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""This package's folder: ``textual_chat_conformance/``, installed or in a clone."""
ROOT = PACKAGE_DIR if (PACKAGE_DIR / "features").is_dir() else PACKAGE_DIR.parent
"""The folder holding ``features/`` and ``docs/spec/``: the package itself once installed
(the wheel puts them inside it), the repository in a clone."""
FEATURES = ROOT / "features"
"""The feature files, one folder per profile."""


def resolve_feature_name(arg: str, features: Path = FEATURES) -> str | None:
    """The feature file or profile folder ``arg`` names, or ``None`` when it names none.

    Args:
        arg: ``[features/]<profile>/<name>[.feature][:LINE]``, ``<name>[.feature][:LINE]``,
            ``[features/]<profile>``, ``features``, or a test id
            ``features/<profile>/test_<profile>.py::test_...``.
        features: The features folder (one subfolder per profile).

    Returns:
        The absolute path (with ``:LINE`` kept), or ``None``.

    Raises:
        LookupError: A bare ``<name>`` is a feature of more than one profile.
    """
    path, sep, test = arg.partition("::")
    if sep:  # a test id, as reports and pytest print it: features/<profile>/test_<profile>.py::...
        found = features.parent / path
        return f"{found}::{test}" if path.startswith("features/") and found.is_file() else None
    head, colon, number = arg.rpartition(":")
    name, line = (head, f":{number}") if colon and number.isdigit() else (arg, "")
    name = name.removeprefix("features/").removesuffix(".feature").rstrip("/")
    if name == "features" and not line:
        return str(features)
    profiles = sorted(path for path in features.iterdir() if path.is_dir())
    profile_name, _, stem = name.rpartition("/")
    if not profile_name and not line and (features / stem) in profiles:
        return str(features / stem)
    candidates = [
        profile / f"{stem}.feature"
        for profile in profiles
        if profile_name in ("", profile.name) and (profile / f"{stem}.feature").is_file()
    ]
    if len(candidates) > 1:
        names = ", ".join(f"{path.parent.name}/{stem}" for path in candidates)
        raise LookupError(f"{arg!r} names a feature of several profiles ({names}): name one")
    return f"{candidates[0]}{line}" if candidates else None
