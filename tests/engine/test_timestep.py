import pytest

from game.engine.timestep import MAX_STEPS_PER_FRAME, STEP, FixedStep


def test_sixty_hertz_frames_give_two_updates_each():
    stepper = FixedStep()
    assert [stepper.advance(1 / 60) for _ in range(6)] == [2] * 6


def test_millisecond_frames_accumulate_without_drift():
    stepper = FixedStep()
    total = sum(stepper.advance(0.016) for _ in range(600))  # 9.6 s measured in whole ms
    assert 9.6 / STEP - 1 <= total <= 9.6 / STEP


def test_short_frames_carry_the_remainder_to_later_frames():
    stepper = FixedStep()
    assert stepper.advance(STEP * 0.6) == 0
    assert stepper.advance(STEP * 0.6) == 1
    assert stepper.accumulator == pytest.approx(STEP * 0.2)


def test_catch_up_is_bounded_and_the_backlog_dropped():
    stepper = FixedStep()
    assert stepper.advance(0.2) == MAX_STEPS_PER_FRAME
    assert stepper.accumulator == 0.0
    assert stepper.advance(1 / 120) == 1


def test_a_long_stall_is_clamped():
    stepper = FixedStep(max_steps=1000)
    assert stepper.advance(10.0) == round(0.25 / STEP)


def test_negative_time_counts_as_none_and_reset_forgets():
    stepper = FixedStep()
    assert stepper.advance(-1.0) == 0
    stepper.advance(STEP / 2)
    stepper.reset()
    assert stepper.advance(STEP / 2) == 0


def test_rejects_nonsense():
    with pytest.raises(ValueError):
        FixedStep(0.0)
    with pytest.raises(ValueError):
        FixedStep(max_steps=0)
