"""The marbles on the board and in the trays, as sprites that tween toward the game.

Marbles at rest are baked into the renderer's static layer, so only the ones in motion cost
anything per frame. `show` puts every marble where the state says at once (a new game, undo,
a resize); the other methods animate one turn: a person's chain hop by hop, a computer's leap
as a run of arcs, captured marbles flying to their player's tray. The view runs its own
tweens, so snapping to a new state can stop every one of them without touching the scene's.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise

from game.art.pegs import marble
from game.engine.easing import Easing, in_out_cubic, linear, out_back, out_cubic
from game.engine.layers import LayeredRenderer
from game.engine.sprites import Point, Sprite
from game.engine.timeline import Call, Wait
from game.engine.timeline import Sequence as Steps
from game.engine.tween import Animation, TweenManager, ValueTween
from game.rules.leap_frog import LeapFrogBoardState
from game.rules.moves import Cell
from game.scenes.leap_frog.layout import TableLayout

HOP_SECONDS = 0.26  # one leap of a computer's chain
STEP_HOP_SECONDS = 0.16  # one leap a person clicks
GLIDE_SECONDS = 0.12  # a dropped marble settling into its hole
FLIGHT_SECONDS = 0.55  # a captured marble on its way to the tray
FLIGHT_STAGGER = 0.09
DEAL_SECONDS = 0.32
DEAL_STAGGER = 0.018  # per diagonal of the board
HOP_LIFT = 0.22  # how much bigger a marble looks at the top of its hop
GHOST_ALPHA = 90  # a piece jumped in a chain not yet ended
Z_BOARD, Z_TRAY, Z_FLYING, Z_MOVER = 0, 1, 50, 100

Sound = Callable[[str], None]


def _arc(sprite: Sprite, start: Point, end: Point, seconds: float, height: float, *,
         lift: float = HOP_LIFT, scale_end: float = 1.0, ease: Easing = in_out_cubic,
         on_complete: Callable[[], None] | None = None) -> ValueTween:
    """Carry `sprite` from `start` to `end` over a rise of `height` pixels, growing on the
    way up as if it came off the board, and ending at `scale_end`."""

    def place(t: float) -> None:
        bump = math.sin(math.pi * max(0.0, min(1.0, t)))
        sprite.pos = (start[0] + (end[0] - start[0]) * t,
                      start[1] + (end[1] - start[1]) * t - height * bump)
        scale = 1.0 + (scale_end - 1.0) * t + lift * bump
        sprite.scale_x = sprite.scale_y = scale

    return ValueTween(place, 1.0, seconds, start=0.0, key=(id(sprite), "pos"), ease=ease,
                      on_complete=on_complete)


class BoardView:
    def __init__(self, renderer: LayeredRenderer, sound: Sound = lambda name: None) -> None:
        self.renderer = renderer
        self.tweens = TweenManager()
        self.sound = sound
        self.layout: TableLayout | None = None
        self.marbles: dict[Cell, Sprite] = {}
        self.trays: list[list[Sprite]] = []
        self.flying: set[Sprite] = set()
        self._tray_slot_sizes: list[int] = []

    @property
    def busy(self) -> bool:
        return self.tweens.active

    def update(self, dt: float) -> None:
        self.tweens.update(dt)

    def tray_pieces(self, player: int) -> list[str]:
        """The marbles resting in the player's tray (not those still on their way)."""
        return [sprite.data for sprite in self.trays[player] if sprite not in self.flying]

    # Snapping to a state ------------------------------------------------------------------

    def show(self, state: LeapFrogBoardState, layout: TableLayout,
             chain_path: Sequence[Cell] = (), jumped: Sequence[Cell] = ()) -> None:
        """Every marble where `state` has it, at once; a chain in progress as it stands."""
        self.tweens.kill_all()
        self.renderer.clear()
        self.flying.clear()
        self.layout = layout
        size = state.options.size
        self.marbles = {}
        for square, piece in enumerate(state.board):
            if piece is not None:
                cell = Cell(*divmod(square, size))
                self.marbles[cell] = self._board_sprite(piece, cell)
        self.trays = [[] for _ in state.captured]
        self._tray_slot_sizes = [0] * len(state.captured)
        for player, pieces in enumerate(state.captured):
            self.trays[player] = [self.renderer.add(Sprite(marble(piece, 8), data=piece))
                                  for piece in pieces]
            self._place_tray(player)
        if len(chain_path) > 1:
            self.marbles[chain_path[0]].pos = self._topleft(chain_path[-1])
            for cell in jumped:
                self.marbles[cell].alpha = GHOST_ALPHA

    def deal(self) -> None:
        """The marbles pop into their holes in a wave from the top-left corner."""
        for (row, col), sprite in self.marbles.items():
            sprite.scale_x = sprite.scale_y = 0.05
            self.tweens.add(ValueTween(partial(_set_scale, sprite), 1.0, DEAL_SECONDS,
                                       start=0.05, key=(id(sprite), "scale"),
                                       delay=(row + col) * DEAL_STAGGER, ease=out_back))

    def _board_sprite(self, piece: str, cell: Cell) -> Sprite:
        sprite = Sprite(self.layout.art.marble(piece), self._topleft(cell), z=Z_BOARD,
                        data=piece)
        return self.renderer.add(sprite)

    def _topleft(self, cell: Cell) -> Point:
        rect = self.layout.cell_rect(cell)
        return (float(rect.x), float(rect.y))

    def _tray_image_and_pos(self, player: int, index: int) -> tuple[int, Point]:
        slot = self.layout.tray_slot(player, index, len(self.trays[player]))
        diameter = max(4, slot.width - max(1, slot.width // 7))
        offset = (slot.width - diameter) / 2
        return diameter, (slot.x + offset, slot.y + offset)

    def _place_tray(self, player: int) -> None:
        """Put the resting marbles of a tray in their slots (after it grew or shrank them)."""
        self._tray_slot_sizes[player] = self.layout.slot_size(player, len(self.trays[player]))
        for index, sprite in enumerate(self.trays[player]):
            if sprite not in self.flying:
                self._rest_in_tray(player, index, sprite)

    def _rest_in_tray(self, player: int, index: int, sprite: Sprite) -> None:
        diameter, pos = self._tray_image_and_pos(player, index)
        sprite.image = marble(sprite.data, diameter)
        sprite.scale_x = sprite.scale_y = 1.0
        sprite.alpha = 255
        sprite.pos = pos
        sprite.z = Z_TRAY

    # A person's chain ---------------------------------------------------------------------

    def hop(self, start: Cell, to: Cell, jumped: Cell) -> None:
        """The chosen marble (first on `start`) leaps to `to`; the jumped one turns to a ghost."""
        sprite = self.marbles[start]
        sprite.z = Z_MOVER
        self.tweens.add(_arc(sprite, sprite.pos, self._topleft(to), STEP_HOP_SECONDS,
                             self.layout.cell * 0.5, on_complete=partial(_lower, sprite)))
        self.ghost(jumped)

    def ghost(self, cell: Cell) -> None:
        """The piece on `cell` was jumped in a chain not yet played: show it faded."""
        self.marbles[cell].alpha = GHOST_ALPHA
        self.sound("peg_hop")

    def follow(self, start: Cell, centre: Point) -> None:
        """The chosen marble under the cursor while it is dragged."""
        sprite = self.marbles[start]
        self.tweens.kill(sprite)
        sprite.z = Z_MOVER
        sprite.scale_x = sprite.scale_y = 1.0 + HOP_LIFT / 2
        width, height = sprite.size
        sprite.pos = (centre[0] - width / 2, centre[1] - height / 2)

    def glide(self, start: Cell, to: Cell) -> None:
        """Settle the chosen marble into the hole at `to` (after a drag, or a cancel)."""
        sprite = self.marbles[start]
        end = self._topleft(to)
        self.tweens.add(_arc(sprite, sprite.pos, end, GLIDE_SECONDS, 0.0, lift=0.0,
                             on_complete=partial(_lower, sprite)))

    def cancel_chain(self, path: Sequence[Cell], jumped: Sequence[Cell]) -> None:
        """Undo a chain not yet played: the ghosts come back, the marble goes home."""
        for cell in jumped:
            self.marbles[cell].alpha = 255
        if path:
            self.glide(path[0], path[0])

    def commit_chain(self, player: int, path: Sequence[Cell], jumped: Sequence[Cell]) -> None:
        """The chain has been played: its ghosts fly to the player's tray."""
        _, captured = self._reassign(path, jumped)
        for index, sprite in enumerate(captured):
            self._fly_to_tray(player, sprite, index * FLIGHT_STAGGER)
        self.sound("capture")

    # A computer's turn, and removals -------------------------------------------------------

    def animate_leap(self, player: int, path: Sequence[Cell], jumped: Sequence[Cell],
                     delay: float = 0.0) -> None:
        """The whole chain, hop by hop, each captured marble leaving as it is jumped."""
        mover, captured = self._reassign(path, jumped)
        steps: list[Animation] = [Wait(delay), Call(partial(_lift, [mover, *captured]))]
        height = self.layout.cell * 0.6
        for (here, there), sprite in zip(pairwise(path), captured, strict=True):
            steps.append(Call(partial(self.sound, "peg_hop")))
            steps.append(_arc(mover, self._topleft(here), self._topleft(there), HOP_SECONDS,
                              height))
            steps.append(Call(partial(self._capture, player, sprite)))
        steps.append(Call(partial(_lower, mover)))
        self.tweens.add(Steps(*steps))

    def remove(self, player: int, cell: Cell) -> None:
        """An opening removal: the marble is plucked off the board into the tray."""
        sprite = self.marbles.pop(cell)
        self._fly_to_tray(player, sprite, 0.0)
        self.sound("capture")

    def _capture(self, player: int, sprite: Sprite) -> None:
        self._fly_to_tray(player, sprite, 0.0)
        self.sound("capture")

    def _reassign(self, path: Sequence[Cell], jumped: Sequence[Cell]
                  ) -> tuple[Sprite, list[Sprite]]:
        """Update which marble is where for a played chain (the marble may end where a
        jumped one stood, so the jumped ones leave the board first)."""
        mover = self.marbles.pop(path[0])
        captured = [self.marbles.pop(cell) for cell in jumped]
        self.marbles[path[-1]] = mover
        return mover, captured

    def _fly_to_tray(self, player: int, sprite: Sprite, delay: float) -> None:
        self.tweens.kill(sprite)
        tray = self.trays[player]
        tray.append(sprite)
        self.flying.add(sprite)
        if self.layout.slot_size(player, len(tray)) != self._tray_slot_sizes[player]:
            self._place_tray(player)
        index = len(tray) - 1
        diameter, pos = self._tray_image_and_pos(player, index)
        width, height = sprite.size
        board_diameter = max(6, round(self.layout.cell * 0.8))
        end = (pos[0] + diameter / 2 - width / 2, pos[1] + diameter / 2 - height / 2)
        sprite.alpha = 255
        sprite.z = Z_FLYING + len(self.flying)
        flight = _arc(sprite, sprite.pos, end, FLIGHT_SECONDS, self.layout.cell * 1.5,
                      lift=0.3, scale_end=diameter / board_diameter, ease=out_cubic)
        self.tweens.add(Steps(Wait(delay), flight,
                              Call(partial(self._land, player, sprite))))

    def _land(self, player: int, sprite: Sprite) -> None:
        self.flying.discard(sprite)
        tray = self.trays[player]
        if sprite in tray:
            self._rest_in_tray(player, tray.index(sprite), sprite)

    # The end --------------------------------------------------------------------------------

    def celebrate(self, winners: Sequence[int], seconds: float) -> None:
        """The winners' marbles bounce in their trays, a ripple running along each."""
        for player in winners:
            tray = self.trays[player]
            for index, sprite in enumerate(tray):
                base = sprite.y
                height = max(3.0, sprite.size[1] * 0.6)
                bounce = ValueTween(partial(_bounce, sprite, base, height), 3.0, seconds * 0.7,
                                    start=0.0, key=(id(sprite), "y"),
                                    delay=(index % 24) * 0.03, ease=linear)
                self.tweens.add(bounce)


def _set_scale(sprite: Sprite, scale: float) -> None:
    sprite.scale_x = sprite.scale_y = scale


def _bounce(sprite: Sprite, base: float, height: float, bounces: float) -> None:
    """`bounces` runs 0 to 3: three hops, each lower than the last."""
    hop = bounces % 1.0 if bounces < 3.0 else 0.0
    sprite.y = base - height * (0.6 ** int(bounces)) * math.sin(math.pi * hop)


def _lift(sprites: Sequence[Sprite]) -> None:
    """Raise the marbles about to move above the others, all in the same frame, so the
    renderer takes them out of its static layer with one rebuild instead of one each."""
    for index, sprite in enumerate(sprites):
        sprite.z = Z_MOVER if index == 0 else Z_FLYING + index


def _lower(sprite: Sprite) -> None:
    """Back among the resting marbles once a hop or glide has ended."""
    sprite.z = Z_BOARD
