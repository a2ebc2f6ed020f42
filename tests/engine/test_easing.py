import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.easing import EASINGS, in_out_cubic, linear, out_back, out_bounce, out_cubic

ALL = list(EASINGS.values())


@pytest.mark.parametrize("ease", ALL)
def test_every_curve_starts_at_zero_and_ends_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-12)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.floats(min_value=-100, max_value=100, allow_nan=False))
def test_input_is_clamped_to_the_unit_interval(t):
    for ease in ALL:
        if t <= 0:
            assert ease(t) == ease(0.0)
        if t >= 1:
            assert ease(t) == ease(1.0)


def test_curves_have_their_characteristic_shapes():
    assert linear(0.25) == 0.25
    assert out_cubic(0.5) > 0.5  # fast start
    assert in_out_cubic(0.25) < 0.25 and in_out_cubic(0.75) > 0.75
    assert in_out_cubic(0.5) == pytest.approx(0.5)
    assert max(out_back(i / 100) for i in range(101)) > 1.0  # overshoot
    assert out_bounce(0.36) == pytest.approx(1.0, abs=0.02)  # first landing


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0, max_value=1), st.floats(min_value=0, max_value=1))
def test_monotone_curves_never_go_back(a, b):
    lo, hi = sorted((a, b))
    for ease in (linear, out_cubic, in_out_cubic):
        assert ease(lo) <= ease(hi) + 1e-12
