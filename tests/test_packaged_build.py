"""The packaged program: build it from leaps.spec with PyInstaller, then run the result headless.

The build takes half a minute or more, so `LEAPS_SKIP_BUILD=1` skips this module on a
developer's machine. CI runs it: there a missing PyInstaller fails the build fixture instead of
skipping, since tests/requirements.txt installs it.

Programs are stopped the way a desktop session ends them, with SIGTERM, which SDL turns into a
quit event: the program then saves and exits normally, as when the window is closed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game import __version__
from game.rules import GAMES
from game.rules.history import History
from game.store import SaveSlots

# One group: the worker that runs it builds the bundle once, and starts on it first.
pytestmark = [pytest.mark.skipif(os.environ.get("LEAPS_SKIP_BUILD") == "1",
                                 reason="LEAPS_SKIP_BUILD=1 skips the packaged build"),
              pytest.mark.build, pytest.mark.xdist_group("packaged_build")]

PROJECT = Path(__file__).resolve().parents[1]
BUILD_SECONDS = 900
RUN_SECONDS = 60
START_SECONDS = 30
SHOT_SIZE = (1024, 700)
SAVED_ELAPSED = 5.0
# Closing a running program waits for SDL's signal handler, which Linux shows in /proc.
closes_by_signal = pytest.mark.skipif(not Path("/proc/self/status").is_file(),
                                      reason="needs /proc to see when the window is open")
LICENCE_TEXTS = {
    "licenses/python/LICENSE.txt": "PYTHON SOFTWARE FOUNDATION LICENSE",
    "licenses/pygame-ce/LGPL.txt": "GNU LESSER GENERAL PUBLIC LICENSE",
    "licenses/pyinstaller/COPYING.txt": "Bootloader Exception",
    "licenses/apache-2.0/LICENSE.APACHE": "Apache License",
}


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built dist/Leaps folder, built once for this module from a folder of its own."""
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PyInstaller is not installed: run `python3 -m pip install -r "
                    "tests/requirements.txt`, or set LEAPS_SKIP_BUILD=1 to skip this build")
    root = tmp_path_factory.mktemp("build")
    result = subprocess.run(
        [sys.executable, "-m", "PyInstaller", str(PROJECT / "leaps.spec"), "--noconfirm",
         "--distpath", str(root / "dist"), "--workpath", str(root / "work")],
        cwd=root, capture_output=True, text=True, timeout=BUILD_SECONDS, check=False)
    assert result.returncode == 0, f"the build failed:\n{result.stderr[-4000:]}"
    return root / "dist" / "Leaps"


def executable(bundle: Path) -> Path:
    return bundle / ("Leaps.exe" if os.name == "nt" else "Leaps")


def contents(bundle: Path) -> Path:
    """Where PyInstaller puts everything but the executable in a one-folder build."""
    return bundle / "_internal"


