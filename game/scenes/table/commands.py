"""What the table does beyond the cards: new deals, leaving for the menu, dialogs, saving,
and counting finished games in the statistics.

Kept apart from the scene so the scene stays about play. The table's scene imports this
module, and the menu reaches it through the table registry, so both are imported inside the
functions that open them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine import motion
from game.rules.history import History
from game.scenes.context import Context, GameResult
from game.scenes.daily_deals import date_of
from game.scenes.table import post_mortem
from game.scenes.table.cascade import WinCascade
from game.scenes.table.game import TableGame
from game.scenes.table.session import Session
from game.scenes.tabletop import deal_number
from game.scenes.tabletop.counting import count_once, random_seed

if TYPE_CHECKING:
    from game.deal_codes import DealCode
    from game.scenes.table.protocol import CardTable

SOLVED_BY_COMPUTER = "Solved by the computer"


# Leaving and dialogs -----------------------------------------------------------------------


def leave(table: CardTable) -> None:
    """Back to the menu, saving first; a lost game left from its summary counts now."""
    if table.session.finished:
        count_game(table.context, table.game, table.session)
    table.leave()


def ask_new_game(table: CardTable, seed: int | None = None) -> None:
    _confirm_abandon(table, lambda: new_deal(table, seed))


def ask_restart(table: CardTable) -> None:
    _confirm_abandon(table, lambda: restart(table))


def ask_deal_number(table: CardTable) -> None:
    if table.stack is not None:
        deal_number.ask_deal_number(_deal_table(table))


def open_deal_code(table: CardTable, code: DealCode) -> None:
    """Play the deal a code names, under its rules (see `deal_number.open_deal_code`)."""
    if table.stack is not None:
        deal_number.open_deal_code(_deal_table(table), code)


def _deal_table(table: CardTable) -> deal_number.DealTable:
    return deal_number.DealTable(table.context, table.stack, table.game.game_id,
                                 table.session.history.states[0],
                                 lambda then: _confirm_abandon(table, then),
                                 lambda seed: new_deal(table, seed), table.save)


def _confirm_abandon(table: CardTable, then: Callable[[], None]) -> None:
    """Run `then`, asking first when it would abandon a game that counts."""
    session = table.session
    if not session.counted or session.finished or table.stack is None:
        then()
        return
    from game.scenes.dialogs import ConfirmDialog

    table.stack.push(ConfirmDialog("This game is not finished. Leaving it counts as a loss.",
                                   then, title="Abandon this game?"))


def open_options(table: CardTable) -> None:
    from game.scenes.options import OptionsScene

    was_winnable_only = table.advisor.winnable_only
    was_automatic = table.game.automatic_on()

    def closed(changed: bool) -> None:
        """Lay out again; a game under way makes automatic moves only when the player has
        just turned them on, or has the table play by itself (never a move the player took
        back, say), while a deal not yet touched takes the new options at once."""
        table.refresh_look()
        game = table.game
        if changed and table.session.counted:
            if game.automatic_on() and (not was_automatic or game.plays_itself()):
                table.wake_automatic()
        elif changed:
            _deal_again_for_new_options(table, was_winnable_only)

    if table.stack is not None:
        table.stack.push(OptionsScene(table.context, table.game.game_id, on_close=closed))


def open_stats(table: CardTable) -> None:
    from game.scenes.stats import StatsScene

    if table.stack is not None:
        table.stack.push(StatsScene(table.context, table.game.game_id,
                                    play_again=lambda deal: open_deal_code(table, deal)))


def open_help(table: CardTable) -> None:
    from game.scenes.help import HelpScene

    if table.stack is not None:
        table.stack.push(HelpScene(table.context, table.game.game_id))


# New deals -----------------------------------------------------------------------------------


def new_deal(table: CardTable, seed: int | None = None) -> None:
    """Deal a new game with the current options: a random deal unless `seed` is given, or
    a winnable one when the player wants only those."""
    _abandon(table)
    if seed is None and table.advisor.winnable_only:
        table.advisor.winnable_deal(lambda found: _deal(table, found))
    else:
        _deal(table, random_seed() if seed is None else seed)


def _deal(table: CardTable, seed: int) -> None:
    state = table.game.new_state(seed)
    table.start_session(Session(table.game.rules, History.start(state)))


def _deal_again_for_new_options(table: CardTable, was_winnable_only: bool) -> None:
    """A deal with no move made yet follows the options just chosen: a winnable deal when
    only those are now wanted (the switch just turned on, or new rules) and this one is not
    known to be, else the same deal under the new rules, if they changed."""
    first = table.session.history.states[0]
    advisor = table.advisor
    new_rules = table.game.new_state(first.seed) != first
    if (advisor.winnable_only and (new_rules or not was_winnable_only)
            and not advisor.known_winnable(first.seed)):
        new_deal(table)
    elif new_rules:
        _deal(table, first.seed)


def replace_untouched_deal(table: CardTable, seed: int) -> None:
    """A winnable deal takes the place of the table's first deal, unless play has begun."""
    if not table.session.counted:
        _deal(table, seed)


