"""The disk and the data folder misbehaving: the player is told once and keeps playing.

A full disk, a read-only folder or one without write permission refuses every save: the
first refusal is one notice, later ones are retried quietly, and the first save that works
again says so. A data folder that cannot be searched, or a FIFO or a folder where a data file
should be, gives a notice and a game that plays (without saving, when the folder is unusable);
nothing ever waits on a FIFO or crashes.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
from pathlib import Path

import pytest

from game.rules import GAMES
from game.scenes.notice import NoticeScene, show_notices
from game.store import atomic
from game.store.documents import SAVING_AGAIN
from game.store.stats import NOT_COUNTED

from .helpers import legal_gesture, start_app, table_problems, tables_on

FAULTS = {"full disk": errno.ENOSPC, "no permission": errno.EACCES,
          "read-only": errno.EROFS}
DATA_FILES = ["settings.json", "stats.json", *(f"save-{game}.json" for game in GAMES)]
SECONDS_ALLOWED = 20  # a start that waits on a FIFO would wait for ever: fail instead


@pytest.fixture
def bounded():
    """Fail a test that blocks (a FIFO opened for reading waits for a writer)."""
    def give_up(signum, frame):
        raise TimeoutError("the game waited on a file")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(SECONDS_ALLOWED)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


class Disk:
    """Every write the store makes (create, write, flush, rename, delete) fails while `error`
    is set, as a full, read-only or forbidden folder makes it fail."""

    def __init__(self, monkeypatch) -> None:
        self.error: int | None = None
        self.refused = 0
        for name in ("fsync", "replace", "rename", "remove"):
            monkeypatch.setattr(atomic.os, name, self._failing(getattr(os, name)))
        monkeypatch.setattr(atomic.tempfile, "mkstemp", self._failing(atomic.tempfile.mkstemp))

    def _failing(self, real):
        def call(*args, **kwargs):
            # fsync of a folder is only a flush of what already happened
            if self.error is not None and not (real is os.fsync and _is_folder(args[0])):
                self.refused += 1
                raise OSError(self.error, os.strerror(self.error))
            return real(*args, **kwargs)
        return call


def _is_folder(handle: int) -> bool:
    return stat.S_ISDIR(os.fstat(handle).st_mode)


def play(app, context, moves: int, seen: list[str]) -> int:
    """Make up to `moves` legal moves with the mouse on the top table, reading each notice
    as it comes (into `seen`); how many moves were made."""
    table = tables_on(app)[-1]
    made = 0
    for _ in range(moves):
        seen += notices_seen(app, context)
        gesture = legal_gesture(table)
        if gesture is None:
            break
        app.run_frame(1 / 60, gesture)
        app.settle()
        app.run_frame(1 / 60)
        made += 1
    seen += notices_seen(app, context)
    assert list(table_problems(table)) == []
    return made


def notices_seen(app, context) -> list[str]:
    """Read every notice, as the player clicking OK would; the messages, in order."""
    seen = []
    show_notices(app.stack, context)
    app.run_frame(1 / 60)
    while context.notices:
        seen.append(context.notices[0])
        overlay = app.stack.top
        assert isinstance(overlay, NoticeScene), "a notice waits but no overlay shows it"
        overlay.dismiss()
        app.run_frame(1 / 60)
    return seen


@pytest.mark.parametrize("game_id", ["klondike", "lucas_leaps", "leap_frog"])
@pytest.mark.parametrize("fault", FAULTS)
def test_a_refusing_disk_is_told_once_and_saving_again_once(fault, game_id, monkeypatch,
                                                            private_data_folder):
    disk = Disk(monkeypatch)
    app, context = start_app(["--game", game_id, "--seed", "3"], autosave=True)
    assert notices_seen(app, context) == []
    disk.error = FAULTS[fault]
    messages: list[str] = []
    made = play(app, context, 6, messages)
    assert made == 6 or (game_id == "leap_frog" and made >= 1)  # then the computer's turn
    context.save_settings()
    messages += notices_seen(app, context)
    assert disk.refused >= made, "every move should have tried to save"
    assert len(messages) == 1
    assert os.strerror(FAULTS[fault]) in messages[0] and "keep playing" in messages[0]
    disk.error = None
    messages.clear()
    context.save_settings()
    messages += notices_seen(app, context)
    assert messages == [SAVING_AGAIN]
    if game_id != "leap_frog":
        play(app, context, 1, messages)
        assert messages == [SAVING_AGAIN]
        assert (private_data_folder / f"save-{game_id}.json").is_file()
    app.close()


@pytest.mark.parametrize("fault", FAULTS)
def test_a_refused_end_of_game_says_only_that_it_is_not_counted_yet(fault, monkeypatch,
                                                                    private_data_folder):
    """Recording the result and removing the finished game fail too: the one thing new is
    that the game is not counted yet (said at every game's end, never taken for success)."""
    disk = Disk(monkeypatch)
    app, context = start_app(["--game", "klondike", "--seed", "3"], autosave=True)
    disk.error = FAULTS[fault]
    messages: list[str] = []
    play(app, context, 2, messages)
    context.notify(context.stats.record_game("klondike", 10, False, seconds=5.0))
    context.notify(context.saves.delete("klondike"))
    messages += notices_seen(app, context)
    assert len(messages) == 2 and messages[1] == NOT_COUNTED
    app.close()


@pytest.mark.parametrize("name", DATA_FILES)
@pytest.mark.parametrize("thing", ["fifo", "folder"])
def test_a_fifo_or_folder_for_a_data_file_is_set_aside_and_play_goes_on(
        thing, name, bounded, private_data_folder):
    path = private_data_folder / name
    if thing == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(path)
    else:
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    game_id = name.removeprefix("save-").removesuffix(".json") if name.startswith("save-") \
        else "klondike"
    app, context = start_app(["--game", game_id, "--seed", "2"], autosave=True)
    messages = notices_seen(app, context)
    assert len(messages) == 1 and "is not a file" in messages[0]
    assert play(app, context, 2, messages) >= 1
    assert len(messages) == 1
    app.close()
    assert (private_data_folder / f"{name}.bad").exists()
    if thing == "folder":
        assert (private_data_folder / f"{name}.bad" / "inside.txt").read_text() == "kept"


def _deny_search(monkeypatch, folder: Path) -> None:
    """The folder refuses every look inside (mode 600), as it does for anyone but root."""
    if os.name == "posix" and os.geteuid() != 0:
        folder.chmod(0o600)
        return
    inside = str(folder) + os.sep

    def denied(real):
        def call(path, *args, **kwargs):
            where = str(os.fspath(path))
            if where.startswith(inside) or (where == str(folder) and real is os.scandir):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
            return real(path, *args, **kwargs)
        return call

    for name in ("stat", "lstat", "open", "scandir", "listdir", "mkdir", "rename", "replace"):
        monkeypatch.setattr(os, name, denied(getattr(os, name)))


@pytest.mark.parametrize("game_id", ["klondike", "leap_frog"])
def test_an_unsearchable_data_folder_plays_without_saving(game_id, monkeypatch,
                                                          private_data_folder):
    (private_data_folder / f"save-{game_id}.json").write_text("{}")
    _deny_search(monkeypatch, private_data_folder)
    try:
        app, context = start_app(["--game", game_id, "--seed", "2"], autosave=True)
        messages = notices_seen(app, context)
        assert len(messages) == 1 and "nothing will be saved" in messages[0]
        assert not context.autosave
        assert play(app, context, 3, messages) >= 1
        context.save_settings()
        app.stack.pop()
        messages += notices_seen(app, context)
        assert len(messages) == 1
        app.close()
    finally:
        private_data_folder.chmod(0o700)


def test_a_data_folder_that_is_a_file_plays_without_saving(monkeypatch, tmp_path):
    not_a_folder = tmp_path / "plain-file"
    not_a_folder.write_text("x")
    monkeypatch.setenv("LEAPS_DATA_DIR", str(not_a_folder))
    app, context = start_app(["--game", "klondike", "--seed", "2"], autosave=True)
    messages = notices_seen(app, context)
    assert len(messages) == 1 and not context.autosave
    assert play(app, context, 2, messages) >= 1
    assert len(messages) == 1
    app.close()
    assert not_a_folder.read_text() == "x"
