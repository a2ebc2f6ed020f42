"""The end of a game at the table: the last marbles land, the winners are celebrated (their
marbles bounce in the trays, sparkles rise over them and the board), then the summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.easing import linear
from game.scenes.leap_frog import commands
from game.scenes.leap_frog.painting import paint_sparkles

if TYPE_CHECKING:
    from game.scenes.leap_frog.scene import LeapFrogTable

CELEBRATE_SECONDS = 2.4


class Ending:
    def __init__(self, table: LeapFrogTable) -> None:
        self.table = table
        self.celebrating = False
        self.left = CELEBRATE_SECONDS
        self.sparkle = 0.0  # the sparkles' progress, 0 to 1

    def update(self, dt: float) -> bool:
        """Advance; False once the summary has been shown and the ending is over."""
        table = self.table
        if not self.celebrating:
            if not table.view.busy:
                self.celebrating = True
                table.view.celebrate(table.match.winners(), CELEBRATE_SECONDS)
                table.tweens.tween(self, "sparkle", 1.0, CELEBRATE_SECONDS, ease=linear)
                table.context.play("win")
            return True
        self.left -= dt
        if self.left > 0.0:
            return True
        commands.show_summary(table)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.celebrating:
            return
        layout = self.table.layout
        areas = [layout.panels[player].rect for player in self.table.match.winners()]
        paint_sparkles(surface, [*areas, layout.board], self.sparkle, layout.px(12))
