"""The port module: self-contained, type names on every class, duck-typed matching."""

from __future__ import annotations

import ast
import dataclasses
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, get_args

import rawp_port
from rawp_port import (
    KNOWN_EVENT_TYPES,
    KNOWN_FRAME_TYPES,
    Event,
    FileReference,
    OtherEvent,
    PromptCancel,
    PromptRequest,
    TurnEnded,
    fields_of,
    matches,
    type_name,
)
from rawp_port.frames import ControlFrame

PORT_DIR = Path(rawp_port.__file__).parent


def test_the_port_imports_nothing_outside_the_standard_library_and_itself() -> None:
    for module in PORT_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                top = name.split(".")[0]
                assert top == "rawp_port" or top in sys.stdlib_module_names, (module, name)


def test_the_port_has_a_version() -> None:
    major, minor = rawp_port.PORT_VERSION.split(".")
    assert major.isdigit() and minor.isdigit()


def test_every_event_and_frame_class_carries_a_distinct_rawp_type_name() -> None:
    modelled = [kind for kind in get_args(Event) if kind is not OtherEvent]
    names = [kind.type for kind in modelled]
    assert names == list(KNOWN_EVENT_TYPES)
    frame_names = [kind.type for kind in get_args(ControlFrame)]
    assert frame_names == list(KNOWN_FRAME_TYPES)
    assert len(set(names + frame_names)) == len(names) + len(frame_names)
    for kind in [*modelled, *get_args(ControlFrame)]:
        assert "type" not in {f.name for f in dataclasses.fields(kind)}, kind


def test_an_unmodelled_event_carries_its_type_as_a_field() -> None:
    event = OtherEvent("agent.something.new", {"x": 1})
    assert type_name(event) == "agent.something.new"
    assert fields_of(event) == {"payload": {"x": 1}}


def test_a_client_copy_of_a_frame_class_matches_the_port_frame() -> None:
    @dataclass(frozen=True)
    class MyCancel:
        type: ClassVar[str] = "control.prompt.cancel"
        turn_id: str | None = None

    assert matches(MyCancel("t1"), PromptCancel("t1"))
    assert not matches(MyCancel("t2"), PromptCancel("t1"))
    assert not matches(PromptRequest("t1"), PromptCancel("t1"))


def test_a_plain_object_with_attributes_matches_too() -> None:
    class Ref:
        def __init__(self) -> None:
            self.ref_id, self.path, self.display_path = "r1", "a/b.py", "b.py"

    class Prompt:
        type = "control.prompt.request"

        def __init__(self) -> None:
            self.prompt_text = "see <@file:r1|b.py>"
            self.input_type = "text"
            self.file_references = [Ref()]

    expected = PromptRequest(
        "see <@file:r1|b.py>", "text", (FileReference("r1", "a/b.py", "b.py"),)
    )
    assert matches(Prompt(), expected)
    assert not matches(Prompt(), PromptRequest("see <@file:r1|b.py>", "text", ()))


def test_an_object_without_a_type_name_matches_nothing() -> None:
    assert type_name(object()) is None
    assert not matches(object(), TurnEnded("t1"))


def test_a_client_frame_with_extra_fields_still_matches() -> None:
    @dataclass(frozen=True)
    class NewerCancel:
        type: ClassVar[str] = "control.prompt.cancel"
        turn_id: str | None
        reason: str

    assert matches(NewerCancel("t1", "user"), PromptCancel("t1"))
