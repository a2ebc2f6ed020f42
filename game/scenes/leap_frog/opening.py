"""Opening the Leap Frog table: the saved game resumed, or a new one (the registry's table
factory for Leap Frog)."""

from __future__ import annotations

from game.scenes.context import Context
from game.scenes.leap_frog.chain import saved_path
from game.scenes.leap_frog.commands import abandon, new_match, settings_lineup
from game.scenes.leap_frog.match import GAME_ID, Match
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.leap_frog.seats import Lineup
from game.scenes.tabletop.counting import drop_if_counted, saved_key


def open_leap_frog_table(context: Context, seed: int | None) -> LeapFrogBoardScene:
    """The table: the saved game when no deal is asked for, else a new game.

    A new game asked for over a saved one that had moves abandons it, counting as a loss.
    A save the statistics have counted already (the program stopped before it could be
    deleted) is over: it goes.
    """
    saved = None
    if context.autosave:
        saved, messages = context.saves.load(GAME_ID)
        context.notify(messages)
    key = None if saved is None else saved_key(saved.extras)
    if saved is not None and not drop_if_counted(context, GAME_ID, key):
        players = saved.history.state.options.players
        lineup = Lineup.from_extras(saved.extras, players) or settings_lineup(context, players)
        match = Match(saved.history, lineup, move_count=saved.move_count,
                      elapsed=saved.elapsed, key=key)
        if seed is None:
            resume = saved_path(saved.extras, match.state.options.size)
            return LeapFrogBoardScene(context, match, fresh=False, resume=resume)
        abandon(context, match)
    return LeapFrogBoardScene(context, new_match(context, seed))
