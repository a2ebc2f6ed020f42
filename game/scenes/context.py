"""What every scene shares: the player's files, the sound, and notices waiting to be shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine.audio import Audio
from game.engine.scene import Scene
from game.store import SaveSlots, Settings, Statistics
from game.store.daily import DailyRecord


@dataclass
class Context:
    settings: Settings
    stats: Statistics
    saves: SaveSlots
    audio: Audio
    autosave: bool = True  # off for --frames and --screenshot runs, which must not touch a save
    notices: list[str] = field(default_factory=list)  # messages for the player, shown in turn
    # Makes the menu for a table that was opened first and is left: the app's to give, so
    # that no scene below the menu imports it.
    make_menu: Callable[[Context], Scene] | None = field(default=None, repr=False)
    # The deals of the day played and won (kept apart from `stats`); in memory by default.
    daily: DailyRecord = field(default_factory=lambda: DailyRecord(None), repr=False)

    def menu(self) -> Scene:
        if self.make_menu is None:
            raise RuntimeError("this context has no menu to go back to")
        return self.make_menu(self)

    def notify(self, messages: list[str]) -> None:
        """Queue messages for the player; one already waiting to be read is not queued again."""
        for message in messages:
            if message not in self.notices:
                self.notices.append(message)

    def save_settings(self) -> None:
        self.notify(self.settings.save())

    def play(self, sound: str) -> None:
        self.audio.play(sound)


@dataclass(frozen=True)
class GameResult:
    """An ended game as the summary shows it."""

    game_id: str
    title: str
    won: bool
    score: int | str  # a number, or text such as "Red 34 - Green 28" for Leap Frog
    rows: tuple[tuple[str, str], ...] = ()  # breakdown lines: (label, value)
    play_again: Callable[[], None] | None = None
    to_menu: Callable[[], None] | None = None
    # More buttons, shown before "Play again" (label, what it does): the summary closes first.
    actions: tuple[tuple[str, Callable[[], None]], ...] = ()
    headline: str = ""  # instead of "You won!" or "Game over" ("Solved by the computer")
