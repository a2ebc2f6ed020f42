import pygame
import pytest

from game.art import palette, skin


def test_panel_is_translucent_inside_with_an_edge():
    panel = skin.panel_surface((200, 120))
    assert panel.get_size() == (200, 120)
    assert panel.get_at((0, 0)).a == 0
    assert 100 < panel.get_at((100, 60)).a < 255
    assert panel.get_at((100, 60)).a == palette.PANEL_FILL[3]


def test_draw_panel_darkens_what_is_behind_it():
    screen = pygame.Surface((300, 200))
    screen.fill((200, 200, 200))
    skin.draw_panel(screen, pygame.Rect(50, 40, 200, 100))
    assert screen.get_at((150, 90))[0] < 100
    assert screen.get_at((10, 10)) == pygame.Color(200, 200, 200)


def test_button_states_look_different():
    faces = [skin.button_surface((160, 40), "Deal", state) for state in skin.BUTTON_STATES]
    assert {"normal", "hover", "pressed", "disabled"} <= set(skin.BUTTON_STATES)
    assert all(face.get_size() == (160, 40) for face in faces)
    assert len({pygame.image.tobytes(face, "RGBA") for face in faces}) == len(faces)
    assert skin.button_surface((160, 40), "Deal") is skin.button_surface((160, 40), "Deal")


def test_button_label_is_drawn():
    plain = skin.button_surface((160, 40), "")
    labelled = skin.button_surface((160, 40), "Deal")
    assert pygame.image.tobytes(plain, "RGBA") != pygame.image.tobytes(labelled, "RGBA")


def test_unknown_button_state_is_rejected():
    with pytest.raises(ValueError, match="state"):
        skin.button_surface((100, 30), "x", "glowing")


def test_text_and_title_surfaces():
    text = skin.text_surface("Score 120", 24)
    shadowed = skin.text_surface("Score 120", 24, shadow=True)
    assert text.get_width() > 50 and shadowed.get_width() > text.get_width()
    title = skin.title_surface("Leaps", 64)
    assert title.get_height() > 40
    assert title.get_at((title.get_width() // 2, 0)).a == 0
    assert pygame.mask.from_surface(title).count() > 500


def test_a_long_button_label_shrinks_to_fit_and_a_short_one_keeps_its_size():
    size = (180, 50)
    long = "Where did it go wrong?"
    assert skin.label_size(size, "Menu") == 28
    points = skin.label_size(size, long)
    assert points < 28
    assert skin.font(points).size(long)[0] <= size[0] - 2 * skin.corner_radius(size)


def _reference_title(text: str, size: int) -> pygame.Surface:
    """The title as drawn with one outline blit for every pixel of the disc."""
    face = skin.font(size)
    glyphs = face.render(text, True, (255, 255, 255))
    gold = skin._vertical_gradient(glyphs.get_size(), palette.ACCENT_BRIGHT, palette.GOLD_DARK)
    gold.blit(glyphs, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    outline = face.render(text, True, palette.TITLE_OUTLINE)
    thickness = max(1, size // 24)
    pad = thickness + size // 10
    shadow = pygame.Surface((glyphs.get_width() + 2 * pad, glyphs.get_height() + 2 * pad),
                            pygame.SRCALPHA)
    shadow.blit(face.render(text, True, (0, 0, 0)), (pad, pad + size // 14))
    title = skin.soften(shadow, max(1, size // 20))
    for dx in range(-thickness, thickness + 1):
        for dy in range(-thickness, thickness + 1):
            if dx * dx + dy * dy <= thickness * thickness + 1:
                title.blit(outline, (pad + dx, pad + dy))
    title.blit(gold, (pad, pad))
    return title


@pytest.mark.parametrize("size", [40, 96])
def test_the_title_outline_is_the_round_outline_of_the_letters(size):
    fast, reference = skin.title_surface("Leaps", size), _reference_title("Leaps", size)
    assert fast.get_size() == reference.get_size()
    width, height = fast.get_size()
    off = sum(1 for y in range(height) for x in range(width)
              if max(abs(p - q) for p, q in zip(fast.get_at((x, y)), reference.get_at((x, y)),
                                                strict=True)) > 8)
    assert off <= width * height // 200  # a few edge pixels round differently


def test_a_dialog_panel_is_the_panel_laid_on_its_backing():
    size, backing = (240, 150), (16, 20, 28, 235)
    apart = skin.rounded_rect_surface(size, skin.corner_radius(size), backing)
    apart.blit(skin.panel_surface(size), (0, 0))
    merged = skin.panel_surface(size, backing)
    worst = max(max(abs(p - q) for p, q in zip(merged.get_at((x, y)), apart.get_at((x, y)),
                                               strict=True))
                for y in range(size[1]) for x in range(size[0]))
    assert worst <= 4
