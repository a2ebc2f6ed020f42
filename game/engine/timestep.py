"""Fixed-timestep accounting: turns measured frame times into update steps.

The simulation always advances in equal slices so animations look the same
at any frame rate and tests can reproduce them exactly. A long stall (a
dragged window, a slow disk) is clamped, and the catch-up after it is
bounded: time the loop cannot make up is dropped rather than piling up into
ever longer frames.
"""

UPDATE_RATE = 120
STEP = 1.0 / UPDATE_RATE
MAX_FRAME_TIME = 0.25
MAX_STEPS_PER_FRAME = 5

# Frame times are measured in whole milliseconds, so two 1/120 s steps may
# add up to a hair less than 1/60 s; this tolerance keeps them two steps.
_EPSILON = 1e-9


class FixedStep:
    """Accumulates frame time and hands out whole update steps."""

    def __init__(
        self,
        step: float = STEP,
        *,
        max_frame_time: float = MAX_FRAME_TIME,
        max_steps: int = MAX_STEPS_PER_FRAME,
    ) -> None:
        if step <= 0.0 or max_steps < 1:
            raise ValueError("step must be positive and max_steps at least 1")
        self.step = step
        self.max_frame_time = max_frame_time
        self.max_steps = max_steps
        self.accumulator = 0.0

    def advance(self, frame_time: float) -> int:
        """Add one frame's elapsed time; return how many steps to run now."""
        self.accumulator += min(max(frame_time, 0.0), self.max_frame_time)
        steps = int((self.accumulator + _EPSILON) / self.step)
        if steps >= self.max_steps:
            self.accumulator = 0.0
            return self.max_steps
        self.accumulator = max(0.0, self.accumulator - steps * self.step)
        return steps

    def reset(self) -> None:
        """Forget pending time, e.g. after sleeping while nothing moved."""
        self.accumulator = 0.0
