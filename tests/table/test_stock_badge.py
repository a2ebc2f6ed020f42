"""The count under each stock stays clear of every pile at every window size and card size:
the layouts leave room for it. Layouts are pure functions; the pill is drawn as the table
draws it."""

import pygame
import pytest

from game.rules import GAMES
from game.scenes.table.geometry import stock_badge_height
from game.scenes.table.klondike_layout import klondike_layout
from game.scenes.table.leap_year_layout import leap_year_layout
from game.scenes.table.lucas_leaps_layout import lucas_leaps_layout
from game.scenes.table.painting import stock_badge

SIZES = [(640, 480), (700, 500), (800, 600), (1024, 768), (1280, 800), (1920, 1080),
         (3840, 2160), (1024, 1366)]
CARD_SIZES = ["auto", "small", "medium", "large"]
# Each table with the longest count its stock shows.
TABLES = {
    "klondike": (lambda size, card_size: klondike_layout(
        size, GAMES["klondike"].new_game(1), card_size=card_size), "24"),
    "lucas_leaps": (lambda size, card_size: lucas_leaps_layout(
        size, GAMES["lucas_leaps"].new_game(1), card_size=card_size), "104"),
    "leap_year": (lambda size, card_size: leap_year_layout(size, card_size=card_size),
                  "23 deals"),
}


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()


@pytest.mark.parametrize("card_size", CARD_SIZES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", TABLES)
def test_the_stock_count_lies_clear_of_every_pile(game, size, card_size):
    make, label = TABLES[game]
    layout = make(size, card_size)
    badge = stock_badge(label, stock_badge_height(layout.card_width)).get_rect(
        midtop=layout.stock_label_at)
    assert pygame.Rect((0, layout.toolbar.bottom), size).contains(badge)
    clear = badge.inflate(2, 2)  # at least a pixel of cloth all round
    for key, spot in layout.piles.items():
        reach = spot.rect.copy()
        if key.kind == "tableau":  # a pile may grow down to the window's edge
            reach.height = size[1] - reach.top
        assert not clear.colliderect(reach), (key, reach, badge)
