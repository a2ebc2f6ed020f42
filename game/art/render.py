"""Drawing primitives shared by the art modules.

Shapes are drawn oversized and scaled down (`Sketch`), which antialiases every edge, joint
and overlap alike; text uses pygame-ce's own default font, fitted to an exact ink height.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

import pygame

from game.art.palette import Colour
from game.engine import resources

SUPERSAMPLE = 4  # a power of two: smoothscale then halves exactly, keeping solid areas solid
BIG_SKETCH_PIXELS = 150 * 150  # from this size a sketch is oversized only twice
Point = tuple[float, float]


def optimised(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when a display exists (faster to blit).

    A surface already in that format is kept as it is: copying a board-sized picture at 4K
    costs several milliseconds for nothing."""
    if not pygame.display.get_init() or pygame.display.get_surface() is None:
        return surface
    target = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    if (surface.get_flags() & pygame.SRCALPHA and surface.get_parent() is None
            and surface.get_colorkey() is None
            and surface.get_bitsize() == target.get_bitsize()
            and surface.get_masks() == target.get_masks()):
        return surface
    return surface.convert_alpha()


def rounded_rect_surface(size: tuple[int, int], radius: float, fill, edge=None,
                         edge_width: float = 0) -> pygame.Surface:
    """An antialiased rounded rectangle, optionally with a border inside its edge.

    Only a small square holding the four corners is drawn oversized; the straight edges and
    the middle are stretched from it, so large panels cost no more than small ones.
    """
    return layered_rounded_rect(size, radius, ((fill, edge, edge_width),))


def layered_rounded_rect(size: tuple[int, int], radius: float,
                         layers: Sequence[tuple[Colour, Colour | None, float]]) -> pygame.Surface:
    """Rounded rectangles of one size and radius laid on each other, bottom first, each
    given as (fill, edge or None, edge width): the layers are merged in the small corner
    square, so a window-sized panel of several layers is stretched out only once."""
    width, height = max(1, int(size[0])), max(1, int(size[1]))
    corners = _rounded_corners((width, height), radius, layers)
    if corners is None:
        plain = _solid((width, height), layers[0][1] or layers[0][0])
        for fill, edge, _ in layers[1:]:
            plain.blit(_solid((width, height), edge or fill), (0, 0))
        return plain
    return nine_slice(*corners, (width, height))


def paint_rounded_rect(surface: pygame.Surface, rect: pygame.Rect, radius: float, fill,
                       edge=None, edge_width: float = 0) -> None:
    """`rounded_rect_surface` painted straight onto `surface` in `rect`, blending with what
    is there: no picture of the whole rectangle is made."""
    corners = _rounded_corners(rect.size, radius, ((fill, edge, edge_width),))
    if corners is None:
        surface.blit(_solid(rect.size, edge or fill), rect)
    else:
        nine_slice(*corners, rect.size, into=surface, at=rect.topleft)


