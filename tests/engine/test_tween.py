import pytest

from game.engine.easing import linear, out_back
from game.engine.timeline import Call, Parallel, Sequence, Wait
from game.engine.tween import Tween, TweenManager, ValueTween


class Thing:
    def __init__(self, x=0.0, pos=(0.0, 0.0)):
        self.x = x
        self.pos = pos


def test_tween_moves_to_its_end_and_calls_back_once():
    thing = Thing()
    done = []
    tween = Tween(thing, "x", 10.0, 0.5, ease=linear, on_complete=lambda: done.append(1))
    tween.update(0.25)
    assert thing.x == pytest.approx(5.0)
    assert tween.active and done == []
    tween.update(0.3)
    assert thing.x == 10.0 and not tween.active and tween.done
    tween.update(0.3)
    assert done == [1]


def test_tuples_interpolate_element_by_element():
    thing = Thing(pos=(0, 100))
    tween = Tween(thing, "pos", (100, 0), 1.0, ease=linear)
    tween.update(0.25)
    assert thing.pos == pytest.approx((25, 75))


def test_eased_progress_lands_exactly_despite_overshooting_curves():
    thing = Thing()
    tween = Tween(thing, "x", 1.0, 0.2, ease=out_back)
    seen = []
    for _ in range(30):
        tween.update(1 / 120)
        seen.append(thing.x)
    assert max(seen) > 1.0  # the curve overshoots in the middle...
    assert thing.x == 1.0  # ...but the end is exact


def test_delay_and_start_read_when_the_tween_begins():
    thing = Thing(x=0.0)
    tween = Tween(thing, "x", 10.0, 0.1, delay=0.2, ease=linear)
    tween.update(0.1)
    assert thing.x == 0.0
    thing.x = 4.0  # moved by something else during the delay
    tween.update(0.15)  # 0.1 into delay remainder, then 0.05 of motion
    assert thing.x == pytest.approx(4.0 + 6.0 * 0.5)


def test_zero_duration_completes_on_the_first_update():
    thing = Thing()
    tween = Tween(thing, "x", 3.0, 0.0)
    tween.update(0.0)
    assert thing.x == 3.0 and tween.done


def test_kill_stops_in_place_without_callback():
    thing = Thing()
    done = []
    tween = Tween(thing, "x", 10.0, 1.0, ease=linear, on_complete=lambda: done.append(1))
    tween.update(0.5)
    tween.kill()
    tween.update(1.0)
    assert thing.x == pytest.approx(5.0) and done == [] and not tween.active


def test_retarget_continues_from_the_current_value():
    thing = Thing()
    tween = Tween(thing, "x", 10.0, 1.0, ease=linear)
    tween.update(0.5)
    tween.retarget(0.0, 0.5)
    tween.update(0.25)
    assert thing.x == pytest.approx(2.5)
    tween.update(0.25)
    assert thing.x == 0.0


def test_value_tween_feeds_a_callable():
    seen = []
    tween = ValueTween(seen.append, 1.0, 0.5, start=0.0, ease=linear)
    tween.update(0.25)
    tween.update(0.5)
    assert seen == [0.5, 1.0]
    with pytest.raises(ValueError):
        ValueTween(seen.append, 1.0, 0.5)


def test_sequence_runs_steps_in_order_passing_leftover_time():
    thing = Thing()
    calls = []
    seq = Sequence(
        Tween(thing, "x", 1.0, 0.1, ease=linear),
        Call(lambda: calls.append(thing.x)),
        Wait(0.1),
        Tween(thing, "x", 0.0, 0.1, ease=linear),
        on_complete=lambda: calls.append("end"),
    )
    seq.update(0.15)  # finishes the first tween, 0.05 into the wait
    assert thing.x == 1.0 and calls == [1.0]
    seq.update(0.1)  # finishes the wait, 0.05 into the last tween
    assert thing.x == pytest.approx(0.5)
    seq.update(0.1)
    assert thing.x == 0.0 and calls == [1.0, "end"] and seq.done


def test_parallel_finishes_with_its_longest_member():
    a, b = Thing(), Thing()
    group = Parallel(Tween(a, "x", 1.0, 0.1), Tween(b, "x", 1.0, 0.3))
    group.update(0.2)
    assert a.x == 1.0 and b.x < 1.0 and group.active
    assert group.advance(0.2) == pytest.approx(0.1)
    assert b.x == 1.0 and group.done


def test_manager_keeps_one_tween_per_property():
    thing = Thing()
    manager = TweenManager()
    first = manager.tween(thing, "x", 10.0, 1.0, ease=linear)
    manager.update(0.5)
    second = manager.tween(thing, "x", 0.0, 0.5, ease=linear)
    assert not first.active and second.active
    assert manager.tween_of(thing, "x") is second
    manager.update(0.25)
    assert thing.x == pytest.approx(2.5)  # from 5, halfway back to 0
    assert len(manager) == 1


def test_a_new_tween_kills_only_the_clashing_part_of_a_group():
    thing = Thing()
    manager = TweenManager()
    group = manager.add(
        Parallel(Tween(thing, "x", 10.0, 1.0), Tween(thing, "pos", (5, 5), 1.0, ease=linear))
    )
    manager.tween(thing, "x", -1.0, 0.1)
    manager.update(1.0)
    assert thing.x == -1.0 and thing.pos == (5.0, 5.0) and group.done


def test_a_group_may_animate_one_property_several_times():
    thing = Thing()
    manager = TweenManager()
    manager.add(Sequence(Tween(thing, "x", 1.0, 0.1), Tween(thing, "x", 0.0, 0.1)))
    manager.update(0.15)
    assert 0.0 < thing.x < 1.0


def test_kill_by_target():
    a, b = Thing(), Thing()
    manager = TweenManager()
    manager.tween(a, "x", 1.0, 1.0)
    manager.tween(a, "pos", (1, 1), 1.0)
    manager.tween(b, "x", 1.0, 1.0)
    manager.kill(a, "pos")
    assert manager.tween_of(a, "pos") is None and manager.tween_of(a, "x") is not None
    manager.kill(a)
    assert manager.tween_of(a, "x") is None
    manager.update(2.0)
    assert a.x == 0.0 and a.pos == (0.0, 0.0) and b.x == 1.0
    assert not manager.active


def test_finish_all_jumps_to_the_end_including_chained_animations():
    thing = Thing()
    manager = TweenManager()
    order = []

    def chain():
        order.append("first")
        manager.tween(thing, "pos", (7, 7), 5.0, on_complete=lambda: order.append("second"))

    manager.tween(thing, "x", 3.0, 5.0, delay=1.0, on_complete=chain)
    assert manager.active
    manager.finish_all()
    assert thing.x == 3.0 and thing.pos == (7.0, 7.0)
    assert order == ["first", "second"] and not manager.active


def test_finish_all_gives_up_on_animations_that_restart_forever():
    thing = Thing()
    manager = TweenManager()

    def again():
        manager.tween(thing, "x", 1.0 - thing.x, 1.0, on_complete=again)

    again()
    manager.finish_all()  # must return
    assert manager.active


def test_callbacks_may_add_tweens_during_update():
    thing = Thing()
    manager = TweenManager()
    manager.tween(
        thing, "x", 1.0, 0.1, on_complete=lambda: manager.tween(thing, "pos", (2, 2), 0.1)
    )
    manager.update(0.1)
    assert manager.active
    manager.update(0.1)
    assert thing.pos == (2.0, 2.0) and not manager.active
