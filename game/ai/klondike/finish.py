"""The Klondike finish that costs the fewest points: only cards sent to their suit stacks,
with as few new passes through the deck as can be (then as few clicks of it).

A pass is the only thing a finish can cost (standard scoring takes points for it; the cards
going up score the same in any order), and only the talon decides how many are needed: a
building stack's top card that can go up may go at once, since taking it changes nothing in
the talon. So between talon cards every building-stack card that can go up goes up, and the
search chooses only which talon card to take next, in order of passes, then clicks, spent
(uniform cost). Drawing one card a click, the first talon card within reach that can go up is
always the one to take: any other lies further on, and taking it first would leave the first
behind for another pass, while after the first it is still within reach and can still go up.
Drawing more, taking a card regroups the cards after it, so the search tries each.
"""

from __future__ import annotations

import heapq
from itertools import count

from game.ai.klondike.moves import (
    TABLEAU_TO_FOUNDATION,
    TALON_TO_FOUNDATION,
    Play,
    apply_play,
    cards_going_up_next,
    settle,
)
from game.ai.klondike.position import Deck, Position, is_won, reachable


def finishing_plays(position: Position, deck: Deck) -> list[Play] | None:
    """Plays that win from `position` (settled) sending cards to their suit stacks only, with
    the fewest new passes and then clicks; None if no such finish exists. One always does when
    nothing is face down and the talon is empty or always within reach (`sure_win`)."""
    tie = count()
    start, plays = _tops_up(position, deck)
    queue = [(0, 0, next(tie), start, plays)]
    seen: set[tuple] = set()
    while queue:
        passes, clicks, _, position, plays = heapq.heappop(queue)
        if is_won(position):
            return plays
        key = (position.found, position.pos)
        if key in seen:
            continue
        seen.add(key)
        next_cards = cards_going_up_next(position.found)
        for at, more_clicks, new_passes in reachable(position, deck):
            if position.talon[at - 1] in next_cards:
                play = Play(TALON_TO_FOUNDATION, at, 0, 1, more_clicks, new_passes)
                child, more = _tops_up(settle(apply_play(position, play), deck), deck)
                heapq.heappush(queue, (passes + new_passes, clicks + more_clicks, next(tie),
                                       child, [*plays, play, *more]))
                if deck.draw == 1:
                    break  # the first card within reach: nothing else is ever better
    return None


def _tops_up(position: Position, deck: Deck) -> tuple[Position, list[Play]]:
    """Every building stack's top card that can go up sent up (the automatic moves after
    each), and the plays that did it."""
    plays: list[Play] = []
    while True:
        next_cards = cards_going_up_next(position.found)
        pile = next((pile for pile, up in enumerate(position.ups)
                     if up and up[-1] in next_cards), None)
        if pile is None:
            return position, plays
        play = Play(TABLEAU_TO_FOUNDATION, pile)
        plays.append(play)
        position = settle(apply_play(position, play), deck)
