"""A fresh data folder for every store test, pointed to by LEAPS_DATA_DIR."""

from pathlib import Path

import pytest

from game.store.paths import DATA_DIR_VARIABLE


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(data))
    return data
