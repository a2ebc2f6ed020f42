"""Every colour the game draws with, in one place so the look stays consistent."""

from __future__ import annotations

Colour = tuple[int, int, int]
ColourA = tuple[int, int, int, int]

# Card faces.
CARD_FACE: Colour = (252, 250, 243)
CARD_EDGE: Colour = (112, 108, 100)
INK_BLACK: Colour = (26, 26, 34)
INK_RED: Colour = (196, 22, 40)
INK_BLUE: Colour = (22, 84, 190)
INK_GREEN: Colour = (16, 122, 56)
GOLD: Colour = (214, 168, 58)
GOLD_DARK: Colour = (138, 98, 26)
SKIN: Colour = (244, 214, 180)
SKIN_SHADE: Colour = (196, 150, 112)

SUIT_INKS: dict[str, dict[str, Colour]] = {
    "two_colour": {"S": INK_BLACK, "H": INK_RED, "D": INK_RED, "C": INK_BLACK},
    "four_colour": {"S": INK_BLACK, "H": INK_RED, "D": INK_BLUE, "C": INK_GREEN},
    "large_print": {"S": INK_BLACK, "H": INK_RED, "D": INK_RED, "C": INK_BLACK},
}

# Court costume accents, one per rank so jack, queen and king read apart at a glance.
COURT_ACCENTS: dict[int, Colour] = {11: (218, 150, 40), 12: (150, 70, 140), 13: (40, 74, 150)}

# Overlays on cards and on the board.
GLOWS: dict[str, Colour] = {
    "target": (120, 236, 130),
    "hint": (255, 214, 72),
    "selected": (110, 200, 255),
}
RINGS: dict[str, Colour] = {
    "selected": (110, 200, 255),
    "landing": (120, 236, 130),
    "path": (255, 214, 72),
    "capture": (255, 110, 90),
}
GHOST_LINE: ColourA = (255, 255, 255, 110)
GHOST_FILL: ColourA = (255, 255, 255, 22)
SHADOW: ColourA = (0, 0, 0, 150)

# Felt themes: the cloth colour at the centre of the table.
FELTS: dict[str, Colour] = {
    "green": (30, 112, 62),
    "blue": (28, 76, 128),
    "burgundy": (118, 30, 46),
    "charcoal": (58, 62, 70),
}

# Leap Frog marbles by save-format letter: base colour of the glass.
MARBLES: dict[str, Colour] = {
    "G": (44, 160, 74),
    "R": (206, 44, 48),
    "Y": (238, 196, 44),
    "W": (236, 234, 226),
    "P": (142, 152, 166),
}
WOOD_LIGHT: Colour = (178, 124, 72)
WOOD_DARK: Colour = (122, 78, 42)
HOLE: Colour = (58, 36, 20)

# Interface.
TEXT: Colour = (242, 238, 226)
TEXT_DIM: Colour = (172, 168, 156)
TEXT_DARK: Colour = (24, 24, 30)
TEXT_SELECTED: Colour = (44, 92, 176)  # behind selected text in a field, which turns TEXT
ACCENT: Colour = (240, 194, 78)
ACCENT_BRIGHT: Colour = (255, 226, 140)
GOOD: Colour = (120, 220, 130)
BAD: Colour = (238, 96, 88)
PANEL_FILL: ColourA = (14, 18, 26, 232)
PANEL_EDGE: ColourA = (240, 194, 78, 120)
TITLE_OUTLINE: Colour = (60, 34, 8)

BUTTONS: dict[str, tuple[Colour, Colour, Colour]] = {
    # state: (top of gradient, bottom of gradient, label)
    "normal": ((64, 84, 112), (38, 50, 70), TEXT),
    "hover": ((86, 112, 148), (50, 66, 92), (255, 255, 255)),
    "pressed": ((30, 40, 56), (44, 58, 80), TEXT),
    "disabled": ((58, 60, 66), (46, 48, 54), (120, 120, 126)),
}


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    """`a` moved `amount` (0..1) of the way towards `b`."""
    return tuple(round(x + (y - x) * amount) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]
