"""A real process killed with SIGKILL in the middle of saving leaves a file that loads."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.store.atomic import read_json, temp_files_of, write_json

ROOT = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from pathlib import Path
from game.store.atomic import read_json, write_json

path = Path(sys.argv[1])
payload = ["card %d" % index for index in range(5000)]
generation = read_json(path)["generation"]
while True:
    generation += 1
    write_json(path, {"generation": generation, "payload": payload, "check": len(payload)})
"""


@pytest.mark.subprocess
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_moments_never_leaves_a_broken_file(tmp_path):
    path = tmp_path / "stats.json"
    write_json(path, {"generation": 0, "payload": [], "check": 0})
    chooser = random.Random(20240229)
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    generations = []
    for _ in range(5):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT,
                                  env=environment)
        try:
            started = time.monotonic()
            while read_json(path)["generation"] == (generations[-1] if generations else 0):
                assert writer.poll() is None, "the writer stopped by itself"
                assert time.monotonic() - started < 20, "the writer never wrote"
                time.sleep(0.005)
            time.sleep(chooser.uniform(0.0, 0.15))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
        assert writer.returncode == -signal.SIGKILL
        data = read_json(path)
        assert data["check"] == len(data["payload"]) == 5000
        generations.append(data["generation"])
        assert len(temp_files_of(path)) <= len(generations)  # at most one per killed write
    assert generations == sorted(set(generations))
    for temp in temp_files_of(path):
        os.utime(temp, (time.time() - 3600,) * 2)
    write_json(path, {"generation": -1})
    assert temp_files_of(path) == []
