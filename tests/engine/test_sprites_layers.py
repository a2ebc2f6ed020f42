import pygame
import pytest

from game.engine.layers import LayeredRenderer
from game.engine.sprites import Sprite

RED, BLUE, GREEN = (255, 0, 0), (0, 0, 255), (0, 128, 0)


def block(colour, size=(10, 10)):
    image = pygame.Surface(size)
    image.fill(colour)
    return image


def felt(surface):
    surface.fill(GREEN)


def test_changes_bump_the_version_and_no_ops_do_not():
    sprite = Sprite(block(RED), (1, 2))
    version = sprite.version
    sprite.pos = (1, 2)
    sprite.alpha = 255
    assert sprite.version == version
    sprite.x = 3.5
    sprite.scale_x = 0.5
    sprite.visible = False
    assert sprite.version == version + 3


def test_geometry_rounds_float_positions():
    sprite = Sprite(block(RED, (20, 30)), (10.6, 4.4))
    assert sprite.rect == pygame.Rect(11, 4, 20, 30)
    assert sprite.center == pytest.approx((20.6, 19.4))
    assert sprite.contains((12, 5)) and not sprite.contains((5, 5))
    sprite.visible = False
    assert not sprite.contains((12, 5))


def test_flip_scale_shrinks_about_the_centre():
    target = pygame.Surface((40, 20))
    sprite = Sprite(block(RED, (20, 10)), (10, 5))
    sprite.scale_x = 0.5
    painted = sprite.draw(target)
    assert painted == pygame.Rect(15, 5, 10, 10)
    assert target.get_at((15, 10))[:3] == RED and target.get_at((12, 10))[:3] == (0, 0, 0)
    sprite.scale_x = 0.0
    assert sprite.draw(target) is None


def test_alpha_never_touches_a_shared_image():
    shared = block(RED)
    sprite = Sprite(shared, alpha=128)
    target = pygame.Surface((10, 10))
    sprite.draw(target)
    assert 100 < target.get_at((5, 5)).r < 160
    assert shared.get_alpha() in (None, 255)


def test_background_and_sprites_compose_in_z_order():
    renderer = LayeredRenderer(felt)
    low = renderer.add(Sprite(block(RED), (0, 0), z=1))
    renderer.add(Sprite(block(BLUE), (5, 0), z=2))
    target = pygame.Surface((30, 20))
    renderer.draw(target)
    assert target.get_at((2, 2))[:3] == RED
    assert target.get_at((7, 2))[:3] == BLUE
    assert target.get_at((25, 15))[:3] == GREEN
    low.z = 3
    renderer.draw(target)
    assert target.get_at((7, 2))[:3] == RED
    assert renderer.sprites_at((7, 2))[0] is low


def test_an_idle_table_needs_no_redraw_and_resting_sprites_are_baked():
    renderer = LayeredRenderer(felt, bake_threshold=4)
    sprites = [renderer.add(Sprite(block(RED), (i * 3, 0), z=i)) for i in range(10)]
    target = pygame.Surface((60, 20))
    assert renderer.needs_redraw()
    renderer.draw(target)
    renderer.draw(target)  # the first frame was painted in place; this one makes the layer
    assert not renderer.needs_redraw()
    sprites[0].x = 1  # one card moves: the nine resting ones get baked
    renderer.draw(target)
    assert renderer.sprite_blits == 1
    rebuilds = renderer.static_rebuilds
    sprites[0].x = 2
    renderer.draw(target)
    assert renderer.sprite_blits == 1 and renderer.static_rebuilds == rebuilds
    sprites[5].y = 4  # a baked card moves: lifted out, layer rebuilt once
    renderer.draw(target)
    assert renderer.static_rebuilds == rebuilds + 1
    assert target.get_at((16, 2))[:3] == RED  # still drawn where it now is
    assert target.get_at((16, 1))[:3] == RED  # sprite 4 is still in the baked layer


def test_removing_a_sprite_erases_it():
    renderer = LayeredRenderer(felt)
    sprite = renderer.add(Sprite(block(RED), (0, 0)))
    target = pygame.Surface((20, 20))
    renderer.draw(target)
    renderer.remove(sprite)
    assert renderer.needs_redraw() and sprite not in renderer
    renderer.draw(target)
    assert target.get_at((2, 2))[:3] == GREEN


def test_background_follows_size_and_invalidation():
    painted = []

    def paint(surface):
        painted.append(surface.get_size())
        surface.fill(GREEN)

    renderer = LayeredRenderer(paint)
    renderer.draw(pygame.Surface((20, 20)))  # in place, then into the layer
    renderer.draw(pygame.Surface((20, 20)))
    renderer.draw(pygame.Surface((20, 20)))
    renderer.draw(pygame.Surface((30, 10)))
    renderer.draw(pygame.Surface((30, 10)))
    renderer.invalidate_background()
    renderer.draw(pygame.Surface((30, 10)))
    renderer.draw(pygame.Surface((30, 10)))
    assert painted == [(20, 20), (20, 20), (30, 10), (30, 10), (30, 10), (30, 10)]


def test_the_first_frame_paints_the_background_in_place():
    """No window-sized layer is made for the first frame (at 4K that costs ~20 ms); the
    frame looks the same, and the next one makes the layer and is then idle."""
    made = []
    real_surface = pygame.Surface
    renderer = LayeredRenderer(felt)
    renderer.add(Sprite(block(RED), (0, 0)))
    target = real_surface((30, 20))
    try:
        pygame.Surface = lambda *args: made.append(args[0]) or real_surface(*args)
        renderer.draw(target)
        assert made == []
        assert target.get_at((2, 2))[:3] == RED and target.get_at((25, 15))[:3] == GREEN
        assert renderer.needs_redraw()
        renderer.draw(target)
    finally:
        pygame.Surface = real_surface
    assert made == [(30, 20), (30, 20)]  # the background, and the layer baking the sprite
    assert target.get_at((2, 2))[:3] == RED and target.get_at((25, 15))[:3] == GREEN
    assert not renderer.needs_redraw()


def test_decorations_go_between_resting_and_moving_sprites():
    renderer = LayeredRenderer(felt, bake_threshold=1)
    resting = renderer.add(Sprite(block(RED), (0, 0)))
    moving = renderer.add(Sprite(block(BLUE), (20, 0)))
    target = pygame.Surface((40, 20))
    renderer.draw(target)
    moving.x = 5

    def glow(surface):
        surface.fill((255, 255, 0), pygame.Rect(0, 0, 40, 3))

    renderer.draw(target, glow)
    assert target.get_at((2, 1))[:3] == (255, 255, 0)  # glow over the resting sprite
    assert target.get_at((7, 1))[:3] == BLUE  # the moving one stays on top
    assert resting.version == 0
