"""The table under test: a real App on the dummy display, fed constructed events."""

from __future__ import annotations

import pygame
import pytest

from game.engine.app import App
from game.engine.audio import Audio
from game.engine.scene import Scene
from game.rules.history import History
from game.scenes.context import Context
from game.scenes.menu import MenuScene
from game.scenes.table.game import TableGame
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.scene import CardTableScene
from game.scenes.table.session import Session
from game.store import SaveSlots, Settings, Statistics

SIZE = (1280, 800)


@pytest.fixture(autouse=True)
def pygame_modules():
    pygame.display.init()
    pygame.font.init()


@pytest.fixture
def context(private_data_folder) -> Context:
    settings = Settings(folder=private_data_folder)
    return Context(settings, Statistics(private_data_folder), SaveSlots(private_data_folder),
                   Audio(enabled=False), make_menu=MenuScene)


class Clock:
    """Time for the table that moves only when a test says so."""

    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms

    def seconds(self) -> float:
        return self.ms / 1000.0


class Table:
    """A table (Klondike's unless another `game` is given) in an App, with helpers that send
    mouse and key events. The first deal's flight is skipped (`snap`): the cards start at
    rest, as they would after it, without the hundreds of frames it takes; moves made by the
    test fly as in play. `snap=False` keeps the flight for a test about it."""

    def __init__(self, context: Context, state=None, *, scene: CardTableScene | None = None,
                 game: TableGame | None = None, size=SIZE, settle: bool = True,
                 snap: bool = True, below: Scene | None = None) -> None:
        self.context = context
        self.clock = Clock()
        if scene is None:
            game = game or KlondikeTable(context)
            scene = CardTableScene(context, game,
                                   Session(game.rules, History.start(state),
                                           now=self.clock.seconds),
                                   now_ms=self.clock)
        self.scene = scene
        self.app = App(size=size)
        if below is not None:
            self.app.stack.push(below)
        self.app.stack.push(scene)
        self.app.stack.apply_pending()
        if snap:
            scene.tweens.finish_all()
        if settle:
            self.settle()

    @property
    def state(self):
        return self.scene.session.state

    @property
    def top(self):
        return self.app.stack.top

    def settle(self) -> None:
        assert self.app.settle(), "the table never came to rest"
        self.app.draw()

    def send(self, *events: pygame.event.Event) -> None:
        self.app.run_frame(0.0, events)

    def centre_of(self, pile, index: int = -1) -> tuple[int, int]:
        """Where a card of `pile` lies according to the state (not where it may be flying)."""
        cards = self.scene.game.piles(self.state)[pile]
        return self.scene.view.layout.piles[pile].card_rects(cards)[index].center

    def press(self, pos, button: int = 1) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))

    def release(self, pos, button: int = 1) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def move_mouse(self, pos) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))

    def click(self, pos, button: int = 1) -> None:
        self.clock.ms += 1000  # far apart from any earlier click: never a double-click
        self.press(pos, button)
        self.release(pos, button)

    def double_click(self, pos) -> None:
        self.click(pos)
        self.clock.ms += 100
        self.press(pos)
        self.release(pos)

    def drag(self, start, end, steps: int = 4) -> None:
        self.press(start)
        for step in range(1, steps + 1):
            self.move_mouse((start[0] + (end[0] - start[0]) * step // steps,
                             start[1] + (end[1] - start[1]) * step // steps))
        self.release(end)

    def key(self, code: int, mod: int = 0) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))

    def close(self) -> None:
        self.app.close()


@pytest.fixture
def make_table(context):
    tables = []

    def make(state=None, **options) -> Table:
        table = Table(context, state, **options)
        tables.append(table)
        return table

    yield make
    for table in tables:
        table.close()
