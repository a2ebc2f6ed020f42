import itertools

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.art import palette
from game.art.cards import BACKS, DECKS, GHOSTS, GLOW_KINDS, CardArt, card_art
from game.rules.cards import Card, new_deck

from .conftest import opaque_pixels, pixels_near

SIZES = (50, 80, 120)


def image_bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("width", SIZES)
def test_every_face_has_the_card_size_rounded_corners_and_ink(width, deck):
    art = CardArt(width, deck)
    assert art.size == (width, round(width * 1.4))
    for card in new_deck():
        face = art.face(card)
        assert face.get_size() == art.size
        assert face.get_at((0, 0)).a == 0, "corners are cut round"
        assert face.get_at((width // 2, art.height // 2)).a == 255
        ink = pixels_near(face, palette.SUIT_INKS[deck][card.suit], 60)
        assert ink > width * 2, f"{card} shows too little of its suit colour"


@pytest.mark.parametrize("width", (56, 100))
def test_all_52_faces_differ(width):
    art = CardArt(width)
    images = {image_bytes(art.face(card)) for card in new_deck()}
    assert len(images) == 52


def test_faces_backs_and_art_objects_are_cached():
    art = card_art(90, "two_colour", "classic")
    assert card_art(90, "two_colour", "classic") is art
    queen = Card(12, "H")
    assert art.face(queen) is art.face(queen)
    assert art.back() is art.back()
    assert art.ghost("stock") is art.ghost("stock")
    assert art.glow("hint") is art.glow("hint")
    assert art.shadow() is art.shadow()


def test_image_shows_the_back_of_a_face_down_card():
    art = CardArt(70)
    assert art.image(Card(5, "S", face_up=False)) is art.back()
    assert art.image(Card(5, "S")) is art.face(Card(5, "S"))


def test_four_colour_deck_paints_diamonds_blue_and_clubs_green():
    two, four = CardArt(100, "two_colour"), CardArt(100, "four_colour")
    seven_of_diamonds, seven_of_clubs = Card(7, "D"), Card(7, "C")
    assert pixels_near(four.face(seven_of_diamonds), palette.INK_BLUE) > 200
    assert pixels_near(two.face(seven_of_diamonds), palette.INK_BLUE) == 0
    assert pixels_near(four.face(seven_of_clubs), palette.INK_GREEN) > 200
    assert pixels_near(two.face(seven_of_clubs), palette.INK_GREEN) == 0


def _top_left_ink_height(face: pygame.Surface) -> int:
    """Height of the first run of ink down the card's left edge region (the rank)."""
    width, height = face.get_size()
    corner = face.subsurface((0, 0, width // 3, height // 2)).copy()
    mask = pygame.mask.from_threshold(corner, (*palette.INK_BLACK, 255), (70, 70, 70, 128))
    return mask.get_bounding_rects()[0].height


@pytest.mark.parametrize("width", (60, 100, 140))
def test_large_print_indices_are_larger(width):
    regular, large = CardArt(width, "two_colour"), CardArt(width, "large_print")
    assert large.index_height > regular.index_height
    king = Card(13, "S")
    assert _top_left_ink_height(large.face(king)) > _top_left_ink_height(regular.face(king))


def test_small_cards_switch_to_big_indices():
    small, large = CardArt(60), CardArt(100)
    assert small.index_height / small.height > large.index_height / large.height


@pytest.mark.parametrize("width", SIZES)
def test_backs_render_and_differ(width):
    art = CardArt(width)
    backs = [art.back(style) for style in BACKS]
    assert len(BACKS) >= 3
    assert all(back.get_size() == art.size for back in backs)
    assert len({image_bytes(back) for back in backs}) == len(BACKS)
    for back in backs:
        assert back.get_at((0, 0)).a == 0
        assert opaque_pixels(back) > 0.9 * width * art.height


def test_each_back_style_is_used_by_its_art():
    for style in BACKS:
        art = CardArt(64, back=style)
        assert art.back() is art.back(style)


@pytest.mark.parametrize("kind", GHOSTS)
def test_ghosts_are_translucent_outlines(kind):
    art = CardArt(80)
    ghost = art.ghost(kind)
    assert ghost.get_size() == art.size
    centre_alpha = ghost.get_at((art.width // 2, 4)).a
    edge_alpha = max(ghost.get_at((art.width // 2, y)).a for y in range(3))
    assert centre_alpha < 80 < edge_alpha


def test_ghost_symbols_and_labels_change_the_picture():
    art = CardArt(80)
    pictures = {image_bytes(art.ghost(kind)) for kind in GHOSTS}
    assert len(pictures) == len(GHOSTS)
    assert image_bytes(art.ghost("empty", "K")) != image_bytes(art.ghost("empty"))
    assert image_bytes(art.ghost("foundation", "7")) != image_bytes(art.ghost("foundation"))


def test_glows_and_shadow_extend_beyond_the_card_by_the_margin():
    art = CardArt(90)
    expected = (art.width + 2 * art.margin, art.height + 2 * art.margin)
    glows = [art.glow(kind) for kind in GLOW_KINDS]
    for kind, glow in zip(GLOW_KINDS, glows, strict=True):
        assert glow.get_size() == expected
        assert pixels_near(glow, palette.GLOWS[kind], 30) > art.width
        assert glow.get_at((expected[0] // 2, expected[1] // 2)).a == 0, "the card shows through"
    shadow = art.shadow()
    assert shadow.get_size() == expected
    assert shadow.get_at((expected[0] // 2, expected[1] // 2)).a > 100
    assert shadow.get_at((0, 0)).a < shadow.get_at((expected[0] // 2, expected[1] // 2)).a


@pytest.mark.parametrize(("make", "error"), [
    (lambda: CardArt(80, deck="pastel"), "deck"),
    (lambda: CardArt(80, back="plaid"), "back"),
    (lambda: CardArt(80).back("plaid"), "back"),
    (lambda: CardArt(80).ghost("hole"), "ghost"),
    (lambda: CardArt(80).glow("purple"), "glow"),
])
def test_unknown_names_are_rejected(make, error):
    with pytest.raises(ValueError, match=error):
        make()


def test_prerender_fills_the_face_cache():
    art = CardArt(58, "four_colour", "emerald")
    art.prerender()
    first = {card: art.face(card) for card in new_deck()}
    art.prerender()
    assert all(art.face(card) is surface for card, surface in first.items())


@settings(max_examples=12, deadline=None)
@given(width=st.integers(min_value=24, max_value=220),
       card=st.sampled_from(new_deck()),
       deck=st.sampled_from(DECKS))
def test_any_width_gives_a_well_formed_face(width, card, deck):
    art = CardArt(width, deck)
    face = art.face(card)
    assert face.get_size() == art.size
    assert 0 < art.index_height < art.height // 2
    corners = itertools.product((0, art.width - 1), (0, art.height - 1))
    assert all(face.get_at(corner).a < 128 for corner in corners)
