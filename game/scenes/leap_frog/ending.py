"""The end of a game at the table: the last marbles land, then the winners are celebrated
(their marbles bounce in the trays, a banner over the board names them while fireworks burst
above it and sparkles rise over the winners' panels), then the summary.

A click or a key cuts the celebration short. The table takes no input once the game is over,
so a clear layer over it, there only while the celebration lasts, catches that click or key.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.art import palette
from game.art.render import rounded_rect_surface
from game.engine import motion
from game.engine.easing import linear, out_cubic
from game.engine.scene import Scene
from game.engine.text import render_text
from game.scenes.leap_frog import commands
from game.scenes.leap_frog.painting import SPARKLE_COLOURS, paint_sparkles
from game.scenes.leap_frog.status import status_text
from game.scenes.ui import fitted_size

if TYPE_CHECKING:
    from game.scenes.leap_frog.layout import TableLayout
    from game.scenes.leap_frog.protocol import BoardTable

CELEBRATE_SECONDS = 3.2
BANNER_IN = 0.12  # the banner grows in during this share of the celebration
BURSTS = 18  # fireworks over the board
SPARKS = 22  # sparks in each burst
BURST_SPAN = 0.32  # a burst lasts this share of the celebration
PROMPT = "Click or press a key to continue"


class Ending:
    def __init__(self, table: BoardTable) -> None:
        self.table = table
        self.celebrating = False
        self.left = CELEBRATE_SECONDS
        self.sparkle = 0.0  # the celebration's progress, 0 to 1
        self._catcher: SkipCatcher | None = None

    def update(self, dt: float) -> bool:
        """Advance; False once the summary has been shown and the ending is over."""
        table = self.table
        if not self.celebrating:
            if not table.view.busy and motion.chosen() in ("instant", "reduced"):
                self.celebrating, self.left = True, 0.0  # no fireworks: the summary at once
            elif not table.view.busy:
                self.celebrating = True
                table.view.celebrate(table.match.winners(), CELEBRATE_SECONDS)
                table.tweens.tween(self, "sparkle", 1.0, CELEBRATE_SECONDS, ease=linear)
                table.context.play("win")
                if table.stack is not None:
                    self._catcher = SkipCatcher(self.skip)
                    table.stack.push(self._catcher)
            return True
        self.left -= dt * motion.time_scale()
        if self.left > 0.0:
            return True
        if self._catcher is not None:
            self._catcher.close()  # off the stack before the summary goes on
        commands.show_summary(self.table)
        return False

    def skip(self) -> None:
        """Straight on to the summary."""
        self.left = 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.celebrating or self.left <= 0.0:
            return
        table = self.table
        layout = table.layout
        areas = [layout.panels[player].rect for player in table.match.winners()]
        paint_sparkles(surface, areas, self.sparkle, layout.px(12))
        paint_fireworks(surface, layout.board, self.sparkle, layout.px(6))
        headline, _ = status_text(table.match, None, thinking=False)
        paint_banner(surface, layout, headline, min(1.0, self.sparkle / BANNER_IN))


class SkipCatcher(Scene):
    """A clear layer over the table whose only job is to turn a click or a key into `skip`."""

    is_overlay = True

    def __init__(self, skip: Callable[[], None]) -> None:
        super().__init__()
        self.skip = skip
        self.closing = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.skip()
            return True
        return False

    def needs_redraw(self) -> bool:
        return False

    def close(self) -> None:
        if self.stack is not None and not self.closing:
            self.closing = True
            self.stack.pop()


def paint_banner(surface: pygame.Surface, layout: TableLayout, headline: str,
                 shown: float) -> None:
    """The result in large letters on a ribbon across the board, growing in as `shown` runs
    0 to 1, with how to go on under it."""
    if shown <= 0.0:
        return
    board = layout.board
    banner = _banner(headline, (round(board.width * 0.84), layout.px(118)), layout.px(52),
                     layout.px(17))
    if shown < 1.0:
        grow = 0.6 + 0.4 * out_cubic(shown)
        banner = pygame.transform.smoothscale(banner, (round(banner.get_width() * grow),
                                                       round(banner.get_height() * grow)))
        banner.set_alpha(round(255 * shown))
    surface.blit(banner, banner.get_rect(center=board.center))


@lru_cache(maxsize=4)
def _banner(headline: str, size: tuple[int, int], title_size: int,
            prompt_size: int) -> pygame.Surface:
    width, height = size
    banner = rounded_rect_surface(size, height * 0.22, (14, 18, 26, 226), palette.ACCENT, 3)
    inner = pygame.Rect(0, 0, width - 14, height - 14)
    inner.center = (width // 2, height // 2)
    pygame.draw.rect(banner, (*palette.ACCENT, 110), inner, 1, border_radius=round(height * 0.18))
    title = fitted_size(headline, title_size, width - 2 * title_size, bold=True)
    shade = render_text(headline, title, palette.TITLE_OUTLINE, bold=True)
    ink = render_text(headline, title, palette.ACCENT_BRIGHT, bold=True)
    centre = (width // 2, round(height * 0.42))
    banner.blit(shade, shade.get_rect(center=(centre[0] + 2, centre[1] + 3)))
    banner.blit(ink, ink.get_rect(center=centre))
    prompt = render_text(PROMPT, prompt_size, palette.TEXT_DIM)
    banner.blit(prompt, prompt.get_rect(center=(width // 2, round(height * 0.8))))
    return banner


def paint_fireworks(surface: pygame.Surface, area: pygame.Rect, progress: float,
                    spark: int) -> None:
    """Bursts of sparks over `area`, one after another while `progress` runs 0 to 1: each
    flies out, sags and dwindles, with a streak behind every spark while it is fast."""
    reach = min(area.width, area.height) * 0.22
    for across, down, start, colour, size, turn in _bursts():
        t = (progress - start) / BURST_SPAN
        if not 0.0 < t < 1.0:
            continue
        centre_x, centre_y = area.x + across * area.width, area.y + down * area.height
        out = reach * size * out_cubic(t)
        sag = reach * 0.35 * t * t
        dot = spark * (1.0 - t) + 0.5
        ink = SPARKLE_COLOURS[colour]
        for index in range(SPARKS):
            angle = turn + 2.0 * math.pi * index / SPARKS
            dx, dy = math.cos(angle), math.sin(angle)
            tip = (centre_x + dx * out, centre_y + dy * out + sag)
            if t < 0.45:
                tail = (centre_x + dx * out * 0.55, centre_y + dy * out * 0.55 + sag * 0.5)
                pygame.draw.line(surface, ink, tail, tip, max(1, round(dot * 0.6)))
            pygame.draw.circle(surface, ink, tip, dot)


@lru_cache(maxsize=1)
def _bursts() -> tuple[tuple[float, float, float, int, float, float], ...]:
    """Each burst: across and down the area (0 to 1; above or below the banner, in turn),
    when it starts (a share of the celebration), colour index, size and the turn of its
    first spark."""
    rng = random.Random(61)
    last_start = 1.0 - BURST_SPAN
    return tuple((rng.uniform(0.15, 0.85),
                  rng.uniform(0.1, 0.3) if index % 2 else rng.uniform(0.7, 0.88),
                  last_start * index / (BURSTS - 1), rng.randrange(len(SPARKLE_COLOURS)),
                  rng.uniform(0.75, 1.25), rng.uniform(0.0, math.pi))
                 for index in range(BURSTS))
