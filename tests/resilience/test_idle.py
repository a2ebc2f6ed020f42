"""An idle window sleeps: the menu until an event, a table until its clock's next second, and
then only the toolbar is drawn again."""

from __future__ import annotations

import time

import pytest

from .helpers import legal_gesture, start_app, tables_on


def test_the_idle_menu_never_asks_to_be_woken():
    app, _ = start_app([])
    app.settle()
    app.run_frame(0.0)
    assert app.is_idle() and app.stack.wake_in() is None
    app.close()


@pytest.mark.parametrize("game_id", ["klondike", "leap_year"])
def test_an_idle_table_wakes_for_its_clock_and_redraws_the_toolbar_only(game_id):
    app, _ = start_app(["--game", game_id, "--seed", "4"])
    table = tables_on(app)[-1]
    app.run_frame(1 / 60, legal_gesture(table))
    app.settle()
    app.run_frame(0.0)
    assert app.is_idle()
    wake = app.stack.wake_in()
    assert wake is not None and 0.0 < wake <= 1.0
    time.sleep(wake + 0.01)
    assert app.stack.needs_redraw()
    assert app.stack.redraw_area() == table.toolbar.rect
    assert app.run_frame(0.0) and not app.stack.needs_redraw()
    app.close()
