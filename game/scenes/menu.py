"""The parlour's front room: the five games as tiles, and the way to options, statistics and help.

Tiles wrap into rows to suit the window. The mouse lifts the tile under it; the arrow keys
move a visible focus over tiles and buttons alike; Enter opens, Esc quits. A tile whose game
has a saved game in progress wears a "Continue" badge.
"""

from __future__ import annotations

import logging
import math
from functools import lru_cache

import pygame

from game import __version__
from game.art import palette
from game.art.felt import THEMES, paint_felt
from game.art.overlays import soften
from game.art.render import rounded_rect_surface
from game.art.skin import corner_radius, title_surface
from game.engine import motion
from game.engine.easing import linear, out_back
from game.engine.input import Action
from game.engine.scene import Scene, Size
from game.engine.text import draw_text, render_text
from game.engine.timeline import Sequence, Wait
from game.engine.tween import Tween
from game.scenes.context import Context
from game.scenes.daily import DailyScene
from game.scenes.help import HelpScene
from game.scenes.menu_tiles import (
    GAME_TILES,
    Tile,
    description_metrics,
    tile_body,
    tile_shadow,
)
from game.scenes.notice import show_notices
from game.scenes.options import OptionsScene
from game.scenes.stats import StatsScene
from game.scenes.tables import available, open_table
from game.scenes.ui import ButtonRow, focus_ring, neighbour, ui_scale

log = logging.getLogger(__name__)

TITLES = {game_id: title for game_id, title, _ in GAME_TILES}
TILE_ASPECTS = (0.75, 1.7)  # the narrowest and widest a tile may be (width / height)
TOAST_SECONDS = 2.2
SHAKE_SECONDS = 0.4


