"""What the resilience tests share: the real app started on the test's data folder, the
invariants every table keeps, and mouse gestures that make a legal move on any table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pygame

from game.app import LeapsApp, first_scenes, load_context
from game.bench.probes import card_point
from game.cli import parse_args
from game.rules.moves import Leap, RemovePiece
from game.scenes.context import Context
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.notice import show_notices
from game.scenes.table.scene import CardTableScene

TABLE_TYPES = (CardTableScene, LeapFrogBoardScene)


def start_app(argv: list[str], size: tuple[int, int] = (1280, 800), *,
              autosave: bool = False, app_type: type = LeapsApp) -> tuple[LeapsApp, Context]:
    """Start as `game.app.run` does: the player's files, the window, the first scenes and
    any notices, then one frame."""
    context = load_context(autosave=autosave)
    app = app_type(size)
    for scene in first_scenes(context, parse_args(argv)):
        app.stack.push(scene)
    show_notices(app.stack, context)
    app.run_frame(0.0)
    return app, context


def tables_on(app) -> list:
    return [scene for scene in app.stack.scenes if isinstance(scene, TABLE_TYPES)]


# Invariants ----------------------------------------------------------------------------------


def rules_and_state(table) -> tuple[object, object]:
    if isinstance(table, LeapFrogBoardScene):
        return table.match.rules, table.match.state
    return table.game.rules, table.session.state


def pieces(state_dict: dict) -> Counter:
    """Every card (face up or down) or marble a state dict holds, wherever it lies."""
    found: Counter = Counter()

    def walk(value: object) -> None:
        if isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found[value.upper()] += 1

    for value in state_dict.values():
        if isinstance(value, list):
            walk(value)
    return found


def first_state(table) -> object:
    board = isinstance(table, LeapFrogBoardScene)
    history = table.match.history if board else table.session.history
    return history.states[0]


def table_problems(table, known_good: dict[int, object] | None = None) -> Iterator[str]:
    """What is wrong with the table: its cards not conserved, its state not a legal state, or
    its view not showing its history's current state.

    States are immutable, so one found sound need not be checked again: `known_good` keeps
    those (by id) to skip the rules' part for them.
    """
    rules, state = rules_and_state(table)
    if known_good is None or known_good.get(id(state)) is not state:
        yield from state_problems(table, rules, state)
        if known_good is not None:
            known_good[id(state)] = state
    if table.size[0] <= 0:
        return  # not laid out yet: no view to compare
    yield from (board_view_problems(table, state) if isinstance(table, LeapFrogBoardScene)
                else card_view_problems(table, state))


def state_problems(table, rules, state) -> Iterator[str]:
    data = rules.to_dict(state)
    if rules.from_dict(data) != state:
        yield "from_dict(to_dict(state)) differs from the state"
    dealt = pieces(rules.to_dict(first_state(table)))
    if pieces(data) != dealt:
        yield f"cards not conserved: {pieces(data) - dealt} appeared, {dealt - pieces(data)} went"


def card_view_problems(table: CardTableScene, state) -> Iterator[str]:
    piles = table.game.piles(state)
    shown = table.view.piles
    for key, cards in piles.items():
        sprites = shown.get(key, [])
        if [sprite.card for sprite in sprites] != list(cards):
            yield f"pile {key} shows {[s.card.code for s in sprites]}, holds " \
                  f"{[card.code for card in cards]}"
        if any(sprite.pile != key for sprite in sprites):
            yield f"a sprite of pile {key} thinks it lies elsewhere"
    extra = {key for key, sprites in shown.items() if sprites and key not in piles}
    if extra:
        yield f"the view shows piles the state does not have: {extra}"


def board_view_problems(table: LeapFrogBoardScene, state) -> Iterator[str]:
    size = state.options.size
    board = {divmod(square, size): piece for square, piece in enumerate(state.board)
             if piece is not None}
    shown = {tuple(cell): sprite.data for cell, sprite in table.view.marbles.items()}
    if shown != board:
        yield f"the board shows {len(shown)} marbles, the state has {len(board)}"
    for player, taken in enumerate(state.captured):
        tray = sorted(sprite.data for sprite in table.view.trays[player])
        # A computer's chain being shown sends each marble it jumps to the tray only as it
        # is jumped: until the view is still, the tray may lack some the state has taken.
        if tray != sorted(taken) and not (table.view.busy and Counter(tray) <= Counter(taken)):
            yield f"player {player}'s tray shows {tray}, the state has {sorted(taken)}"


# Gestures -----------------------------------------------------------------------------------


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def drag(start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> list:
    """Press at `start`, move there in `steps`, let go."""
    path = [(round(start[0] + (end[0] - start[0]) * step / steps),
             round(start[1] + (end[1] - start[1]) * step / steps)) for step in range(1, steps + 1)]
    return [mouse(pygame.MOUSEBUTTONDOWN, start),
            *(mouse(pygame.MOUSEMOTION, point) for point in path),
            mouse(pygame.MOUSEBUTTONUP, end)]


def click(pos: tuple[int, int], button: int = 1) -> list:
    return [mouse(pygame.MOUSEBUTTONDOWN, pos, button), mouse(pygame.MOUSEBUTTONUP, pos, button)]


def legal_gesture(table, choose=lambda moves: moves[0]) -> list | None:
    """Mouse events that make one of the legal moves (picked by `choose`), or None if the
    table has none it can make with the mouse now."""
    if isinstance(table, LeapFrogBoardScene):
        return _board_gesture(table, choose)
    game = table.game
    legal = table.session.legal_moves()
    moves = [move for move in legal if game.move_parts(move) is not None]
    stock = game.stock_move(legal)
    if stock is not None and game.stock_pile in table.view.layout.piles:
        moves.append(stock)
    if not moves:
        return None
    move = choose(moves)
    if move is stock:
        return click(table.view.top_rect(game.stock_pile).center)
    parts = game.move_parts(move)
    start = card_point(table, parts.source, len(table.view.piles[parts.source]) - parts.count)
    return drag(start, table.view.pile_area(parts.target).center)


def _board_gesture(table: LeapFrogBoardScene, choose) -> list | None:
    if not table.accepts_input:
        return None
    moves = table.match.rules.legal_moves(table.match.state)
    removals = [move for move in moves if isinstance(move, RemovePiece)]
    if removals:
        return click(table.layout.cell_rect(choose(removals).square).center)
    leaps = [move for move in moves if isinstance(move, Leap) and len(move.path) == 2]
    if not leaps:
        return None
    start, end = (table.layout.cell_rect(cell).center for cell in choose(leaps).path)
    return [*drag(start, end), *click(end, 3)]  # the right-click ends a chain that could go on
