"""The sprites follow the truth: one sprite per card, each ending where its pile puts it."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.art.cards import CardArt, card_art
from game.engine.layers import LayeredRenderer
from game.engine.tween import TweenManager
from game.rules.history import History
from game.rules.klondike import TABLEAU, WASTE
from game.rules.moves import CardMove
from game.scenes.table.klondike_layout import klondike_layout
from game.scenes.table.view import FLIGHT_Z, CardView

from .positions import RULES, position

SIZE = (1280, 800)
STEP = 1 / 120


def make_view(state):
    renderer, tweens = LayeredRenderer(), TweenManager()
    view = CardView(renderer, tweens)
    layout = klondike_layout(SIZE, state)
    view.set_look(layout, card_art(layout.card_width))
    return view, renderer, tweens


def show(view, state, move=None):
    source = [move.source] if isinstance(move, CardMove) else []
    view.show(RULES.piles(state), klondike_layout(SIZE, state), prefer=source)


def run_out(tweens, seconds=5.0):
    for _ in range(int(seconds / STEP)):
        if not tweens.active:
            return
        tweens.update(STEP)
    raise AssertionError("the animations never ended")


def check_matches(view, renderer, state):
    """Exactly one sprite per card, each showing its card, and nothing else drawn."""
    piles = RULES.piles(state)
    sprites = view.sprites()
    assert len(sprites) == 52 == len({id(sprite) for sprite in sprites})
    assert set(renderer.sprites) == set(sprites)
    for key, cards in piles.items():
        assert [sprite.card for sprite in view.piles[key]] == list(cards)


def check_at_rest(view, state):
    for key, spot in view.layout.piles.items():
        cards = RULES.piles(state)[key]
        for index, (sprite, point) in enumerate(zip(view.piles[key], spot.positions(cards),
                                                    strict=True)):
            assert sprite.pos == point, f"{sprite} is not at {point}"
            assert sprite.shown_up == sprite.card.face_up and sprite.scale_x == 1.0
            assert sprite.z == view.rest_z(key, index)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), script=st.lists(st.integers(0, 99), max_size=30))
def test_random_moves_undo_and_redo_keep_one_sprite_per_card(seed, script):
    """Each step plays, undoes or redoes; some steps interrupt the animation half way."""
    state = RULES.new_game(seed)
    history = History.start(state)
    view, renderer, tweens = make_view(state)
    view.deal(RULES.piles(state), view.layout, [], (0, 0))
    chooser = random.Random(seed)
    for number in script:
        if number < 20 and history.can_undo:
            move = history.moves[history.position - 1]
            history = history.undo()
        elif number < 30 and history.can_redo:
            move = history.moves[history.position]
            history = history.redo()
        else:
            move = chooser.choice(RULES.legal_moves(history.state))
            history = history.push(move, RULES.apply(history.state, move))
        show(view, history.state, move)
        check_matches(view, renderer, history.state)
        for _ in range(number % 7):  # sometimes the next move interrupts this one
            tweens.update(STEP * 3)
    run_out(tweens)
    check_at_rest(view, history.state)


def test_a_move_mid_flight_retargets_from_where_the_card_is():
    state = position(tableau=["KS", "QH", "JS"], waste="TH")
    view, _, tweens = make_view(state)
    show(view, state)
    run_out(tweens)
    move = CardMove(WASTE, TABLEAU[2], 1)
    after = RULES.apply(state, move)
    show(view, after, move)
    sprite = view.piles[TABLEAU[2]][-1]
    assert sprite.card.code == "TH" and sprite.z >= FLIGHT_Z  # flies above the piles
    for _ in range(6):
        tweens.update(STEP)
    halfway = sprite.pos
    undone_to = state
    show(view, undone_to, move)  # undo before it landed
    tweens.update(STEP)
    assert abs(sprite.x - halfway[0]) < 40 and abs(sprite.y - halfway[1]) < 40  # no jump
    run_out(tweens)
    check_at_rest(view, undone_to)


def test_a_card_turned_over_flips_and_ends_face_up():
    state = position(tableau=["KS", "7s 8D", "9C"])
    view, _, tweens = make_view(state)
    show(view, state)
    run_out(tweens)
    move = CardMove(TABLEAU[1], TABLEAU[2], 1)
    after = RULES.apply(state, move)
    show(view, after, move)
    seven = view.piles[TABLEAU[1]][0]
    assert seven.card.face_up and not seven.shown_up
    scales = []
    for _ in range(40):
        tweens.update(STEP)
        scales.append(seven.scale_x)
    assert min(scales) < 0.2  # it closed...
    run_out(tweens)
    assert seven.shown_up and seven.scale_x == 1.0  # ...and opened on its face
    check_at_rest(view, after)


def test_a_fresh_deal_draws_no_face_before_its_cards_turn():
    state = RULES.new_game(5)
    view, _, tweens = make_view(state)
    art = CardArt(view.layout.card_width)  # its own, so no other test's faces are in it
    view.set_look(view.layout, art)
    piles = RULES.piles(state)
    order = [(key, index) for key, cards in piles.items() for index in range(len(cards))]
    view.deal(piles, view.layout, order, (0, 0))
    assert not art._faces and not any(sprite.shown_up for sprite in view.sprites())
    run_out(tweens)
    check_at_rest(view, state)
    assert art._faces
