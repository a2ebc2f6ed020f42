"""Each computer seat plays at its own strength, chosen per seat and shown on its panel."""

from game.ai.leap_frog.players import greedy_move
from game.scenes.leap_frog.commands import new_match
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.leap_frog.seats import Lineup
from game.scenes.option_rows import TABS
from game.store.settings import LeapFrogBoardSettings

from .conftest import new_match as plain_match


def seat_row(index: int):
    tab = next(tab for tab in TABS if tab.title == "Leap Frog")
    return next(option for option in tab.options if option.label == f"Player {index + 1}")


def test_each_seat_row_chooses_a_person_or_a_computer_of_a_strength(context):
    settings = context.settings
    settings.leap_frog.players = 3
    row = seat_row(2)
    assert row.text(settings) == "Computer: medium"
    row.step(settings, +1)
    assert settings.leap_frog.seats[2] == "computer"
    assert settings.leap_frog.strengths[2] == "hard"
    seat_row(1).step(settings, -1)
    assert settings.leap_frog.strengths[1] == "easy"
    assert [option.label for option in next(t for t in TABS if t.title == "Leap Frog").options
            if "strength" in option.label.lower()] == []  # no one row for every seat


def test_a_new_game_gives_each_computer_its_own_strength(context):
    context.settings.leap_frog.players = 3
    context.settings.leap_frog.strengths = ("medium", "easy", "hard", "medium")
    lineup = new_match(context, 5).lineup
    assert [seat.strength for seat in lineup.seats[1:]] == ["easy", "hard"]


def test_the_computer_to_move_thinks_at_its_own_strength(make_table, monkeypatch):
    asked = []

    def chooser(state, strength, cancel, seed):
        asked.append((state.to_move, strength))
        return greedy_move(state)

    match = plain_match(kinds=("computer", "computer", "human"))
    match.lineup = Lineup.of(["computer", "computer", "human"], ["hard", "easy", "medium"])
    monkeypatch.setattr(LeapFrogBoardScene, "chooser", staticmethod(chooser))
    table = make_table(match)
    table.run(lambda: table.scene.accepts_input)
    assert asked == [(0, "hard"), (1, "easy")]


def test_saves_keep_each_seat_strength_and_old_saves_still_load():
    lineup = Lineup.of(["human", "computer", "computer"], ["medium", "easy", "hard"])
    assert Lineup.from_extras(lineup.to_extras(), 3) == lineup
    old = Lineup.from_extras({"seats": ["human", "computer"], "strength": "hard"}, 2)
    assert old[1].strength == "hard"
    assert Lineup.from_extras({"seats": ["human", "computer"], "strengths": ["hard"]}, 2) is None


def test_an_older_settings_file_keeps_its_one_strength_for_every_seat():
    problems = []
    section = LeapFrogBoardSettings.from_dict({"strength": "easy", "players": 3}, problems)
    assert problems == [] and section.strengths == ("easy",) * 4 and section.players == 3


def test_the_panel_names_each_computer_strength(make_table):
    match = plain_match(kinds=("human", "computer"))
    match.lineup = Lineup.of(["human", "computer"], ["medium", "hard"])
    table = make_table(match)
    surface = table.app.surface
    header = table.scene.layout.panels[1].header
    before = surface.subsurface(header).copy()
    match.lineup = Lineup.of(["human", "computer"], ["medium", "easy"])
    table.scene.dirty = True
    table.app.draw()
    assert surface.subsurface(header).copy().get_view().raw != before.get_view().raw
