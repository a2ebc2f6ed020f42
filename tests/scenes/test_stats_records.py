"""The statistics page's records and recent games: what they show, and Play this deal again
from a recent game."""

import pygame

from game.deal_codes import encode
from game.scenes.stats import RECENT, RECORDS, StatsScene
from game.scenes.table.scene import CardTableScene

from .conftest import click, feed, show

CODE = encode("klondike", {"draw": 1}, 4321)


def recorded(context):
    context.stats.record_game("klondike", 120, True, seconds=185, moves=140,
                              rules="standard/1", deal=CODE)
    context.stats.record_game("klondike", 40, False, seconds=60, moves=30, rules="standard/3")
    return context


def test_the_records_page_shows_the_best_games_of_the_rules(app, context):
    scene = StatsScene(recorded(context), "klondike")
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(RECORDS))
    while scene.rules != ("standard", 1):
        scene.step_rules(1)
    app.run_frame(0.0)
    record = context.stats.get("klondike").records("time", "standard/1")
    assert [(entry.seconds, entry.deal) for entry in record] == [(185, CODE)]


def test_a_recent_game_plays_its_deal_again(app, context):
    context.settings.klondike.draw = 3
    scene = StatsScene(recorded(context), "klondike")
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(RECENT))
    app.run_frame(0.0)
    assert len(scene.recent_rows) == 1  # the game without a deal cannot be played again
    rect, code = scene.recent_rows[0]
    assert code == CODE
    feed(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0)))
    click(app, rect.center)
    table = app.stack.top
    assert isinstance(table, CardTableScene)
    first = table.session.history.states[0]
    assert first.seed == 4321 and first.options.draw == 1


def test_from_a_table_the_table_plays_it_again(app, context):
    played = []
    scene = StatsScene(recorded(context), "klondike", play_again=played.append)
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(RECENT))
    app.run_frame(0.0)
    scene.replay(scene.recent_rows[0][1])
    assert [(deal.game_id, deal.seed) for deal in played] == [("klondike", 4321)]


def test_a_damaged_code_opens_nothing_and_says_so(app, context):
    scene = StatsScene(recorded(context), "klondike")
    show(app, scene)
    scene.replay("K1.n.1.0-4321A")
    app.run_frame(0.0)
    assert not scene.closing and scene in app.stack.scenes
    assert not any(isinstance(each, CardTableScene) for each in app.stack.scenes)


DAILY_CODE = encode("klondike", {"draw": 3}, 777)


def test_a_daily_game_is_among_the_recent_games_marked_daily(app, context, monkeypatch):
    from game.scenes import stats_records
    from game.scenes.stats_records import recent_games, when

    recorded(context)
    context.stats.record_game("klondike", 500, True, rules="standard/3", deal=DAILY_CODE,
                              daily=True)
    stats = context.stats.get("klondike")
    assert [(entry.deal, daily) for entry, daily in recent_games(stats)] == [
        (DAILY_CODE, True), (None, False), (CODE, False)]
    drawn = []
    draw_text = stats_records.draw_text
    monkeypatch.setattr(stats_records, "draw_text", lambda surface, text, *rest, **named: (
        drawn.append(text), draw_text(surface, text, *rest, **named))[1])
    scene = StatsScene(context, "klondike")
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(RECENT))
    app.run_frame(0.0)
    assert [code for _, code in scene.recent_rows] == [DAILY_CODE, CODE]
    assert any(text.startswith(f"{when(stats.daily[0])}  ·  Daily  ·  ") for text in drawn)
    assert sum("Daily" in text for text in drawn) == 1


def test_a_daily_deal_played_again_from_recent_is_an_ordinary_game(app, context):
    context.stats.record_game("klondike", 500, True, rules="standard/3", deal=DAILY_CODE,
                              daily=True)
    scene = StatsScene(context, "klondike")
    show(app, scene)
    scene.charts.select(scene.charts.labels.index(RECENT))
    app.run_frame(0.0)
    click(app, scene.recent_rows[0][0].center)
    table = app.stack.top
    assert isinstance(table, CardTableScene) and table.session.daily is None
    assert table.session.history.states[0].seed == 777
