"""Klondike's layout: a pure function of the window size and the state, tested without a
display."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.klondike import FOUNDATIONS, STOCK_PILE, TABLEAU, WASTE
from game.scenes.table.geometry import card_height, legible_step
from game.scenes.table.klondike_layout import FACE_UP_STEP, klondike_layout
from game.scenes.tabletop.toolbar import toolbar_height

from .positions import RULES, position

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080)]
TOP_ROW = (STOCK_PILE, WASTE, *FOUNDATIONS)

# The longest column Klondike allows: six face-down cards under a King-to-Ace run.
LONG_RUN = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS"
LONG = position(tableau=["", "", "", "", "", "", "qd jd td 9d 8d 7d " + LONG_RUN])


def areas(layout, state):
    piles = RULES.piles(state)
    return {key: spot.area(piles[key]) for key, spot in layout.piles.items()}


def check_on_screen_and_apart(layout, state):
    width, height = layout.size
    screen = (0, layout.toolbar.bottom, width, height - layout.toolbar.bottom)
    spread = areas(layout, state)
    for key, area in spread.items():
        assert area.clip(screen) == area, f"{key} reaches off the table: {area}"
    for first, second in itertools.combinations(spread, 2):
        assert not spread[first].colliderect(spread[second]), f"{first} overlaps {second}"
    if layout.panel is not None:
        for key, area in spread.items():
            assert not area.colliderect(layout.panel), f"{key} lies under the panel"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("panel", [False, True])
@pytest.mark.parametrize("draw", [1, 3, 5])
def test_every_pile_on_screen_and_apart_at_the_deal(size, panel, draw):
    state = RULES.new_game(7, draw=draw)
    layout = klondike_layout(size, state, deck_panel=panel)
    check_on_screen_and_apart(layout, state)
    assert set(layout.piles) == set(RULES.piles(state))


@pytest.mark.parametrize("size", SIZES)
def test_a_long_column_squeezes_to_end_inside_the_window(size):
    layout = klondike_layout(size, LONG)
    check_on_screen_and_apart(layout, LONG)
    spot = layout.piles[TABLEAU[6]]
    height = layout.card_size[1]
    legible = legible_step(layout.card_width, "two_colour")
    assert spot.fan.up[1] <= max(legible, FACE_UP_STEP * height)  # squeezed...
    assert spot.fan.up[1] >= legible - 1e-9  # ...but every index still shows
    short = layout.piles[TABLEAU[0]]
    assert short.fan.up[1] == pytest.approx(max(legible, FACE_UP_STEP * height))


def test_a_column_too_long_for_whole_indices_makes_the_cards_smaller():
    assert klondike_layout((640, 480), LONG).card_width < \
        klondike_layout((640, 480), RULES.new_game(3)).card_width


def test_short_columns_keep_their_comfortable_fan():
    state = RULES.new_game(3)
    layout = klondike_layout((1280, 800), state)
    height = layout.card_size[1]
    legible = legible_step(layout.card_width, "two_colour")
    for ref in TABLEAU:
        assert layout.piles[ref].fan.up[1] == pytest.approx(max(legible, FACE_UP_STEP * height))


def test_cards_grow_with_the_window_and_presets_cap_them():
    state = RULES.new_game(3)
    widths = [klondike_layout(size, state).card_width for size in SIZES]
    assert widths == sorted(widths) and widths[0] < widths[-1]
    big = (1920, 1080)
    small = klondike_layout(big, state, card_size="small").card_width
    large = klondike_layout(big, state, card_size="large").card_width
    assert small < large <= klondike_layout(big, state).card_width
    assert klondike_layout((640, 480), state, card_size="large").card_width == widths[0]


def test_the_panel_takes_room_from_the_cards():
    state = RULES.new_game(3)
    plain = klondike_layout((1280, 800), state)
    with_panel = klondike_layout((1280, 800), state, deck_panel=True)
    assert plain.panel is None and with_panel.panel is not None
    assert with_panel.card_width <= plain.card_width


def test_card_height_follows_the_art_aspect():
    layout = klondike_layout((1280, 800), RULES.new_game(1))
    assert layout.card_size == (layout.card_width, card_height(layout.card_width))
    assert all(spot.rect.size == layout.card_size for spot in layout.piles.values())


@settings(max_examples=40, deadline=None)
@given(width=st.integers(640, 2560), height=st.integers(480, 1600), seed=st.integers(0, 10**6),
       panel=st.booleans())
def test_any_window_size_fits(width, height, seed, panel):
    for state in (RULES.new_game(seed), LONG):
        check_on_screen_and_apart(klondike_layout((width, height), state, deck_panel=panel),
                                  state)


def test_the_toolbar_grows_with_a_window_larger_than_full_hd_but_only_so_far():
    heights = [toolbar_height(size) for size in
               ((640, 480), (1280, 800), (1920, 1080), (2560, 1440), (3840, 2160), (7680, 4320))]
    assert heights == sorted(heights)
    assert heights[0] >= 30 and heights[2] == 46
    assert heights[4] == heights[5] == 69  # half again as tall on a 4K screen, and no more
