"""Who sits at the Leap Frog table: people and computer players, their names and colours.

Names say who is who without numbers where one will do: a lone person is "You", a lone
computer player "Computer"; several people are "Player 1", "Player 3" (their seat), several
computer players "Computer 1", "Computer 2".
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.art.palette import Colour
from game.store.settings import STRENGTHS

log = logging.getLogger(__name__)

HUMAN, COMPUTER = "human", "computer"
KINDS = (HUMAN, COMPUTER)
# Seat colours, kept clear of the marbles' green, red, yellow and white.
SEAT_COLOURS: tuple[Colour, ...] = ((84, 150, 255), (255, 136, 52), (186, 104, 232),
                                    (58, 204, 196))


@dataclass(frozen=True)
class Seat:
    kind: str
    name: str
    colour: Colour
    strength: str = "medium"  # how well a computer player plays (a person's is unused)

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def possessive(self) -> str:
        """The word that starts a sentence about this seat's turn: "Your", "Computer 1's"."""
        return "Your" if self.name == "You" else f"{self.name}'s"


@dataclass(frozen=True)
class Lineup:
    """The seats in turn order, each computer player with its own strength."""

    seats: tuple[Seat, ...]

    @classmethod
    def of(cls, kinds: Sequence[str], strengths: Sequence[str] | str = "medium") -> Lineup:
        """Seats of `kinds`; `strengths` per seat, or one for every computer player."""
        if isinstance(strengths, str):
            strengths = [strengths] * len(kinds)
        humans = [index for index, kind in enumerate(kinds) if kind == HUMAN]
        computers = [index for index, kind in enumerate(kinds) if kind == COMPUTER]
        seats = []
        for index, kind in enumerate(kinds):
            if kind == HUMAN:
                name = "You" if len(humans) == 1 else f"Player {index + 1}"
            else:
                name = ("Computer" if len(computers) == 1
                        else f"Computer {computers.index(index) + 1}")
            seats.append(Seat(kind, name, SEAT_COLOURS[index % len(SEAT_COLOURS)],
                              strengths[index]))
        return cls(tuple(seats))

    @classmethod
    def from_extras(cls, extras: Mapping, players: int) -> Lineup | None:
        """The lineup a saved game recorded, or None if it is missing or does not fit.
        An older save kept one "strength" for every computer player."""
        kinds = extras.get("seats")
        strengths = extras.get("strengths", extras.get("strength"))
        if isinstance(strengths, str):
            strengths = [strengths] * players
        if (not isinstance(kinds, list) or len(kinds) != players
                or any(kind not in KINDS for kind in kinds)
                or not isinstance(strengths, list) or len(strengths) != players
                or any(strength not in STRENGTHS for strength in strengths)):
            log.warning("the saved game's seats %r / %r do not fit; using the settings",
                        kinds, strengths)
            return None
        return cls.of(kinds, strengths)

    def to_extras(self) -> dict:
        return {"seats": [seat.kind for seat in self.seats],
                "strengths": [seat.strength for seat in self.seats]}

    def __len__(self) -> int:
        return len(self.seats)

    def __getitem__(self, player: int) -> Seat:
        return self.seats[player]

    def is_computer(self, player: int) -> bool:
        return self.seats[player].is_computer

    @property
    def has_human(self) -> bool:
        return any(not seat.is_computer for seat in self.seats)

    @property
    def focus_player(self) -> int:
        """The player the statistics follow: the first person, else player 0."""
        return next((index for index, seat in enumerate(self.seats) if not seat.is_computer), 0)

    def names(self, players: Sequence[int]) -> str:
        """The players' names as a phrase: "You and Computer 1", "Player 1, Player 2 and
        Computer"."""
        names = [self.seats[player].name for player in players]
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} and {names[-1]}"
