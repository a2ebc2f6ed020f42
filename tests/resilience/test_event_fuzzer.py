"""Seeded random input through the real app: no exception, and every table stays sound.

Each segment starts the app as `main.py` does and feeds it thousands of events, one per frame
of a fixed 1/120 s: clicks, drags, double- and right-clicks, the wheel, shortcut keys, digits,
window resizes and focus changes, mostly aimed at what is on screen (cards, buttons, panels),
and often a legal move made with the mouse, so that games progress and even end. Scenes
are reached only through the interface; a segment for a table opens it directly and again
whenever play has wandered away from it for long. After every event every table on the stack
must hold its cards, be in a legal state and show exactly that state.

Everything is reproducible from the seed: deals come from the seeded `random`, the
double-click clock advances with the frames, and the computer player of Leap Frog is its
greedy one, waited for after every frame. A failure names the seed, segment and event index.
Most frames skip the final drawing (one in `DRAW_EVERY` is drawn) to keep the run short.
"""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest

from game.ai.leap_frog.players import greedy_move
from game.app import LeapsApp
from game.scenes.dialogs import NumberDialog
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.table.scene import CardTableScene
from game.scenes.tables import TABLES, open_table

from .helpers import click, legal_gesture, mouse, start_app, table_problems, tables_on

# One group, run whole on one worker, so the last test sees every segment's scenes.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("event_fuzzer")]

SEED = 20240229
EVENTS_PER_SEGMENT = 3_500
DT = 1.0 / 120.0  # one update step per event: input often meets cards in flight
DRAW_EVERY = 20
PLAYER_STRETCH = 400  # events in a stretch; every third stretch plays rather than fools about
REOPEN_AFTER = 40  # events away from a segment's table before it is opened again
SIZES = ((640, 480), (800, 600), (1024, 768), (1280, 800), (1366, 768), (1600, 900),
         (1920, 1080), (720, 1000))
CTRL, SHIFT = pygame.KMOD_CTRL, pygame.KMOD_SHIFT
KEYS = ((pygame.K_z, CTRL), (pygame.K_y, CTRL), (pygame.K_z, CTRL | SHIFT), (pygame.K_F2, 0),
        (pygame.K_ESCAPE, 0), (pygame.K_RETURN, 0), (pygame.K_KP_ENTER, 0), (pygame.K_LEFT, 0),
        (pygame.K_RIGHT, 0), (pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_h, 0),
        (pygame.K_F1, 0), (pygame.K_SPACE, 0), (pygame.K_TAB, 0), (pygame.K_TAB, SHIFT),
        (pygame.K_BACKSPACE, 0), (pygame.K_PAGEDOWN, 0), (pygame.K_HOME, 0), (pygame.K_END, 0),
        (pygame.K_5, 0), (pygame.K_a, 0), (pygame.K_q, CTRL))
DIGITS = tuple(range(pygame.K_0, pygame.K_9 + 1))
WINDOW_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWEXPOSED,
                 pygame.WINDOWSHOWN, pygame.WINDOWLEAVE, pygame.WINDOWENTER,
                 pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)


class SparseDrawingApp(LeapsApp):
    """The game's App, presenting only one frame in `DRAW_EVERY` of those it would draw."""

    asked = 0

    def draw(self) -> None:
        self.asked += 1
        if self.asked % DRAW_EVERY == 0:
            super().draw()


def greedy_chooser(state, strength, cancel, seed):
    return greedy_move(state)


@pytest.fixture(autouse=True)
def reproducible(monkeypatch):
    """The double-click clock runs with the frames; the computer player answers at once."""
    clock = FrameClock()
    monkeypatch.setitem(CardTableScene.__init__.__kwdefaults__, "now_ms", clock)
    monkeypatch.setattr(LeapFrogBoardScene, "chooser", staticmethod(greedy_chooser))
    state = random.getstate()
    yield clock
    random.setstate(state)


