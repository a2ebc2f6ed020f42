"""Interface pieces the non-table scenes share: skinned buttons, tabs, focus, modal overlays.

Everything is sized from the window (`ui_scale`), so the same scene reads well from 640x480
to 1920x1080, and drawn with the art skin so menus, dialogs and tables look of one piece.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from game.art import palette
from game.art.render import rounded_rect_surface
from game.art.skin import button_surface, corner_radius, panel_surface
from game.engine.easing import Easing, out_cubic
from game.engine.input import Action
from game.engine.resources import font
from game.engine.scene import Scene, Size
from game.engine.text import draw_text
from game.engine.widgets import Button

DIM_ALPHA = 165  # how far an overlay darkens the scene beneath it
DIALOG_BACKING = (16, 20, 28, 235)  # under a dialog's panel, so busy scenes below stay quiet
DISABLED_TEXT = palette.BUTTONS["disabled"][2]
ENTRANCE_SECONDS = 0.22
ENTRANCE_SCALE = 0.9  # overlays grow from this fraction of their size as they appear
SMOOTH_ENTRANCE_PIXELS = 1600 * 1000  # larger panels grow in scaled by nearest pixels


def dollars(amount: int) -> str:
    """Money as the tables and statistics show it: $1,250 or -$52."""
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def ui_scale(size: Size) -> float:
    """1.0 at 1280x800, smaller on small windows and larger on big ones, within limits."""
    return max(0.8, min(1.5, min(size[0] / 1280, size[1] / 800)))


def fitted_size(text: str, size: int, width: int, *, bold: bool = False) -> int:
    """The largest font size up to `size` at which `text` is at most `width` pixels wide."""
    while size > 8 and font(size, bold=bold).size(text)[0] > width:
        size -= 1
    return size


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, width: int = 3) -> None:
    """The gold outline marking what the keyboard would activate."""
    ring = rect.inflate(2 * width + 2, 2 * width + 2)
    pygame.draw.rect(surface, palette.ACCENT_BRIGHT, ring, width,
                     border_radius=corner_radius(ring.size) + width)


def dim(surface: pygame.Surface, alpha: int) -> None:
    """Darken the whole surface (the scene beneath an overlay) as black at `alpha` would, by
    scaling its colours in place: no window-sized layer to make (a 4K one cost 50 ms)."""
    if alpha > 0:
        keep = 255 - min(255, alpha)
        surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


def draw_arrow(surface: pygame.Surface, rect: pygame.Rect, direction: int,
               colour: palette.Colour) -> None:
    """A filled triangle pointing left (-1) or right (+1), centred in `rect`."""
    half = max(3, min(rect.width, rect.height) // 4)
    x, y = rect.center
    tip = (x + direction * half, y)
    back = x - direction * half
    pygame.draw.polygon(surface, colour, [tip, (back, y - half), (back, y + half)])


def draw_dialog_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The skin's panel on a nearly opaque backing: text stays legible over any scene."""
    surface.blit(panel_surface(rect.size, DIALOG_BACKING), rect)


class SkinButton(Button):
    """The engine's button, drawn in the game's skin, with a focus ring for the keyboard."""

    @property
    def look(self) -> str:
        """The skin's drawing of the button: "disabled", "pressed", "hover" or "normal"."""
        if not self.enabled:
            return "disabled"
        if self.pressed:
            return "pressed"
        return "hover" if self.hovered else "normal"

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(button_surface(self.rect.size, self.label, self.look), self.rect)
        if self.focused and self.enabled:
            focus_ring(surface, self.rect)


class ButtonRow:
    """Buttons side by side, centred, with Left/Right moving the keyboard focus."""

    def __init__(self, items: Sequence[tuple[str, Callable[[], None]]]) -> None:
        self.buttons = [SkinButton(pygame.Rect(0, 0, 1, 1), label, action)
                        for label, action in items]
        self.focus: int | None = None

    def layout(self, center_x: int, top: int, size: tuple[int, int], gap: int) -> None:
        width, height = size
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        left = center_x - total // 2
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + index * (width + gap), top, width, height)

    @property
    def rect(self) -> pygame.Rect:
        return self.buttons[0].rect.unionall([button.rect for button in self.buttons[1:]])

    def handle_event(self, event: pygame.event.Event) -> bool:
        changed = False
        for button in self.buttons:
            changed = button.handle_event(event) or changed
        return changed

    def handle_action(self, action: Action) -> bool:
        """Left/Right move the focus; Select presses the focused button."""
        if action in (Action.LEFT, Action.RIGHT):
            step = -1 if action is Action.LEFT else 1
            start = self.focus if self.focus is not None else (-1 if step > 0 else 0)
            self.set_focus((start + step) % len(self.buttons))
            return True
        if action is Action.SELECT and self.focus is not None:
            self.buttons[self.focus].activate()
            return True
        return False

    def set_focus(self, index: int | None) -> None:
        self.focus = index
        for position, button in enumerate(self.buttons):
            button.focused = position == index

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)


