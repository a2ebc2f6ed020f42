"""The Leap Frog table under test: a real App on the dummy display, fed constructed events.

Computer players answer with the AI's fast greedy move, so whole games take little time; the
table is advanced by fixed update steps, waiting for the computer's thread when it thinks.
"""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.ai.leap_frog.players import greedy_move
from game.engine.app import App
from game.engine.audio import Audio
from game.engine.timestep import STEP
from game.rules.history import History
from game.rules.leap_frog import RULES
from game.scenes.context import Context
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.leap_frog.seats import Lineup
from game.scenes.menu import MenuScene
from game.store import SaveSlots, Settings, Statistics

SIZE = (1280, 800)


def greedy_chooser(state, strength, cancel, seed):
    return greedy_move(state)


@pytest.fixture(autouse=True)
def fast_computer(monkeypatch):
    monkeypatch.setattr(LeapFrogBoardScene, "chooser", staticmethod(greedy_chooser))


@pytest.fixture
def context(private_data_folder) -> Context:
    settings = Settings(folder=private_data_folder)
    return Context(settings, Statistics(private_data_folder), SaveSlots(private_data_folder),
                   Audio(enabled=False), make_menu=MenuScene)


def new_match(seed: int = 3, kinds=("human", "computer"), **options) -> Match:
    state = RULES.new_game(seed, players=len(kinds), **options)
    return Match(History.start(state), Lineup.of(kinds))


class Table:
    """A Leap Frog table in an App, with helpers that send mouse and key events."""

    def __init__(self, context: Context, match: Match | None = None, *, size=SIZE,
                 scene: LeapFrogBoardScene | None = None) -> None:
        self.context = context
        self.scene = scene or LeapFrogBoardScene(context, match or new_match())
        self.app = App(size=size)
        self.app.stack.push(self.scene)
        self.app.stack.apply_pending()
        self.settle()

    @property
    def match(self) -> Match:
        return self.scene.match

    @property
    def state(self):
        return self.scene.match.state

    @property
    def top(self):
        return self.app.stack.top

    def settle(self) -> None:
        """Finish the animations (not a computer's turn still to come) and draw."""
        self.app.stack.apply_pending()
        while self.scene.view.busy or self.scene.tweens.active:
            self.app.stack.update(STEP)
        self.app.stack.apply_pending()
        self.app.draw()

    def run(self, until, limit_seconds: float = 600.0) -> None:
        """Step time until `until()` holds, letting computer players think as needed."""
        for step in range(int(limit_seconds / STEP)):
            if until():
                return
            thought = self.scene.computer.thought
            if thought is not None and not thought.ready:
                assert thought.join(10.0), "the computer player never answered"
            self.app.stack.apply_pending()
            self.app.stack.update(STEP)
            if step % 240 == 0:
                self.app.draw()
        raise AssertionError("the table never got there")

    def click_tool(self, label: str) -> None:
        """Click the toolbar's button of this label."""
        toolbar = self.scene.controls.toolbar
        button = next(button for button in toolbar.buttons if button.label == label)
        self.click(button.rect.center)
        self.app.stack.apply_pending()

    def centre(self, cell) -> tuple[int, int]:
        return self.scene.layout.cell_rect(cell).center

    def send(self, *events: pygame.event.Event) -> None:
        self.app.run_frame(0.0, events)

    def press(self, pos, button: int = 1) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))

    def release(self, pos, button: int = 1) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def move_mouse(self, pos) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))

    def click(self, pos, button: int = 1) -> None:
        self.press(pos, button)
        self.release(pos, button)

    def click_cell(self, cell, button: int = 1) -> None:
        self.click(self.centre(cell), button)

    def drag(self, cells, steps: int = 6) -> None:
        """Press on the first square and carry the marble through the others in turn."""
        points = [self.centre(cell) for cell in cells]
        self.press(points[0])
        for start, end in pairwise(points):
            for step in range(1, steps + 1):
                self.move_mouse((start[0] + (end[0] - start[0]) * step // steps,
                                 start[1] + (end[1] - start[1]) * step // steps))
        self.release(points[-1])

    def key(self, code: int, mod: int = 0) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))

    def close(self) -> None:
        self.app.close()


@pytest.fixture
def make_table(context):
    tables = []

    def make(match: Match | None = None, **options) -> Table:
        table = Table(context, match, **options)
        tables.append(table)
        return table

    yield make
    for table in tables:
        table.close()


def leap_for(state, *, extendable: bool):
    """A single leap after which the piece can (or cannot) leap on, or None."""
    for leap in RULES.single_leaps(state):
        if bool(RULES.next_landings(state, leap.path)) == extendable:
            return leap
    return None


def played_until(match: Match, wanted, limit: int = 400) -> Match:
    """Play the AI's greedy turns on `match` until a person is to move and `wanted(state)`."""
    for _ in range(limit):
        if match.human_to_move and wanted(match.state):
            return match
        match.play(greedy_move(match.state))
    raise AssertionError("no such position came up")
