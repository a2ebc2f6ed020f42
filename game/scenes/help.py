"""Help: each game's rules, with small pictures of them at work, and the controls, in tabs,
on a page that scrolls.

The wheel, the Up/Down arrows, Page Up/Page Down and Home/End scroll; Left/Right or Tab
change tabs; Esc or Enter closes. Only the lines in view are drawn. A picture stands at the
left with its caption beside it.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.art import palette
from game.art.cards import BACKS, DECKS
from game.engine.input import Action
from game.engine.resources import font
from game.engine.text import draw_text, render_text, wrap_text
from game.scenes.context import Context
from game.scenes.help_pictures import picture, picture_size
from game.scenes.help_text import KEY_SEPARATOR, controls_text, game_help, parse_blocks
from game.scenes.ui import DIALOG_BACKING, ButtonRow, ModalScene, TabBar, draw_dialog_panel

CONTROLS = "controls"
SCROLL_SECONDS = 0.18
KEY_CAP = (232, 226, 210)
KEY_EDGE = (120, 110, 90)
PICTURE_CARD = 44  # card width in the pictures, at 1280x800

Line = tuple[str, str, int, int]  # (kind, text, x offset, y offset) within the page


class HelpScene(ModalScene):
    """The help pages, opening on `game_id`'s rules if given."""

    def __init__(self, context: Context, game_id: str | None = None) -> None:
        super().__init__()
        self.context = context
        self.help = game_help()
        self.pages = [*self.help, CONTROLS]
        first = self.pages.index(game_id) if game_id in self.pages else 0
        titles = [title for title, _ in self.help.values()] + ["Controls"]
        self.tabs = TabBar(titles, self._tab_changed, first)
        self.button = ButtonRow([("Close", self.close)])
        self.view = pygame.Rect(0, 0, 0, 0)
        self.lines: list[Line] = []
        self.page_height = 0
        self.scroll = 0.0  # pixels of the page above the view, as drawn
        self.scroll_target = 0.0

    @property
    def page(self) -> str:
        return self.pages[self.tabs.index]

    def page_text(self, page: str | None = None) -> str:
        """The markup of a page (the selected one by default)."""
        page = page or self.page
        return controls_text(self.keymap) if page == CONTROLS else self.help[page][1]

    @property
    def max_scroll(self) -> int:
        return max(0, self.page_height - self.view.height)

    # Scrolling -----------------------------------------------------------------------

    def scroll_by(self, pixels: float) -> None:
        self.scroll_to(self.scroll_target + pixels)

    def scroll_to(self, position: float) -> None:
        target = max(0.0, min(float(self.max_scroll), position))
        if target != self.scroll_target:
            self.scroll_target = target
            self.tweens.tween(self, "scroll", target, SCROLL_SECONDS)
            self.mark_dirty()

    def _tab_changed(self, _index: int) -> None:
        self._lay_out_page()
        self.tweens.kill(self, "scroll")
        self.scroll = self.scroll_target = 0.0
        self.mark_dirty()

    # Layout --------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        tabs, button_top = self.lay_out_tabbed_panel(size, (900, 860), self.tabs, self.button)
        self.view = pygame.Rect(tabs.x + self.px(8), tabs.bottom + self.px(16),
                                tabs.width - self.px(30), button_top - tabs.bottom - self.px(30))
        self._lay_out_page()
        self.scroll_target = min(self.scroll_target, self.max_scroll)
        self.scroll = self.scroll_target

    def _sizes(self) -> tuple[int, int, int]:
        """Text size, heading size and line spacing."""
        text = self.px(21)
        return text, self.px(25), round(text * 1.3)

    def _key_column(self, blocks: list[tuple[str, str]], size: int) -> int:
        """Where shortcut descriptions start: just right of the widest set of key caps."""
        widths = [self._caps_width(text.partition(" | ")[0], size)
                  for kind, text in blocks if kind == "keys"]
        return min(max(widths, default=0) + self.px(24), self.view.width // 2)

    def _caps_width(self, keys: str, size: int) -> int:
        labels = keys.split(KEY_SEPARATOR)
        caps = sum(font(size, bold=True).size(label)[0] + self.px(12)
                   for label in labels)
        return caps + (len(labels) - 1) * (font(size).size("or")[0] + self.px(12))

    def _lay_out_page(self) -> None:
        text_size, heading_size, spacing = self._sizes()
        indent = self.px(22)
        lines: list[Line] = []
        y = 0
        blocks = parse_blocks(self.page_text())
        key_column = self._key_column(blocks, text_size)
        for kind, text in blocks:
            if kind == "heading":
                y += spacing // 2 if lines else 0
                lines.append(("heading", text, 0, y))
                y += round(heading_size * 1.35)
                continue
            if kind == "picture":
                y = self._lay_out_picture(lines, text, y, text_size, spacing)
                continue
            if kind == "keys":
                keys, _, what = text.partition(" | ")
                lines.append(("keys", keys, 0, y))
                x = key_column
                text = what
                kind = "paragraph"
            else:
                x = indent if kind == "bullet" else 0
            for number, row in enumerate(wrap_text(text, text_size, self.view.width - x)):
                lines.append(("bullet" if kind == "bullet" and number == 0 else "text", row, x, y))
                y += spacing
            y += spacing // 3
        self.lines = lines
        self.page_height = y

    def picture(self, name: str) -> pygame.Surface:
        """The picture `name` as this window shows it, in the player's cards and cloth."""
        look = self.context.settings.appearance
        deck = look.deck if look.deck in DECKS else DECKS[0]
        back = look.back if look.back in BACKS else "classic"
        return picture(name, self.px(PICTURE_CARD), deck, back, look.felt)

    def _lay_out_picture(self, lines: list[Line], text: str, y: int, text_size: int,
                         spacing: int) -> int:
        """The picture at the left and its caption beside it, centred on it; returns where
        the next block starts."""
        name, _, caption = text.partition(" | ")
        width, height = picture_size(name, self.px(PICTURE_CARD))
        lines.append(("picture", name, 0, y))
        beside = width + self.px(20)
        rows = wrap_text(caption, text_size, self.view.width - beside)
        top = y + max(0, (height - len(rows) * spacing) // 2)
        for number, row in enumerate(rows):
            lines.append(("caption", row, beside, top + number * spacing))
        return max(y + height, top + len(rows) * spacing) + spacing

    # Drawing -------------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        draw_dialog_panel(surface, self.panel)
        draw_text(surface, "Help", self.px(34), palette.ACCENT_BRIGHT,
                  (self.panel.centerx, self.panel.y + self.px(22)), anchor="midtop", bold=True)
        self.tabs.draw(surface)
        self._draw_page(surface)
        self._draw_scrollbar(surface)
        self.button.draw(surface)

    def _draw_page(self, surface: pygame.Surface) -> None:
        text_size, heading_size, spacing = self._sizes()
        offset = round(self.scroll)
        previous_clip = surface.get_clip()
        surface.set_clip(self.view.clip(previous_clip) if previous_clip else self.view)
        for kind, text, x, y in self.lines:
            top = self.view.y + y - offset
            height = (picture_size(text, self.px(PICTURE_CARD))[1] if kind == "picture"
                      else heading_size * 2)
            if top > self.view.bottom or top + height < self.view.y:
                continue
            at = (self.view.x + x, top)
            if kind == "picture":
                surface.blit(self.picture(text), at)
                continue
            if kind == "caption":
                draw_text(surface, text, text_size, palette.TEXT_DIM, at)
                continue
            if kind == "heading":
                draw_text(surface, text, heading_size, palette.ACCENT_BRIGHT, at, bold=True)
                continue
            if kind == "keys":
                self._draw_key_caps(surface, text, at, text_size)
                continue
            if kind == "bullet":
                draw_text(surface, "•", text_size, palette.ACCENT,
                          (self.view.x + x - self.px(14), top))
            draw_text(surface, text, text_size, palette.TEXT, at)
        self._draw_fades(surface)
        surface.set_clip(previous_clip)

    def _draw_key_caps(self, surface: pygame.Surface, keys: str, at: tuple[int, int],
                       size: int) -> None:
        """Each key combination in a little raised box, like the key itself."""
        x, y = at
        for number, label in enumerate(keys.split(KEY_SEPARATOR)):
            if number:
                x = draw_text(surface, "or", size, palette.TEXT_DIM,
                              (x + self.px(6), y)).right + self.px(6)
            image = render_text(label, size, palette.TEXT_DARK, bold=True)
            cap = image.get_rect(topleft=(x, y)).inflate(self.px(12), self.px(4))
            cap.topleft = (x, y - self.px(2))
            pygame.draw.rect(surface, KEY_CAP, cap, border_radius=self.px(5))
            pygame.draw.rect(surface, KEY_EDGE, cap, 1, border_radius=self.px(5))
            surface.blit(image, image.get_rect(center=cap.center))
            x = cap.right

    def _draw_fades(self, surface: pygame.Surface) -> None:
        """Soft edges where the page goes on beyond the view."""
        fade = _fade((self.view.width, self.px(26)))
        if self.scroll < self.max_scroll - 1:
            surface.blit(fade, fade.get_rect(bottomleft=self.view.bottomleft))
        if self.scroll > 1:
            flipped = pygame.transform.flip(fade, False, True)
            surface.blit(flipped, self.view.topleft)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(self.view.right + self.px(10), self.view.y, self.px(6),
                            self.view.height)
        pygame.draw.rect(surface, (40, 48, 62), track, border_radius=track.width // 2)
        length = max(self.px(30), round(track.height * self.view.height / self.page_height))
        top = track.y + round((track.height - length) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, palette.ACCENT, (track.x, top, track.width, length),
                         border_radius=track.width // 2)

    # Input ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.button.handle_event(event) or self.tabs.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.px(70))
            return True
        if event.type == pygame.KEYDOWN:
            page = self.view.height * 0.9
            moves = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.max_scroll)
                return True
            if event.key == pygame.K_TAB:
                self.tabs.step(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
        return super().handle_event(event)

    def handle_action(self, action: Action) -> bool:
        if action in (Action.UP, Action.DOWN):
            self.scroll_by(self.px(50) * (-1 if action is Action.UP else 1))
            return True
        if action in (Action.LEFT, Action.RIGHT):
            self.tabs.step(-1 if action is Action.LEFT else 1)
            return True
        if action in (Action.BACK, Action.CONFIRM, Action.HELP):
            self.close()
            return True
        return False


@lru_cache(maxsize=2)
def _fade(size: tuple[int, int]) -> pygame.Surface:
    """From clear at the top to the dialog's colour at the bottom."""
    width, height = size
    fade = pygame.Surface(size, pygame.SRCALPHA)
    for row in range(height):
        fade.fill((*DIALOG_BACKING[:3], round(255 * row / max(1, height - 1))), (0, row, width, 1))
    return fade
