"""How a Leap Frog game ends: once (its key in the statistics) and safely (its save is only
dropped once the statistics hold the game), as on the card table."""

from game.ai.leap_frog import greedy_move
from game.scenes.leap_frog import commands
from game.scenes.leap_frog.match import GAME_ID, Match
from game.scenes.leap_frog.opening import open_leap_frog_table
from game.scenes.summary import SummaryScene
from game.store import Statistics

from .conftest import Table, new_match

FAILING = ["Your statistics could not be saved (No space left on device)."]


def played_out(kinds=("human", "computer")) -> Match:
    """A quick game (the plain variant, greedy turns) played to its end, not yet counted."""
    match = new_match(4, kinds, variant="plain")
    while not match.is_over:
        match.play(greedy_move(match.state))
    return match


def test_a_finished_game_counts_once_by_its_key(make_table, context):
    match = played_out()
    table = make_table(match)  # a game over on arrival ends at once
    assert match.finished and match.settled
    table.run(lambda: isinstance(table.top, SummaryScene))
    stats = context.stats.get(GAME_ID)
    assert stats.played == 1 and stats.counted == (match.key,)
    commands.abandon(context, match)  # a new game over the ended one
    commands.finish(table.scene)  # or its end reached again
    assert context.stats.get(GAME_ID).played == 1
    assert not context.saves.exists(GAME_ID)


def test_a_save_whose_game_was_counted_is_dropped_not_resumed(make_table, context):
    table = make_table(new_match(8))
    table.run(lambda: table.scene.accepts_input)
    table.match.play(greedy_move(table.state))
    table.scene.save()
    key = table.match.key
    # The statistics were written, then the program stopped before the save went.
    assert context.stats.record_game(GAME_ID, 0, False, key=key) == []
    table.close()
    assert context.saves.exists(GAME_ID)
    reopened = open_leap_frog_table(context, None)
    assert reopened.match.history.position == 0 and reopened.match.key != key
    assert not context.saves.exists(GAME_ID)
    assert context.stats.get(GAME_ID).played == 1


def test_a_failed_statistics_write_keeps_the_game_to_count_later(make_table, context,
                                                                 private_data_folder,
                                                                 monkeypatch):
    monkeypatch.setattr(Statistics, "save", lambda self: FAILING)
    match = played_out()
    table = make_table(match)
    assert match.finished and not match.settled
    assert context.stats.get(GAME_ID).played == 0
    saved, _ = context.saves.load(GAME_ID)
    assert saved is not None, "the save must stay to be counted later"
    assert saved.history.position == match.history.position  # the ended position
    assert saved.extras["key"] == match.key
    assert FAILING[0] in context.notices or table.top.message == FAILING[0]  # the player is told
    table.close()  # leaving must not drop it
    commands.abandon(context, match)  # nor a new game over it
    assert context.saves.exists(GAME_ID)
    monkeypatch.undo()  # the disk has room again
    context.stats = Statistics.load(private_data_folder)[0]
    again = Table(context, scene=open_leap_frog_table(context, None))
    try:
        assert again.match.key == match.key and again.match.finished
        again.run(lambda: isinstance(again.top, SummaryScene))
        assert again.top.result.won == (0 in match.winners())
    finally:
        again.close()
    stats = Statistics.load(private_data_folder)[0].get(GAME_ID)
    assert (stats.played, stats.won) == (1, int(0 in match.winners()))
    assert not context.saves.exists(GAME_ID)


def test_an_abandoned_game_that_could_not_be_counted_resumes(make_table, context,
                                                             monkeypatch):
    monkeypatch.setattr(Statistics, "save", lambda self: FAILING)
    table = make_table(new_match(8, ("computer", "human")))
    table.run(lambda: table.scene.accepts_input)  # the computer's removal: the game counts
    match = table.match
    commands.new_game(table.scene)  # abandoned: a loss, but the write fails
    assert context.stats.get(GAME_ID).played == 0
    resumed = open_leap_frog_table(context, None)
    assert resumed.match.key == match.key
    assert resumed.match.history.position == match.history.position == 1


def test_a_game_of_computers_alone_is_still_never_recorded(make_table, context):
    match = played_out(("computer", "computer"))
    table = make_table(match)
    assert match.finished and match.settled
    table.run(lambda: isinstance(table.top, SummaryScene))
    stats = context.stats.get(GAME_ID)
    assert stats.played == 0 and stats.counted == ()
    assert not context.saves.exists(GAME_ID)
