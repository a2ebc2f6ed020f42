"""Plays Klondike flat out through the real table until it is killed: `python -m
tests.resilience.autoplayer SEED`, with the data folder in LEAPS_DATA_DIR.

The app starts as `main.py --game klondike` does, so a saved game is resumed. Every action goes
through the table's own code, which saves the game (and the statistics when a deal is
abandoned); now and then the settings are saved too. Automatic moves are off, so each action
writes at most one saved game. Before an action it prints `do ACTION`, after it `at SEED
POSITION SAVED` (the deal, the moves played, whether a save file exists), each line flushed,
so whoever kills it knows what was complete and what may have been under way.
"""

from __future__ import annotations

import random
import sys

from game.rules import GAMES
from game.scenes.table import commands

from .helpers import start_app, tables_on

NEW_DEAL_EVERY = 40  # actions between abandoning the deal for a new one
SETTINGS_EVERY = 9  # actions between saves of the settings
STEP = 1.0 / 60.0


def report(*words: object) -> None:
    print(*words, flush=True)


def where(table, context) -> tuple[int, int, int]:
    history = table.session.history
    return history.states[0].seed, history.position, int(context.saves.exists("klondike"))


def next_action(table, picker: random.Random, count: int) -> tuple[str, object]:
    session = table.session
    if session.finished or count % NEW_DEAL_EVERY == NEW_DEAL_EVERY - 1:
        return "new_deal", None
    if count % SETTINGS_EVERY == SETTINGS_EVERY - 1:
        return "settings", None
    roll = picker.random()
    if roll < 0.08 and session.history.can_undo:
        return "undo", None
    if roll < 0.12 and session.history.can_redo:
        return "redo", None
    move = picker.choice(session.legal_moves())
    ending = GAMES["klondike"].is_over(GAMES["klondike"].apply(session.state, move))
    return ("play-ending" if ending else "play"), move


def main(seed: int) -> None:
    picker = random.Random(seed)
    random.seed(seed)  # the deals the table picks
    app, context = start_app(["--game", "klondike"], (800, 600), autosave=True)
    context.settings.klondike.automatic_moves = False
    (table,) = tables_on(app)
    report("start", *where(table, context))
    count = 0
    while True:
        action, move = next_action(table, picker, count)
        report("do", action)
        if action == "new_deal":
            commands.new_deal(table)
        elif action == "settings":
            context.settings.klondike.show_deck_contents = count % 2 == 0
            context.save_settings()
        elif action == "undo":
            table.undo()
        elif action == "redo":
            table.redo()
        else:
            table.play(move)
        app.step(STEP)
        report("at", *where(table, context))
        count += 1


if __name__ == "__main__":
    main(int(sys.argv[1]))
