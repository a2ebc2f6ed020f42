import threading

import pygame
import pytest

from game.engine import app as app_module
from game.engine.app import WAKE_MARGIN_MS, App, wake_loop
from game.engine.scene import Scene
from game.engine.timestep import MAX_STEPS_PER_FRAME
from game.engine.waiting import wait_for_events

from .conftest import key, mouse


class Counting(Scene):
    """Fills the window with its colour and counts what the loop asks of it."""

    def __init__(self):
        super().__init__()
        self.colour = [0.0, 0.0, 0.0]
        self.draws = 0
        self.updates = 0
        self.quits = 0
        self.sizes = []

    def handle_event(self, event):
        return event.type == pygame.MOUSEBUTTONDOWN

    def update(self, dt):
        super().update(dt)
        self.updates += 1

    def resize(self, size):
        super().resize(size)
        self.sizes.append(size)

    def on_quit(self):
        self.quits += 1

    def draw(self, surface):
        self.draws += 1
        surface.fill([round(c) for c in self.colour])

    def fade_to(self, colour, seconds):
        self.tweens.tween(self, "colour", colour, seconds)


@pytest.fixture
def app():
    app = App(size=(640, 480))
    yield app
    app.close()


@pytest.fixture
def scene(app):
    scene = Counting()
    app.stack.push(scene)
    app.run_frame(0.0)
    return scene


def test_window_is_never_smaller_than_the_minimum():
    app = App(size=(100, 100), min_size=(640, 480))
    try:
        assert app.size == (640, 480)
        pygame.display.set_mode((300, 700), pygame.RESIZABLE)  # the user shrinks it
        app.run_frame(0.0, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=300, y=700)])
        assert app.size == (640, 700) and app.stack.size == (640, 700)
    finally:
        app.close()


def test_the_app_surface_is_the_display_surface(app):
    assert pygame.display.get_surface() is app.surface  # art converts images against it
    app.close()
    assert not pygame.display.get_init()


def test_an_idle_scene_is_drawn_once_then_never_again(app, scene):
    assert scene.draws == 1 and app.draw_count == 1
    drawn = [app.run_frame(1 / 60) for _ in range(20)]
    assert drawn == [False] * 20
    assert scene.draws == 1 and app.draw_count == 1
    assert app.is_idle()


def test_ignored_events_do_not_redraw_but_handled_ones_do(app, scene):
    assert not app.run_frame(1 / 60, [mouse(pygame.MOUSEMOTION, (5, 5))])
    assert app.run_frame(1 / 60, [mouse(pygame.MOUSEBUTTONDOWN, (5, 5))])
    assert scene.draws == 2


def test_animation_redraws_every_frame_until_it_settles(app, scene):
    scene.fade_to((200, 0, 0), 0.1)
    frames = [app.run_frame(1 / 60) for _ in range(12)]
    assert frames[:6] == [True] * 6  # 0.1 s at 60 fps
    assert frames[7:] == [False] * 5
    assert app.surface.get_at((1, 1))[:3] == (200, 0, 0)


def test_fixed_steps_follow_frame_time_with_bounded_catch_up(app, scene):
    before = scene.updates
    assert app.step(1 / 60) == 2
    assert app.step(0.5) == MAX_STEPS_PER_FRAME
    assert app.step(0.001) == 0
    assert scene.updates - before == 2 + MAX_STEPS_PER_FRAME


def test_resize_lays_the_scenes_out_again(app, scene):
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    drew = app.run_frame(0.0, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=600)])
    assert drew and scene.size == (800, 600)
    app.run_frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)])
    assert scene.sizes == [(640, 480), (800, 600)]  # the duplicate notice changed nothing


def test_f11_toggles_fullscreen_and_back(app, scene):
    app.run_frame(0.0, [key(pygame.K_F11)])
    assert app.fullscreen and scene.size == app.size
    app.run_frame(0.0, [key(pygame.K_F11)])
    assert not app.fullscreen and scene.size == (640, 480)


def test_leaving_fullscreen_brings_back_the_windows_size_where_the_system_keeps_it(
        app, scene, monkeypatch):
    """X11 without a window manager keeps a window that leaves fullscreen at the screen's
    size the first time it is asked for its own; the window once stayed that big for good."""
    size, screen = app.size, (1920, 1080)
    real = pygame.display.set_mode
    asked = []

    def keeps_the_screens_size_once(wanted, flags=0):
        kept = asked and asked[-1][1] & pygame.FULLSCREEN
        asked.append((wanted, flags))
        return real(screen if flags & pygame.FULLSCREEN or kept else wanted, flags)

    monkeypatch.setattr(pygame.display, "set_mode", keeps_the_screens_size_once)
    app.run_frame(0.0, [key(pygame.K_F11)])
    assert app.fullscreen and app.size == screen
    app.run_frame(0.0, [key(pygame.K_F11)])
    assert not app.fullscreen and app.size == size and scene.size == size
    assert [wanted for wanted, _ in asked] == [(0, 0), size, size]


