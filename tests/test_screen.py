"""Unit tests of ``steps/screen.py``: reading cells and geometry off a screen of known layout.

The layout below is 40 cells wide. Each expected column follows from its CSS:

* ``#left``: ``abc`` with a one-cell left border at column 0, so text in columns 1-3;
* ``#right`` (in a row aligned right): ``가나`` (4 cells) and a one-cell right border,
  5 cells ending at column 39, so text in columns 35-38 and the border in 39;
* ``#fake-right``: ``xyz``, ``width: auto`` and ``text-align: right``, which still
  draws flush left, in columns 0-2;
* ``#wrapped``: ``wrap`` inside a row that draws the right border itself.
"""

from __future__ import annotations

import pytest
from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.containers import HorizontalGroup, Vertical, VerticalScroll
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Label, Static

from steps.chat_screen.geometry import (
    ItemGeometry,
    Side,
    declared_alignment,
    decorations,
    item_geometry,
    styled_side,
)
from steps.screen import (
    BLANK,
    describe_widget,
    item_text,
    screen_rows,
    text_columns,
    text_width,
    widget_text,
)
from steps.screen import _strip_cells as strip_cells

SIZE = (40, 8)


class KnownLayout(App[None]):
    """Items of known width and border in a 40-cell area."""

    CSS = """
    #area { width: 40; height: 1fr; }
    HorizontalGroup { height: auto; }
    #left { border-left: outer red; }
    #right-row { align-horizontal: right; }
    #right { border-right: outer red; }
    #fake-right { text-align: right; }
    #wrapper-row { align-horizontal: right; border-right: outer red; }
    #hidden { display: none; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="area"):
            yield Label("abc", id="left", classes="b a")
            with HorizontalGroup(id="right-row"):
                yield Label("가나", id="right")
            yield Label("xyz", id="fake-right")
            with HorizontalGroup(id="wrapper-row"):
                yield Label("wrap", id="wrapped")
            yield Label("[b]x[/b]", id="hidden", markup=False)


async def measure(item_id: str) -> ItemGeometry:
    """The geometry of ``#item_id`` in ``#area``."""
    app = KnownLayout()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return item_geometry(app, app.query_one(f"#{item_id}"), app.query_one("#area"))


@pytest.mark.asyncio
async def test_a_left_bordered_item_is_measured_against_the_left_edge() -> None:
    geometry = await measure("left")
    assert (geometry.text_left, geometry.text_right) == (1, 3)
    assert (geometry.area_left, geometry.area_right) == (0, 40)
    assert geometry.placement is Side.LEFT
    assert geometry.marked == {Side.LEFT: True, Side.RIGHT: False}


@pytest.mark.asyncio
async def test_a_right_aligned_item_with_wide_characters_ends_at_the_right_edge() -> None:
    geometry = await measure("right")
    assert (geometry.text_left, geometry.text_right) == (35, 38)
    assert geometry.gap(Side.RIGHT) == 1
    assert geometry.gap(Side.LEFT) == 35
    assert geometry.placement is Side.RIGHT
    assert geometry.marked == {Side.LEFT: False, Side.RIGHT: True}


@pytest.mark.asyncio
async def test_text_align_right_on_an_auto_width_label_is_declared_right_but_drawn_left() -> None:
    app = KnownLayout()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        item, area = app.query_one("#fake-right"), app.query_one("#area")
        assert declared_alignment(item, area) is Side.RIGHT
        geometry = item_geometry(app, item, area)
        assert (geometry.text_left, geometry.text_right) == (0, 2)
        assert geometry.placement is Side.LEFT
        assert geometry.marked == {Side.LEFT: False, Side.RIGHT: False}


@pytest.mark.asyncio
async def test_a_border_drawn_by_a_wrapper_counts_for_the_item_inside_it() -> None:
    app = KnownLayout()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        item, area = app.query_one("#wrapped"), app.query_one("#area")
        assert styled_side(item, area, "border") == {Side.RIGHT}
        assert declared_alignment(item, area) is Side.RIGHT
        geometry = item_geometry(app, item, area)
        assert geometry.placement is Side.RIGHT
        assert geometry.marked == {Side.LEFT: False, Side.RIGHT: True}


@pytest.mark.asyncio
async def test_screen_rows_give_a_wide_character_two_cells_the_second_empty() -> None:
    app = KnownLayout()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = screen_rows(app)[app.query_one("#right").content_region.y]
        assert len(row) == SIZE[0]
        assert row[35:39] == ["가", "", "나", ""]
        assert row[39] not in BLANK


