"""The table's parts that need no window: seats, layout, status words, the chain, the match."""

import pygame
import pytest

from game.ai.leap_frog.players import greedy_move
from game.rules.leap_frog import RULES
from game.rules.moves import Cell, RemovePiece
from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.layout import table_layout
from game.scenes.leap_frog.painting import toolbar_readout
from game.scenes.leap_frog.seats import Lineup
from game.scenes.leap_frog.status import status_text
from game.scenes.tabletop.clock import format_time

from .conftest import leap_for, new_match, played_until

SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (700, 940)]


def names(kinds):
    return [seat.name for seat in Lineup.of(kinds).seats]


def test_seat_names_say_who_is_who():
    assert names(["human", "computer"]) == ["You", "Computer"]
    assert names(["computer", "human", "computer"]) == ["Computer 1", "You", "Computer 2"]
    assert names(["human", "computer", "human"]) == ["Player 1", "Computer", "Player 3"]
    lineup = Lineup.of(["human", "computer", "computer", "human"])
    assert len({seat.colour for seat in lineup.seats}) == 4
    assert lineup.names([1, 2]) == "Computer 1 and Computer 2"
    assert lineup.focus_player == 0
    assert Lineup.of(["computer", "computer"]).focus_player == 0
    assert not Lineup.of(["computer", "computer"]).has_human


def test_saved_seats_are_checked():
    assert Lineup.from_extras({"seats": ["computer", "human"], "strength": "hard"}, 2) \
        == Lineup.of(["computer", "human"], "hard")
    for extras in ({}, {"seats": ["human"], "strength": "hard"},
                   {"seats": ["human", "robot"], "strength": "hard"},
                   {"seats": ["human", "human"], "strength": "brutal"}):
        assert Lineup.from_extras(extras, 2) is None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_everything_fits_the_window_without_overlapping(size, players):
    pygame.font.init()
    layout = table_layout(size, players, 18)
    window = pygame.Rect((0, 0), size)
    boxes = [layout.board, layout.status, *(spot.rect for spot in layout.panels)]
    for index, box in enumerate(boxes):
        assert window.contains(box), (size, box)
        assert not layout.toolbar.colliderect(box)
        for other in boxes[index + 1:]:
            assert not box.colliderect(other), (size, box, other)
    assert layout.cell >= 18
    for spot in layout.panels:
        assert spot.rect.contains(spot.tray) and spot.tray.height >= 8
    assert layout.status.contains(layout.end_turn) and layout.status.contains(layout.cancel)
    corner = layout.cell_rect(Cell(17, 17))
    assert layout.board.contains(corner)
    assert layout.cell_at(corner.center) == Cell(17, 17)
    assert layout.cell_at(layout.board.topleft) is None


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_trays_hold_twice_a_fair_share_and_start_readable(size, players):
    layout = table_layout(size, players, 18)
    tray = layout.panels[0].tray
    most = 2 * 18 * 18 // players
    for count in (1, most // 4, most // 2, most):
        assert tray.contains(layout.tray_slot(0, count - 1, count)), count
    assert layout.slot_size(0, 1) >= 10
    assert layout.slot_size(0, most) <= layout.slot_size(0, 1)


def test_status_words_follow_the_turn():
    match = new_match(3, ("human", "computer"))
    headline, hint = status_text(match, Chain(RULES, match.state), thinking=False)
    assert headline == "Your turn: remove any one piece"
    assert "first capture" in hint
    match.play(RemovePiece(Cell(0, 0)))
    headline, hint = status_text(match, None, thinking=True, dots=2)
    assert headline == "Computer is thinking.."
    assert "Opening" in hint
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    chain = Chain(RULES, match.state)
    leap = leap_for(match.state, extendable=True)
    chain.start(leap.path[0])
    assert status_text(match, chain, thinking=False)[0].startswith("Click a green ring")
    chain.extend(leap.path[1])
    assert status_text(match, chain, thinking=False)[0].startswith("1 piece captured")


def test_a_chain_follows_the_rules_step_by_step():
    match = played_until(new_match(), lambda state: leap_for(state, extendable=True))
    leap = leap_for(match.state, extendable=True)
    chain = Chain(RULES, match.state)
    assert not chain.extend(leap.path[1])  # no piece chosen yet
    assert chain.start(leap.path[0])
    assert chain.extend(leap.path[1])
    assert chain.can_end and not chain.stuck
    assert chain.jumped == RULES.jumped_squares(leap)
    assert not chain.start(leap.path[0])  # a capture made: the piece stays chosen
    next_landing = chain.landings[0]
    assert chain.extend(next_landing)
    assert RULES.is_legal(match.state, chain.move())
    chain.clear()
    assert not chain.started and chain.move().path == ()


def test_undo_skips_computer_turns_and_redo_replays_them():
    match = new_match(3, ("human", "computer", "computer"))
    for square in ((0, 0), (0, 1), (0, 2)):
        match.play(RemovePiece(Cell(*square)))
    match.play(greedy_move(match.state))
    assert match.undo() and match.history.position == 3
    assert match.undo() and match.history.position == 0
    assert not match.undo()
    assert match.redo() and match.history.position == 3
    assert match.redo() and match.history.position == 4
    assert match.move_count == 4


def test_the_toolbar_shows_the_deal_the_kind_the_turn_and_the_time_played():
    match = new_match()
    deal, kind, turn, time_played = toolbar_readout(match)
    assert deal == f"Deal #{match.state.seed}"
    assert kind.startswith("Murray · 15 × 15") and turn == "Turn 1"
    assert time_played == format_time(match.clock.elapsed)
