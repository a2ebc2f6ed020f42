import json
import random

import pytest

from game.rules import GAMES as REAL_GAMES
from game.rules.history import History
from game.rules.moves import STOCK
from game.store import savegame
from game.store.atomic import read_json
from game.store.savegame import SaveSlots
from tests.store.toy_rules import GAMES, RULES, played_history


def test_round_trip_with_undo_line(folder):
    slots = SaveSlots(folder, GAMES)
    history = played_history(2, 4, 2, 2, step=2).undo().undo()
    assert slots.save("counting", history, elapsed=93.5, move_count=6,
                      extras={"seats": ["human"]}) == []
    saved, messages = slots.load("counting")
    assert messages == []
    assert saved.game_id == "counting"
    assert saved.history == history
    assert saved.history.state.count == 6
    assert saved.history.can_redo
    assert (saved.elapsed, saved.move_count, saved.extras) == (93.5, 6, {"seats": ["human"]})


def test_file_follows_the_record_format(folder):
    slots = SaveSlots(folder, GAMES)
    slots.save("counting", played_history(1, 2))
    data = read_json(folder / "save-counting.json")
    assert data["format"] == 1 and data["game"] == "counting" and data["seed"] == 7
    assert data["moves"] == [{"add": 1}, {"add": 2}]
    assert data["state"]["count"] == 3
    assert data["table"] == {"elapsed": 0.0, "move_count": 0, "extras": {}}


def test_no_save_is_no_game_and_no_message(folder):
    assert SaveSlots(folder, GAMES).load("counting") == (None, [])


def test_delete(folder):
    slots = SaveSlots(folder, GAMES)
    slots.save("counting", played_history(1))
    assert slots.exists("counting")
    assert slots.delete("counting") == []
    assert not slots.exists("counting")
    assert slots.delete("counting") == []
    assert slots.load("counting") == (None, [])


def test_one_file_per_game(folder):
    slots = SaveSlots(folder, GAMES)
    slots.save("counting", played_history(1))
    slots.save("other", played_history(2, 2))
    assert slots.load("counting")[0].history.state.count == 1
    assert slots.delete("counting") == []
    assert slots.load("other")[0].history.state.count == 4


def test_unknown_game_ids_are_refused(folder):
    slots = SaveSlots(folder, {"counting": RULES, "unwritten": None})
    for game_id in ("chess", "unwritten", "../counting", None):
        with pytest.raises(ValueError):
            slots.load(game_id)
        with pytest.raises(ValueError):
            slots.save(game_id, played_history())


def test_saving_under_the_wrong_game_id_is_refused(folder):
    slots = SaveSlots(folder, {"counting": RULES, "mislabelled": RULES})
    with pytest.raises(ValueError):
        slots.save("mislabelled", played_history(1))
    assert not slots.exists("mislabelled")


@pytest.mark.parametrize("table", [
    {"elapsed": -1.0}, {"move_count": 2.5}, {"extras": {"x": float("nan")}}, {"extras": [1]}])
def test_bad_table_data_is_refused_without_writing(folder, table):
    """A save that cannot be written is a notice, never a crash."""
    slots = SaveSlots(folder, GAMES)
    messages = slots.save("counting", played_history(1), **table)
    assert len(messages) == 1 and messages[0].startswith("Your Counting game could not be saved")
    assert not slots.exists("counting")


def test_a_crashing_rules_object_still_gives_a_message(folder):
    slots = SaveSlots(folder, GAMES)
    assert slots.save("exploding", played_history(1)) == []
    saved, messages = slots.load("exploding")
    assert saved is None
    assert messages == ["Your saved Exploding game was damaged and has been set aside as "
                        "save-exploding.json.bad; starting a new game."]