def _rounded_corners(size: tuple[int, int], radius: float,
                     layers: Sequence[tuple[Colour, Colour | None, float]]
                     ) -> tuple[pygame.Surface, int] | None:
    """The small square of `layers`' four corners for `nine_slice`, and the corner size;
    None when the rectangle is too small to have corners."""
    thickest = max(edge_width for _, _, edge_width in layers)
    corner = min(math.ceil(max(radius, thickest)) + 1, size[0] // 2, size[1] // 2)
    if corner < 1:
        return None
    side = 2 * corner + 1
    small = None
    for fill, edge, edge_width in layers:
        sketch = Sketch((side, side), background=edge or fill)
        pen = sketch.pen()
        if edge is not None:
            pen.round_rect(edge, (0, 0, side, side), radius)
            pen.round_rect(fill, (edge_width, edge_width, side - 2 * edge_width,
                                  side - 2 * edge_width), max(0.0, radius - edge_width))
        else:
            pen.round_rect(fill, (0, 0, side, side), radius)
        drawn = sketch.finish()
        if small is None:
            small = drawn
        else:
            small.blit(drawn, (0, 0))
    return small, corner


def _solid(size: tuple[int, int], colour) -> pygame.Surface:
    plain = pygame.Surface(size, pygame.SRCALPHA)
    plain.fill(colour)
    return plain


def nine_slice(small: pygame.Surface, corner: int, size: tuple[int, int],
               into: pygame.Surface | None = None, at: tuple[int, int] = (0, 0)
               ) -> pygame.Surface:
    """Grow `small` (corners of `corner` pixels around a one-pixel middle) to `size`: onto
    `into` at `at`, blending with what is there, or else onto a new clear surface."""
    width, height = size
    span_x, span_y = width - 2 * corner, height - 2 * corner
    far = corner + 1
    fresh = into is None
    if into is None:
        into, at = pygame.Surface(size, pygame.SRCALPHA), (0, 0)
    x, y = at
    for (sx, sy), (dx, dy) in (((0, 0), (0, 0)), ((far, 0), (width - corner, 0)),
                               ((0, far), (0, height - corner)),
                               ((far, far), (width - corner, height - corner))):
        into.blit(small, (x + dx, y + dy), (sx, sy, corner, corner))
    strips = (((corner, 0, 1, corner), (span_x, corner), (corner, 0)),
              ((corner, far, 1, corner), (span_x, corner), (corner, height - corner)),
              ((0, corner, corner, 1), (corner, span_y), (0, corner)),
              ((far, corner, corner, 1), (corner, span_y), (width - corner, corner)))
    for area, stretched, (dx, dy) in strips:
        if stretched[0] > 0 and stretched[1] > 0:
            into.blit(pygame.transform.scale(small.subsurface(area), stretched), (x + dx, y + dy))
    if span_x > 0 and span_y > 0:
        middle = pygame.Rect(x + corner, y + corner, span_x, span_y)
        colour = small.get_at((corner, corner))
        if fresh or colour.a == 255:
            into.fill(colour, middle)
        elif colour.a > 0:
            into.blit(_solid(middle.size, colour), middle)
    return into


def alpha_of(surface: pygame.Surface) -> pygame.Surface:
    """A copy of `surface` keeping only its alpha (colour set to black), for `seal`."""
    shape = surface.copy()
    shape.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return shape


def seal(surface: pygame.Surface, shape: pygame.Surface) -> None:
    """Make `surface` at least as opaque as `shape` (from `alpha_of`).

    Blending translucent edges onto an opaque surface can leave its alpha at 254; this
    restores the solid body of a card after symbols are drawn on it.
    """
    surface.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)


class Sketch:
    """An oversized transparent canvas that scales down to `size` when finished.

    `background` is the colour hidden under the transparent pixels: set it to the colour of
    the shape's outer edge so scaling does not blend a dark fringe into the edge.
    """

    def __init__(self, size: tuple[int, int], background=(0, 0, 0)):
        self.size = (max(1, int(size[0])), max(1, int(size[1])))
        # Big pictures (4K cards and their courts) are smooth at half the oversizing, and
        # a quarter of the canvas to fill and shrink is what keeps a 4K first frame brisk.
        big = self.size[0] * self.size[1] >= BIG_SKETCH_PIXELS
        self.scale = SUPERSAMPLE // 2 if big else SUPERSAMPLE
        self.surface = pygame.Surface((self.size[0] * self.scale, self.size[1] * self.scale),
                                      pygame.SRCALPHA)
        self.surface.fill((*background[:3], 0))

    def pen(self, box: tuple[float, float, float, float] | None = None) -> Pen:
        """A pen whose unit square covers `box` (in output pixels; the whole canvas if None)."""
        x, y, w, h = box if box is not None else (0, 0, *self.size)
        s = self.scale
        return Pen(self.surface, x * s, y * s, w * s, h * s, s)

    def finish(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surface, self.size)


