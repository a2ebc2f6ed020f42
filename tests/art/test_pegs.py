import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.art import palette, pegs
from game.art.pegs import PIECES, POINTS, RING_KINDS, BoardArt, board_art, marble

from .conftest import pixels_near


@pytest.mark.parametrize("n", [15, 16, 17, 18])
def test_board_has_a_dark_hole_in_every_square(n):
    art = BoardArt(n, 24)
    board = art.board()
    assert board.get_size() == art.size == (n * 24 + 2 * art.border,) * 2
    for row, column in ((0, 0), (n - 1, n - 1), (n // 2, 3)):
        hole = board.get_at(art.cell_rect(row, column).center)
        wood = board.get_at(art.cell_rect(row, column).topleft)
        assert brightness(hole) < brightness(wood) * 0.6


def brightness(colour: pygame.Color) -> int:
    return colour.r + colour.g + colour.b


@pytest.mark.parametrize("piece", PIECES)
def test_marbles_are_round_and_in_their_colour(piece):
    ball = marble(piece, 40)
    assert ball.get_size() == (40, 40)
    assert ball.get_at((0, 0)).a == 0 and ball.get_at((39, 39)).a == 0
    assert ball.get_at((20, 6)).a == 255
    assert pixels_near(ball, palette.MARBLES[piece], 45) > 100


def _digit_mask(piece: str) -> pygame.mask.Mask:
    """Dark ink in the middle of the marble, where the value is printed."""
    middle = marble(piece, 60).subsurface((18, 18, 24, 24))
    return pygame.mask.from_threshold(middle, (*palette.TEXT_DARK, 255), (40, 40, 40, 128))


def test_point_values_read_without_colour():
    masks = {piece: _digit_mask(piece) for piece in POINTS}
    assert all(mask.count() > 10 for mask in masks.values())
    shapes = {tuple(mask.get_at((x, y)) for x in range(24) for y in range(24))
              for mask in masks.values()}
    assert len(shapes) == len(POINTS)
    assert _digit_mask("P").count() == 0, "the plain marble carries no value"


def test_seated_marbles_and_rings_fill_a_cell():
    art = BoardArt(15, 32)
    for piece in PIECES:
        assert art.marble(piece).get_size() == (32, 32)
    rings = [art.ring(kind) for kind in RING_KINDS]
    assert all(ring.get_size() == (32, 32) for ring in rings)
    assert all(ring.get_at((16, 16)).a == 0 for ring in rings), "the piece shows through"
    assert len({pygame.image.tobytes(ring, "RGBA") for ring in rings}) == len(RING_KINDS)


def test_board_art_is_shared_and_fits_its_area():
    assert board_art(16, 30) is board_art(16, 30)
    for n in range(15, 19):
        art = BoardArt.fitting(n, (700, 520))
        assert art.size[0] <= 520
        assert BoardArt(n, art.cell + 1).size[0] > 520


def test_unknown_piece_or_ring_is_rejected():
    art = BoardArt(15, 20)
    with pytest.raises(ValueError, match="piece"):
        art.marble("B")
    with pytest.raises(ValueError, match="ring"):
        art.ring("sparkle")


@settings(max_examples=40, deadline=None)
@given(n=st.integers(15, 18), cell=st.integers(12, 60), data=st.data())
def test_cell_at_finds_the_square_of_any_point_inside_it(n, cell, data):
    art = BoardArt(n, cell)
    row, column = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    rect = art.cell_rect(row, column)
    point = (data.draw(st.integers(rect.left, rect.right - 1)),
             data.draw(st.integers(rect.top, rect.bottom - 1)))
    assert art.cell_at(point) == (row, column)
    assert art.cell_at((art.border - 1, art.border)) is None
    assert art.cell_at((art.size[0] - art.border, art.border)) is None


def test_the_board_painted_in_place_is_the_board_blitted():
    art = pegs.board_art(5, 24)
    blitted, painted = (pygame.Surface((art.size[0] + 20, art.size[1] + 10)) for _ in range(2))
    for canvas in (blitted, painted):
        canvas.fill((30, 120, 60))
    blitted.blit(art.board(), (12, 4))
    art.paint_board(painted, (12, 4))
    assert pygame.image.tobytes(blitted, "RGB") == pygame.image.tobytes(painted, "RGB")
