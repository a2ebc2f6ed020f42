"""Everything a card table draws for cards, rendered for one card width and cached.

A table asks `card_art(width, deck, back)` whenever its layout changes; the same arguments
give back the same `CardArt`, whose surfaces are rendered once and reused every frame.
"""

from __future__ import annotations

from functools import cached_property, lru_cache

import pygame

from game.art import overlays
from game.art.backs import BACKS, render_back
from game.art.faces import card_height, index_height, render_face
from game.art.overlays import GHOSTS
from game.art.palette import GLOWS, SUIT_INKS
from game.rules.cards import SUITS, Card

DECKS = tuple(SUIT_INKS)
GLOW_KINDS = tuple(GLOWS)
MIN_WIDTH = 24

__all__ = ["BACKS", "DECKS", "GHOSTS", "GLOW_KINDS", "CardArt", "card_art"]


class CardArt:
    """Faces, back, ghosts, glows and shadow for cards `width` pixels wide (height 1.4x)."""

    def __init__(self, width: int, deck: str = "two_colour", back: str = "classic"):
        if deck not in DECKS:
            raise ValueError(f"unknown deck style: {deck!r}")
        if back not in BACKS:
            raise ValueError(f"unknown card back: {back!r}")
        self.width = max(MIN_WIDTH, int(width))
        self.height = card_height(self.width)
        self.deck = deck
        self.back_style = back
        self._faces: dict[tuple[int, str], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @cached_property
    def index_height(self) -> int:
        """Pixels from the top edge that show rank and suit: the least offset in a fan."""
        return index_height(self.width, self.deck)

    @property
    def margin(self) -> int:
        """How far glows and the shadow reach beyond the card on each side."""
        return overlays.overlay_margin(self.width)

    def face(self, card: Card) -> pygame.Surface:
        """The face of `card` (whether or not the card lies face up)."""
        key = (card.rank, card.suit)
        surface = self._faces.get(key)
        if surface is None:
            surface = self._faces[key] = render_face(card.rank, card.suit, self.width, self.deck)
        return surface

    def back(self, style: str | None = None) -> pygame.Surface:
        """The card back, in this art's style unless another is named (for previews)."""
        chosen = style or self.back_style
        if chosen not in BACKS:
            raise ValueError(f"unknown card back: {chosen!r}")
        return render_back(chosen, self.size)

    def image(self, card: Card) -> pygame.Surface:
        """What the table shows for `card`: its face if face up, else the back."""
        return self.face(card) if card.face_up else self.back()

    def ghost(self, kind: str = "empty", label: str | None = None) -> pygame.Surface:
        """The outline of an empty pile: "empty" (optionally labelled, e.g. "K"),
        "foundation" (labelled with its base rank, "A" unless given), "stock" (can be
        turned over again) or "exhausted" (no passes left)."""
        return overlays.ghost(kind, self.size, label)

    def glow(self, kind: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """A halo for a legal target, hint or selection round a card, or round a fanned run
        of cards `size` big; blit at topleft - margin."""
        if kind not in GLOWS:
            raise ValueError(f"unknown glow: {kind!r}")
        return overlays.glow(kind, *(size or self.size))

    def shadow(self) -> pygame.Surface:
        """A soft shadow for a card in flight; blit at topleft - margin."""
        return overlays.shadow(self.width, self.height)

    def prerender(self) -> None:
        """Render all 52 faces and the back now, so the first deal never stutters."""
        for suit in SUITS:
            for rank in range(1, 14):
                self.face(Card(rank, suit))
        self.back()


@lru_cache(maxsize=4)
def card_art(width: int, deck: str = "two_colour", back: str = "classic") -> CardArt:
    """The shared `CardArt` for these settings; recent sizes stay cached across resizes."""
    return CardArt(width, deck, back)