class Pen:
    """Draws in the coordinates of a box: (0, 0) its top-left corner, (1, 1) its bottom-right.

    Radii and line widths are fractions of the box width, so a design keeps its proportions
    at any size.
    """

    def __init__(self, surface: pygame.Surface, x: float, y: float, w: float, h: float,
                 pixel: float):
        self.surface = surface
        self.x, self.y, self.w, self.h = x, y, w, h
        self.pixel = pixel  # canvas pixels per output pixel

    def at(self, u: float, v: float) -> tuple[float, float]:
        return (self.x + u * self.w, self.y + v * self.h)

    def sub(self, u: float, v: float, w: float, h: float | None = None) -> Pen:
        """A pen for the box at (u, v) of size (w, h); square in pixels when `h` is None."""
        left, top = self.at(u, v)
        width = w * self.w
        height = width if h is None else h * self.h
        return Pen(self.surface, left, top, width, height, self.pixel)

    def _width(self, width: float) -> int:
        return 0 if width <= 0 else max(1, round(width * self.w))

    def poly(self, colour, points: Iterable[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, [self.at(u, v) for u, v in points],
                            self._width(width))

    def lines(self, colour, points: Sequence[Point], width: float, closed: bool = False) -> None:
        pixels = [self.at(u, v) for u, v in points]
        line_width = self._width(width)
        pygame.draw.lines(self.surface, colour, closed, pixels, line_width)
        if line_width > 2:  # round the joints, which pygame leaves notched on thick lines
            for point in pixels:
                pygame.draw.circle(self.surface, colour, point, line_width / 2)

    def line(self, colour, a: Point, b: Point, width: float) -> None:
        self.lines(colour, (a, b), width)

    def circle(self, colour, centre: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, colour, self.at(*centre), radius * self.w,
                           self._width(width))

    def ellipse(self, colour, centre: Point, radii: Point, width: float = 0) -> None:
        cx, cy = self.at(*centre)
        rx, ry = radii[0] * self.w, radii[1] * self.h
        pygame.draw.ellipse(self.surface, colour, pygame.FRect(cx - rx, cy - ry, 2 * rx, 2 * ry),
                            self._width(width))

    def rect(self, colour, box: tuple[float, float, float, float], width: float = 0) -> None:
        left, top = self.at(box[0], box[1])
        pygame.draw.rect(self.surface, colour,
                         pygame.FRect(left, top, box[2] * self.w, box[3] * self.h),
                         self._width(width))

    def round_rect(self, colour, pixel_box: tuple[float, float, float, float], radius: float,
                   width: float = 0) -> None:
        """A rounded rectangle given in output pixels (for frames that hug an exact edge)."""
        p = self.pixel
        x, y, w, h = (round(value * p) for value in pixel_box)
        pygame.draw.rect(self.surface, colour, (self.x + x, self.y + y, w, h),
                         round(width * p), border_radius=round(radius * p))


def arc_points(centre: Point, radius: Point, start: float, end: float,
               steps: int = 24) -> list[Point]:
    """Points along an elliptical arc, angles in degrees, counter-clockwise on screen."""
    cx, cy = centre
    return [(cx + radius[0] * math.cos(math.radians(a)), cy - radius[1] * math.sin(math.radians(a)))
            for a in (start + (end - start) * i / steps for i in range(steps + 1))]


def curve(a: Point, control: Point, b: Point, steps: int = 12) -> list[Point]:
    """Points along the quadratic Bezier curve from `a` to `b` pulled towards `control`."""
    points = []
    for i in range(steps + 1):
        t = i / steps
        k0, k1, k2 = (1 - t) ** 2, 2 * t * (1 - t), t * t
        points.append((k0 * a[0] + k1 * control[0] + k2 * b[0],
                       k0 * a[1] + k1 * control[1] + k2 * b[1]))
    return points


def font(size: int) -> pygame.font.Font:
    """pygame-ce's default font at `size` (the only typeface the game uses), as the text
    drawing measures and renders it."""
    return resources.font(max(4, size))


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Ink height of a capital per unit of font size, measured once."""
    probe = font(200).render("8", True, (0, 0, 0))
    return probe.get_bounding_rect().height / 200


def text_ink(text: str, height: int, colour: Colour, tracking: float = 0.0) -> pygame.Surface:
    """`text` cropped to its ink, with capitals `height` pixels tall.

    `tracking` moves characters apart (or together when negative) by that fraction of the
    height, so "10" can sit as tightly as a single-letter rank.
    """
    face = font(round(height / _cap_ratio()))
    if tracking == 0 or len(text) < 2:
        rendered = face.render(text, True, colour)
        return rendered.subsurface(rendered.get_bounding_rect()).copy()
    glyphs = [text_ink(char, height, colour) for char in text]
    gap = round(tracking * height)
    width = sum(g.get_width() for g in glyphs) + gap * (len(glyphs) - 1)
    joined = pygame.Surface((width, max(g.get_height() for g in glyphs)), pygame.SRCALPHA)
    x = 0
    for glyph in glyphs:
        joined.blit(glyph, (x, 0))
        x += glyph.get_width() + gap
    return joined


def fit_width(surface: pygame.Surface, max_width: int) -> pygame.Surface:
    """`surface` narrowed to `max_width` if wider, keeping its height."""
    if surface.get_width() <= max_width:
        return surface
    return pygame.transform.smoothscale(surface, (max(1, max_width), surface.get_height()))