def restart(table: CardTable) -> None:
    """The same deal again, from its first position."""
    _abandon(table)
    start = table.session.history.states[0]
    table.start_session(Session(table.game.rules, History.start(start)))


def _abandon(table: CardTable) -> None:
    """A counted game left unfinished is a loss, an ended one counts as it ended (once)."""
    session = table.session
    context = table.context
    if session.counted:
        session.finish()
        count_game(context, table.game, session)
    elif context.autosave:
        context.notify(context.saves.delete(table.game.game_id))
    table.show_notices()


# Saving and the end of a game ------------------------------------------------------------------


def save_session(table: CardTable) -> None:
    context = table.context
    if not context.autosave:
        return
    _save(context, table.game, table.session)
    table.show_notices()


def _save(context: Context, game: TableGame, session: Session) -> None:
    context.notify(context.saves.save(game.game_id, session.history,
                                      elapsed=session.clock.elapsed,
                                      move_count=session.move_count, extras=session.extras()))


def count_game(context: Context, game: TableGame, session: Session) -> None:
    """Count a game that ended or was left for good, as it stands (a loss unless won; a win
    the computer helped play counts as played), then forget its save (see `count_once`). A
    deal of the day goes into the calendar, and into the statistics only apart from the
    player's own deals.

    The calendar is written first: adding a day again changes nothing, so a stop between
    the two writes leaves the save to end the game again, never a day missing."""
    if session.daily is not None and context.autosave:
        # The calendar's own record: a day won only by the player's own play.
        won = session.is_won and not session.assisted
        context.notify(context.daily.add(game.game_id, date_of(session.daily), won))
    session.recorded = count_once(
        context, game.game_id, session.recorded,
        lambda: game.record(session.state, session.is_won, session.clock.elapsed,
                            assisted=session.assisted, key=session.key,
                            moves=session.moves, daily=session.daily is not None),
        lambda: _save(context, game, session))


def record_end(context: Context, game: TableGame, session: Session) -> None:
    """Count the game that just ended, unless it is a loss the player may still take back:
    its summary offers Undo, and it counts when the summary is left another way. Until then
    its save, at the position it ended in, keeps it: started again, it ends again."""
    if session.is_won or not session.history.can_undo:
        count_game(context, game, session)


def celebrate(table: CardTable) -> None:
    """A won game: the cards cascade off the table (a click or a key cuts it short), then
    the summary shows; at once when the player wants animations instant or reduced."""
    if table.stack is None:
        return
    if motion.chosen() in ("instant", "reduced"):
        show_summary(table)
    else:
        seed = table.session.history.states[0].seed
        table.stack.push(WinCascade(table, lambda: show_summary(table), seed=seed))


def show_summary(table: CardTable) -> None:
    from game.scenes.summary import SummaryScene

    if table.stack is None:
        return
    game, session = table.game, table.session
    state = session.state
    won = session.is_won
    stuck = "no move from the deal" if session.history.position == 0 else "no more moves"
    title = game.title if won else f"{game.title}: {stuck}"
    rows = list(game.summary_rows(state, session.moves, session.clock.elapsed))
    # A deal of the day adds to no total, so the totals shown are already the final ones.
    outcome = game.outcome_rows(state, assisted=session.assisted,
                                counted=session.recorded or session.daily is not None)
    at = next((index for index, (label, _) in enumerate(rows) if label == "Moves"), len(rows))
    rows[at:at] = outcome
    undo = not won and not session.recorded and session.history.can_undo
    result = GameResult(game.game_id, title, won and not session.assisted,
                        game.summary_score(state, assisted=session.assisted), tuple(rows),
                        play_again=lambda: new_deal(table), to_menu=lambda: leave(table),
                        actions=((("Undo", table.take_back),) if undo else ())
                        + post_mortem.actions(table),
                        headline=SOLVED_BY_COMPUTER if won and session.assisted else "")
    table.stack.push(SummaryScene(table.context, result))
    table.show_notices()
