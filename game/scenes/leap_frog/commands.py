"""What the Leap Frog table does beyond play: opening and saving games, statistics, leaving,
new games, dialogs and the summary.

The table's scene imports this module, and the menu reaches it through the table registry,
so both are imported inside the functions that open them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.deal_codes import encode
from game.rules.history import History
from game.rules.leap_frog import RULES
from game.scenes.context import Context, GameResult
from game.scenes.leap_frog.chain import chain_extras
from game.scenes.leap_frog.match import GAME_ID, Match
from game.scenes.leap_frog.seats import COMPUTER, Lineup
from game.scenes.tabletop import deal_number
from game.scenes.tabletop.clock import format_time
from game.scenes.tabletop.counting import count_once, random_seed
from game.scenes.tabletop.toolbar import Tool
from game.store.stats import rules_key

if TYPE_CHECKING:
    from game.scenes.leap_frog.protocol import BoardTable

PLACES = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def toolbar_tools(table: BoardTable) -> list[Tool]:
    return [
        Tool("Menu", table.leave),
        Tool("New game", lambda: ask_new_game(table)),
        Tool("Deal #", lambda: ask_deal_number(table)),
        Tool("Undo", table.undo, table.can_undo),
        Tool("Redo", table.redo, lambda: table.match.can_redo),
        Tool("Options", lambda: open_options(table)),
        Tool("Help", lambda: open_help(table)),
    ]


def settings_lineup(context: Context, players: int) -> Lineup:
    """The seats the settings name, for a game of `players` (computer players fill any gap)."""
    settings = context.settings.leap_frog
    kinds = list(settings.seats[:players])
    kinds += [COMPUTER] * (players - len(kinds))
    strengths = list(settings.strengths[:players])
    strengths += ["medium"] * (players - len(strengths))
    return Lineup.of(kinds, strengths)


def new_match(context: Context, seed: int | None = None) -> Match:
    """A new game with the options and seats currently set (a random deal unless `seed`)."""
    options = context.settings.rules_options(GAME_ID)
    state = RULES.new_game(random_seed() if seed is None else seed, **options)
    return Match(History.start(state), settings_lineup(context, state.options.players))


def count(context: Context, match: Match) -> None:
    """Count a game that ended or was left for good, then forget its save, as one atomic
    step (`count_once`): a failed statistics write keeps the save, to count it later."""
    match.settled = count_once(context, GAME_ID, match.settled,
                               lambda: _record(context, match), lambda: _save(context, match))


def _record(context: Context, match: Match) -> list[str]:
    """The statistics write: the first person's score, and whether they won (a game left
    before its end is a loss; a game no person played is not theirs to count)."""
    if not match.recorded:
        return []
    score, won = match.focus_result()
    options = match.state.options
    return context.stats.record_game(GAME_ID, score, won and match.is_over,
                                     seconds=match.clock.elapsed, key=match.key,
                                     rules=rules_key(options.variant, options.size),
                                     finished=match.is_over,
                                     deal=encode(GAME_ID, options._asdict(), match.state.seed))


def abandon(context: Context, match: Match) -> None:
    """Leave `match` for good: counted, it ends as it stands (a loss unless it was over);
    its save goes."""
    if match.counted:
        match.finish()
        count(context, match)
    elif context.autosave:
        context.notify(context.saves.delete(GAME_ID))


def save(table: BoardTable) -> None:
    context, match = table.context, table.match
    if not context.autosave or match.settled or not match.counted:
        return
    _save(context, match, chain_extras(table.chain))
    table.show_notices()


def _save(context: Context, match: Match, turn: dict | None = None) -> None:
    """The game as played, and `turn`: the leaps of a turn in progress, if any."""
    context.notify(context.saves.save(GAME_ID, match.history, elapsed=match.clock.elapsed,
                                      move_count=match.move_count,
                                      extras={**match.extras(), **(turn or {})}))


def finish(context: Context, match: Match) -> None:
    """The game is over: count it once and forget its save."""
    match.finish()
    count(context, match)


# Leaving, new games and other scenes ------------------------------------------------------------


def ask_new_game(table: BoardTable) -> None:
    """A new game with the current settings, asking first if that abandons a counted one."""
    _confirm_abandon(table, lambda: new_game(table))


def _confirm_abandon(table: BoardTable, then: Callable[[], None]) -> None:
    """Run `then`, asking first when it would abandon a game that counts."""
    match = table.match
    if not match.recorded or match.finished or table.stack is None:
        then()
        return
    from game.scenes.dialogs import ConfirmDialog

    table.stack.push(ConfirmDialog("This game is not finished. Starting a new one counts as "
                                   "a loss.", then, title="Abandon this game?"))


def new_game(table: BoardTable, seed: int | None = None) -> None:
    """A new game with the current settings: a random deal unless `seed` is given."""
    abandon(table.context, table.match)
    table.start(new_match(table.context, seed))
    table.show_notices()


def ask_deal_number(table: BoardTable) -> None:
    """The Deal # dialog: this deal's code to copy, a deal number or code to play."""
    if table.stack is None:
        return
    deal_number.ask_deal_number(deal_number.DealTable(
        table.context, table.stack, GAME_ID, table.match.history.states[0],
        lambda then: _confirm_abandon(table, then), lambda seed: new_game(table, seed),
        table.save))


def open_options(table: BoardTable) -> None:
    from game.scenes.options import OptionsScene

    def closed(changed: bool) -> None:
        """New options start a new game at once if this one has not begun, else the next."""
        if not changed:
            return
        if not table.match.counted and not table.match.finished:
            table.start(new_match(table.context))
        else:
            table.note = "The new options apply from the next game."
        table.dirty = True

    if table.stack is not None:
        table.stack.push(OptionsScene(table.context, GAME_ID, on_close=closed))


def open_help(table: BoardTable) -> None:
    from game.scenes.help import HelpScene

    if table.stack is not None:
        table.stack.push(HelpScene(table.context, GAME_ID))


def show_summary(table: BoardTable) -> None:
    from game.scenes.summary import SummaryScene

    if table.stack is not None:
        table.stack.push(SummaryScene(table.context, summary_result(table)))
        table.show_notices()


def summary_result(table: BoardTable) -> GameResult:
    """The players ranked by score; equal scores share a place (and the win, at the top)."""
    match = table.match
    lineup = match.lineup
    scores = match.scores()
    ranking = match.ranking()
    shared = {place for place, _ in ranking if sum(1 for p, _ in ranking if p == place) > 1}
    rows = [(f"{PLACES[place - 1]}{'=' if place in shared else ''}  {lineup[player].name}",
             match.score_text(player)) for place, player in ranking]
    rows.append(("Turns", str(match.history.position)))
    rows.append(("Time", format_time(match.clock.elapsed)))
    if not lineup.has_human:
        rows.append(("No person played", "not in your statistics"))
    _, won = match.focus_result()
    score = "  ·  ".join(f"{lineup[player].name} {scores[player]}" for _, player in ranking)
    return GameResult(GAME_ID, RULES.title, won and lineup.has_human, score, tuple(rows),
                      play_again=lambda: new_game(table), to_menu=table.leave,
                      headline=_shared_win(match))


def _shared_win(match: Match) -> str:
    """The headline of a game whose top place is shared ("" for a win alone, or a loss)."""
    winners = match.winners() if match.is_over else ()
    if len(winners) < 2:
        return ""
    return f"{match.lineup.names(winners)} share the win"
