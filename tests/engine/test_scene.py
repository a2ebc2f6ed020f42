import pygame
import pytest

from game.engine.input import Action
from game.engine.scene import Scene, SceneStack

from .conftest import key, mouse


class Recorder(Scene):
    """A scene that writes its lifecycle calls into a shared log."""

    def __init__(self, name, log, *, overlay=False, blocks=True, consumes=()):
        super().__init__()
        self.name = name
        self.log = log
        self.is_overlay = overlay
        self.blocks_input = blocks
        self.consumes = set(consumes)
        self.events = []
        self.actions = []
        self.updates = 0

    def on_enter(self):
        self.log.append(f"{self.name}.enter")

    def on_exit(self):
        self.log.append(f"{self.name}.exit")

    def on_pause(self):
        self.log.append(f"{self.name}.pause")

    def on_resume(self):
        self.log.append(f"{self.name}.resume")

    def on_quit(self):
        self.log.append(f"{self.name}.quit")

    def handle_event(self, event):
        self.events.append(event.type)
        if event.type in self.consumes:
            return True
        return super().handle_event(event)

    def handle_action(self, action):
        self.actions.append(action)
        return action in self.consumes

    def update(self, dt):
        super().update(dt)
        self.updates += 1

    def draw(self, surface):
        self.log.append(f"{self.name}.draw")


@pytest.fixture
def log():
    return []


def test_changes_wait_until_applied(log):
    stack = SceneStack((800, 600))
    a = Recorder("a", log)
    stack.push(a)
    assert stack.empty and stack.has_pending and log == []
    assert stack.apply_pending()
    assert stack.top is a and a.stack is stack
    assert a.size == (800, 600)
    assert not stack.apply_pending()


def test_lifecycle_order_for_push_pop_replace_clear(log):
    stack = SceneStack()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log)
    stack.push(a)
    stack.apply_pending()
    stack.push(b)
    stack.apply_pending()
    stack.replace(c)
    stack.apply_pending()
    stack.pop()
    stack.apply_pending()
    stack.push(b)
    stack.clear()
    stack.apply_pending()
    assert log == [
        "a.enter",
        "a.pause", "b.enter",
        "b.exit", "c.enter",
        "c.exit", "a.resume",
        "a.pause", "b.enter",
        "b.exit", "a.exit",
    ]  # fmt: skip
    assert stack.empty and a.stack is None


def test_a_change_requested_mid_frame_keeps_the_frame_consistent(log):
    stack = SceneStack()
    a = Recorder("a", log, consumes={pygame.KEYDOWN})
    b = Recorder("b", log)
    stack.push(a)
    stack.apply_pending()

    original = a.handle_event

    def push_then_handle(event):
        stack.push(b)
        return original(event)

    a.handle_event = push_then_handle
    stack.handle_event(key(pygame.K_a))
    stack.handle_event(key(pygame.K_b))
    assert a.events == [pygame.KEYDOWN, pygame.KEYDOWN]  # both went to a
    assert stack.top is a
    stack.apply_pending()
    assert stack.scenes == (a, b, b)  # requests apply in order


def test_events_go_to_the_top_opaque_scene_only(log):
    stack = SceneStack()
    below, top = Recorder("below", log), Recorder("top", log)
    stack.push(below)
    stack.push(top)
    stack.apply_pending()
    assert not stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (1, 1)))
    assert top.events == [pygame.MOUSEBUTTONDOWN] and below.events == []


def test_non_blocking_overlay_passes_unused_events_down(log):
    stack = SceneStack()
    table = Recorder("table", log, consumes={pygame.MOUSEBUTTONDOWN})
    toast = Recorder("toast", log, overlay=True, blocks=False, consumes={pygame.KEYDOWN})
    stack.push(table)
    stack.push(toast)
    stack.apply_pending()
    table.dirty = toast.dirty = False
    assert stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (1, 1)))
    assert table.events == [pygame.MOUSEBUTTONDOWN]
    assert table.dirty and not toast.dirty  # the scene that used the event redraws
    assert stack.handle_event(key(pygame.K_x))
    assert table.events == [pygame.MOUSEBUTTONDOWN]


def test_modal_overlay_blocks_events_below(log):
    stack = SceneStack()
    table = Recorder("table", log, consumes={pygame.MOUSEBUTTONDOWN})
    dialog = Recorder("dialog", log, overlay=True)
    stack.push(table)
    stack.push(dialog)
    stack.apply_pending()
    assert not stack.handle_event(mouse(pygame.MOUSEBUTTONDOWN, (1, 1)))
    assert table.events == []


def test_keys_reach_scenes_as_actions(log):
    stack = SceneStack()
    scene = Recorder("s", log, consumes={Action.UNDO})
    stack.push(scene)
    stack.apply_pending()
    assert stack.handle_event(key(pygame.K_z, pygame.KMOD_LCTRL))
    assert not stack.handle_event(key(pygame.K_h))
    assert scene.actions == [Action.UNDO, Action.HINT]


def test_drawing_starts_at_the_top_opaque_scene(log):
    stack = SceneStack()
    hidden, table = Recorder("hidden", log), Recorder("table", log)
    d1, d2 = Recorder("d1", log, overlay=True), Recorder("d2", log, overlay=True)
    for scene in (hidden, table, d1, d2):
        stack.push(scene)
    stack.apply_pending()
    log.clear()
    assert stack.visible() == [table, d1, d2]
    stack.draw(pygame.Surface((10, 10)))
    assert log == ["table.draw", "d1.draw", "d2.draw"]
    stack.update(0.01)
    assert (hidden.updates, table.updates, d2.updates) == (0, 1, 1)


def test_redraw_is_needed_only_after_something_changed(log):
    stack = SceneStack()
    scene = Recorder("s", log)
    stack.push(scene)
    stack.apply_pending()
    surface = pygame.Surface((10, 10))
    assert stack.needs_redraw()
    stack.draw(surface)
    assert not stack.needs_redraw()
    stack.update(1 / 120)
    assert not stack.needs_redraw()  # nothing animating
    holder = type("Holder", (), {"x": 0.0})()
    scene.tweens.tween(holder, "x", 1.0, 0.05)
    assert stack.needs_redraw() and not stack.is_idle()
    for _ in range(10):
        stack.update(1 / 120)
    assert holder.x == 1.0 and stack.is_idle()
    assert stack.needs_redraw()  # the final position still has to be shown
    stack.draw(surface)
    assert not stack.needs_redraw()
    stack.resize((20, 20))
    assert stack.needs_redraw() and scene.size == (20, 20)


def test_pending_changes_keep_the_stack_busy(log):
    stack = SceneStack()
    stack.push(Recorder("s", log))
    assert not stack.is_idle()
    stack.apply_pending()
    assert stack.is_idle()


def test_close_lets_every_scene_save_top_first(log):
    stack = SceneStack()
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.apply_pending()
    stack.push(Recorder("never", log))
    log.clear()
    stack.request_quit()
    assert stack.quit_requested
    stack.close()
    assert log == ["b.quit", "a.quit", "b.exit", "a.exit"]
    assert stack.empty


def test_popping_an_empty_stack_is_harmless(log):
    stack = SceneStack()
    stack.pop()
    stack.apply_pending()
    assert stack.empty and stack.visible() == []
