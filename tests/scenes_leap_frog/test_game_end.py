"""How a Leap Frog game ends: once (its key in the statistics) and safely (its save is only
dropped once the statistics hold the game), as on the card table."""

from game.ai.leap_frog.players import greedy_move
from game.scenes.leap_frog import commands
from game.scenes.leap_frog.match import GAME_ID, Match
from game.scenes.leap_frog.opening import open_leap_frog_table
from game.scenes.menu import MenuScene
from game.scenes.summary import SummaryScene
from game.store import Statistics
from tests.store.faults import FAILING, full_disk

from .conftest import Table, new_match


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
    commands.finish(context, match)  # or its end reached again
    assert context.stats.get(GAME_ID).played == 1
    assert not context.saves.exists(GAME_ID)


def test_the_summarys_menu_puts_the_menu_in_the_place_of_a_table_with_none_below(make_table):
    match = new_match(4, ("computer", "computer"), variant="plain")
    while not match.rules.is_over(match.rules.apply(match.state, greedy_move(match.state))):
        match.play(greedy_move(match.state))
    table = make_table(match)  # alone on the stack; its last turn is still to come
    table.run(lambda: isinstance(table.top, SummaryScene))
    table.top.to_menu()
    table.app.stack.apply_pending()
    assert [type(scene) for scene in table.app.stack.scenes] == [MenuScene]


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
    monkeypatch.setattr("game.store.stats.write_json", full_disk)
    match = played_out()
    table = make_table(match)
    assert match.finished and not match.settled
    assert context.stats.get(GAME_ID).played == 0
    saved, _ = context.saves.load(GAME_ID)
    assert saved is not None, "the save must stay to be counted later"
    assert saved.history.position == match.history.position  # the ended position
    assert saved.extras["key"] == match.key
    told = [*context.notices, getattr(table.top, "message", "")]
    assert any(message.startswith(FAILING) for message in told)  # the player is told
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
    monkeypatch.setattr("game.store.stats.write_json", full_disk)
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


def test_statistics_are_kept_per_variant_and_size_and_a_game_left_is_no_best(context):
    """A plain game's pieces and a Murray game's points never share a best score, and a game
    left with pieces taken is a loss that sets none."""
    left = new_match(5, ("human", "computer"), variant="plain")
    while left.scores()[0] == 0 or left.rules.current_player(left.state) != 0:
        left.play(greedy_move(left.state))
    commands.abandon(context, left)
    stats = context.stats.get(GAME_ID)
    assert stats.of_rules("plain/15").played == 1 and stats.played == 1
    assert stats.of_rules("plain/15").best_score is None and stats.best_score is None
    murray = new_match(4, ("human", "computer"))
    while not murray.is_over:
        murray.play(greedy_move(murray.state))
    murray.finish()
    commands.count(context, murray)
    stats = context.stats.get(GAME_ID)
    assert stats.of_rules("murray/15").best_score == murray.focus_result()[0]
    assert (stats.of_rules("murray/15").played, stats.of_rules("plain/15").played) == (1, 1)


def test_a_tied_game_is_headed_as_a_shared_win(make_table, monkeypatch):
    match = played_out()
    monkeypatch.setattr(match, "scores", lambda: (12, 12))
    monkeypatch.setattr(match, "winners", lambda: (0, 1))
    table = make_table(match)
    table.run(lambda: isinstance(table.top, SummaryScene))
    summary = table.top
    assert summary.headline == "You and Computer share the win"
    assert [label for label, _ in summary.result.rows[:2]] == ["1st=  You", "1st=  Computer"]


def test_a_win_alone_keeps_the_usual_headline(make_table, monkeypatch):
    match = played_out()
    monkeypatch.setattr(match, "scores", lambda: (14, 12))
    monkeypatch.setattr(match, "winners", lambda: (0,))
    table = make_table(match)
    table.run(lambda: isinstance(table.top, SummaryScene))
    assert table.top.headline == "You won!"