@pytest.mark.asyncio
async def test_an_item_that_is_not_displayed_cannot_be_measured() -> None:
    app = KnownLayout()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        with pytest.raises(AssertionError, match="is not visible in the conversation area"):
            item_geometry(app, app.query_one("#hidden"), app.query_one("#area"))


@pytest.mark.asyncio
async def test_widget_text_and_description_name_what_a_person_sees() -> None:
    app = KnownLayout()
    async with app.run_test(size=SIZE):
        assert widget_text(app.query_one("#hidden")) == "[b]x[/b]"
        assert describe_widget(app.query_one("#left")) == "Label#left.a.b"


@pytest.mark.parametrize(
    ("left", "right", "placement"),
    [(0, 10, Side.LEFT), (10, 0, Side.RIGHT), (5, 5, None)],
)
def test_placement_is_the_side_with_the_smaller_gap_and_none_when_centred(
    left: int, right: int, placement: Side | None
) -> None:
    width = 20
    geometry = ItemGeometry(
        rows=(0,),
        text_left=left,
        text_right=width - 1 - right,
        area_left=0,
        area_right=width,
        marked={Side.LEFT: False, Side.RIGHT: False},
    )
    assert (geometry.gap(Side.LEFT), geometry.gap(Side.RIGHT)) == (left, right)
    assert geometry.placement is placement


class PaddedItems(App[None]):
    """Full-width items in a 14-cell area: padding 1 on each side, a border on one side.

    Each item's content is 14 - 2 (padding) - 1 (border) = 11 cells wide, so the area's
    gaps around a text of 10 cells are 2 and 2 whichever way it is aligned; only the
    item's own content box shows the side.
    """

    CSS = """
    #area { width: 14; height: 1fr; }
    Label { width: 100%; padding: 0 1; }
    .right { text-align: right; border-right: outer red; }
    .left { border-left: outer red; }
    #bubble-row { align-horizontal: right; height: auto; }
    #bubble { width: auto; padding: 0 1; border-right: outer red; }
    #wrapped-row { align-horizontal: right; height: auto; }
    #wrapped-bubble { width: auto; max-width: 9; padding: 0 1; border-left: outer red; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="area"):
            yield Label("가나다라마", id="snug-right", classes="right")  # 10 of 11 cells
            yield Label("가나다라마", id="snug-left", classes="left")
            yield Label("가나다라마x", id="full", classes="right")  # 11 of 11 cells
            with HorizontalGroup(id="bubble-row"):
                yield Label("가나다라", id="bubble")
            with HorizontalGroup(id="wrapped-row"):
                yield Label("가 나다 라마바", id="wrapped-bubble")  # left-aligned rows


async def judge(item_id: str) -> ItemGeometry:
    """The geometry of ``#item_id`` in :class:`PaddedItems`."""
    app = PaddedItems()
    async with app.run_test(size=(14, 10)) as pilot:
        await pilot.pause()
        return item_geometry(app, app.query_one(f"#{item_id}"), app.query_one("#area"))


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("item_id", "side"), [("snug-right", Side.RIGHT), ("snug-left", Side.LEFT)]
)
async def test_a_nearly_full_line_is_placed_by_the_items_content_box_not_its_padding(
    item_id: str, side: Side
) -> None:
    geometry = await judge(item_id)
    assert geometry.gap(Side.LEFT) == geometry.gap(Side.RIGHT) == 2
    assert geometry.placement is side
    assert not geometry.fills


@pytest.mark.asyncio
async def test_a_line_that_fills_its_item_shows_no_placement_and_says_so() -> None:
    geometry = await judge("full")
    assert geometry.placement is None
    assert geometry.fills
    assert "no placement can be seen" in geometry.describe()


@pytest.mark.asyncio
async def test_a_bubble_that_fits_its_text_is_placed_by_where_the_bubble_sits() -> None:
    geometry = await judge("bubble")
    assert geometry.placement is Side.RIGHT
    assert "Label#bubble" in geometry.describe()


@pytest.mark.asyncio
async def test_a_bubble_on_the_right_is_right_whatever_the_alignment_of_its_wrapped_rows() -> None:
    geometry = await judge("wrapped-bubble")
    assert len(geometry.rows) > 1
    assert len({left for left, _ in geometry.spans}) == 1  # the rows start in one column
    assert geometry.placement is Side.RIGHT


class LineWidget(Widget):
    """A widget that draws through the line API: it has no text model to read."""

    DEFAULT_CSS = "LineWidget { height: 1; width: 1fr; }"

    def render_line(self, y: int) -> Strip:
        return Strip([Segment("선으로 그린 글")])


