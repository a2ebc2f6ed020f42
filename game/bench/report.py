"""How every benchmark reports: one JSON line per figure, then a table against the budgets.

The JSON lines are for tools that track the figures over time; the table is for people.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

Z95 = 1.959964  # the standard normal quantile of a two-sided 95% interval


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike the normal approximation it stays
    inside [0, 1] and is sensible at 0 or `trials` successes. (0, 1) when there are no
    trials."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    spread = z * z / trials
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / (1 + spread)
    # The interval always holds the observed share; clamping keeps rounding from moving
    # it off 0 or 1 there.
    return min(share, max(0.0, centre - half)), max(share, min(1.0, centre + half))


@dataclass(frozen=True)
class Measurement:
    bench: str  # the benchmark's name, e.g. "rules"
    case: str  # what was measured, e.g. a game id
    metric: str  # e.g. "moves_per_s", "frame_ms_median"
    value: float
    unit: str  # e.g. "1/s", "ms", "MB"
    budget: float | None = None  # the figure DESIGN.md asks for, if any
    higher_is_better: bool = True

    @property
    def within_budget(self) -> bool | None:
        """True or False against the budget; None when there is no budget."""
        if self.budget is None:
            return None
        return self.value >= self.budget if self.higher_is_better else self.value <= self.budget


def json_line(measurement: Measurement) -> str:
    return json.dumps({
        "bench": measurement.bench,
        "case": measurement.case,
        "metric": measurement.metric,
        "value": round(measurement.value, 3),
        "unit": measurement.unit,
    })


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"


def _budget_text(measurement: Measurement) -> str:
    if measurement.budget is None:
        return "-"
    sign = ">=" if measurement.higher_is_better else "<="
    return f"{sign} {_number(measurement.budget)}"


def _verdict(measurement: Measurement) -> str:
    return {True: "ok", False: "FAIL", None: ""}[measurement.within_budget]


def table(measurements: Iterable[Measurement]) -> str:
    """A plain-text table: case, metric, value with unit, budget and a pass/fail mark."""
    header = ("bench", "case", "metric", "value", "unit", "budget", "")
    rows = [header] + [
        (m.bench, m.case, m.metric, _number(m.value), m.unit, _budget_text(m), _verdict(m))
        for m in measurements
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(header))]
    numeric = {3, 5}  # right-aligned columns

    def line(row: tuple[str, ...]) -> str:
        cells = (cell.rjust(width) if index in numeric else cell.ljust(width)
                 for index, (cell, width) in enumerate(zip(row, widths, strict=True)))
        return "  ".join(cells).rstrip()

    rule = "  ".join("-" * width for width in widths).rstrip()
    return "\n".join([line(rows[0]), rule, *map(line, rows[1:])])


class Reporter:
    """Writes each figure's JSON line as it arrives and the table at the end."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.measurements: list[Measurement] = []

    def add(self, measurement: Measurement) -> None:
        self.measurements.append(measurement)
        self.stream.write(json_line(measurement) + "\n")
        self.stream.flush()

    def finish(self) -> bool:
        """Write the table; True when no figure missed its budget."""
        if self.measurements:
            self.stream.write("\n" + table(self.measurements) + "\n")
        return all(m.within_budget is not False for m in self.measurements)


def report(measurements: Iterable[Measurement], stream: TextIO | None = None) -> bool:
    """Print every figure as it comes, then the table (on standard output unless `stream`
    is given); whether all were within budget."""
    reporter = Reporter(stream or sys.stdout)
    for measurement in measurements:
        reporter.add(measurement)
    return reporter.finish()
