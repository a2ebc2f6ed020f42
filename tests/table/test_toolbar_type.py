"""The toolbar's type stays legible in the smallest window: every label at full size on its
button (the buttons that do not fit go to the More menu rather than shrink)."""

import pytest

from game.art.skin import label_size
from game.rules import GAMES
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable

TABLES = [KlondikeTable, LeapfrogTable, LeapYearTable, LucasLeapsTable]
LEGIBLE = 16  # type size: capitals 8 pixels high in the game's font


@pytest.mark.parametrize("size", [(640, 480), (800, 600), (1280, 800)])
@pytest.mark.parametrize("table_class", TABLES)
def test_every_toolbar_label_is_legible(make_table, context, table_class, size):
    game = table_class(context)
    table = make_table(GAMES[game.game_id].new_game(1), game=game, size=size)
    toolbar = table.scene.toolbar
    for button in toolbar.buttons:
        assert label_size(button.rect.size, button.label) >= LEGIBLE, (button.label, size)
    assert toolbar.text_size >= LEGIBLE  # the score, moves and time
    if toolbar.shown < len(toolbar.tools):
        toolbar.more.on_click()
        assert toolbar.menu is not None and toolbar.menu.text_size >= LEGIBLE
