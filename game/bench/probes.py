"""What the frame benchmark does on each table: the gestures it makes and the animations it
starts, through `CardTableProbe` (the card tables) and `BoardProbe` (the Leap Frog board).

Both offer `prepare()` (a game under way), `drag()` (the mouse events of each frame of a
drag), `animations()` (each step starts the next busiest animation) and `animating()`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

import pygame

from game.rules.history import History
from game.rules.leap_frog import RULES
from game.rules.leap_year import RULES as LEAP_YEAR
from game.rules.moves import STOCK, Leap
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.leap_frog.seats import COMPUTER, HUMAN, Lineup
from game.scenes.table import commands

DT = 1.0 / 60.0  # frames advance a fixed step, so animations run as at 60 frames a second
SEED = 7
BURST_DEALS = 4  # Leap Year stock deals made in one frame: 32 cards in flight
CHAIN_HOPS = 4  # leaps in the computer's chain on the Leap Frog board
LEAP_FROG_SIZE = 18
DRAG_STROKE_FRAMES = 90  # frames of motion before the card is let go and picked up again


def moving_pieces(scene) -> Callable[[], int]:
    """A counter of the table's sprites that moved since it was last asked."""
    last: dict[int, tuple[float, float]] = {}

    def count() -> int:
        moved = 0
        for sprite in scene.renderer.sprites:
            pos = (sprite.x, sprite.y, sprite.scale_x)
            if last.get(id(sprite), pos) != pos:
                moved += 1
            last[id(sprite)] = pos
        return moved

    return count


def drag_frames(start: tuple[int, int], radius: float) -> Iterator[list]:
    """Press at `start`, carry round a circle of `radius` one motion per frame, let go; again."""
    while True:
        yield [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
        for step in range(1, DRAG_STROKE_FRAMES):
            angle = 2 * math.pi * step / DRAG_STROKE_FRAMES
            pos = (round(start[0] + radius * math.sin(angle)),
                   round(start[1] + radius * (1 - math.cos(angle))))
            yield [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))]
        yield [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)]


class CardTableProbe:
    """Gestures and animations of a card table (`game.scenes.table.scene.CardTableScene`)."""

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene

    def prepare(self) -> None:
        """Make one move, so the game is under way and its clock runs."""
        scene = self.scene
        moves = scene.session.legal_moves()
        with_cards = [move for move in moves if scene.game.move_parts(move) is not None]
        scene.play((with_cards or moves)[0])
        self.app.settle()

    def drag(self) -> Iterator[list]:
        scene = self.scene
        parts = next(parts for parts in map(scene.game.move_parts, scene.session.legal_moves())
                     if parts is not None)
        start = card_point(scene, parts.source, len(scene.view.piles[parts.source])
                           - parts.count)
        return drag_frames(start, scene.view.layout.card_width * 1.2)

    def animations(self) -> Iterator[None]:
        """Each step starts the next animation; the caller runs frames until it is over."""

        scene = self.scene
        while True:
            if scene.game.rules is LEAP_YEAR:  # the busiest table: deals in bursts
                for _ in range(BURST_DEALS):
                    scene.play(STOCK)
                yield
                for _ in range(BURST_DEALS):
                    scene.undo()
            else:
                commands.restart(scene)
            yield

    def animating(self) -> bool:
        return not self.app.is_idle()


def card_point(scene, key, index: int) -> tuple[int, int]:
    """A point where card `index` of pile `key` is the topmost card under the mouse."""
    rect = scene.view.layout.piles[key].card_rects(
        [sprite.card for sprite in scene.view.piles[key]])[index]
    for fraction in (0.5, 0.25, 0.1, 0.03):
        point = (rect.centerx, rect.top + max(1, round(rect.height * fraction)))
        if scene.view.card_at(point) == (key, index):
            return point
    raise LookupError(f"card {index} of {key} is covered everywhere")


class BoardProbe:
    """Gestures and animations of the Leap Frog table, on an 18x18 board in mid-game.

    The position comes from seeded random play until the player to move has a chain of
    `CHAIN_HOPS` leaps. People sit in every seat for idling and dragging; for the animation
    the player to move is a computer player, who plays that longest chain.
    """

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene
        self.history, self.chain = chain_position(SEED)

    def _table(self, computer_to_move: bool):

        chain = self.chain

        class ChainTable(LeapFrogBoardScene):
            """The table, its computer player answering with the chain at once."""

            chooser = staticmethod(lambda *_: chain)

        state = self.history.state
        kinds = [HUMAN] * state.options.players
        if computer_to_move:
            kinds[state.to_move] = COMPUTER
        return ChainTable(self.scene.context, Match(self.history, Lineup.of(kinds)),
                          fresh=False)

    def _show(self, table) -> None:
        self.app.stack.replace(table)
        self.app.stack.apply_pending()
        self.scene = table

    def prepare(self) -> None:
        self._show(self._table(computer_to_move=False))
        self.app.settle()

    def drag(self) -> Iterator[list]:
        start = self.scene.layout.cell_rect(self.chain.path[0]).center
        return drag_frames(start, self.scene.layout.cell * 0.7)

    def animations(self) -> Iterator[None]:
        """Each step seats a computer player to move and lets it start its chain (the frames
        before it moves are not the animation, so they are run here, untimed)."""
        while True:
            self._show(self._table(computer_to_move=True))
            for _ in range(60 * 30):
                if self.scene.match.history.position > 0:
                    break
                thought = self.scene.computer.thought
                if thought is not None and not thought.ready:
                    thought.join(1.0)
                self.app.run_frame(DT)
            else:
                raise RuntimeError("the computer player never moved")
            yield

    def animating(self) -> bool:
        return self.scene.view.busy


def chain_position(seed: int):
    """(history, chain): a seeded 18x18 game played at random until a long chain is there."""

    picker = random.Random(seed)
    for game_seed in range(seed, seed + 100):
        state = RULES.new_game(game_seed, size=LEAP_FROG_SIZE)
        while not RULES.is_over(state):
            moves = RULES.legal_moves(state)
            longest = max((move for move in moves if isinstance(move, Leap)),
                          key=lambda move: len(move.path), default=None)
            if longest is not None and len(longest.path) > CHAIN_HOPS:
                return History.start(state), longest
            state = RULES.apply(state, moves[picker.randrange(len(moves))])
    raise LookupError("no chain long enough in a hundred games")
