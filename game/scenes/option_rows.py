"""What the options dialog offers: every setting as a row of choices, grouped in tabs.

A row knows its setting's dotted name, the values it cycles through and how each reads;
the dialog only draws rows and forwards clicks and keys. A rules option's values are its
declaration's (game.rules.options); values come and go through `Settings.get`/`set`, so the
store's checks stay the one definition of what is allowed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.art.cards import BACKS
from game.art.felt import THEMES
from game.registry import BY_ID, GAMES, GRADES, Game
from game.rules.klondike_state import DRAW, REDEALS, SCORING, START_RANK
from game.rules.leap_frog import PLAYERS, SIZE, VARIANT
from game.store import Settings
from game.store.settings import SEAT_COUNT

Condition = Callable[[Settings], bool]


@dataclass(frozen=True)
class Option:
    """One setting: a label and the values it cycles through, each with its text."""

    label: str
    key: str
    choices: tuple[tuple[object, str], ...]
    item: int | None = None  # for a setting holding a tuple (the seats): which item
    toggle: bool = False  # drawn as a checkbox
    shown_if: Condition | None = None
    enabled_if: Condition | None = None

    def value(self, settings: Settings) -> object:
        value = settings.get(self.key)
        return value if self.item is None else value[self.item]

    def set(self, settings: Settings, value: object) -> None:
        if self.item is None:
            settings.set(self.key, value)
        else:
            items = list(settings.get(self.key))
            items[self.item] = value
            settings.set(self.key, tuple(items))

    def values(self, settings: Settings) -> list[tuple[object, str]]:
        """The choices, plus the current value if the file held one not offered here."""
        current = self.value(settings)
        if any(value == current for value, _ in self.choices):
            return list(self.choices)
        return [*self.choices, (current, str(current))]

    def text(self, settings: Settings) -> str:
        current = self.value(settings)
        return next(text for value, text in self.values(settings) if value == current)

    def step(self, settings: Settings, delta: int) -> None:
        """Move to the next (+1) or previous (-1) value, wrapping round."""
        values = self.values(settings)
        current = self.value(settings)
        index = next(i for i, (value, _) in enumerate(values) if value == current)
        self.set(settings, values[(index + delta) % len(values)][0])

    def shown(self, settings: Settings) -> bool:
        return self.shown_if is None or self.shown_if(settings)

    def enabled(self, settings: Settings) -> bool:
        return self.enabled_if is None or self.enabled_if(settings)


def toggle(label: str, key: str, **conditions: Condition) -> Option:
    return Option(label, key, ((False, "Off"), (True, "On")), toggle=True, **conditions)


def _named(*names: str) -> tuple[tuple[object, str], ...]:
    """Choices whose stored value is the name in lower case with underscores."""
    return tuple((name.lower().replace("-", "_").replace(" ", "_"), name) for name in names)


@dataclass(frozen=True)
class OptionTab:
    title: str
    options: tuple[Option, ...]
    note: str = ""  # a line under the rows saying what the player should know
    card_preview: bool = False  # show cards in the chosen deck, back and felt (see options)

    @property
    def games(self) -> frozenset[str]:
        """The games whose tables open the dialog on this tab: those whose settings it holds."""
        return frozenset(option.key.partition(".")[0] for option in self.options) & BY_ID.keys()


RULES_NOTE = "New rules apply at once to a game not yet begun; one in progress keeps its own."
VARIANT_NAMES = {"murray": "Murray (coloured)", "plain": "Plain (all alike)"}
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")


@dataclass(frozen=True)
class SeatOption(Option):
    """A Leap Frog seat: a person, or a computer player of a strength (two settings, one row)."""

    def value(self, settings: Settings) -> object:
        section = settings.leap_frog
        kind = section.seats[self.item]
        return kind if kind == "human" else section.strengths[self.item]

    def set(self, settings: Settings, value: object) -> None:
        section = settings.leap_frog
        seats, strengths = list(section.seats), list(section.strengths)
        seats[self.item] = "human" if value == "human" else "computer"
        if value != "human":
            strengths[self.item] = value
        settings.set("leap_frog.strengths", tuple(strengths))
        settings.set("leap_frog.seats", tuple(seats))


def _seat(index: int) -> Option:
    return SeatOption(f"Player {index + 1}", "leap_frog.seats",
                      (("human", "Person"), ("easy", "Computer: easy"),
                       ("medium", "Computer: medium"), ("hard", "Computer: hard")),
                      item=index, shown_if=lambda s: index < s.leap_frog.players)


@dataclass(frozen=True)
class WinnableOption(Option):
    """Winnable deals only, and of which grade: two settings of a solitaire, one row."""

    def value(self, settings: Settings) -> object:
        return settings.get(self._grade_key) if settings.get(self.key) else "off"

    def set(self, settings: Settings, value: object) -> None:
        settings.set(self.key, value != "off")
        if value != "off":
            settings.set(self._grade_key, value)

    @property
    def _grade_key(self) -> str:
        return self.key.replace(".winnable_only", ".winnable_grade")


def _winnable_only(key: str) -> Option:
    return WinnableOption("Winnable deals only", key, (
        ("off", "Off"), ("any", "On: any grade"),
        *((grade, f"On: {grade} deals") for grade in GRADES)))


WINNABLE_NOTE = ("Winnable deals only: new deals are ones the solver has proven can be won, "
                 "of the grade you choose.")

# Each game's own rows, found by their settings section; every game with a solver also gets
# "Winnable deals only", last on its tab.
GAME_ROWS: tuple[Option, ...] = (
    Option("Draw", "klondike.draw",
           tuple((n, f"{n} card" + ("s" if n > 1 else "")) for n in DRAW.values())),
    Option("Redeals", "klondike.redeals", tuple(
        (n, {None: "Unlimited", 0: "None"}.get(n, str(n))) for n in REDEALS.values(high=5))),
    Option("Starting rank", "klondike.start_rank",
           tuple(zip(START_RANK.values(), RANK_NAMES, strict=True))),
    Option("Scoring", "klondike.scoring",
           tuple((name, name.title()) for name in SCORING.choices)),
    toggle("Vegas cumulative", "klondike.vegas_cumulative",
           enabled_if=lambda s: s.klondike.scoring == "vegas"),
    toggle("Automatic moves", "klondike.automatic_moves"),
    toggle("Display deck contents", "klondike.show_deck_contents"),
    toggle("Auto-play", "leap_year.auto_play"),
    Option("Board", "leap_frog.size", tuple((n, f"{n} × {n}") for n in SIZE.values())),
    Option("Pieces", "leap_frog.variant",
           tuple((name, VARIANT_NAMES[name]) for name in VARIANT.choices)),
    Option("Players", "leap_frog.players",
           tuple((n, str(n)) for n in PLAYERS.values(high=SEAT_COUNT))),
    *(_seat(index) for index in range(SEAT_COUNT)),
    toggle("Diagonal leaps", "leap_frog.diagonal"),
)


def game_tab(entry: Game) -> OptionTab:
    """A game's tab: its own rows, "Winnable deals only" if it has a solver, and a note on
    when new rules apply (or what winnable deals are)."""
    section = entry.settings_section
    rows = [row for row in GAME_ROWS if row.key.partition(".")[0] == section]
    if entry.advisor is not None:
        rows.append(_winnable_only(f"{section}.winnable_only"))
    note = RULES_NOTE if entry.rules.rule_options else WINNABLE_NOTE if entry.advisor else ""
    return OptionTab(entry.title, tuple(rows), note=note)


TABS: tuple[OptionTab, ...] = (
    *(game_tab(entry) for entry in GAMES),
    OptionTab("Look & Sound", (
        toggle("Click a card, then its destination", "general.click_to_select"),
        Option("Card size", "appearance.card_size", _named("Auto", "Small", "Medium", "Large")),
        Option("Deck", "appearance.deck", _named("Two-colour", "Four-colour", "Large print")),
        Option("Card back", "appearance.back", tuple((name, name.title()) for name in BACKS)),
        Option("Felt", "appearance.felt", tuple((name, name.title()) for name in THEMES)),
        Option("Animation", "appearance.motion", (("normal", "Normal"), ("fast", "Fast"),
                                                  ("instant", "Instant"),
                                                  ("reduced", "Reduced motion"))),
        Option("Volume", "sound.volume",
               tuple((round(step / 10, 1), f"{step * 10}%") for step in range(11))),
        toggle("Mute", "sound.muted"),
    ), card_preview=True),
)


def tab_for_game(game_id: str | None) -> int:
    """The tab a table opens the dialog on: its own game's, else the first."""
    return next((i for i, tab in enumerate(TABS) if game_id in tab.games), 0)