class CompositeItems(App[None]):
    """Composite items in a 30-cell area of 3 rows: a marker glyph ``❯`` beside a body.

    ``#bordered`` has a left border on the container; ``#bare`` has none (its marker is
    the only glyph left of the body); ``#below`` is scrolled out of view; ``#glyphs``
    shows no letter at all; ``#drawn`` has a line-API body.
    """

    CSS = """
    #area { width: 30; height: 3; }
    HorizontalGroup { height: 1; }
    .marker { width: 2; }
    .body { width: 1fr; }
    #bordered { border-left: outer red; }
    #inner-bordered > .body { border-left: outer red; text-align: right; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="area"):
            for item_id in ("bordered", "bare", "inner-bordered", "glyphs", "drawn", "below"):
                with HorizontalGroup(id=item_id):
                    yield Static("❯", classes="marker")
                    if item_id == "glyphs":
                        yield Static("* * *", classes="body")
                    elif item_id == "drawn":
                        yield LineWidget(classes="body")
                    else:
                        yield Static(f"사용자:  {item_id}", classes="body", markup=False)


@pytest.mark.asyncio
async def test_a_composite_item_shows_its_body_and_not_its_marker_even_out_of_view() -> None:
    app = CompositeItems()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        area = app.query_one("#area").scrollable_content_region
        assert not app.query_one("#below").region.intersection(area).area
        for item_id in ("bordered", "bare", "below"):
            assert item_text(app.query_one(f"#{item_id}")) == f"사용자:  {item_id}"
        assert [type(leaf).__name__ for leaf in decorations(app.query_one("#bare"))] == ["Static"]


@pytest.mark.asyncio
async def test_a_body_drawn_through_the_line_api_is_read_from_its_cells() -> None:
    app = CompositeItems()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        assert item_text(app.query_one("#drawn")) == "선으로 그린 글"


@pytest.mark.asyncio
async def test_an_item_of_glyphs_only_reads_every_glyph_so_its_check_decides() -> None:
    # A body with no letter or digit (U+2028, "* * *") beside a marker cannot be told from
    # a decoration; reading it used to fail under no clause (oterm, issue 23).
    app = CompositeItems()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        assert item_text(app.query_one("#glyphs")) == "❯* * *"


@pytest.mark.asyncio
async def test_a_marker_glyph_is_neither_a_border_nor_a_gap_before_the_text() -> None:
    app = CompositeItems()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        area = app.query_one("#area")
        bordered = item_geometry(app, app.query_one("#bordered"), area)
        assert bordered.marked == {Side.LEFT: True, Side.RIGHT: False}
        assert bordered.placement is Side.LEFT
        bare = item_geometry(app, app.query_one("#bare"), area)
        assert bare.text_left == 2  # the body, not the marker in column 0
        assert bare.marked == {Side.LEFT: False, Side.RIGHT: False}
        assert bare.placement is Side.LEFT
        # The item selector on the body: the marker is outside the item, still no border.
        body = item_geometry(app, app.query_one("#bare > .body"), area)
        assert body.marked == {Side.LEFT: False, Side.RIGHT: False}
        assert body.placement is Side.LEFT
        assert styled_side(app.query_one("#bare"), area, "border") == set()


@pytest.mark.asyncio
async def test_the_border_and_alignment_of_the_body_inside_an_item_count_for_the_item() -> None:
    app = CompositeItems()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        item, area = app.query_one("#inner-bordered"), app.query_one("#area")
        assert styled_side(item, area, "border") == {Side.LEFT}
        assert declared_alignment(item, area) is Side.RIGHT
        assert item_geometry(app, item, area).marked == {Side.LEFT: True, Side.RIGHT: False}


# -- finding drawn text by cells (wide characters) --------------------------------------


def test_text_after_wide_characters_starts_where_it_is_drawn() -> None:
    """Each Korean syllable takes two cells: "파일" is drawn from column 5, not 3."""
    cells = strip_cells(Strip([Segment("보기 파일 파일")]))
    assert [cell.char for cell in cells[:3]] == ["보", "", "기"]
    assert text_columns(cells, "파일") == [5, 10]
    assert text_width("파일") == 4


def test_text_columns_finds_ascii_text_at_its_character_index() -> None:
    cells = strip_cells(Strip([Segment("see main.py, main.py")]))
    assert text_columns(cells, "main.py") == [4, 13]
    assert text_columns(cells, "absent") == []
    assert text_columns(cells, "") == []
