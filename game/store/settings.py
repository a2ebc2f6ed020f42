"""The player's settings: rules options, table choices, appearance, sound and window.

Every setting has a type, a range and a default. Each assignment is checked, so a bad value
can never get in from the program; from the file, a value that does not pass its check falls
back to its default on its own (the rest of the file still counts) and an unknown key is
ignored, both with a logged warning. A file that is not a Leaps settings file at all is set
aside and the defaults are used.

    settings, messages = Settings.load(data_folder())
    settings.klondike.draw = 1            # or settings.set("klondike.draw", 1)
    rules.new_game(seed, **settings.rules_options("klondike"))
    messages += settings.save()
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar

from game.engine.motion import MOTIONS
from game.registry import GRADES
from game.rules import GAMES, klondike_state, leap_frog
from game.rules.options import RuleOption
from game.rules.serial import expect_bool, expect_choice, expect_int, expect_list
from game.store.atomic import set_aside
from game.store.documents import (
    expect_number,
    keep_until_set_aside,
    load_document,
    open_envelope,
    save_document,
)
from game.store.paths import SETTINGS_FILE

log = logging.getLogger(__name__)

KIND = "leaps-settings"
FORMAT = 1
SUBJECT = "Your settings file"
FALLBACK = "using the default settings"

Check = Callable[[object, str], Any]  # (value, name) -> the value to keep; ValueError if bad


def _setting(default: object, check: Check) -> Any:
    return field(default=default, metadata={"check": check})


def _rule(option: RuleOption, high: int | None = None) -> Any:
    """A setting holding a rules option, checked by its declaration (`high` narrows it)."""
    return _setting(option.default, lambda value, name: option.check(value, name, high))


def _one_of(*choices: object) -> Check:
    return lambda value, name: expect_choice(value, choices, name)


def _one_of_or_none(*choices: object) -> Check:
    return lambda value, name: None if value is None else expect_choice(value, choices, name)


def _fraction(value: object, name: str) -> float:
    return expect_number(value, name, 0.0, 1.0)


_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def _style_name(value: object, name: str) -> str:
    """Names of card backs and felts: the art decides which exist, the store only their form."""
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise ValueError(f"{name}: {value!r} is not a style name")
    return value


def _items(value: object, name: str, length: int) -> list:
    """A list of `length` items; the tuples the program holds count as lists."""
    return expect_list(list(value) if isinstance(value, tuple) else value, name, length)


# 8K UHD: beyond what any display shows, a window only costs memory and time (16384x16384
# took 7 GB). The window is further held to the desktop's size once the display is known.
MAX_WINDOW_SIZE = (7680, 4320)


def _window_size(value: object, name: str) -> tuple[int, int]:
    width, height = _items(value, name, 2)
    return (expect_int(width, f"{name} width", 320, MAX_WINDOW_SIZE[0]),
            expect_int(height, f"{name} height", 240, MAX_WINDOW_SIZE[1]))


SEAT_COUNT = 4  # the table offers 2 to 4 players; seats beyond `players` wait unused


def _seats(value: object, name: str) -> tuple[str, ...]:
    items = _items(value, name, SEAT_COUNT)
    return tuple(expect_choice(item, ("human", "computer"), f"{name} seat") for item in items)


STRENGTHS = ("easy", "medium", "hard")


def _strengths(value: object, name: str) -> tuple[str, ...]:
    items = _items(value, name, SEAT_COUNT)
    return tuple(expect_choice(item, STRENGTHS, f"{name} seat") for item in items)


class Section:
    """A group of settings (a dataclass) whose every assignment is checked."""

    NAME: ClassVar[str]
    RULES_OPTIONS: ClassVar[tuple[str, ...]] = ()  # the fields passed to rules.new_game

    def __setattr__(self, key: str, value: object) -> None:
        checks = _checks_of(type(self))
        if key not in checks:
            raise AttributeError(f"there is no setting {self.NAME}.{key}")
        super().__setattr__(key, checks[key](value, f"{self.NAME}.{key}"))

    @classmethod
    def from_dict(cls, data: object, problems: list[str]) -> Section:
        """The section from the file: each bad value falls back to its default and is named in
        `problems`; unknown keys (a newer version's, say) are only logged."""
        if not isinstance(data, dict):
            problems.append(cls.NAME)
            return cls()
        checks = _checks_of(cls)
        values = {}
        for key, value in data.items():
            if key not in checks:
                log.warning("ignoring unknown setting %s.%s", cls.NAME, key)
                continue
            try:
                values[key] = checks[key](value, f"{cls.NAME}.{key}")
            except ValueError as error:
                log.warning("setting %s; using the default", error)
                problems.append(f"{cls.NAME}.{key}")
        return cls(**values)

    def to_dict(self) -> dict:
        return {item.name: _jsonable(getattr(self, item.name)) for item in fields(self)}


@functools.cache
def _checks_of(section: type) -> dict[str, Check]:
    return {item.name: item.metadata["check"] for item in fields(section)}


def _jsonable(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


@dataclass
class SolitaireSettings(Section):
    """What every solitaire has: whether new deals must be ones known to be winnable."""

    winnable_only: bool = _setting(False, expect_bool)
    winnable_grade: str = _setting("any", _one_of("any", *GRADES))  # of the winnable deals


@dataclass
class KlondikeSettings(SolitaireSettings):
    NAME = "klondike"
    RULES_OPTIONS = klondike_state.OPTION_NAMES

    draw: int = _rule(klondike_state.DRAW)
    redeals: int | None = _rule(klondike_state.REDEALS)  # None: unlimited passes
    start_rank: int = _rule(klondike_state.START_RANK)
    scoring: str = _rule(klondike_state.SCORING)
    automatic_moves: bool = _setting(True, expect_bool)
    show_deck_contents: bool = _setting(False, expect_bool)
    vegas_cumulative: bool = _setting(False, expect_bool)


@dataclass
class LeapFrogBoardSettings(Section):
    NAME = "leap_frog"
    RULES_OPTIONS = tuple(option.name for option in leap_frog.OPTIONS)

    size: int = _rule(leap_frog.SIZE)
    variant: str = _rule(leap_frog.VARIANT)
    players: int = _rule(leap_frog.PLAYERS, high=SEAT_COUNT)  # the seats the table has
    diagonal: bool = _rule(leap_frog.DIAGONAL)
    seats: tuple[str, ...] = _setting(("human",) + ("computer",) * (SEAT_COUNT - 1), _seats)
    strengths: tuple[str, ...] = _setting(("medium",) * SEAT_COUNT, _strengths)  # per seat

    @classmethod
    def from_dict(cls, data: object, problems: list[str]) -> Section:
        """An older file's one strength for every computer player becomes each seat's."""
        if isinstance(data, dict) and "strength" in data and "strengths" not in data:
            data = {**data, "strengths": [data["strength"]] * SEAT_COUNT}
            del data["strength"]
        return super().from_dict(data, problems)


@dataclass
class LeapfrogSettings(SolitaireSettings):
    NAME = "leapfrog"


@dataclass
class LeapYearSettings(SolitaireSettings):
    NAME = "leap_year"

    auto_play: bool = _setting(False, expect_bool)


@dataclass
class LucasLeapsSettings(SolitaireSettings):
    NAME = "lucas_leaps"


@dataclass
class GeneralSettings(Section):
    NAME = "general"

    last_game: str | None = _setting(None, _one_of_or_none(*GAMES))
    click_to_select: bool = _setting(False, expect_bool)  # a click highlights a card


@dataclass
class AppearanceSettings(Section):
    NAME = "appearance"

    card_size: str = _setting("auto", _one_of("auto", "small", "medium", "large"))
    deck: str = _setting("two_colour", _one_of("two_colour", "four_colour", "large_print"))
    back: str = _setting("classic", _style_name)
    felt: str = _setting("green", _style_name)
    motion: str = _setting("normal", _one_of(*MOTIONS))  # animation speed, or reduced motion


@dataclass
class SoundSettings(Section):
    NAME = "sound"

    volume: float = _setting(0.7, _fraction)
    muted: bool = _setting(False, expect_bool)


@dataclass
class WindowSettings(Section):
    NAME = "window"

    size: tuple[int, int] = _setting((1280, 800), _window_size)
    fullscreen: bool = _setting(False, expect_bool)


def _section(section: type[Section]) -> Any:
    return field(default_factory=section, metadata={"section": True})


@dataclass
class Settings:
    """All settings, and the folder they are saved in (None: not saved anywhere yet)."""

    klondike: KlondikeSettings = _section(KlondikeSettings)
    leapfrog: LeapfrogSettings = _section(LeapfrogSettings)
    leap_year: LeapYearSettings = _section(LeapYearSettings)
    lucas_leaps: LucasLeapsSettings = _section(LucasLeapsSettings)
    leap_frog: LeapFrogBoardSettings = _section(LeapFrogBoardSettings)
    general: GeneralSettings = _section(GeneralSettings)
    appearance: AppearanceSettings = _section(AppearanceSettings)
    sound: SoundSettings = _section(SoundSettings)
    window: WindowSettings = _section(WindowSettings)
    folder: Path | None = field(default=None, compare=False, repr=False)
    # Settings the file held with values that could not be used, now back to their defaults.
    repaired: list[str] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def load(cls, folder: Path) -> tuple[Settings, list[str]]:
        """The settings saved in `folder` (defaults if none), and messages for the player."""
        settings, messages = load_document(folder / SETTINGS_FILE, SUBJECT, FALLBACK,
                                           cls.from_dict)
        settings = settings or cls()
        settings.folder = folder
        if settings.repaired:
            messages += settings._keep_repaired_file()
        return settings, messages

    def _keep_repaired_file(self) -> list[str]:
        """Set the file with unusable values aside, so nothing in it is lost, and save the
        settings as they now are in its place."""
        names = ", ".join(self.repaired)
        path = self.folder / SETTINGS_FILE
        try:
            kept = f"the old file is kept as {set_aside(path).name}"
        except OSError:
            keep_until_set_aside(path)
            kept = "the old file could not be set aside, and is not written over until it can be"
        return [f"Some of your settings could not be used ({names}) and are back to their "
                f"defaults; {kept}.", *self.save()]

    def save(self) -> list[str]:
        """Write the settings atomically; [] on success, else a message for the player."""
        if self.folder is None:
            raise ValueError("these settings have no folder to be saved in")
        return save_document(self.folder / SETTINGS_FILE, self.to_dict(), "Your settings")

    def get(self, key: str) -> Any:
        """A setting by its dotted name, e.g. `get("klondike.draw")`; KeyError if unknown."""
        section, name = self._locate(key)
        return getattr(section, name)

    def set(self, key: str, value: object) -> None:
        """Change a setting by its dotted name; ValueError for a value it does not allow."""
        section, name = self._locate(key)
        setattr(section, name, value)

    def rules_options(self, game_id: str) -> dict:
        """The keyword arguments for `rules.new_game` of `game_id` ({} for games without)."""
        section = self._sections().get(game_id)
        if section is None:
            return {}
        return {name: getattr(section, name) for name in section.RULES_OPTIONS}

    def to_dict(self) -> dict:
        data = {name: section.to_dict() for name, section in self._sections().items()}
        return {"kind": KIND, "format": FORMAT, **data}

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Settings from a file's contents; UnusableFile if it is not a Leaps settings file."""
        data = _one_winnable_switch_per_game(open_envelope(data, KIND, FORMAT, "Leaps settings"))
        sections = _section_types()
        for key in data.keys() - sections.keys() - {"kind", "format"}:
            log.warning("ignoring unknown settings section %s", key)
        problems: list[str] = []
        settings = cls(**{name: section.from_dict(data[name], problems)
                          for name, section in sections.items() if name in data})
        settings.repaired = problems
        return settings

    def _sections(self) -> dict[str, Section]:
        return {name: getattr(self, name) for name in _section_types()}

    def _locate(self, key: str) -> tuple[Section, str]:
        section_name, _, name = key.partition(".")
        section = self._sections().get(section_name)
        if section is None or name not in _checks_of(type(section)):
            raise KeyError(f"there is no setting {key!r}")
        return section, name


def _one_winnable_switch_per_game(data: dict) -> dict:
    """Files from before each solitaire had its own switch hold one for all of them in
    "general": hand it on to every solitaire that has none of its own."""
    general = data.get("general")
    if not isinstance(general, dict) or "winnable_only" not in general:
        return data
    general = dict(general)
    shared = general.pop("winnable_only")
    data = {**data, "general": general}
    for name, section_type in _section_types().items():
        section = data.get(name, {})
        if (issubclass(section_type, SolitaireSettings) and isinstance(section, dict)
                and "winnable_only" not in section):
            data[name] = {**section, "winnable_only": shared}
    return data


@functools.cache
def _section_types() -> dict[str, type[Section]]:
    return {item.name: item.default_factory for item in fields(Settings)
            if item.metadata.get("section")}
