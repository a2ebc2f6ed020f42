"""A full disk at a game's end: the game is never lost (issue: a refused statistics write was
taken for success and the save deleted).

Writing fails while the disk is full, deleting still works (as it does on a full disk). The
game ended then must reach the statistics once the disk has room, whether the program goes on
or is quit and started again."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from game.scenes.table.commands import new_deal
from game.store import Statistics, atomic
from game.store.stats import NOT_COUNTED

from .helpers import start_app, tables_on
from .test_disk_faults import notices_seen, play


class FullDisk:
    """Every write of the store fails while `full`; removing files works."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        for name in ("fsync", "replace"):
            monkeypatch.setattr(atomic.os, name, self._failing(getattr(os, name)))
        monkeypatch.setattr(atomic.tempfile, "mkstemp", self._failing(atomic.tempfile.mkstemp))

    def _failing(self, real):
        def call(*args, **kwargs):
            if self.full and not (real is os.fsync and stat.S_ISDIR(os.fstat(args[0]).st_mode)):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args, **kwargs)
        return call


def _end_a_game_on_a_full_disk(monkeypatch) -> tuple[FullDisk, object, object, str]:
    """A Klondike game under way, the disk fills, a move, then F2 and Yes: the game ends as a
    loss that cannot be written. The disk, app, context and the ended game's key."""
    disk = FullDisk(monkeypatch)
    app, context = start_app(["--game", "klondike", "--seed", "3"], autosave=True)
    seen: list[str] = []
    play(app, context, 2, seen)
    key = tables_on(app)[-1].session.key
    disk.full = True
    play(app, context, 1, seen)
    new_deal(tables_on(app)[-1], 5)
    seen += notices_seen(app, context)
    assert NOT_COUNTED in seen, "the player must hear that the game is not counted yet"
    assert context.stats.get("klondike").played == 0
    play(app, context, 2, seen)  # the next game goes on, its saves refused
    return disk, app, context, key


@pytest.mark.parametrize("free_when", ["before quitting", "after quitting"])
def test_a_game_ended_on_a_full_disk_is_counted_once_there_is_room(
        free_when, monkeypatch, private_data_folder):
    disk, app, context, key = _end_a_game_on_a_full_disk(monkeypatch)
    if free_when == "before quitting":
        disk.full = False
        play(app, context, 1, [])  # the next save writes the waiting game first
        assert Statistics.load(private_data_folder)[0].is_counted("klondike", key)
    app.close()
    disk.full = False
    again, context = start_app(["--game", "klondike"], autosave=True)
    table = tables_on(again)[-1]
    if not context.stats.is_counted("klondike", key):
        assert table.session.key == key, "the game not counted must come back"
        new_deal(table, 7)  # left again: a loss, counted now
    notices_seen(again, context)
    again.close()
    stats = Statistics.load(private_data_folder)[0].get("klondike")
    assert stats.played == 1 and key in stats.counted