class MenuScene(Scene):
    """The menu over the felt; opens tables and the option, statistics and help overlays."""

    def __init__(self, context: Context) -> None:
        super().__init__()
        self.context = context
        self.tiles = [Tile(game_id, title, text, pygame.Rect(0, 0, 0, 0))
                      for game_id, title, text in GAME_TILES]
        self.buttons = ButtonRow([
            ("Daily", self.open_daily),
            ("Options", self.open_options),
            ("Statistics", self.open_stats),
            ("Help", self.open_help),
            ("Quit", self.quit),
        ])
        self.scale = 1.0
        self.hovered: int | None = None
        self.pressed: int | None = None
        self.focus: int | None = None  # index into tiles, then buttons
        self.saved: set[str] = set()
        self.toast = ""
        self.toast_alpha = 0.0
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.title_size = 120
        self.text_size = 17  # the tiles' description size, and the lines it takes at most
        self.text_lines = 2
        self._frame: pygame.Surface | None = None  # the last picture drawn at rest
        self._frame_key: tuple = ()
        # The first frame shows a tile still fading in (barely begun, nearly clear) without its
        # preview, the dearest part to paint (~50 ms at 3840x2160): the menu and the overlays
        # over it open within budget, and the next frame of the entrance brings the pictures.
        self._painted = False

    # Lifecycle -------------------------------------------------------------------

    def on_enter(self) -> None:
        self.refresh_saves()
        for index, tile in enumerate(self.tiles):
            tile.appear = 0.0
            self.tweens.tween(tile, "appear", 1.0, 0.45, start=0.0, delay=0.06 * index,
                              ease=out_back)

    def on_resume(self) -> None:
        self.refresh_saves()
        self.hovered = None
        for tile in self.tiles:
            tile.lift = 0.0
        self.mark_dirty()

    def refresh_saves(self) -> None:
        """Which games have a game in progress (their tiles say "Continue")."""
        self.saved = {tile.game_id for tile in self.tiles if self._has_save(tile.game_id)}

    def _has_save(self, game_id: str) -> bool:
        try:
            return self.context.saves.exists(game_id)
        except ValueError:  # a game whose rules are not in place yet has no saves
            return False
        except OSError:  # a folder that cannot be searched: its saves cannot be loaded either
            return False

    # Layout ------------------------------------------------------------------------

    def resize(self, size: Size) -> None:
        super().resize(size)
        self.scale = ui_scale(size)
        width, height = size
        margin = self.px(32)
        self.title_size = min(self.px(120), round(height * 0.16))
        title = title_surface("Leaps", self.title_size)
        self.title_rect = title.get_rect(midtop=(width // 2, self.px(4)))
        button_size = (self.px(180), self.px(50))
        gap = self.px(20)
        count = len(self.buttons.buttons)
        button_size = (min(button_size[0], (width - 2 * margin - (count - 1) * gap) // count),
                       button_size[1])
        button_top = height - self.px(26) - button_size[1]
        self.buttons.layout(width // 2, button_top, button_size, gap)
        area = pygame.Rect(margin, self.title_rect.bottom + self.px(34), width - 2 * margin, 0)
        area.height = button_top - self.px(26) - area.top
        self._place_tiles(area)

    def _place_tiles(self, area: pygame.Rect) -> None:
        """Choose the column count that gives the largest tiles, then centre each row."""
        gap = self.px(24)
        best = None
        for columns in (5, 3, 2):
            rows = math.ceil(len(self.tiles) / columns)
            tile_w = (area.width - (columns - 1) * gap) / columns
            tile_h = (area.height - (rows - 1) * gap) / rows
            tile_w = min(tile_w, tile_h * TILE_ASPECTS[1])
            tile_h = min(tile_h, tile_w / TILE_ASPECTS[0])
            if best is None or tile_w * tile_h > best[0]:
                best = (tile_w * tile_h, columns, int(tile_w), int(tile_h))
        _, columns, tile_w, tile_h = best
        self.text_size, self.text_lines = description_metrics(tile_w, self.scale)
        rows = math.ceil(len(self.tiles) / columns)
        top = area.top + (area.height - rows * tile_h - (rows - 1) * gap) // 2
        for row in range(rows):
            members = self.tiles[row * columns:(row + 1) * columns]
            left = area.centerx - (len(members) * tile_w + (len(members) - 1) * gap) // 2
            for index, tile in enumerate(members):
                tile.rect = pygame.Rect(left + index * (tile_w + gap),
                                        top + row * (tile_h + gap), tile_w, tile_h)

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    # Actions ---------------------------------------------------------------------

    def open_game(self, game_id: str) -> None:
        """Open the table of `game_id`, or say it is coming soon."""
        title = TITLES[game_id]
        if not available(game_id):
            tile = next(tile for tile in self.tiles if tile.game_id == game_id)
            if not motion.reduced():
                self.tweens.tween(tile, "shake", 1.0, SHAKE_SECONDS, start=0.0, ease=linear)
            self.context.play("invalid")
            self.show_toast(f"{title} is coming soon.")
            return
        try:
            table = open_table(self.context, game_id)
        except Exception:  # a table that fails to open must not take the parlour with it
            log.exception("opening the %s table failed", game_id)
            self.context.notify([f"{title} could not be opened because of an unexpected "
                                 "error. The details are in the log."])
        else:
            self.context.settings.general.last_game = game_id
            self.context.play("click")
            self.stack.push(table)
        show_notices(self.stack, self.context)

    def open_options(self) -> None:
        self.stack.push(OptionsScene(self.context, on_close=self._options_closed))

    def _options_closed(self, changed: bool) -> None:
        if changed:
            self.mark_dirty()  # the felt may have changed

    def open_daily(self) -> None:
        self.stack.push(DailyScene(self.context))

    def open_stats(self) -> None:
        self.stack.push(StatsScene(self.context))

    def open_help(self) -> None:
        self.stack.push(HelpScene(self.context))

    def quit(self) -> None:
        self.stack.request_quit()

    def show_toast(self, text: str) -> None:
        """A short message above the buttons that fades away by itself."""
        self.toast = text
        self.tweens.add(Sequence(Tween(self, "toast_alpha", 1.0, 0.15),
                                 Wait(TOAST_SECONDS),
                                 Tween(self, "toast_alpha", 0.0, 0.5)))
        self.mark_dirty()

    # Input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.buttons.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            return self._hover(self._tile_at(event.pos))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self._tile_at(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed == self._tile_at(event.pos):
                self.open_game(self.tiles[pressed].game_id)
                return True
            return False
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            self._move_focus(action)
            return True
        if action in (Action.CONFIRM, Action.SELECT) and self.focus is not None:
            self._activate(self.focus)
            return True
        if action is Action.BACK:
            self.quit()
            return True
        if action is Action.HELP:
            self.open_help()
            return True
        return False

    def _focus_rects(self) -> list[pygame.Rect]:
        return [tile.rect for tile in self.tiles] + [b.rect for b in self.buttons.buttons]

    def _move_focus(self, action: Action) -> None:
        if self.focus is None:
            start = self.hovered
            if start is None:
                last = self.context.settings.general.last_game
                start = next((i for i, t in enumerate(self.tiles) if t.game_id == last), 0)
            self._set_focus(start)
            return
        target = neighbour(self._focus_rects(), self.focus, action)
        if target is not None:
            self._set_focus(target)

    def _set_focus(self, index: int) -> None:
        self.focus = index
        button = index - len(self.tiles)
        self.buttons.set_focus(button if button >= 0 else None)
        self.mark_dirty()

    def _activate(self, index: int) -> None:
        if index < len(self.tiles):
            self.open_game(self.tiles[index].game_id)
        else:
            self.buttons.buttons[index - len(self.tiles)].activate()

    def _tile_at(self, position: tuple[int, int]) -> int | None:
        return next((i for i, tile in enumerate(self.tiles) if tile.rect.collidepoint(position)),
                    None)

    def _hover(self, index: int | None) -> bool:
        if index == self.hovered:
            return False
        for position, tile in enumerate(self.tiles):
            target = 1.0 if position == index else 0.0
            if tile.lift != target:
                self.tweens.tween(tile, "lift", target, 0.14)
        self.hovered = index
        return True

    # Drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # At rest the menu is one picture: kept, it costs a single blit to redraw under an
        # overlay (options, help) each time that overlay changes.
        key = self._look()
        if self._frame is not None and self._frame_key == key and not self.tweens.active:
            surface.blit(self._frame, (0, 0))
            return
        self._paint(surface)
        if self.tweens.active:
            self._frame = None
        else:
            self._frame, self._frame_key = surface.copy(), key

    def _look(self) -> tuple:
        """Everything the menu's picture depends on."""
        return (self.size, self.context.settings.appearance.felt, self.hovered, self.focus,
                frozenset(self.saved), tuple(available(tile.game_id) for tile in self.tiles),
                self.toast_alpha, tuple(button.hovered or button.pressed
                                        for button in self.buttons.buttons))

    def _paint(self, surface: pygame.Surface) -> None:
        theme = self.context.settings.appearance.felt
        paint_felt(surface, theme if theme in THEMES else THEMES[0])
        surface.blit(title_surface("Leaps", self.title_size), self.title_rect)
        tagline = f"A parlour of five games  •  version {__version__}"
        draw_text(surface, tagline, self.px(22), palette.TEXT,
                  (self.size[0] // 2, self.title_rect.bottom - self.px(10)), anchor="midtop")
        for index, tile in enumerate(self.tiles):
            self._draw_tile(surface, index, tile)
        self.buttons.draw(surface)
        if self.toast and self.toast_alpha > 0:
            self._draw_toast(surface)
        self._painted = True

    def _draw_tile(self, surface: pygame.Surface, index: int, tile: Tile) -> None:
        if tile.appear <= 0:
            return
        raise_by = round(self.px(8) * tile.lift) - round(self.px(60) * (1 - tile.appear))
        rect = tile.rect.move(tile.shake_offset(self.px(10)), -raise_by)
        body = tile_body(tile.game_id, tile.title, tile.description, rect.size,
                          tile.game_id in self.saved, available(tile.game_id), self.scale,
                          (self.text_size, self.text_lines), self._painted or tile.appear >= 1.0)
        shadow = tile_shadow(rect.size)
        offset = self.px(4) + round(self.px(6) * tile.lift)
        alpha = round(255 * max(0.0, min(1.0, tile.appear)))
        for image, at in ((shadow, shadow.get_rect(center=rect.move(0, offset).center)),
                          (body, rect)):
            image.set_alpha(alpha)
            surface.blit(image, at)
            image.set_alpha(255)
        if tile.lift > 0:
            edge = palette.mix(palette.PANEL_EDGE[:3], palette.ACCENT_BRIGHT, tile.lift)
            pygame.draw.rect(surface, edge, rect, max(2, self.px(2)),
                             border_radius=corner_radius(rect.size))
        if self.focus == index:
            focus_ring(surface, rect)

    def _draw_toast(self, surface: pygame.Surface) -> None:
        text = render_text(self.toast, self.px(24), palette.TEXT_DARK, bold=True)
        box = text.get_rect().inflate(self.px(40), self.px(18))
        box.midbottom = (self.size[0] // 2, self.buttons.rect.top - self.px(12))
        pill = _toast_pill(box.size)
        alpha = round(255 * min(1.0, self.toast_alpha))
        pill.set_alpha(alpha)
        surface.blit(pill, pill.get_rect(center=box.center).move(0, box.height // 10))
        text.set_alpha(alpha)
        surface.blit(text, text.get_rect(center=box.center))
        text.set_alpha(255)


@lru_cache(maxsize=2)
def _toast_pill(size: tuple[int, int]) -> pygame.Surface:
    """A gold pill over a soft shadow, so the message floats above the tiles."""
    width, height = size
    spread = max(2, height // 5)
    pill = pygame.Surface((width + 4 * spread, height + 4 * spread), pygame.SRCALPHA)
    pygame.draw.rect(pill, (0, 0, 0, 150), (2 * spread, 2 * spread, width, height),
                     border_radius=height // 2)
    pill = soften(pill, spread)
    pill.blit(rounded_rect_surface(size, height / 2, palette.ACCENT),
              (2 * spread, 2 * spread - height // 10))
    return pill
