"""Klondike played only through constructed mouse and key events, as a player would."""

import pygame
import pytest

from game.ai.klondike.solver import solve
from game.ai.search import Budget
from game.engine.scene import Scene
from game.rules.history import History
from game.rules.klondike import FOUNDATIONS, STOCK_PILE, TABLEAU, WASTE
from game.rules.moves import CardMove
from game.scenes.dialogs import ConfirmDialog
from game.scenes.help import HelpScene
from game.scenes.options import OptionsScene
from game.scenes.summary import SummaryScene
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.opening import open_card_table

from .positions import DEAL_559, LAYS_8C, position, suit_up_to

CTRL = pygame.KMOD_LCTRL


def codes(pile) -> str:
    return " ".join(card.code for card in pile)


def grab(table, pile, index):
    """A point on the visible strip of card `index` of `pile` (the top of its face)."""
    piles = table.scene.game.piles(table.state)
    rect = table.scene.view.layout.piles[pile].card_rects(piles[pile])[index]
    return (rect.centerx, rect.top + 6)


def at_rest(table):
    """Every sprite lies exactly where its pile puts it."""
    view = table.scene.view
    for key, spot in view.layout.piles.items():
        cards = [sprite.card for sprite in view.piles[key]]
        assert [sprite.pos for sprite in view.piles[key]] == spot.positions(cards)


RUN = position(tableau=["KS", "5c 9H 8S", "TC"], waste="QH")


def test_dragging_a_run_onto_a_legal_pile_moves_it(make_table):
    table = make_table(RUN)
    table.drag(grab(table, TABLEAU[1], 1), table.centre_of(TABLEAU[2]))
    table.settle()
    assert codes(table.state.tableau[2]) == "TC 9H 8S"
    assert codes(table.state.tableau[1]) == "5C"  # the card underneath turned over
    assert table.scene.session.history.played == (CardMove(TABLEAU[1], TABLEAU[2], 2),)
    at_rest(table)


def test_a_drop_on_no_legal_pile_snaps_back(make_table):
    table = make_table(RUN)
    width, height = table.app.size
    table.drag(table.centre_of(WASTE), (width - 60, height - 60))
    queen = table.scene.view.piles[WASTE][-1]
    assert queen.pos != table.scene.view.rest_position(WASTE, 0)  # still on its way back
    table.settle()
    assert table.state == RUN and not table.scene.session.history.can_undo
    at_rest(table)


def test_a_drop_onto_a_pile_that_does_not_take_the_card_snaps_back(make_table):
    table = make_table(RUN)
    table.drag(table.centre_of(WASTE), table.centre_of(TABLEAU[2]))  # QH onto TC
    table.settle()
    assert table.state == RUN
    at_rest(table)


def test_a_click_sends_a_card_to_its_best_target(make_table):
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    table.settle()
    assert codes(table.state.tableau[0]) == "KS QH" and table.state.waste == ()
    assert table.state.score == 5


def test_a_click_on_a_card_without_moves_changes_nothing(make_table):
    table = make_table(RUN)
    table.click(table.centre_of(TABLEAU[1]))  # 8S has nowhere to go
    table.settle()
    assert table.state == RUN
    at_rest(table)


def test_a_double_click_sends_a_card_to_its_suit_stack_once(make_table, context):
    context.settings.klondike.automatic_moves = False
    start = position(tableau=["KS", "ah AD"])
    table = make_table(start)
    table.double_click(table.centre_of(TABLEAU[1]))
    table.settle()
    assert codes(table.state.foundations[0]) == "AD"
    assert codes(table.state.tableau[1]) == "AH"  # the card it uncovered stayed put
    assert len(table.scene.session.history.played) == 1


