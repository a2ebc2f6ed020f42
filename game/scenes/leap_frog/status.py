"""The words in the status block: whose turn it is and what they can do now.

A headline says what is happening ("Your turn: remove any one piece"); the hint under it says
how, and during the opening explains why every player first removes a piece.
"""

from __future__ import annotations

from game.scenes.leap_frog.chain import Chain
from game.scenes.leap_frog.match import Match
from game.scenes.leap_frog.seats import Seat

OPENING_NOTE = ("Opening: each player's first turn removes any one piece, which counts as "
                "their first capture. After that every turn is a leap.")


def status_text(match: Match, chain: Chain | None, *, thinking: bool, dots: int = 3,
                moving: Seat | None = None) -> tuple[str, str]:
    """(headline, hint) for the table as it stands; `moving` is a computer player whose
    move is still being shown."""
    note = OPENING_NOTE if match.in_opening else ""
    if moving is not None:
        return f"{moving.name} moves", note
    if match.is_over:
        return _result(match), "Press F2 for a new game."
    seat = match.seat
    rules = match.rules
    if seat.is_computer:
        return f"{seat.name} is thinking{'.' * dots}" if thinking else seat.name, note
    if rules.must_remove(match.state):
        return f"{seat.possessive} turn: remove any one piece", \
            "Click the piece to take. " + note
    if chain is None or not chain.started:
        return (f"{seat.possessive} turn: leap a piece over a neighbour into the empty hole "
                "beyond it", "Drag the piece, or click it and then a green ring.")
    if not chain.can_end:
        return ("Click a green ring to leap there", "Esc or right-click chooses another piece.")
    captured = chain.captures
    return (f"{captured} piece{'s' if captured > 1 else ''} captured: keep leaping or end "
            "your turn", "End turn: Enter or right-click. Esc or Undo takes the leaps back.")


def _result(match: Match) -> str:
    winners = match.winners()
    lineup = match.lineup
    if len(winners) > 1:
        return f"{lineup.names(winners)} share the win"
    name = lineup[winners[0]].name
    return "You win!" if name == "You" else f"{name} wins"
