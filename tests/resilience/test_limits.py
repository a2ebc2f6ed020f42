"""Nothing from the command line or a settings file can ask for a window that locks the
machine: sizes beyond 8K are refused, and a window never opens larger than the desktop."""

from __future__ import annotations

import json

import pytest

from game.app import LeapsApp, too_large
from game.engine import app as engine_app
from game.store import Settings
from game.store.settings import MAX_WINDOW_SIZE

from .helpers import start_app


@pytest.mark.parametrize("size", [[16384, 16384], [7681, 600], [800, 4321], [10**9, 10**9]])
def test_an_absurd_window_size_in_the_settings_falls_back_with_a_notice(size,
                                                                        private_data_folder):
    settings = Settings.load(private_data_folder)[0]
    data = settings.to_dict()
    data["window"]["size"] = size
    (private_data_folder / "settings.json").write_text(json.dumps(data))
    app, context = start_app([], autosave=True)
    assert context.settings.window.size == Settings().window.size
    assert any("window.size" in notice for notice in context.notices)
    app.close()


def test_the_largest_size_the_settings_allow_is_8k(private_data_folder):
    settings = Settings.load(private_data_folder)[0]
    settings.window.size = MAX_WINDOW_SIZE
    with pytest.raises(ValueError):
        settings.window.size = (MAX_WINDOW_SIZE[0] + 1, MAX_WINDOW_SIZE[1])


def test_a_window_larger_than_the_desktop_opens_at_the_desktop_size(monkeypatch):
    monkeypatch.setattr(engine_app, "desktop_size", lambda: (1600, 900))
    app = LeapsApp((3840, 2160))
    try:
        assert app.size == (1600, 900) and app.shrunk_from == (3840, 2160)
        assert "3840x2160" in too_large(app.shrunk_from, app.size)
    finally:
        app.close()


def test_a_window_that_fits_the_desktop_is_left_alone(monkeypatch):
    monkeypatch.setattr(engine_app, "desktop_size", lambda: (1600, 900))
    app = LeapsApp((1280, 800))
    try:
        assert app.size == (1280, 800) and app.shrunk_from is None
    finally:
        app.close()


def test_headless_drivers_have_no_desktop_to_hold_the_window_to():
    app = LeapsApp((1280, 800))
    try:
        assert engine_app.desktop_size() is None
    finally:
        app.close()
