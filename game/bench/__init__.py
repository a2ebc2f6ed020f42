"""The project's own benchmarks, measured against the budgets of DESIGN.md.

Run `python -m game.bench NAME` (or `all`). Each benchmark is a module with
`run(args) -> Iterator[Measurement]`; the registry below names them explicitly.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    name: str
    summary: str
    module: str  # dotted module path, imported only when the benchmark runs


BENCHMARKS = {
    bench.name: bench
    for bench in (
        Benchmark("frames", "median frame time of the busiest table", "game.bench.frames"),
        Benchmark("startup", "time from start to the first interactive frame",
                  "game.bench.startup"),
        Benchmark("rules", "legal_moves + apply per second for each game", "game.bench.rules"),
        Benchmark("ai", "computer Leap Frog strength and move time", "game.bench.ai"),
        Benchmark("solvers", "hint and solver search time for the solitaires",
                  "game.bench.solvers"),
        Benchmark("memory", "peak memory of a session", "game.bench.memory"),
        Benchmark("winnable", "share of each solitaire's deals proven winnable or lost",
                  "game.bench.winnable"),
        Benchmark("grades", "a reference player's wins falling grade by grade",
                  "game.bench.grades"),
        Benchmark("postmortem", "Where did it go wrong? on careless lost games",
                  "game.bench.postmortem"),
    )
}