class FrameClock:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def hot_rects(scene) -> list[pygame.Rect]:
    """Rectangles worth clicking in `scene`: its panels, buttons, tiles, piles and cards."""
    found: list[pygame.Rect] = []

    def take(value: object, depth: int = 0) -> None:
        if isinstance(value, pygame.Rect):
            if value.width > 0 and value.height > 0:
                found.append(value)
        elif isinstance(getattr(value, "rect", None), pygame.Rect):
            take(value.rect)
        elif isinstance(value, list | tuple) and depth == 0:
            for item in value:
                take(item, 1)
        if depth == 0 and isinstance(getattr(value, "buttons", None), list):
            take(value.buttons)

    for value in vars(scene).values():
        take(value)
    if isinstance(scene, CardTableScene) and scene.view.layout is not None:
        for key, sprites in scene.view.piles.items():
            found += scene.view.layout.piles[key].card_rects([s.card for s in sprites])
            found.append(scene.view.layout.piles[key].rect)
    if isinstance(scene, LeapFrogBoardScene) and scene.layout is not None:
        found.append(scene.layout.board)
    menu = getattr(getattr(scene, "toolbar", None), "menu", None)
    if menu is not None:  # the More button's tools, a row each
        found += [pygame.Rect(menu.rect.x, menu.rect.y + 4 + row * menu.row, menu.rect.width,
                              menu.row) for row in range(len(menu.tools))]
    return found


class Fuzzer:
    """Feeds one segment's events to a fresh app and checks the tables after each."""

    def __init__(self, seed: int, segment: str, clock: FrameClock) -> None:
        self.seed, self.segment, self.clock = seed, segment, clock
        self.rng = random.Random(seed)
        random.seed(seed)  # the deals the game picks itself
        self.index = 0
        self.away = 0  # events since the segment's table was last on the stack
        self.tops: Counter = Counter()  # events handled by each kind of top scene
        self.moves = 0  # moves made (or taken back) at the tables
        self.sound_states: dict[int, object] = {}  # states already checked, by id
        self._start()

    def _start(self) -> None:
        self.app, self.context = start_app([], app_type=SparseDrawingApp)
        if self.segment in TABLES:
            self._open_table()

    def _open_table(self) -> None:
        self.app.stack.push(open_table(self.context, self.segment))
        self.away = 0

    def close(self) -> None:
        self.app.close()

    # Running ------------------------------------------------------------------------------

    def run(self, events: int) -> None:
        while self.index < events:
            for event in self.gesture():
                self.feed(event)

    def feed(self, event: pygame.event.Event) -> None:
        where = f"seed {self.seed}, segment {self.segment}, event {self.index} {event}"
        before = self._positions()
        try:
            self.app.run_frame(DT, [event])
            self._wait_for_computers()
        except Exception as error:
            raise AssertionError(f"{where}: {error!r}") from error
        self.clock.ms += round(DT * 1000)
        self.index += 1
        self.tops[type(self.app.stack.top).__name__] += 1
        for table in tables_on(self.app):
            problems = list(table_problems(table, self.sound_states))
            assert not problems, f"{where}: {type(table).__name__}: {problems}"
        self.moves += sum(1 for pair in zip(before, self._positions(), strict=False)
                          if pair[0] != pair[1])
        self._keep_going()

    def _positions(self) -> list[int]:
        return [len(table.match.history.played if isinstance(table, LeapFrogBoardScene)
                    else table.session.history.played) for table in tables_on(self.app)]

    def _wait_for_computers(self) -> None:
        for table in tables_on(self.app):
            if isinstance(table, LeapFrogBoardScene) and table.computer.thought is not None:
                assert table.computer.thought.join(10.0), "the computer player never answered"

    def _keep_going(self) -> None:
        """Start again after a quit; bring the segment's table back after a long absence."""
        if self.app.stack.quit_requested or self.app.stack.empty:
            self.app.close()
            self._start()
            return
        if self.segment in TABLES:
            here = any(self._is_segment_table(table) for table in tables_on(self.app))
            self.away = 0 if here else self.away + 1
            if self.away > REOPEN_AFTER:
                self._open_table()

    def _is_segment_table(self, table) -> bool:
        game_id = "leap_frog" if isinstance(table, LeapFrogBoardScene) else table.game.game_id
        return game_id == self.segment

    # Events -------------------------------------------------------------------------------

    def gesture(self) -> list[pygame.event.Event]:
        """The next gesture: in "wild" stretches anything at all; in "player" stretches
        mostly legal moves among a few stray clicks, so that games reach their end."""
        top = self.app.stack.top
        at_table = top is not None and top in tables_on(self.app)
        playing = (self.index // PLAYER_STRETCH) % 3 == 2
        kinds = {
            self._legal: (70 if playing else 12) if at_table else 0,
            self._click: 18, self._drag: 8, self._double_click: 5, self._right_click: 4,
            self._motion: 8, self._wheel: 0 if playing else 3, self._key: 0 if playing else 22,
            self._resize: 0 if playing else 1, self._window: 0 if playing else 2,
            self._digits: 30 if isinstance(top, NumberDialog) else 0,
            self._fullscreen: 0 if playing else 0.2,
        }
        choice = self.rng.choices(list(kinds), weights=list(kinds.values()))[0]
        return choice()

    def _point(self) -> tuple[int, int]:
        width, height = self.app.size
        rects = hot_rects(self.app.stack.top) if self.app.stack.top else []
        if rects and self.rng.random() < 0.6:
            rect = self.rng.choice(rects)
            return (self.rng.randrange(rect.left, rect.right),
                    self.rng.randrange(rect.top, rect.bottom))
        return self.rng.randrange(width), self.rng.randrange(height)

    def _near(self, pos: tuple[int, int], reach: int = 200) -> tuple[int, int]:
        return (pos[0] + self.rng.randint(-reach, reach), pos[1] + self.rng.randint(-reach, reach))

    def _legal(self) -> list:
        gesture = legal_gesture(self.app.stack.top, self.rng.choice)
        return gesture or self._click()

    def _click(self) -> list:
        return click(self._point())

    def _double_click(self) -> list:
        return click(self._point()) * 2

    def _right_click(self) -> list:
        return click(self._point(), 3)

    def _drag(self) -> list:
        start = self._point()
        moves = [mouse(pygame.MOUSEMOTION, self._near(start))
                 for _ in range(self.rng.randint(1, 8))]
        return [mouse(pygame.MOUSEBUTTONDOWN, start), *moves,
                mouse(pygame.MOUSEBUTTONUP, self._near(start))]

    def _motion(self) -> list:
        return [mouse(pygame.MOUSEMOTION, self._point())]

    def _wheel(self) -> list:
        if self.rng.random() < 0.5:
            return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=self.rng.randint(-3, 3),
                                       flipped=False, precise_x=0.0, precise_y=0.0)]
        return click(self._point(), self.rng.choice((4, 5)))

    def _key(self) -> list:
        key, mod = self.rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]

    def _digits(self) -> list:
        return [pygame.event.Event(pygame.KEYDOWN, key=self.rng.choice(DIGITS), mod=0,
                                   unicode="", scancode=0) for _ in range(self.rng.randint(1, 4))]

    def _resize(self) -> list:
        if self.app.fullscreen:
            return self._key()
        width, height = self.rng.choice(SIZES)
        pygame.display.set_mode((width, height), pygame.RESIZABLE)
        if self.rng.random() < 0.5:
            return [pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width,
                                       h=height)]
        return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=height)]

    def _window(self) -> list:
        return [pygame.event.Event(self.rng.choice(WINDOW_EVENTS))]

    def _fullscreen(self) -> list:
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="",
                                   scancode=0)]


