"""Benchmark movement: reach of single units and stacks on the six-board battle (5.x).

Also times loading the bundled scenarios, since the server loads them at start-up.

Run: .venv/bin/python bench/movement.py [--runs N] [--smoke]
Last line: movement: hexes=H reach_p50_ms=A reach_p99_ms=B scenario_load_ms=L
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.rules.panzer_grenadier.core.movement import reachable  # noqa: E402
from games.rules.panzer_grenadier.core.scenario import load_scenario  # noqa: E402
from games.rules.panzer_grenadier.core.state import GameState  # noqa: E402

SCENARIO = ROOT / "games" / "data" / "scenarios" / "sosna-line.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--smoke", action="store_true",
                        help="seconds, tiny sizes: 5 runs (make test checks the last line)")
    args = parser.parse_args()
    if args.smoke:
        args.runs = 5

    t0 = time.perf_counter()
    scenario = load_scenario(SCENARIO)
    load_ms = (time.perf_counter() - t0) * 1000

    from games.rules.panzer_grenadier.core.scenario import initial_state

    state: GameState = initial_state(scenario)
    movers = sorted(
        (u for u in state.units_on_map() if u.carried_by is None and u.status == "good"),
        key=lambda u: u.id,
    )
    enemy_hexes = {
        side: frozenset(u.hex for u in state.units_on_map() if u.side != side)
        for side in (s.id for s in state.sides)
    }
    # Warm the per-map caches (counted apart, like the sight precompute).
    t0 = time.perf_counter()
    for cls_unit in movers[:20]:
        reachable(scenario.map, state, [cls_unit.id], catalogue=scenario.catalogue)
    warm_ms = (time.perf_counter() - t0) * 1000

    timings = []
    sizes = []
    for i in range(args.runs):
        u = movers[i % len(movers)]
        t0 = time.perf_counter()
        reach = reachable(
            scenario.map,
            state,
            [u.id],
            catalogue=scenario.catalogue,
            known_enemy_hexes=enemy_hexes[u.side],
        )
        timings.append((time.perf_counter() - t0) * 1000)
        sizes.append(len(reach))
    timings.sort()
    p50 = statistics.median(timings)
    p99 = timings[min(len(timings) - 1, int(len(timings) * 0.99))]
    print(
        f"units moved: {len(movers)} distinct, {args.runs} searches, mean reach {statistics.mean(sizes):.0f} hexes"
    )
    print(f"cache warm-up: {warm_ms:.1f} ms (once per map and movement class)")
    print(
        f"movement: hexes={len(scenario.map.hexes)} reach_p50_ms={p50:.2f} "
        f"reach_p99_ms={p99:.2f} scenario_load_ms={load_ms:.0f}"
    )


if __name__ == "__main__":
    main()
