import json
import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store import atomic
from game.store.atomic import UnusableFile, read_json, set_aside, temp_files_of, write_json

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=40, deadline=None)
@given(value=json_values)
def test_round_trip_leaves_only_the_file(tmp_path_factory, value):
    folder = tmp_path_factory.mktemp("rt")
    path = folder / "data.json"
    write_json(path, value)
    assert read_json(path) == value
    assert sorted(os.listdir(folder)) == ["data.json"]


def test_rewrite_replaces_the_contents(folder):
    path = folder / "x.json"
    write_json(path, {"a": 1})
    write_json(path, {"a": 2})
    assert read_json(path) == {"a": 2}
    assert temp_files_of(path) == []


def test_creates_missing_folder(tmp_path):
    path = tmp_path / "deep" / "er" / "x.json"
    write_json(path, [1])
    assert read_json(path) == [1]


@pytest.mark.parametrize("module, failing", [
    (atomic.os, "replace"), (atomic.os, "fsync"), (atomic.json, "dumps")])
def test_failure_mid_write_keeps_original_and_no_temp(folder, monkeypatch, module, failing):
    path = folder / "x.json"
    write_json(path, {"version": "old"})

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(module, failing, fail)
    with pytest.raises(OSError):
        write_json(path, {"version": "new"})
    monkeypatch.undo()
    assert read_json(path) == {"version": "old"}
    assert sorted(os.listdir(folder)) == ["x.json"]


def test_exception_while_writing_bytes_keeps_original(folder, monkeypatch):
    path = folder / "x.json"
    write_json(path, {"version": "old"})
    original_fdopen = os.fdopen

    class Exploding:
        def __init__(self, handle, mode):
            self.file = original_fdopen(handle, mode)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def write(self, data):
            self.file.write(data[: len(data) // 2])
            raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "fdopen", Exploding)
    with pytest.raises(KeyboardInterrupt):
        write_json(path, {"version": "new" * 100})
    assert read_json(path) == {"version": "old"}
    assert temp_files_of(path) == []


@pytest.mark.parametrize("bad", [{"x": float("nan")}, {"x": {1, 2}}, {"x": float("inf")}])
def test_unserialisable_data_never_touches_the_disk(folder, bad):
    path = folder / "x.json"
    write_json(path, {"ok": True})
    with pytest.raises((ValueError, TypeError)):
        write_json(path, bad)
    assert read_json(path) == {"ok": True}
    assert temp_files_of(path) == []


def test_replace_is_retried_when_the_target_is_busy(folder, monkeypatch):
    path = folder / "x.json"
    real_replace = os.replace
    calls = []

    def busy_once(source, target):
        calls.append(target)
        if len(calls) == 1:
            raise PermissionError(13, "in use")
        real_replace(source, target)

    monkeypatch.setattr(atomic.os, "replace", busy_once)
    monkeypatch.setattr(atomic, "REPLACE_PAUSE_SECONDS", 0)
    write_json(path, [7])
    assert len(calls) == 2
    assert read_json(path) == [7]


def test_stale_temp_files_are_cleaned_but_fresh_ones_kept(folder):
    path = folder / "x.json"
    stale = folder / ".x.json.abc.tmp"
    fresh = folder / ".x.json.def.tmp"
    other = folder / ".y.json.abc.tmp"
    for temp in (stale, fresh, other):
        temp.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    write_json(path, 1)
    assert not stale.exists()
    assert fresh.exists()
    assert other.exists()


BAD_CONTENTS = {
    "empty": b"",
    "truncated": b'{"a": 1',
    "not json": b"not json",
    "NaN": b'{"a": NaN}',
    "Infinity": b'{"a": Infinity}',
    "-Infinity": b"[-Infinity]",
    "repeated key": b'{"a": 1, "a": 2}',
    "not UTF-8": b"\xff\xfe{}",
    "nested too deeply": b"[" * 100_000,
    "absurdly long number": b"1" * 10_000,
}


@pytest.mark.parametrize("content", BAD_CONTENTS.values(), ids=BAD_CONTENTS.keys())
def test_strict_reading_refuses_bad_contents(folder, content):
    path = folder / "x.json"
    path.write_bytes(content)
    with pytest.raises(UnusableFile) as caught:
        read_json(path)
    assert caught.value.problem == "was damaged"


def test_byte_order_mark_is_accepted(folder):
    path = folder / "x.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"a": 1}).encode())
    assert read_json(path) == {"a": 1}


def test_size_cap(folder, monkeypatch):
    monkeypatch.setattr(atomic, "MAX_BYTES", 100)
    path = folder / "x.json"
    path.write_text(json.dumps(["x" * 200]))
    with pytest.raises(UnusableFile, match="larger"):
        read_json(path)


def test_missing_file_is_file_not_found(folder):
    with pytest.raises(FileNotFoundError):
        read_json(folder / "nothing.json")


def test_set_aside_never_overwrites_an_older_bad_file(folder):
    path = folder / "stats.json"
    names = []
    for generation in range(3):
        path.write_text(f"broken {generation}")
        bad = set_aside(path)
        names.append(bad.name)
        assert not path.exists()
    assert names == ["stats.json.bad", "stats.json.2.bad", "stats.json.3.bad"]
    assert [(folder / name).read_text() for name in names] == [
        "broken 0", "broken 1", "broken 2"]


def test_remove_is_quiet_for_a_missing_file(folder):
    path = folder / "x.json"
    write_json(path, 1)
    atomic.remove(path)
    atomic.remove(path)
    assert not path.exists()