SEGMENTS = ["menu", *TABLES]
EVERY_SCENE = {"MenuScene", "OptionsScene", "StatsScene", "HelpScene", "SummaryScene",
               "ConfirmDialog", "DealDialog", "CardTableScene", "LeapFrogBoardScene"}


@pytest.fixture(scope="module")
def scenes_fuzzed() -> dict[str, Counter]:
    """Each segment's events by the scene on top, for the check that all were reached."""
    return {}


@pytest.mark.parametrize("segment", SEGMENTS)
def test_random_input_breaks_nothing(segment, reproducible, scenes_fuzzed):
    fuzzer = Fuzzer(SEED + SEGMENTS.index(segment), segment, reproducible)
    try:
        fuzzer.run(EVENTS_PER_SEGMENT)
    finally:
        fuzzer.close()
    scenes_fuzzed[segment] = fuzzer.tops
    assert fuzzer.moves >= 100, "the tables were hardly played"
    assert sum(fuzzer.tops[kind] for kind in ("CardTableScene", "LeapFrogBoardScene")) \
        >= EVENTS_PER_SEGMENT // 4, "the tables were hardly on top"
    assert {"MenuScene", "HelpScene", "ConfirmDialog"} <= set(fuzzer.tops)


def test_every_scene_was_fuzzed(scenes_fuzzed):
    if set(scenes_fuzzed) != set(SEGMENTS):
        pytest.skip("needs every segment's run")
    reached = set().union(*scenes_fuzzed.values())
    assert reached >= EVERY_SCENE, f"never reached: {EVERY_SCENE - reached}"
    assert sum(sum(tops.values()) for tops in scenes_fuzzed.values()) >= 20_000