def headless_env(**changes: str | None) -> dict[str, str]:
    """This process's environment (with its private data folder), headless; None removes."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None
        ) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=env or headless_env(), capture_output=True,
                          text=True, timeout=RUN_SECONDS, check=False)


def run_until_closed(command: list[str], cwd: Path, env: dict[str, str]
                     ) -> subprocess.CompletedProcess:
    """Start the program without a frame limit, let it settle, then close it with SIGTERM."""
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        wait_until_handling(process, signal.SIGTERM)
        time.sleep(0.5)  # a few frames on the table, so its clock moves on
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=RUN_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


def wait_until_handling(process: subprocess.Popen, signum: int) -> None:
    """Wait until the program catches `signum` itself (SDL's handler, set as the window opens)."""
    status = Path(f"/proc/{process.pid}/status")
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        assert process.poll() is None, f"Leaps ended early: {process.communicate()[1]}"
        caught = re.search(r"^SigCgt:\s*([0-9a-f]+)$", status.read_text(), re.MULTILINE)
        if caught and int(caught.group(1), 16) >> (signum - 1) & 1:
            return
        time.sleep(0.05)
    pytest.fail(f"Leaps did not open its window within {START_SECONDS} s")


def assert_clean_exit(result: subprocess.CompletedProcess, data: Path) -> None:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert not (data / "crash.log").exists()
    assert not list(data.glob("*.bad")), "the program set a file of the player's aside"


def files_in(folder: Path) -> dict[str, int]:
    return {str(path.relative_to(folder)): path.lstat().st_mtime_ns
            for path in folder.rglob("*")}


def test_the_bundle_holds_the_shipped_files_and_licences(bundle: Path) -> None:
    inside = contents(bundle)
    shipped = [path for path in (PROJECT / "assets").rglob("*") if path.is_file()]
    assert shipped, "assets/ ships at least the credits"
    for path in shipped:
        copy = inside / "assets" / path.relative_to(PROJECT / "assets")
        assert copy.read_bytes() == path.read_bytes(), copy
    assert (inside / "LICENSE").read_bytes() == (PROJECT / "LICENSE").read_bytes()
    for name, heading in LICENCE_TEXTS.items():
        assert heading in (inside / name).read_text(encoding="utf-8", errors="replace"), name
    assert (inside / "pygame" / "freesansbold.ttf").is_file(), "pygame-ce's hook adds its font"


def test_the_credits_name_every_bundled_library(bundle: Path) -> None:
    credits = (PROJECT / "assets" / "CREDITS.md").read_text(encoding="utf-8")
    libraries = {re.split(r"[-.]", path.name)[0] for path in contents(bundle).rglob("lib*.so*")}
    assert {"libSDL2", "libpython3", "libfreetype"} <= libraries
    unnamed = [name for name in libraries if not re.search(f"`{re.escape(name)}[`*]", credits)]
    assert sorted(unnamed) == []


def test_version_is_printed(bundle: Path, tmp_path: Path) -> None:
    result = run([str(executable(bundle)), "--version"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"Leaps {__version__}"


def test_a_frame_limited_run_exits_cleanly(bundle: Path, tmp_path: Path,
                                           private_data_folder: Path) -> None:
    result = run([str(executable(bundle)), "--frames", "120"], tmp_path)
    assert_clean_exit(result, private_data_folder)


@pytest.mark.parametrize("scene", [["--scene", "menu"], ["--game", "klondike", "--seed", "3"]],
                         ids=["menu", "klondike"])
def test_screenshots_match_the_source_program(bundle: Path, tmp_path: Path,
                                              scene: list[str]) -> None:
    """The bundle draws exactly what the source draws: the table, fonts, and the version line."""
    size = ["--size", f"{SHOT_SIZE[0]}x{SHOT_SIZE[1]}"]
    packaged, source = tmp_path / "packaged.png", tmp_path / "source.png"
    result = run([str(executable(bundle)), "--screenshot", str(packaged), *scene, *size],
                 tmp_path)
    assert result.returncode == 0, result.stderr
    result = run([sys.executable, str(PROJECT / "main.py"), "--screenshot", str(source), *scene,
                  *size], tmp_path)
    assert result.returncode == 0, result.stderr
    packaged_image, source_image = pygame.image.load(packaged), pygame.image.load(source)
    assert packaged_image.get_size() == SHOT_SIZE
    assert pygame.image.tobytes(packaged_image, "RGB") == pygame.image.tobytes(source_image, "RGB")


@closes_by_signal
def test_a_saved_game_is_resumed_and_saved_again(bundle: Path, tmp_path: Path,
                                                 private_data_folder: Path) -> None:
    rules = GAMES["klondike"]
    history = History.start(rules.new_game(3))
    for _ in range(3):
        move = rules.legal_moves(history.state)[0]
        history = history.push(move, rules.apply(history.state, move))
    slots = SaveSlots(private_data_folder)
    assert slots.save("klondike", history, elapsed=SAVED_ELAPSED, move_count=3) == []

    result = run_until_closed([str(executable(bundle)), "--game", "klondike"], tmp_path,
                              headless_env())

    assert_clean_exit(result, private_data_folder)
    saved, messages = slots.load("klondike")
    assert messages == []
    assert saved is not None
    assert saved.history.played == history.played
    assert saved.history.state == history.state
    assert saved.elapsed > SAVED_ELAPSED, "the bundle resumed the game and saved it on closing"
    assert (private_data_folder / "settings.json").is_file()


@closes_by_signal
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG folders are Linux's")
def test_without_an_override_the_files_go_to_the_per_user_folder(bundle: Path,
                                                                 tmp_path: Path) -> None:
    home, xdg_data, cwd = tmp_path / "home", tmp_path / "xdg-data", tmp_path / "cwd"
    for folder in (home, xdg_data, cwd):
        folder.mkdir()
    before = files_in(bundle)
    env = headless_env(LEAPS_DATA_DIR=None, HOME=str(home), XDG_DATA_HOME=str(xdg_data))

    result = run_until_closed([str(executable(bundle))], cwd, env)

    data = xdg_data / "Leaps" / "Leaps"
    assert_clean_exit(result, data)
    assert (data / "settings.json").is_file()
    assert files_in(bundle) == before, "nothing is written next to the program"
    assert list(cwd.iterdir()) == [] and list(home.iterdir()) == []
