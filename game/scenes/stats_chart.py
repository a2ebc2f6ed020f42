"""The statistics charts: recent scores as bars, and lines over the games played (a win rate,
a running total of money won).

Each chart fills a rectangle: the value axis at the left with its name above it and a few
round-numbered grid lines, the game numbers along the bottom with the axis's name under them.
Bars stand on the zero line, so negative scores (Vegas, say) hang below it; an optional dashed
reference line marks a level such as the Leapfrog buy-in. Lines of money shade the ground
they gain above the zero line in green and what they lose below it in red.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.art import palette
from game.engine.resources import font
from game.engine.text import draw_text
from game.store import ScoreEntry

WIN = palette.GOOD
LOSS = palette.ACCENT
ASSISTED = palette.TEXT_DIM  # a game the computer helped play: neither the player's win nor loss
GRID = (255, 255, 255, 34)
ZERO = (255, 255, 255, 120)
AXIS_TEXT = palette.TEXT_DIM
REFERENCE = palette.TEXT
GAIN_SHADE = (*palette.GOOD, 46)
LOSS_SHADE = (*palette.BAD, 56)
HEADROOM = 0.06  # share of the range of values left free beyond the highest and lowest

Format = Callable[[float], str]


@dataclass(frozen=True)
class Line:
    """One line of a line chart: a value after each game, oldest first."""

    values: tuple[float, ...]
    colour: palette.Colour
    width: float = 1.0  # relative to the chart's normal line width


@dataclass(frozen=True)
class Axes:
    """How a chart labels itself: the names of its axes, the number of the first game shown
    and how values read on the value axis."""

    value_name: str
    games_name: str = "Game"
    first_game: int = 1
    label: Format = lambda value: f"{value:,.0f}"
    ticks: tuple[float, ...] = ()  # the grid's values, if fixed (else round ones that fit)


def nice_ticks(low: float, high: float, most: int) -> list[float]:
    """Round values between `low` and `high`, evenly spaced by 1, 2 or 5 times a power of
    ten: as many as fit in `most`. Zero is among them whenever the range holds it."""
    if high < low:
        low, high = high, low
    if high == low:
        return [low]
    power = 10.0 ** math.floor(math.log10((high - low) / max(1, most)))
    while True:
        for factor in (1, 2, 5):
            step = power * factor
            first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
            if last - first + 1 <= max(1, most):
                return [index * step for index in range(first, last + 1)]
        power *= 10.0


def draw_empty(surface: pygame.Surface, rect: pygame.Rect, text: str, text_size: int) -> None:
    """The chart's place when there is nothing to show."""
    draw_text(surface, text, text_size, AXIS_TEXT, rect.center, anchor="center")