def test_clicking_the_stock_and_right_clicking_anywhere_turn_cards(make_table):
    table = make_table(RUN)
    stock = len(RUN.stock)
    table.click(table.centre_of(STOCK_PILE))
    assert len(table.state.stock) == stock - 3
    table.click((table.app.size[0] // 2, table.app.size[1] - 20), button=3)
    assert len(table.state.stock) == stock - 6
    assert codes(table.state.waste).startswith("QH")
    table.settle()
    at_rest(table)


AUTO = position(tableau=["KS", "ah 5S", "6H"])


def test_an_automatic_move_follows_and_each_undo_takes_back_one_step(make_table):
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    table.settle()
    history = table.scene.session.history
    assert codes(table.state.foundations[0]) == "AH"
    assert history.played == (CardMove(TABLEAU[1], TABLEAU[2], 1),
                               CardMove(TABLEAU[1], FOUNDATIONS[0], 1))
    assert table.scene.session.moves == 2  # the automatic move counts as a move
    assert "Moves 2" in table.scene.readout()
    table.key(pygame.K_z, CTRL)
    table.settle()
    assert codes(table.state.tableau[1]) == "AH"  # back where the player can use it
    assert codes(table.state.tableau[2]) == "6H 5S"
    assert "Moves 1" in table.scene.readout()  # the count follows the cards back
    table.key(pygame.K_z, CTRL)
    table.settle()
    assert table.state == AUTO
    table.key(pygame.K_y, CTRL)
    table.settle()
    assert codes(table.state.tableau[1]) == "AH"  # redo brings no automatic move with it
    at_rest(table)


def test_drawing_three_the_table_leaves_a_waste_card_where_taking_it_would_lose_the_win(
        make_table):
    """Deal 559: the player lays the 8C from the waste and the AC comes up under it. Sent up
    by the table, it would leave no win (the deck's groups shift); it stays on the waste."""
    table = make_table(DEAL_559)
    table.drag(table.centre_of(WASTE), table.centre_of(TABLEAU[1]))
    table.settle()
    assert table.scene.session.history.played == (LAYS_8C,)
    assert table.state.waste[-1].code == "AC"
    assert solve(table.state, Budget(max_nodes=20_000)).status == "won"


def test_automatic_moves_can_be_turned_off(make_table, context):
    context.settings.klondike.automatic_moves = False
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    table.settle()
    assert codes(table.state.tableau[1]) == "AH"


def test_the_toolbar_undo_and_redo_buttons(make_table):
    table = make_table(RUN)
    table.click(table.centre_of(WASTE))
    buttons = {button.label: button for button in table.scene.toolbar.buttons}
    table.click(buttons["Undo"].rect.center)
    assert table.state == RUN
    table.click(buttons["Redo"].rect.center)
    assert codes(table.state.tableau[0]) == "KS QH"


def test_the_clock_runs_from_the_first_move_and_stops_while_away(make_table):
    table = make_table(RUN)
    clock = table.scene.session.clock
    table.clock.ms += 5000
    assert clock.elapsed == 0.0  # not before the first move
    table.click(table.centre_of(STOCK_PILE))
    table.clock.ms += 4000
    assert clock.elapsed == pytest.approx(4.0)
    table.send(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    table.clock.ms += 60_000
    table.send(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
    table.clock.ms += 1000
    assert clock.elapsed == pytest.approx(5.0)


def near_won(**options):
    score = options.pop("score", 0)
    foundations = [suit_up_to("S", 12), suit_up_to("H", 13), suit_up_to("D", 13),
                   suit_up_to("C", 13)]
    return position(tableau=["KS"], foundations=foundations, score=score, **options)


def test_a_win_hops_then_shows_the_summary_and_counts_once(make_table, context):
    table = make_table(near_won())
    table.click(table.centre_of(TABLEAU[0]))
    table.settle()
    assert isinstance(table.top, SummaryScene)
    assert table.top.result.won and table.top.result.score == 10
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 1)
    assert not context.saves.exists("klondike")


def test_cumulative_vegas_adds_the_game_to_the_balance(make_table, context):
    context.settings.klondike.vegas_cumulative = True
    table = make_table(near_won(scoring="vegas", score=-52 + 5 * 51))
    assert table.scene.game.score_text(table.state).startswith("$203")
    table.click(table.centre_of(TABLEAU[0]))
    table.settle()
    assert context.stats.get("klondike").vegas_balance == 208
    assert table.top.result.score == "$208"


def test_a_game_taken_back_counts_only_the_moves_up_to_where_it_is(make_table):
    """As *Where did it go wrong?* does: the same game, its history at an earlier move."""
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    table.settle()
    session = table.scene.session
    whole = session.history
    steps = zip(whole.moves, whole.states[1:], strict=True)
    session.history = History.from_line(whole.deal, steps, 1)
    table.scene.start_session(session, deal=False)
    table.settle()
    assert "Moves 1" in table.scene.readout()


def test_a_new_game_over_a_started_one_asks_then_counts_a_loss(make_table, context):
    table = make_table(RUN)
    table.click(table.centre_of(STOCK_PILE))
    table.key(pygame.K_F2)
    table.app.stack.apply_pending()
    assert isinstance(table.top, ConfirmDialog)
    table.key(pygame.K_y)
    table.settle()
    assert table.top is table.scene
    assert table.scene.session.move_count == 0 and table.state != RUN
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 0)


def test_the_game_is_saved_and_resumed_with_its_history(make_table, context):
    game = KlondikeTable(context)
    first = make_table(scene=open_card_table(context, game, 5))
    first.click(first.centre_of(STOCK_PILE))
    first.click(first.centre_of(STOCK_PILE))
    first.key(pygame.K_z, CTRL)
    history = first.scene.session.history
    first.close()
    again = make_table(scene=open_card_table(context, KlondikeTable(context), None),
                       settle=False)
    at_rest(again)  # a resumed game is laid out at once, not dealt again
    session = again.scene.session
    assert session.history.states == history.states
    assert session.history.position == history.position == 1
    assert session.move_count == 2
    again.key(pygame.K_y, CTRL)  # the redo line came back too
    assert again.state == history.states[2]
    again.settle()
    at_rest(again)


def stuck_after_one_move():
    """Suit stacks up to the sixes; Kings and cards with no place to go on the building stacks,
    the rest face down under them; the eight of hearts on the waste is the last move."""
    tops = ["KS", "KH", "KD", "KC", "9S", "JC", "TS"]
    hidden = [f"{rank}{suit}".lower() for suit in "SHDC" for rank in "789TJQK"
              if f"{rank}{suit}" not in tops and f"{rank}{suit}" != "8H"]
    counts = [0, 1, 2, 3, 4, 5, 5]
    tableau, start = [], 0
    for top, count in zip(tops, counts, strict=True):
        tableau.append(" ".join(hidden[start:start + count] + [top]))
        start += count
    return position(tableau=tableau, foundations=[suit_up_to(suit, 6) for suit in "SHDC"],
                    waste="8H", redeals=0)


def test_no_more_moves_ends_the_game_as_a_loss(make_table, context):
    table = make_table(stuck_after_one_move())
    table.click(table.centre_of(WASTE))
    table.settle()
    assert codes(table.state.tableau[4]).endswith("9S 8H")
    assert isinstance(table.top, SummaryScene)
    assert not table.top.result.won and "no more moves" in table.top.result.title
    assert [label for label, _ in table.top.result.actions][0] == "Undo"
    assert context.stats.get("klondike").played == 0  # not yet: the move may be taken back
    assert context.saves.exists("klondike")
    table.top.play_again()
    table.settle()
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 0)
    assert not context.saves.exists("klondike")


def test_undo_from_the_summary_of_a_loss_plays_on_and_counts_nothing(make_table, context):
    table = make_table(stuck_after_one_move())
    table.click(table.centre_of(WASTE))
    table.settle()
    summary = table.top
    assert isinstance(summary, SummaryScene)
    assert summary.buttons.buttons[0].label == "Undo"
    summary.buttons.buttons[0].activate()
    table.settle()
    assert table.top is table.scene
    assert codes(table.state.waste) == "8H"
    assert not table.scene.session.finished
    assert context.stats.get("klondike").played == 0
    table.click(table.centre_of(WASTE))  # the same losing move again: it ends again
    table.settle()
    assert isinstance(table.top, SummaryScene)
    table.key(pygame.K_ESCAPE)  # Menu from the summary: now the loss counts, once
    table.settle()
    stats = context.stats.get("klondike")
    assert (stats.played, stats.won) == (1, 0)
    assert not context.saves.exists("klondike")


def test_escape_saves_and_goes_back_to_the_scene_below(make_table, context):
    menu = Scene()
    table = make_table(scene=open_card_table(context, KlondikeTable(context), 3), below=menu)
    table.click(table.centre_of(STOCK_PILE))
    table.key(pygame.K_ESCAPE)
    table.app.stack.apply_pending()
    assert table.top is menu
    assert context.saves.exists("klondike")


def test_help_and_options_open_over_the_table_and_pause_its_clock(make_table):
    table = make_table(RUN)
    table.click(table.centre_of(STOCK_PILE))
    table.key(pygame.K_F1)
    table.app.stack.apply_pending()
    assert isinstance(table.top, HelpScene)
    assert not table.scene.session.clock.running
    table.key(pygame.K_ESCAPE)
    table.settle()
    assert table.top is table.scene and table.scene.session.clock.running
    options = next(b for b in table.scene.toolbar.buttons if b.label == "Options")
    table.click(options.rect.center)
    table.app.stack.apply_pending()
    assert isinstance(table.top, OptionsScene)


def choose_options(table, changes):
    """Open Options from the toolbar, change settings by their dotted names, press OK."""
    button = next(b for b in table.scene.toolbar.buttons if b.label == "Options")
    table.click(button.rect.center)
    table.app.stack.apply_pending()
    dialog = table.top
    assert isinstance(dialog, OptionsScene)
    for key, value in changes.items():
        dialog.draft.set(key, value)
    table.key(pygame.K_RETURN)
    table.settle()
    assert table.top is table.scene


def test_closing_options_makes_no_automatic_move_the_player_did_not_ask_for(make_table,
                                                                           context):
    table = make_table(AUTO)
    table.drag(table.centre_of(TABLEAU[1]), table.centre_of(TABLEAU[2]))
    table.settle()
    table.key(pygame.K_z, CTRL)  # the Ace back where the player can use it
    table.settle()
    assert codes(table.state.tableau[1]) == "AH"
    choose_options(table, {"klondike.show_deck_contents": True})
    assert codes(table.state.tableau[1]) == "AH"
    # Automatic moves turned on in Options are asked for: they follow at once.
    choose_options(table, {"klondike.automatic_moves": False})
    choose_options(table, {"klondike.automatic_moves": True})
    assert codes(table.state.foundations[0]) == "AH"


def test_new_rules_apply_at_once_to_a_deal_not_yet_touched(make_table, context):
    table = make_table(KlondikeTable(context).new_state(41))
    choose_options(table, {"klondike.draw": 1})
    first = table.scene.session.history.states[0]
    assert first.seed == 41 and first.options.draw == 1  # the same deal, drawing one
    assert table.state == first


def test_new_rules_wait_for_the_next_deal_once_play_has_begun(make_table, context):
    table = make_table(KlondikeTable(context).new_state(41))
    table.click(table.centre_of(STOCK_PILE))
    played = table.state
    choose_options(table, {"klondike.draw": 1})
    assert table.state is played and played.options.draw == 3
    assert context.settings.klondike.draw == 1


def test_options_that_do_not_touch_the_deal_leave_it_alone(make_table, context):
    table = make_table(KlondikeTable(context).new_state(41))
    dealt = table.state
    choose_options(table, {"appearance.felt": "blue"})
    assert table.state is dealt


def test_an_assisted_game_shows_no_gain_in_the_cumulative_vegas_total(make_table, context):
    context.settings.klondike.vegas_cumulative = True
    table = make_table(near_won(scoring="vegas", score=-52 + 5 * 51))
    game = table.scene.game
    assert game.score_text(table.state, assisted=True) == "$0  (total $0)"
    assert game.score_text(table.state) == "$203  (total $203)"