class TabBar:
    """A row of tabs; exactly one is selected. Clicking one calls `on_change(index)`."""

    def __init__(self, labels: Sequence[str], on_change: Callable[[int], None],
                 index: int = 0) -> None:
        self.labels = list(labels)
        self.on_change = on_change
        self.index = index
        self.hovered: int | None = None
        self.rects: list[pygame.Rect] = []
        self.font_size = 20

    def layout(self, rect: pygame.Rect) -> None:
        """Share `rect` out equally; the label size shrinks until the longest label fits."""
        count = len(self.labels)
        gap = max(2, rect.height // 10)
        width = (rect.width - gap * (count - 1)) // count
        self.rects = [pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height)
                      for i in range(count)]
        longest = max(self.labels, key=lambda label: font(20, bold=True).size(label)[0])
        self.font_size = fitted_size(longest, round(rect.height * 0.5), width - 2 * gap,
                                     bold=True)

    def select(self, index: int) -> None:
        index %= len(self.labels)
        if index != self.index:
            self.index = index
            self.on_change(index)

    def step(self, delta: int) -> None:
        self.select(self.index + delta)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hovered = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)),
                           None)
            changed = hovered != self.hovered
            self.hovered = hovered
            return changed
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for index, (label, rect) in enumerate(zip(self.labels, self.rects, strict=True)):
            selected = index == self.index
            if selected:
                fill, text = palette.BUTTONS["normal"][0], palette.ACCENT_BRIGHT
            elif index == self.hovered:
                fill, text = palette.BUTTONS["normal"][1], palette.TEXT
            else:
                fill, text = (28, 34, 46), palette.TEXT_DIM
            radius = corner_radius(rect.size)
            pygame.draw.rect(surface, fill, rect, border_top_left_radius=radius,
                             border_top_right_radius=radius)
            if selected:
                bar = max(2, rect.height // 12)
                surface.fill(palette.ACCENT, (rect.x, rect.bottom - bar, rect.width, bar))
            draw_text(surface, label, self.font_size, text, rect.center, anchor="center",
                      bold=True)


_DIRECTIONS = {Action.LEFT: (-1, 0), Action.RIGHT: (1, 0), Action.UP: (0, -1),
               Action.DOWN: (0, 1)}


def neighbour(rects: Sequence[pygame.Rect], current: int, action: Action) -> int | None:
    """The item the arrow `action` moves to from `current`, or None at the edge.

    Items lying in the current one's beam (overlapping it across the direction of travel)
    come first, the nearest of them winning: Down from a tile reaches the row below, and
    Right stays in its row. Only without any does the nearest item off the beam count.
    """
    dx, dy = _DIRECTIONS[action]
    here = rects[current]
    in_beam, off_beam = [], []
    for index, rect in enumerate(rects):
        ahead = (rect.centerx - here.centerx) * dx + (rect.centery - here.centery) * dy
        if index == current or ahead <= 0:
            continue
        aside = abs(rect.centerx - here.centerx) * abs(dy) + \
            abs(rect.centery - here.centery) * abs(dx)
        overlaps = (rect.left < here.right and here.left < rect.right) if dy else \
            (rect.top < here.bottom and here.top < rect.bottom)
        (in_beam if overlaps else off_beam).append((ahead, aside, index))
    if in_beam:
        return min(in_beam)[2]
    if off_beam:
        return min(off_beam, key=lambda item: item[0] + 2 * item[1])[2]
    return None


class ModalScene(Scene):
    """An overlay that darkens the scene below and grows into view as it enters.

    Subclasses lay out `self.panel` (and their widgets) in `layout` and draw inside it in
    `draw_content`; everything they draw must lie within the panel, which is what the
    entrance animation scales.
    """

    is_overlay = True
    entrance_ease: Easing = staticmethod(out_cubic)

    def __init__(self) -> None:
        super().__init__()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.appear = 0.0
        self.scale = 1.0
        self.closing = False
        self._buffers: dict[str, pygame.Surface] = {}

    def on_enter(self) -> None:
        self.tweens.tween(self, "appear", 1.0, ENTRANCE_SECONDS, start=0.0,
                          ease=self.entrance_ease)

    def resize(self, size: Size) -> None:
        super().resize(size)
        self.scale = ui_scale(size)
        self.layout(size)

    def layout(self, size: Size) -> None:
        """Place the panel and widgets for a window of `size`."""

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw the panel and everything on it."""

    def close(self) -> None:
        """Take this overlay off the stack (once, however often it is asked)."""
        if self.stack is not None and not self.closing:
            self.closing = True
            self.stack.pop()

    def px(self, value: float) -> int:
        """`value` pixels at 1280x800, scaled to the window."""
        return max(1, round(value * self.scale))

    def lay_out_tabbed_panel(self, size: Size, largest: Size, tabs: TabBar,
                             buttons: ButtonRow) -> tuple[pygame.Rect, int]:
        """Centre a panel of at most `largest` (at 1280x800) in the window, with `tabs` across
        its top under the title and `buttons` along its bottom; returns the tab bar's rect and
        the top of the buttons, between which the page goes."""
        width = min(self.px(largest[0]), size[0] - self.px(24))
        height = min(self.px(largest[1]), size[1] - self.px(16))
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = self.px(24)
        bar = pygame.Rect(self.panel.x + pad, self.panel.y + pad + self.px(46),
                          width - 2 * pad, self.px(42))
        tabs.layout(bar)
        button_size = (self.px(150), self.px(48))
        button_top = self.panel.bottom - pad - button_size[1]
        buttons.layout(self.panel.centerx, button_top, button_size, self.px(20))
        return bar, button_top

    def draw(self, surface: pygame.Surface) -> None:
        shown = max(0.0, min(1.0, self.appear))
        dim(surface, round(DIM_ALPHA * shown))
        area = self.panel.clip(surface.get_rect())
        if shown == 0.0 and self.appear < 1.0:
            return  # not showing yet
        if self.appear == 1.0 or area.width <= 0 or area.height <= 0:
            self._buffers.clear()  # the entrance is over
            self.draw_content(surface)
            return
        # While growing in, the panel is drawn in place, lifted off with its rounded outline
        # and the scene under it put back, then scaled and faded. The pictures are only
        # panel-sized, and kept for the whole entrance: at 3840x2160 each new one cost
        # 13 ms of fresh memory, and a window-sized layer 20 ms.
        under = self._entrance_buffer("under", area.size, surface, 0)
        under.blit(surface, (0, 0), area)
        self.draw_content(surface)
        drawn = self._entrance_buffer("drawn", area.size, surface, pygame.SRCALPHA)
        drawn.blit(surface, (0, 0), area)  # opaque pixels: the copy's alpha is full
        surface.blit(under, area)
        _clear_corners(drawn, self.panel.move(-area.x, -area.y))
        factor = ENTRANCE_SCALE + (1.0 - ENTRANCE_SCALE) * self.appear
        size = (max(1, round(area.width * factor)), max(1, round(area.height * factor)))
        grown = self._entrance_buffer("grown", size, drawn, pygame.SRCALPHA)
        _shrink(drawn, grown)
        grown.set_alpha(round(255 * shown))
        surface.blit(grown, grown.get_rect(center=area.center))

    def _entrance_buffer(self, name: str, size: Size, like: pygame.Surface, flags: int
                         ) -> pygame.Surface:
        """A picture of `size` in `like`'s format (with `flags`), kept for the whole
        entrance (a springy entrance grows a little past the panel's size)."""
        buffer = self._buffers.get(name)
        if buffer is None or buffer.get_width() < size[0] or buffer.get_height() < size[1]:
            buffer = self._buffers[name] = pygame.Surface(size, flags, like)
        return buffer.subsurface((0, 0, *size))


def _shrink(picture: pygame.Surface, into: pygame.Surface) -> None:
    """`picture` scaled into `into` for a frame of the entrance: smoothly, except for
    panels of more than SMOOTH_ENTRANCE_PIXELS, whose pixels are too fine for the difference
    to show in a moment's growth, and where smooth scaling alone took 20 ms a frame."""
    if picture.get_width() * picture.get_height() > SMOOTH_ENTRANCE_PIXELS:
        pygame.transform.scale(picture, into.get_size(), into)
    else:
        pygame.transform.smoothscale(picture, into.get_size(), into)


def _clear_corners(picture: pygame.Surface, panel: pygame.Rect) -> None:
    """Make `picture` clear outside the dialog panel's rounded corners (`panel` in its
    coordinates); only the four corner squares are touched, the rest is kept as it is."""
    radius = corner_radius(panel.size)
    corner = min(math.ceil(radius) + 1, panel.width // 2, panel.height // 2)
    if corner < 1:
        return
    mask = _corner_mask(corner, radius)
    far = corner + 1
    for (sx, sy), (dx, dy) in (((0, 0), panel.topleft),
                               ((far, 0), (panel.right - corner, panel.top)),
                               ((0, far), (panel.left, panel.bottom - corner)),
                               ((far, far), (panel.right - corner, panel.bottom - corner))):
        picture.blit(mask, (dx, dy), (sx, sy, corner, corner),
                     special_flags=pygame.BLEND_RGBA_MULT)


@lru_cache(maxsize=2)
def _corner_mask(corner: int, radius: float) -> pygame.Surface:
    """Opaque white in the panel's rounded shape, just big enough to hold its corners."""
    side = 2 * corner + 1
    return rounded_rect_surface((side, side), radius, (255, 255, 255, 255))
