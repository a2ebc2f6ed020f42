"""Small drawn pictures of each game for the menu tiles, rendered per size and cached.

Each shows what the game looks like at a glance: a fan of cards for Klondike, the 4 x 13
grid with its gaps for Leapfrog, rows of foundations for Leap Year, suit runs for Lucas
Leaps and a marble board for Leap Frog. They are built from the game's own art.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from game.art import palette
from game.art.cards import CardArt
from game.art.faces import card_height
from game.art.pegs import BoardArt
from game.art.render import rounded_rect_surface
from game.art.suits import suit_symbol
from game.registry import BY_ID
from game.rules.cards import Card

MIN_FACE_WIDTH = 24  # the narrowest card the face art draws; smaller cards are scaled down


def preview(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture of `game_id` fitting `size` (transparent around it)."""
    return _preview(game_id, (max(8, size[0]), max(8, size[1])))


@lru_cache(maxsize=12)
def _preview(game_id: str, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    BY_ID[game_id].paint_preview(surface)
    return surface


def _face(card: Card, width: int) -> pygame.Surface:
    """A card face `width` pixels wide, scaled down from the smallest drawn size if needed."""
    return _face_image(card.rank, card.suit, max(4, width))


@lru_cache(maxsize=128)
def _face_image(rank: int, suit: str, width: int) -> pygame.Surface:
    art = _card_art(max(MIN_FACE_WIDTH, width))
    face = art.face(Card(rank, suit))
    if width >= MIN_FACE_WIDTH:
        return face
    return pygame.transform.smoothscale(face, (width, card_height(width)))


@lru_cache(maxsize=4)
def _card_art(width: int) -> CardArt:
    # A private art object: the previews must not push the table's card art out of its cache.
    return CardArt(width)


TRIAL_CARD_WIDTH = 40


def klondike(surface: pygame.Surface) -> None:
    """Five cards fanned from a point below them, as large as fits."""
    width, height = surface.get_size()
    # The fan's ink grows with the cards: a small trial fan tells the size that fits, so the
    # full-size fan (rotating large images is what costs) is made once.
    trial = _fan(TRIAL_CARD_WIDTH).get_bounding_rect()
    fitting = TRIAL_CARD_WIDTH * min(width / trial.width, height / trial.height) * 0.98
    card_w = max(8, round(min(height * 0.8 / 1.4, fitting)))
    while True:
        fan = _fan(card_w)
        ink = fan.get_bounding_rect()
        if (ink.width <= width and ink.height <= height) or card_w <= 8:
            break
        card_w = max(8, round(card_w * min(width / ink.width, height / ink.height, 0.95)))
    surface.blit(fan, _centred(ink, surface.get_rect()), ink)


def _centred(piece: pygame.Rect, area: pygame.Rect) -> tuple[int, int]:
    return (area.centerx - piece.width // 2, area.centery - piece.height // 2)


def _fan(card_w: int) -> pygame.Surface:
    """The fan on a canvas with room to spare; the caller crops it to its ink."""
    card_h = card_height(card_w)
    canvas = pygame.Surface((card_w * 4, card_h * 3), pygame.SRCALPHA)
    cards = [Card(13, "H"), Card(12, "S"), Card(1, "S"), Card(11, "D"), Card(10, "C")]
    reach = card_h * 1.25
    pivot = (canvas.get_width() / 2, card_h + reach)
    for index, card in enumerate(cards):
        angle = (index - 2) * 13.0
        image = pygame.transform.rotozoom(_face(card, card_w), -angle, 1.0)
        radians = math.radians(angle)
        centre = (pivot[0] + reach * math.sin(radians), pivot[1] - reach * math.cos(radians))
        canvas.blit(image, image.get_rect(center=(round(centre[0]), round(centre[1]))))
    return canvas


@lru_cache(maxsize=64)
def _mini_card(size: tuple[int, int], suit: str) -> pygame.Surface:
    """A card too small for an index: cream with its suit symbol."""
    width, height = size
    card = rounded_rect_surface(size, max(1.5, width * 0.12), palette.CARD_FACE,
                                palette.CARD_EDGE, 1)
    ink = palette.SUIT_INKS["two_colour"][suit]
    symbol = suit_symbol(suit, max(3, round(width * 0.62)), ink)
    card.blit(symbol, symbol.get_rect(center=(width / 2, height / 2)))
    return card


def leapfrog(surface: pygame.Surface) -> None:
    """The 4 x 13 grid nearly sorted, with its four gaps."""
    width, height = surface.get_size()
    gap = max(1, round(width / 160))
    card_w = min((width - 12 * gap) // 13, round((height - 3 * gap) / 4 / 1.4))
    card_h = round(card_w * 1.4)
    left = (width - 13 * card_w - 12 * gap) // 2
    top = (height - 4 * card_h - 3 * gap) // 2
    gaps = {(0, 12), (1, 9), (2, 12), (3, 6)}
    slot = rounded_rect_surface((card_w, card_h), max(1.5, card_w * 0.12), (0, 0, 0, 70),
                                (255, 255, 255, 90), 1)
    for row, suit in enumerate("SHCD"):
        for column in range(13):
            at = (left + column * (card_w + gap), top + row * (card_h + gap))
            image = slot if (row, column) in gaps else _mini_card((card_w, card_h), suit)
            surface.blit(image, at)


def _fanned_piles(surface: pygame.Surface, piles: list[list[Card]], rows: int,
                  overlap: float) -> None:
    """Piles side by side in `rows` rows, each fanned downwards by `overlap` card heights."""
    width, height = surface.get_size()
    per_row = math.ceil(len(piles) / rows)
    longest = max(len(pile) for pile in piles)
    gap_ratio = 0.14
    fan = 1 + overlap * (longest - 1)
    card_w = min(width / (per_row + gap_ratio * (per_row - 1)),
                 height / (rows * fan * 1.4 + (rows - 1) * 0.2))
    card_w = max(6, int(card_w))
    card_h = card_height(card_w)
    step_x = round(card_w * (1 + gap_ratio))
    row_h = round(card_h * fan + card_h * 0.2)
    left = (width - (per_row - 1) * step_x - card_w) // 2
    top = (height - rows * row_h + round(card_h * 0.2)) // 2
    for index, pile in enumerate(piles):
        row, column = divmod(index, per_row)
        for depth, card in enumerate(pile):
            at = (left + column * step_x, top + row * row_h + round(depth * overlap * card_h))
            surface.blit(_face(card, card_w), at)


def leap_year(surface: pygame.Surface) -> None:
    """Two rows of foundations building up from their aces."""
    ranks = (5, 9, 3, 13, 7, 2, 11, 6, 4, 8, 12, 10, 1, 6, 9, 3)
    suits = "SHDCHSCDDCSHCDHS"
    piles = [[Card(rank, suit)] for rank, suit in zip(ranks, suits, strict=True)]
    _fanned_piles(surface, piles, rows=2, overlap=0.0)


def lucas_leaps(surface: pygame.Surface) -> None:
    """Tableau piles holding runs down by suit, the way the game builds them."""
    rng = random.Random(4)
    piles = []
    for index in range(7):
        suit = "SHDC"[index % 4]
        start = rng.randint(5, 13)
        piles.append([Card(start - depth, suit) for depth in range(4)])
    _fanned_piles(surface, piles, rows=1, overlap=0.26)


def leap_frog(surface: pygame.Surface) -> None:
    """A small Murray board part way through a game."""
    width, height = surface.get_size()
    n = 6
    board = BoardArt.fitting(n, (width, height))
    image = board.board().copy()
    rng = random.Random(3)
    pieces = rng.choices("GRYW", weights=(1, 2, 3, 4), k=n * n)
    empty = set(rng.sample(range(n * n), 7))
    for index, piece in enumerate(pieces):
        if index not in empty:
            image.blit(board.marble(piece), board.cell_rect(*divmod(index, n)))
    image.blit(board.ring("selected"), board.cell_rect(2, 2))
    if image.get_height() > height:  # the smallest board art is larger than a tiny tile
        scale = height / image.get_height()
        image = pygame.transform.smoothscale(
            image, (round(image.get_width() * scale), round(image.get_height() * scale)))
    surface.blit(image, image.get_rect(center=(width // 2, height // 2)))
