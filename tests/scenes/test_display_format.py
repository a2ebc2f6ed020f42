"""Art is kept in the window's pixel format; a picture already in it is not copied again
(a board-sized copy at 3840x2160 costs milliseconds of the first frame)."""

import pygame

from game.art import palette
from game.art.pegs import BoardArt
from game.art.render import optimised


def test_a_picture_already_in_the_display_format_is_kept(app):
    ready = pygame.Surface((8, 8), pygame.SRCALPHA).convert_alpha()
    assert optimised(ready) is ready


def test_a_picture_in_another_format_is_converted(app):
    opaque = pygame.Surface((8, 8))
    opaque.fill((10, 20, 30))
    converted = optimised(opaque)
    assert converted is not opaque
    assert converted.get_flags() & pygame.SRCALPHA
    assert converted.get_at((3, 3)) == (10, 20, 30, 255)


def test_the_board_is_solid_wood_inside_its_frame_and_ready_to_draw(app):
    art = BoardArt(7, 40)
    board = art.board()
    assert optimised(board) is board
    border = art.border
    grain = board.get_at((border * 3 // 4, board.get_height() // 2))  # between frame and holes
    assert grain.a == 255
    assert max(abs(a - b) for a, b in zip(grain[:3], palette.WOOD_LIGHT, strict=True)) < 60
    assert board.get_at((0, 0)).a < 255  # the rounded corner stays clear
