"""What the panels and marbles say can be read: scores never behind the tray, digits big
enough on a small board, and words in proportion to the marbles on a large screen."""

import pygame
import pytest

from game.rules.moves import Cell
from game.scenes.leap_frog import painting
from game.scenes.leap_frog.layout import table_layout


def test_a_captured_marble_counts_on_the_panel_from_the_moment_it_is_taken(make_table,
                                                                           monkeypatch):
    shown = []
    paint = painting.paint_panels
    monkeypatch.setattr(painting, "paint_panels",
                        lambda surface, layout, panels: (shown.append(panels),
                                                         paint(surface, layout, panels)))
    table = make_table()
    target = Cell(4, 6)
    piece = table.match.rules.piece_at(table.state, target)
    table.click_cell(target)
    table.app.stack.update(0.3)  # the marble is on its way to the tray, or in it
    assert table.scene.view.busy
    table.app.draw()
    assert list(shown[-1][0].pieces) == [piece]


def dark_ink_height(image: pygame.Surface) -> int:
    """The height of the dark digit's pixels in the middle of a marble."""
    size = image.get_width()
    middle = range(size // 4, size - size // 4)
    rows = [y for y in middle for x in middle
            if image.get_at((x, y))[3] > 200 and max(image.get_at((x, y))[:3]) < 90]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize("piece", ["Y", "W", "R"])
def test_point_values_stay_readable_on_18x18_at_640x480(piece):
    layout = table_layout((640, 480), 2, 18)
    assert layout.cell < 30  # a small board indeed
    assert dark_ink_height(layout.art.marble(piece)) >= 6


def test_the_panels_words_keep_their_proportion_to_the_marbles_at_4k():
    small, large = table_layout((1280, 800), 2, 15), table_layout((3840, 2160), 2, 15)
    ratio = small.px(17) / small.cell  # the status block's line beside a marble
    assert large.px(17) / large.cell >= 0.8 * ratio
    assert large.status.height / large.cell >= 0.8 * small.status.height / small.cell


def test_the_status_words_fit_above_the_buttons_in_a_small_window(monkeypatch):
    drawn = []
    draw = painting.draw_text

    def recording(surface, text, size, colour, at, **options):
        rect = draw(surface, text, size, colour, at, **options)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(painting, "draw_text", recording)
    layout = table_layout((640, 480), 2, 18)
    surface = pygame.Surface(layout.size)
    buttons = [(layout.end_turn, "End turn", "normal"), (layout.cancel, "Cancel", "normal")]
    painting.paint_status(surface, layout, "Your turn: leap a piece over a neighbour into "
                          "the empty hole beyond it", "Hint: leap along the gold path, "
                          "capturing 1 piece (3 points).", buttons)
    assert any(text.startswith("Hint:") for text, _ in drawn)
    assert all(rect.bottom <= layout.end_turn.top for _, rect in drawn)