def draw_score_chart(surface: pygame.Surface, rect: pygame.Rect, entries: Sequence[ScoreEntry],
                     axes: Axes, *, text_size: int = 16, reference: int | None = None) -> None:
    """Draw `entries` (oldest first) as bars filling `rect`, green for a win, grey for a game
    the computer helped play, gold otherwise."""
    scores = [entry.score for entry in entries]
    levels = [*scores, 0] + ([reference] if reference is not None else [])
    frame = _Frame(surface, rect, axes, text_size, min(levels), max(levels), len(entries))
    slot = frame.plot.width / len(entries)
    bar_width = max(1, min(round(slot * 0.7), text_size * 3))  # a lone game: no slab
    zero = frame.y_of(0)
    for index, entry in enumerate(entries):
        top = frame.y_of(entry.score)
        x = round(frame.plot.x + index * slot + (slot - bar_width) / 2)
        bar = pygame.Rect(x, min(top, zero), bar_width, max(1, abs(zero - top)))
        colour = ASSISTED if entry.assisted else WIN if entry.won else LOSS
        pygame.draw.rect(surface, colour, bar,
                         border_radius=min(3, bar_width // 3))
    if reference is not None:
        dashed_line(surface, (frame.plot.x, frame.y_of(reference)), frame.plot.width)


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[Line],
                    axes: Axes, *, text_size: int = 16,
                    value_range: tuple[float, float] | None = None,
                    shade_zero: bool = False) -> None:
    """Draw `lines` (each a value per game) across `rect`; the value axis spans
    `value_range`, or the values and zero. `shade_zero` shades gains and losses."""
    values = [value for line in lines for value in line.values]
    low, high = value_range or (min(0.0, *values), max(0.0, *values))
    games = max(len(line.values) for line in lines)
    frame = _Frame(surface, rect, axes, text_size, low, high, games, points=True)
    thickness = max(2, round(text_size * 0.16))
    for line in lines:
        points = [frame.point(index, value) for index, value in enumerate(line.values)]
        if shade_zero and len(points) > 1:
            _shade(surface, frame, points)
        width = max(1, round(thickness * line.width))
        if len(points) > 1:
            pygame.draw.lines(surface, line.colour, False, points, width)
        pygame.draw.circle(surface, line.colour, points[-1], width + 2)


def dashed_line(surface: pygame.Surface, start: tuple[int, int], length: int) -> None:
    """The reference line's look, also used for its key in a legend."""
    x, y = start
    for dash in range(x, x + length, 10):
        pygame.draw.line(surface, REFERENCE, (dash, y), (min(dash + 5, x + length), y), 2)


class _Frame:
    """The axes of a chart, drawn at once: grid lines with their values, game numbers, the
    axes' names; and the mapping from (game, value) to pixels within `plot`.

    With `points`, games sit on the grid's edges (a line from the first game to the last);
    without, each game has a slot of its own (a bar in the middle of it)."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, axes: Axes, text_size: int,
                 low: float, high: float, games: int, *, points: bool = False) -> None:
        line = font(text_size).get_linesize()
        gap = max(2, text_size // 4)
        most = max(2, min(6, (rect.height - 4 * line) // (text_size * 2)))
        if axes.ticks:
            ticks = list(axes.ticks)
            if len(ticks) > most and len(ticks) % 2:
                ticks = ticks[::2]  # every other one, keeping both ends
            self.low, self.high = low, high
        else:
            ticks = nice_ticks(low, high, most)
            room = (high - low) * HEADROOM
            self.low, self.high = low - room * (low < 0), high + room * (high > 0)
        if self.high == self.low:
            self.high = self.low + 1
        labels = [axes.label(value) for value in ticks]
        left = max(font(text_size).size(label)[0] for label in labels) + text_size // 2
        last_game = f"{axes.first_game + games - 1:,}"
        right = max(text_size // 2, font(text_size).size(last_game)[0] // 2 + 2)
        top = rect.y + line + line // 2  # the axis's name, then half a label's height
        bottom = rect.bottom - 2 * line - gap  # the game numbers, then the axis's name
        self.plot = pygame.Rect(rect.x + left, top, rect.width - left - right, bottom - top)
        self.games = games
        self.points = points
        draw_text(surface, axes.value_name, text_size, AXIS_TEXT, (rect.x, rect.y))
        for value, label in zip(ticks, labels, strict=True):
            self._grid_line(surface, value, label, text_size)
        self._game_numbers(surface, axes, text_size, gap, line)

    def y_of(self, value: float) -> int:
        return round(self.plot.bottom - (value - self.low) / (self.high - self.low)
                     * self.plot.height)

    def x_of(self, game: float) -> int:
        """The centre of game `game` (counted from 0 within the chart)."""
        if self.points:
            return round(self.plot.x + game / max(1, self.games - 1) * self.plot.width)
        return round(self.plot.x + (game + 0.5) * self.plot.width / self.games)

    def point(self, game: int, value: float) -> tuple[int, int]:
        return (self.x_of(game), self.y_of(value))

    def _grid_line(self, surface: pygame.Surface, value: float, label: str,
                   text_size: int) -> None:
        y = self.y_of(value)
        line = pygame.Surface((self.plot.width, 1), pygame.SRCALPHA)
        line.fill(ZERO if value == 0 else GRID)
        surface.blit(line, (self.plot.x, y))
        draw_text(surface, label, text_size, AXIS_TEXT, (self.plot.x - text_size // 3, y),
                  anchor="midright")

    def _game_numbers(self, surface: pygame.Surface, axes: Axes, text_size: int, gap: int,
                      line: int) -> None:
        """A few round game numbers under the plot (always the first and the last), and the
        axis's name below them."""
        first, last = axes.first_game, axes.first_game + self.games - 1
        room = max(2, self.plot.width // (text_size * 4))
        numbers = [round(value) for value in nice_ticks(first, last, room)
                   if first <= value <= last and value == round(value)]
        numbers = sorted({first, last, *numbers})
        spacing = font(text_size).size(f"{last:,}")[0] + text_size
        y = self.plot.bottom + gap
        shown: list[int] = []
        for number in [first, last, *numbers[1:-1]]:
            x = self.x_of(number - first)
            if all(abs(x - other) >= spacing for other in shown):
                draw_text(surface, f"{number:,}", text_size, AXIS_TEXT, (x, y), anchor="midtop")
                shown.append(x)
        draw_text(surface, axes.games_name, text_size, AXIS_TEXT,
                  (self.plot.centerx, y + line), anchor="midtop")


def _shade(surface: pygame.Surface, frame: _Frame, points: list[tuple[int, int]]) -> None:
    """Green between the line and the zero line where it is above, red where below."""
    plot = frame.plot
    zero = min(plot.bottom, max(plot.top, frame.y_of(0)))
    layer = pygame.Surface(plot.size, pygame.SRCALPHA)
    shifted = [(x - plot.x, y - plot.y) for x, y in points]
    base = zero - plot.y
    polygon = [(shifted[0][0], base), *shifted, (shifted[-1][0], base)]
    gains = pygame.Surface(plot.size, pygame.SRCALPHA)
    pygame.draw.polygon(gains, GAIN_SHADE, polygon)
    layer.blit(gains, (0, 0), pygame.Rect(0, 0, plot.width, base))
    losses = pygame.Surface(plot.size, pygame.SRCALPHA)
    pygame.draw.polygon(losses, LOSS_SHADE, polygon)
    layer.blit(losses, (0, base), pygame.Rect(0, base, plot.width, plot.height - base))
    surface.blit(layer, plot)
