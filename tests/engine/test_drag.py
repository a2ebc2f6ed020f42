import pygame
import pytest

from game.engine.drag import DRAG_Z, DragController, DropTarget, Pickup
from game.engine.sprites import Sprite

from .conftest import mouse

DOWN, MOTION, UP = pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP


class Table:
    """A fake scene: two stacked sprites at the left, two drop zones on the right."""

    def __init__(self):
        self.cards = [
            Sprite(pygame.Surface((20, 30)), (10, 10), z=0),
            Sprite(pygame.Surface((20, 30)), (10, 20), z=1),
        ]
        self.good = DropTarget(pygame.Rect(100, 10, 20, 30), "good")
        self.refused = DropTarget(pygame.Rect(200, 10, 20, 30), "refused")
        self.log = []
        self.clock = 0
        self.controller = DragController(
            self.pick,
            lambda pickup: [self.good, self.refused],
            self.drop,
            self.snap_back,
            on_click=lambda pos: self.log.append(("click", pos)),
            on_double_click=lambda pos: self.log.append(("double", pos)),
            on_right_click=lambda pos: self.log.append(("right", pos)),
            now_ms=lambda: self.clock,
        )

    def pick(self, pos):
        for index in range(len(self.cards) - 1, -1, -1):
            if self.cards[index].contains(pos):
                return Pickup(self.cards[index:], payload=index)
        return None

    def snap_back(self, pickup):
        self.log.append(("snap", pickup.payload))
        for index, card in enumerate(self.cards):  # a real scene would tween them home
            card.pos = (10, 10 + 10 * index)
            card.z = index

    def drop(self, pickup, target):
        self.log.append(("drop", pickup.payload, target.payload))
        return target.payload == "good"

    def send(self, *events):
        return [self.controller.handle_event(event) for event in events]


@pytest.fixture
def table():
    return Table()


def test_drag_moves_the_run_with_its_grab_offset_above_everything(table):
    table.send(mouse(DOWN, (15, 15)))
    assert not table.controller.dragging
    table.send(mouse(MOTION, (16, 15)))  # within the threshold: still a press
    assert not table.controller.dragging and table.cards[0].pos == (10, 10)
    table.send(mouse(MOTION, (55, 45)))
    assert table.controller.dragging
    assert table.cards[0].pos == (50, 40) and table.cards[1].pos == (50, 50)
    assert [card.z for card in table.cards] == [DRAG_Z, DRAG_Z + 1]
    assert table.controller.targets == [table.good, table.refused]  # these glow
    assert table.controller.pickup.payload == 0


def test_hovered_target_is_the_one_overlapped_most(table):
    table.send(mouse(DOWN, (15, 25)), mouse(MOTION, (105, 25)))
    assert table.controller.hovered is table.good
    table.send(mouse(MOTION, (300, 300)))
    assert table.controller.hovered is None


def test_drop_on_a_legal_target(table):
    used = table.send(mouse(DOWN, (15, 35)), mouse(MOTION, (60, 60)), mouse(UP, (105, 25)))
    assert used == [True, True, True]
    assert table.log == [("drop", 1, "good")]
    assert not table.controller.dragging and table.controller.targets == []


def test_refused_or_missed_drops_snap_back(table):
    table.send(mouse(DOWN, (15, 15)), mouse(MOTION, (60, 60)), mouse(UP, (205, 15)))
    table.send(mouse(DOWN, (15, 35)), mouse(MOTION, (60, 60)), mouse(UP, (400, 400)))
    assert table.log == [("drop", 0, "refused"), ("snap", 0), ("snap", 1)]


def test_release_far_away_without_motion_events_is_still_a_drag(table):
    table.send(mouse(DOWN, (15, 15)), mouse(UP, (105, 15)))
    assert table.log == [("drop", 0, "good")]


def test_small_movement_is_a_click_not_a_drag(table):
    table.send(mouse(DOWN, (15, 15)), mouse(MOTION, (17, 16)), mouse(UP, (17, 16)))
    assert table.log == [("click", (17, 16))]
    assert table.cards[0].pos == (10, 10) and table.cards[0].z == 0


def test_clicks_on_empty_table_are_reported(table):
    assert table.send(mouse(DOWN, (300, 300)), mouse(UP, (300, 300))) == [True, True]
    assert table.log == [("click", (300, 300))]


def test_double_click_within_time_and_distance(table):
    table.send(mouse(DOWN, (15, 15)), mouse(UP, (15, 15)))
    table.clock = 300
    table.send(mouse(DOWN, (17, 16)), mouse(UP, (17, 16)))
    table.clock = 500  # a third click starts a new pair
    table.send(mouse(DOWN, (17, 16)), mouse(UP, (17, 16)))
    assert table.log == [("click", (15, 15)), ("double", (17, 16)), ("click", (17, 16))]


@pytest.mark.parametrize(("delay", "second"), [(401, (15, 15)), (100, (40, 15))])
def test_slow_or_distant_second_click_is_a_new_click(table, delay, second):
    table.send(mouse(DOWN, (15, 15)), mouse(UP, (15, 15)))
    table.clock = delay
    table.send(mouse(DOWN, second), mouse(UP, second))
    assert [entry[0] for entry in table.log] == ["click", "click"]


def test_right_click(table):
    assert table.send(mouse(DOWN, (15, 15), button=3)) == [True]
    assert table.log == [("right", (15, 15))]


def test_motion_without_a_press_is_ignored(table):
    assert table.send(mouse(MOTION, (50, 50)), mouse(UP, (50, 50))) == [False, False]
    assert table.log == []


def test_cancel_snaps_back(table):
    table.send(mouse(DOWN, (15, 15)), mouse(MOTION, (60, 60)))
    table.controller.cancel()
    assert table.log == [("snap", 0)] and not table.controller.dragging
    table.send(mouse(UP, (105, 15)))
    assert table.log == [("snap", 0)]


def test_events_posted_through_the_queue_work_too(table):
    pygame.event.clear()
    for event in (mouse(DOWN, (15, 15)), mouse(MOTION, (60, 60)), mouse(UP, (105, 15))):
        pygame.event.post(event)
    for event in pygame.event.get((DOWN, MOTION, UP)):
        table.controller.handle_event(event)
    assert table.log == [("drop", 0, "good")]