def test_f11_repaints_the_window_even_when_its_size_stays(app, scene, monkeypatch):
    """The window made again starts blank. Where the system keeps its size (no window
    manager, or a window as big as the screen) no resize follows, and the table once stayed
    black but for what changed, until the next click."""
    size = app.size
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *args, **kwargs: real(size))
    assert not app.run_frame(0.0)  # settled: nothing to draw
    draws = scene.draws
    assert app.run_frame(0.0, [key(pygame.K_F11)])
    assert app.fullscreen and scene.draws == draws + 1 and scene.sizes == [size]
    assert app.run_frame(0.0, [key(pygame.K_F11)])
    assert not app.fullscreen and scene.draws == draws + 2


def test_quit_event_gives_scenes_a_chance_to_save(app, scene):
    app.running = True
    app.run_frame(0.0, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app.close()
    app.close()
    assert scene.quits == 1 and app.stack.empty


def test_max_frames_runs_that_many_frames_then_exits():
    app = App(size=(640, 480), max_frames=3, fps=1000)
    scene = Counting()
    app.run(scene)
    assert app.frame_count == 3 and app.closed and scene.quits == 1


def test_screenshot_waits_for_animations_to_settle(tmp_path):
    path = tmp_path / "shot.png"
    app = App(size=(640, 480), screenshot=path)
    scene = Counting()
    scene.fade_to((0, 0, 250), 2.0)
    app.run(scene)
    image = pygame.image.load(str(path))
    assert image.get_size() == (640, 480)
    assert image.get_at((10, 10))[:3] == (0, 0, 250)
    assert app.closed and scene.quits == 1


def _record_waits(monkeypatch) -> list:
    waits = []

    def fake_wait(timeout_ms):
        waits.append(timeout_ms)
        return [pygame.event.Event(pygame.QUIT)]

    monkeypatch.setattr(app_module, "wait_for_events", fake_wait)
    return waits


def test_an_idle_loop_sleeps_until_an_event(monkeypatch):
    waits = _record_waits(monkeypatch)
    app = App(size=(640, 480))
    scene = Counting()
    app.run(scene)
    assert waits == [None], "nothing changes by itself: no timeout at all"
    assert scene.draws == 1 and scene.quits == 1


def test_an_idle_loop_wakes_when_a_scene_asks(monkeypatch):
    class Ticking(Counting):
        def wake_in(self):
            return 0.25

    waits = _record_waits(monkeypatch)
    App(size=(640, 480)).run(Ticking())
    assert waits == [250 + WAKE_MARGIN_MS]


def test_another_thread_wakes_an_idle_wait_at_once():
    app = App(size=(640, 480))
    try:
        pygame.event.clear()
        # The test's own limit: a wait the wake did not end ends with this QUIT instead.
        pygame.time.set_timer(pygame.QUIT, 5000, 1)
        threading.Timer(0.1, wake_loop).start()
        events = wait_for_events(None)
        assert [event.type for event in events] == [app_module.WAKE_EVENT]
    finally:
        pygame.time.set_timer(pygame.QUIT, 0)
        app.close()


def test_a_scene_that_names_what_changed_is_redrawn_there_only(app, scene, monkeypatch):
    area = pygame.Rect(10, 10, 50, 20)
    scene.redraw_area = lambda: area
    scene.colour = [200, 0, 0]
    app.surface.fill((0, 0, 255))
    updates = []
    monkeypatch.setattr(pygame.display, "update", lambda rect: updates.append(rect))
    monkeypatch.setattr(pygame.display, "flip", lambda: updates.append("all"))
    scene.mark_dirty()
    assert app.run_frame(0.0)
    assert updates == [area]
    assert app.surface.get_at(area.center)[:3] == (200, 0, 0)
    assert app.surface.get_at((300, 300))[:3] == (0, 0, 255), "outside the area: untouched"
    app.stack.mark_dirty()  # the stack changed: everything again
    app.run_frame(0.0)
    assert updates[-1] == "all"


def test_a_scene_can_end_the_run(app):
    class Quitter(Counting):
        def handle_event(self, event):
            self.stack.request_quit()
            return True

    app.stack.push(Quitter())
    app.running = True
    app.run_frame(0.0)
    assert app.running
    app.run_frame(0.0, [key(pygame.K_q)])
    assert not app.running


def test_an_empty_stack_ends_the_run(app, scene):
    app.running = True
    app.stack.pop()
    app.run_frame(0.0)
    assert not app.running and app.stack.empty