@pytest.mark.parametrize("game_id", sorted(REAL_GAMES))
def test_round_trip_with_the_real_rules(folder, game_id):
    rules = REAL_GAMES[game_id]
    if rules is None:
        pytest.skip(f"the rules of {game_id} are not written yet")
    chooser = random.Random(game_id)
    history = History.start(rules.new_game(11))
    for _ in range(25):
        moves = rules.legal_moves(history.state)
        if not moves:
            break
        move = chooser.choice(moves)
        history = history.push(move, rules.apply(history.state, move))
    history = history.undo()
    slots = SaveSlots(folder)
    assert slots.save(game_id, history, elapsed=12.0, move_count=25) == []
    saved, messages = slots.load(game_id)
    assert messages == []
    assert saved.history == history


@pytest.mark.parametrize("bad", [{"sideways": 1}, "add one", None, {"add": "x"}])
def test_a_malformed_redo_entry_drops_only_the_redo_line(folder, bad):
    slots = SaveSlots(folder, GAMES)
    history = played_history(2, 4, 2, 2, step=2).undo().undo()
    slots.save("counting", history, move_count=4)
    path = folder / "save-counting.json"
    data = read_json(path)
    data["redo"][1] = bad
    path.write_text(json.dumps(data))
    saved, messages = slots.load("counting")
    assert saved is not None, "the game itself must be kept"
    assert saved.history.state == history.state
    assert saved.history.played == history.played
    assert not saved.history.can_redo
    assert saved.move_count == 4
    assert len(messages) == 1 and "redo" in messages[0]
    assert not list(folder.glob("*.bad"))


def test_an_illegal_redo_move_is_dropped_with_a_word(folder):
    slots = SaveSlots(folder, GAMES)
    history = played_history(2, 4, 2, 2, step=2).undo().undo()
    slots.save("counting", history)
    path = folder / "save-counting.json"
    data = read_json(path)
    data["redo"][0] = {"add": 6}
    path.write_text(json.dumps(data))
    saved, messages = slots.load("counting")
    assert saved.history.state == history.state and not saved.history.can_redo
    assert len(messages) == 1


def test_a_save_with_more_moves_than_a_game_has_is_set_aside_before_any_replay(folder,
                                                                             monkeypatch):
    slots = SaveSlots(folder, GAMES)
    slots.save("counting", played_history(1, 1, 1, 1).undo())
    monkeypatch.setattr(savegame, "MOST_RECORDED_MOVES", 3)  # four moves, one of them redo
    monkeypatch.setattr(RULES, "apply", lambda *_: pytest.fail("a move was replayed"))
    saved, messages = slots.load("counting")
    assert saved is None
    assert messages == ["Your saved Counting game holds more than the 3 moves a save may and "
                        "has been set aside as save-counting.json.bad; starting a new game."]
    assert (folder / "save-counting.json.bad").is_file()


def test_a_game_that_outgrows_the_save_keeps_the_last_save_and_says_so_once(folder,
                                                                           monkeypatch):
    slots = SaveSlots(folder, GAMES)
    monkeypatch.setattr(savegame, "MOST_RECORDED_MOVES", 3)
    assert slots.save("counting", played_history(1, 1, 1)) == []
    told = slots.save("counting", played_history(1, 1, 1, 1))
    assert told == ["Your Counting game has more than 3 moves, more than a save can hold: it "
                    "stays saved as it was then. You can keep playing."]
    assert slots.save("counting", played_history(1, 1, 1, 1, 1)) == []
    assert slots.load("counting")[0].history.state.count == 3
    # Back within the limit (undone), it is saved again.
    assert slots.save("counting", played_history(1, 1, 2)) == []
    assert slots.load("counting")[0].history.state.count == 4


def test_the_longest_klondike_save_loads(folder):
    # Stock clicks go on for ever in Klondike with unlimited passes: the one game with no end.
    rules = REAL_GAMES["klondike"]
    history = History.start(rules.new_game(3, draw=3))
    for _ in range(savegame.MOST_RECORDED_MOVES):
        history = history.push(STOCK, rules.apply(history.state, STOCK))
    slots = SaveSlots(folder)
    assert slots.save("klondike", history) == []
    saved, messages = slots.load("klondike")
    assert messages == [] and saved.history.state == history.state
