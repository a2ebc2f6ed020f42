"""What every table scene does around its game, the card table and the Leap Frog board alike.

Time runs only while the table is on top and the window has the focus; being covered or
losing the focus drops a gesture under way; leaving or closing stops the table's own work and
saves; notices waiting for the player show; Menu goes back to the menu. Only the clock's
second turning redraws no more than the toolbar. Each table supplies what differs: its
`renderer`, `toolbar`, `clock` and `save`, and the hooks below.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.layers import LayeredRenderer
from game.engine.scene import Scene
from game.scenes.context import Context
from game.scenes.notice import show_notices
from game.scenes.tabletop.clock import Stopwatch
from game.scenes.tabletop.toolbar import Reading, Toolbar

_FOCUS_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED)


class TabletopScene(Scene):
    """A table playing one game at a time for `context`."""

    renderer: LayeredRenderer  # the table's picture, set by each table
    toolbar: Toolbar  # its strip of buttons, the clock among its read-out

    def __init__(self, context: Context) -> None:
        super().__init__()
        self.context = context
        self.covered = False  # another scene lies on top
        self._unfocused = False  # the window has lost the focus
        self._shown_second = -1  # the clock as last drawn, in whole seconds

    # What each table supplies -------------------------------------------------------------

    @property
    def clock(self) -> Stopwatch:
        raise NotImplementedError

    def save(self) -> None:
        """Keep the game as it stands (if it is one to keep)."""

    def cancel_gesture(self) -> None:
        """Drop a press or drag under way: the table is covered, or the focus went."""

    def pause_work(self) -> None:
        """Covered: work the table does by itself waits."""

    def stop_work(self) -> None:
        """Leaving: work the table does by itself stops."""

    def refresh_look(self) -> None:
        """On top again: the look may have changed (the options, say)."""

    def table_changed(self) -> bool:
        """Something besides the clock wants drawing."""
        return super().needs_redraw() or self.renderer.needs_redraw()

    # Lifecycle ----------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.update_clock()  # a resumed game's time runs on from where it was saved
        self.show_notices()

    def on_pause(self) -> None:
        self.cancel_gesture()
        self.pause_work()
        self.covered = True
        self.update_clock()

    def on_resume(self) -> None:
        self.covered = False
        self.update_clock()
        self.refresh_look()

    def on_exit(self) -> None:
        """Leaving, or the program closing (which exits every scene): stop and save."""
        self.stop_work()
        self.save()

    def on_quit(self) -> None:
        self.save()

    def leave(self) -> None:
        """Back to the menu, saving first (the menu lies under the table, or takes its place)."""
        self.save()
        stack = self.stack
        if stack is None:
            return
        if stack.scenes.index(self) > 0:
            stack.pop()
        else:
            stack.replace(self.context.menu())

    def show_notices(self) -> None:
        """Put messages waiting for the player (a save that failed, say) on top."""
        show_notices(self.stack, self.context)

    # The clock and the window's focus -----------------------------------------------------

    def update_clock(self) -> None:
        """Time runs only while the table is on top and the window has the focus."""
        if self.covered or self._unfocused:
            self.clock.pause()
        else:
            self.clock.resume()

    def focus_event(self, event: pygame.event.Event) -> bool:
        """Note what `event` says of the window's focus; True if that is all it says (other
        scenes may want it too, so the table does not use it up)."""
        if event.type in _FOCUS_EVENTS:
            self._unfocused = event.type == pygame.WINDOWFOCUSLOST
            if self._unfocused:
                self.cancel_gesture()
            self.update_clock()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self._unfocused:
            # A press means the window has the focus, whatever was missed while covered.
            self._unfocused = False
            self.update_clock()
        return False

    # Drawing ------------------------------------------------------------------------------

    def wake_in(self) -> float | None:
        return self.clock.next_second()

    def needs_redraw(self) -> bool:
        return self.table_changed() or int(self.clock.elapsed) != self._shown_second

    def redraw_area(self) -> pygame.Rect | None:
        return None if self.table_changed() else self.toolbar.rect  # only the clock turned

    def draw_toolbar(self, surface: pygame.Surface, readout: Sequence[Reading]) -> None:
        """The toolbar with `readout` right of its buttons, the clock among it."""
        self._shown_second = int(self.clock.elapsed)
        self.toolbar.draw(surface, readout)
