"""The cards on the table: one sprite per card, always flying toward where the state puts it.

`show(piles)` is the whole contract: whatever changed (a move, an automatic move, undo, redo),
the sprites are matched to the new piles (see `reconcile`) and every sprite not yet where it
belongs gets a tween from wherever it is now, so a new move in the middle of an animation
simply retargets. Cards that change piles fly above everything on an ease-out curve, a
little staggered; cards that change sides flip on the way.

Two economies keep busy frames cheap. A card lying squarely under another card at rest is
hidden, so a stock of 184 cards costs the renderer one blit, not 184, whenever it rebuilds its
layer of resting cards. And the view draws run-length-encoded copies of the card images,
which SDL blits about three times faster than plain per-pixel alpha (the art is mostly opaque).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence

import pygame

from game.art.cards import CardArt
from game.engine import motion
from game.engine.easing import in_out_cubic, out_cubic
from game.engine.layers import LayeredRenderer
from game.engine.timeline import Call, Wait
from game.engine.timeline import Sequence as TweenSequence
from game.engine.tween import Tween, TweenManager
from game.rules.cards import Card
from game.scenes.table.card_sprite import CardSprite, clear_squeezed_cache
from game.scenes.table.geometry import Point, TableLayout
from game.scenes.table.reconcile import plan

Piles = Mapping[Hashable, Sequence[Card]]

PILE_Z = 1000  # z of card i of the n-th pile in drawing order: n * PILE_Z + i
FLIGHT_Z = 500_000  # cards in flight, above every pile but below a dragged run
RUN_STAGGER = 0.035  # seconds between the cards of one move taking off
DEAL_STAGGER = 0.03
FLIP_HALF = 0.07  # seconds for a card to close (and again to open) in a flip
SLIDE_SECONDS = 0.14  # a card moving within its own pile (a column squeezing up)
LEAP_EXTRA = 0.08  # a leap takes this much longer than a flight: it goes up and down


def flight_seconds(distance: float) -> float:
    """Short hops are quick, long flights take a little longer, never sluggish."""
    return min(0.42, 0.16 + distance / 2800.0)


class LeapTween(Tween):
    """A flight of `sprite.pos` that rises `height` pixels above the straight line at its
    middle: a parabola in space, since the rise follows the eased progress along the path."""

    def __init__(self, sprite: CardSprite, end: Point, duration: float, height: float,
                 **options) -> None:
        super().__init__(sprite, "pos", end, duration, **options)
        self.height = height

    def _write(self, value: Point) -> None:
        if self.duration > 0.0 and tuple(value) != self.end:
            done = self.ease(self._elapsed / self.duration)
            value = (value[0], value[1] - self.height * 4.0 * done * (1.0 - done))
        super()._write(value)


class CardView:
    """Keeps `renderer`'s card sprites in step with the piles it is shown."""

    def __init__(self, renderer: LayeredRenderer, tweens: TweenManager, *,
                 arc: float = 0.0) -> None:
        self.renderer = renderer
        self.tweens = tweens
        self.arc = arc  # flights rise this many card heights above their path (a leap)
        self.layout: TableLayout | None = None
        self.art: CardArt | None = None
        self.piles: dict[Hashable, list[CardSprite]] = {}
        self._order: dict[Hashable, int] = {}
        self._homes: dict[Hashable, list[Point]] = {}
        self._images: dict[tuple[int, str] | None, pygame.Surface] = {}

    # Look -------------------------------------------------------------------------------

    def set_look(self, layout: TableLayout, art: CardArt) -> None:
        """Adopt a new layout (and art): every card snaps to its place, no animation."""
        self.tweens.finish_all()
        if art is not self.art:
            clear_squeezed_cache()
            self._images.clear()
        self.art = art
        self._use_layout(layout)
        for key, sprites in self.piles.items():
            for index, sprite in enumerate(sprites):
                sprite.shown_up = sprite.card.face_up
                self._dress(sprite)
                sprite.scale_x = 1.0
                sprite.pos = self.rest_position(key, index)
                sprite.z = self.rest_z(key, index)
            self._cover(key)

    def _use_layout(self, layout: TableLayout) -> None:
        self.layout = layout
        self._order = {key: index for index, key in enumerate(layout.piles)}
        self._homes.clear()

    # Following the state ----------------------------------------------------------------

    def show(self, piles: Piles, layout: TableLayout | None = None, *,
             prefer: Iterable[Hashable] = (), stagger: float = RUN_STAGGER) -> None:
        """Match the sprites to `piles` (laid out by `layout`, if it changed) and send each
        card where it now belongs."""
        if layout is not None:
            self._use_layout(layout)
        outcome = plan(self.piles, piles, lambda sprite: sprite.card, prefer)
        for sprite in outcome.removed:
            self._forget(sprite)
        self.piles = {}
        fresh = set()  # sprites made just now: they appear in their places
        for key, row in outcome.placed.items():
            sprites = []
            for sprite, card in zip(row, piles[key], strict=True):
                if sprite is None:
                    sprite = self._new_sprite(card, key)
                    fresh.add(sprite)
                sprite.card, sprite.pile = card, key
                sprites.append(sprite)
            self.piles[key] = sprites
        self._homes.clear()
        arrivals = {place: order for order, place in enumerate(outcome.arrived)}
        for key, sprites in self.piles.items():
            for index, sprite in enumerate(sprites):
                order = arrivals.get((key, index))
                delay = 0.0 if order is None else order * stagger
                if sprite in fresh:
                    sprite.pos = self.rest_position(key, index)
                self._glide(sprite, index, delay, lift=order is not None,
                            flight_order=order or 0)
                self._turn(sprite, delay)
            self._cover(key)

    def deal(self, piles: Piles, layout: TableLayout, order: Sequence[tuple[Hashable, int]],
             origin: Point) -> None:
        """A fresh deal: new sprites leave `origin` face down, one by one in `order`."""
        self._use_layout(layout)
        for sprite in self.sprites():
            self._forget(sprite)
        flying = {place: number for number, place in enumerate(order)}
        # A card that flies in leaves the deck face down: its face is drawn when it turns,
        # not before the first frame (a 4K face takes milliseconds).
        self.piles = {key: [self._new_sprite(card, key, face_down=(key, index) in flying)
                            for index, card in enumerate(cards)]
                      for key, cards in piles.items()}
        for key, sprites in self.piles.items():
            for index, sprite in enumerate(sprites):
                number = flying.get((key, index))
                if number is None:
                    sprite.pos = self.rest_position(key, index)
                    self._land(sprite, index, cover=False)
                    continue
                delay = number * DEAL_STAGGER
                sprite.pos = origin
                self._glide(sprite, index, delay, lift=True, flight_order=number)
                # Waiting cards stay hidden: until it takes off, a card is one of the deck.
                sprite.visible = False
                self.tweens.add(TweenSequence(Wait(delay), Call(_shower(sprite))))
                self._turn(sprite, delay + FLIP_HALF)
            self._cover(key)

    # Geometry ---------------------------------------------------------------------------

    def rest_position(self, key: Hashable, index: int) -> Point:
        """Where card `index` of pile `key` lies at rest (computed once per pile and look)."""
        homes = self._homes.get(key)
        if homes is None:
            assert self.layout is not None
            cards = [sprite.card for sprite in self.piles.get(key, ())]
            homes = self._homes[key] = self.layout.piles[key].positions(cards)
        return homes[index] if index < len(homes) else self.layout.piles[key].rect.topleft

    def rest_z(self, key: Hashable, index: int) -> int:
        return self._order.get(key, 0) * PILE_Z + index

    def index_of(self, sprite: CardSprite) -> int:
        return self.piles[sprite.pile].index(sprite)

    def card_at(self, pos: Point) -> tuple[Hashable, int] | None:
        """The topmost card under `pos` where the state puts it (not where it flies)."""
        assert self.layout is not None
        for key in reversed(list(self.layout.piles)):
            rects = self.layout.piles[key].card_rects(self._cards(key))
            for index in range(len(rects) - 1, -1, -1):
                if rects[index].collidepoint(pos):
                    return key, index
        return None

    def pile_at(self, pos: Point) -> Hashable | None:
        """The pile whose area (outline or fanned cards) is under `pos`."""
        assert self.layout is not None
        for key in reversed(list(self.layout.piles)):
            if self.pile_area(key).collidepoint(pos):
                return key
        return None

    def pile_area(self, key: Hashable) -> pygame.Rect:
        assert self.layout is not None
        return self.layout.piles[key].area(self._cards(key))

    def top_rect(self, key: Hashable) -> pygame.Rect:
        """The rectangle of the pile's top card, or of its outline when empty."""
        return self.run_rect(key, 1)

    def run_rect(self, key: Hashable, count: int) -> pygame.Rect:
        """The rectangle round the pile's top `count` cards, or its outline when empty."""
        assert self.layout is not None
        rects = self.layout.piles[key].card_rects(self._cards(key))
        return rects[-1].unionall(rects[-count:]) if rects else self.layout.piles[key].rect.copy()

    def sprites(self) -> list[CardSprite]:
        return [sprite for sprites in self.piles.values() for sprite in sprites]

    def _cards(self, key: Hashable) -> list[Card]:
        return [sprite.card for sprite in self.piles.get(key, ())]

    # Gestures of the cards --------------------------------------------------------------

    def lift(self, sprites: Sequence[CardSprite]) -> None:
        """Picked up: the cards go to their places at once (if still flying) and whatever
        they covered shows."""
        for sprite in sprites:
            self.tweens.kill(sprite, "pos")
            sprite.pos = self.rest_position(sprite.pile, self.index_of(sprite))
            sprite.visible = True
        self._uncover(sprites[0])

    def go_home(self, sprites: Iterable[CardSprite]) -> None:
        """Send sprites back to their places (a refused drop): they fly, then settle."""
        for order, sprite in enumerate(sprites):
            self._glide(sprite, self.index_of(sprite), 0.0, lift=True, flight_order=order)

    def shake(self, sprites: Sequence[CardSprite]) -> None:
        """A small no: the cards wiggle sideways and settle back (they stay still when the
        player asked for reduced motion: the refusal's sound and notice say no alone)."""
        if motion.reduced():
            return
        self._uncover(sprites[0])
        for sprite in sprites:
            index = self.index_of(sprite)
            home = self.rest_position(sprite.pile, index)
            step = max(3, round(sprite.rect.width * 0.06))
            wiggle = [Tween(sprite, "pos", (home[0] + dx * step, home[1]), 0.045)
                      for dx in (-1, 1, -1)]
            self.tweens.add(TweenSequence(*wiggle, Tween(
                sprite, "pos", home, 0.05, on_complete=lambda s=sprite: self._land(s))))

    # Internals --------------------------------------------------------------------------

    def _dress(self, sprite: CardSprite) -> None:
        """Give the sprite the side it shows: a fast-blitting copy of the art's image for
        drawing, and the plain image to squeeze in flips (squeezing an encoded image would
        undo its encoding)."""
        assert self.art is not None
        card = sprite.card
        plain = self.art.face(card) if sprite.shown_up else self.art.back()
        key = (card.rank, card.suit) if sprite.shown_up else None
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = plain.copy()
            image.set_alpha(255, pygame.RLEACCEL)
        sprite.dress(image, plain)

    def _new_sprite(self, card: Card, key: Hashable, *, face_down: bool = False
                    ) -> CardSprite:
        assert self.art is not None
        sprite = CardSprite(card, self.art.back(), (0, 0), key, 0)
        sprite.shown_up = sprite.shown_up and not face_down
        self._dress(sprite)
        self.renderer.add(sprite)
        return sprite

    def _forget(self, sprite: CardSprite) -> None:
        self.tweens.kill(sprite)
        self.renderer.remove(sprite)

    def _glide(self, sprite: CardSprite, index: int, delay: float, *, lift: bool,
               flight_order: int = 0) -> None:
        """Tween `sprite` to its place unless it is there or already on its way there."""
        target = self.rest_position(sprite.pile, index)
        running = self.tweens.tween_of(sprite, "pos")
        if running is not None and tuple(running.end) == tuple(target):
            return
        if running is None and sprite.pos == target:
            self._land(sprite, index, cover=False)
            return
        sprite.visible = True
        if lift:
            sprite.z = FLIGHT_Z + flight_order
        distance = math.dist(sprite.pos, target)
        seconds = flight_seconds(distance) if lift else SLIDE_SECONDS
        if lift and self.arc > 0.0:
            rise = min(self.arc * sprite.rect.height, distance * 0.5)
            self.tweens.add(LeapTween(sprite, target, seconds + LEAP_EXTRA, rise, delay=delay,
                                      ease=in_out_cubic,
                                      on_complete=lambda: self._land(sprite)))
            return
        self.tweens.tween(sprite, "pos", target, seconds, delay=delay, ease=out_cubic,
                          on_complete=lambda: self._land(sprite))

    def _land(self, sprite: CardSprite, index: int | None = None, *, cover: bool = True
              ) -> None:
        """The sprite is at rest: back to its pile's layer, and maybe hiding what it covers."""
        sprites = self.piles.get(sprite.pile)
        if sprites is None or sprite not in sprites:
            return
        sprite.z = self.rest_z(sprite.pile, sprites.index(sprite) if index is None else index)
        if cover:
            self._cover(sprite.pile)

    def _resting(self, sprite: CardSprite, home: Point) -> bool:
        return (sprite.pos == home and sprite.scale_x == 1.0
                and self.tweens.tween_of(sprite, "pos") is None
                and self.tweens.tween_of(sprite, "scale_x") is None)

    def _cover(self, key: Hashable) -> None:
        """Hide each resting card that lies squarely under a resting card; show the other
        resting cards. Moving cards keep whatever visibility their motion gave them."""
        sprites = self.piles.get(key, ())
        above: tuple[Point, bool] | None = None  # the card above: its home, and at rest?
        for index in range(len(sprites) - 1, -1, -1):
            sprite = sprites[index]
            home = self.rest_position(key, index)
            resting = self._resting(sprite, home)
            if resting:
                sprite.visible = not (above is not None and above[1] and above[0] == home)
            above = (home, resting)

    def _uncover(self, sprite: CardSprite) -> None:
        """Show the card under `sprite` (it is about to move off it)."""
        sprites = self.piles.get(sprite.pile, [])
        index = sprites.index(sprite)
        if index > 0:
            sprites[index - 1].visible = True

    def _turn(self, sprite: CardSprite, delay: float) -> None:
        """Flip the sprite if it shows the wrong side and is not already flipping."""
        if sprite.shown_up == sprite.card.face_up or self.tweens.tween_of(sprite, "scale_x"):
            return
        self.tweens.add(TweenSequence(
            Wait(delay),
            Tween(sprite, "scale_x", 0.0, FLIP_HALF, ease=out_cubic),
            Call(lambda: self._swap_side(sprite)),
            Tween(sprite, "scale_x", 1.0, FLIP_HALF, ease=out_cubic),
            Call(lambda: self._flipped(sprite)),
        ))

    def _swap_side(self, sprite: CardSprite) -> None:
        sprite.shown_up = sprite.card.face_up
        self._dress(sprite)

    def _flipped(self, sprite: CardSprite) -> None:
        """A flip ended: flip again if the card changed sides meanwhile, else settle."""
        if sprite.shown_up != sprite.card.face_up:
            self._turn(sprite, 0.0)
        elif sprite.pile in self.piles and sprite in self.piles[sprite.pile]:
            self._cover(sprite.pile)


def _shower(sprite: CardSprite):
    def show() -> None:
        sprite.visible = True
    return show
