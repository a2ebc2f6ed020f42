"""Opening a card table: the saved game resumed, or a new deal (what the registry's
table factories of the solitaires call)."""

from __future__ import annotations

from game.rules.history import History
from game.scenes.context import Context
from game.scenes.table.commands import count_game, replace_untouched_deal
from game.scenes.table.game import TableGame
from game.scenes.table.scene import CardTableScene
from game.scenes.table.session import Session
from game.scenes.tabletop.counting import drop_if_counted, random_seed


def open_card_table(context: Context, game: TableGame, seed: int | None) -> CardTableScene:
    """The table for `game`: the saved game when no deal is asked for, else a new deal.

    Asking for a deal over a saved game that has had moves abandons it, which counts as a
    loss, as any new deal over a counted game does. A save the statistics have counted
    already (the program stopped before it could be deleted) is over: it goes.
    """
    saved = None
    if context.autosave:
        saved, messages = context.saves.load(game.game_id)
        context.notify(messages)
    session = None if saved is None else Session.resumed(game.rules, saved)
    if session is not None and drop_if_counted(context, game.game_id, session.key):
        session = None
    if session is not None and seed is None:
        return CardTableScene(context, game, session, fresh=False)
    if session is not None:
        session.finish()
        count_game(context, game, session)
    state = game.new_state(random_seed() if seed is None else seed)
    table = CardTableScene(context, game, Session(game.rules, History.start(state)))
    if seed is None and table.advisor.winnable_only:
        table.advisor.winnable_deal(lambda found: replace_untouched_deal(table, found))
    return table
