"""Benchmark spotting on a six-board, ~300-unit battle (8.1-8.4).

Measures: the per-map sight table, every row (worked out as asked, kept), a full recompute of
what both sides spot, and incremental updates after single-hex moves. Uses the
bundled six-board scenario when games.rules.panzer_grenadier.core.scenario can load one; otherwise six
bundled (or generated) boards with 300 units placed deterministically.

Run: .venv/bin/python bench/visibility.py [--moves N] [--smoke]
Last line: visibility: hexes=H units=U full_ms=F incremental_p99_ms=I
"""

from __future__ import annotations

import argparse
import glob
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.rules.common.hexgrid import Hex  # noqa: E402
from games.rules.panzer_grenadier.core.maps import Map  # noqa: E402
from games.rules.panzer_grenadier.core.visibility import Visibility, static_sight  # noqa: E402


def _from_scenario() -> tuple[str, Map, dict, dict, set] | None:
    """Positions from the bundled six-board scenario, if the loader and file exist."""
    try:
        from games.rules.panzer_grenadier.core.scenario import load_scenario  # type: ignore[import-not-found]
    except ImportError:
        return None
    for path in sorted(glob.glob(str(ROOT / "games/data/scenarios/*.json"))):
        spec = json.loads(Path(path).read_text(encoding="utf-8"))
        if len(spec.get("map", {}).get("boards", [])) < 6:
            continue
        try:
            scenario = load_scenario(path)
        except TypeError:
            scenario = load_scenario(spec)
        m = getattr(scenario, "map", None)
        units = getattr(scenario, "units", None)
        if not isinstance(m, Map) or units is None:
            return None
        items = units.values() if isinstance(units, dict) else units
        positions, side_of, hidden = {}, {}, set()
        for u in items:
            uid = getattr(u, "id", None) or getattr(u, "unit_id", None)
            h = getattr(u, "hex", None) or getattr(u, "position", None)
            side = getattr(u, "side", None)
            if uid is None or not isinstance(h, Hex) or side is None:
                continue
            positions[uid], side_of[uid] = h, side
            if getattr(u, "hidden", False):
                hidden.add(uid)
        if len(positions) >= 100:
            return f"scenario {Path(path).name}", m, positions, side_of, hidden
    return None


def _generated_board(board_id: str, rng: random.Random) -> dict:
    cols, rows = 20, 12
    chars = ".........fwWts"
    terrain = ["".join(rng.choice(chars) for _ in range(cols)) for _ in range(rows)]
    elevation = [
        "".join(str(min(3, (c // 5 + r // 4) % 4)) for c in range(cols)) for r in range(rows)
    ]
    legend = {
        ".": "clear",
        "f": "field",
        "w": "light_woods",
        "W": "heavy_woods",
        "t": "town",
        "s": "swamp",
    }
    return {
        "id": board_id,
        "name": board_id,
        "columns": cols,
        "rows": rows,
        "legend": legend,
        "terrain": terrain,
        "elevation": elevation,
    }


def _fallback(rng: random.Random, units: int) -> tuple[str, Map, dict, dict, set]:
    boards = {}
    for path in sorted(glob.glob(str(ROOT / "games/data/boards/*.json")))[:6]:
        b = json.loads(Path(path).read_text(encoding="utf-8"))
        boards[b["id"]] = b
    source = "six bundled boards"
    if len(boards) < 6:
        boards = {f"gen{i}": _generated_board(f"gen{i}", rng) for i in range(6)}
        source = "six generated boards"
    ids = sorted(boards)
    spec = {
        "boards": [{"board": ids[i], "label": "ABCDEF"[i], "at": [i % 3, i // 3]} for i in range(6)]
    }
    m = Map.from_spec(spec, boards)
    return _fallback_on(m, rng, units, source)


def _fallback_on(
    m: Map, rng: random.Random, units: int, source: str = "map"
) -> tuple[str, Map, dict, dict, set]:
    """Place units deterministically: axis in the west 60%, allies in the east 60%."""
    hexes = sorted(m.hexes)
    width = max(m.offset(h)[0] for h in hexes) + 1
    west = [h for h in hexes if m.offset(h)[0] < width * 0.6]
    east = [h for h in hexes if m.offset(h)[0] >= width * 0.4]
    positions, side_of = {}, {}
    for i in range(units):
        side = "axis" if i % 2 == 0 else "allies"
        positions[f"u{i}"] = rng.choice(west if side == "axis" else east)
        side_of[f"u{i}"] = side
    return f"{source}, {units} units placed deterministically", m, positions, side_of, set()


def _measure(m: Map, positions: dict, side_of: dict, hidden: set, moves: int, rng: random.Random):
    """(median full ms, max full ms, sorted incremental ms, final Visibility)."""
    fulls = []
    for _ in range(15):
        t0 = time.perf_counter()
        vis = Visibility(m, positions, side_of, hidden=hidden)
        fulls.append((time.perf_counter() - t0) * 1000)
    unit_ids = sorted(positions)
    times = []
    for _ in range(moves):
        u = rng.choice(unit_ids)
        here = vis.positions[u]
        there = rng.choice(m.neighbors(here))
        t0 = time.perf_counter()
        vis.after_move(u, here, there)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return statistics.median(fulls), max(fulls), times, vis


def _p99(times: list[float]) -> float:
    return times[min(len(times) - 1, int(len(times) * 0.99))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--units", type=int, default=300)
    parser.add_argument("--smoke", action="store_true",
                        help="seconds, tiny sizes: 20 moves (make test checks the last line)")
    args = parser.parse_args()
    if args.smoke:
        args.moves = 20
    rng = random.Random(20261121)
    source, m, positions, side_of, hidden = _from_scenario() or _fallback(rng, args.units)
    print(f"source: {source} ({len(hidden)} hidden at set-up)")

    # The table's rows are worked out as a game asks for them; here, every row both ways
    # (the whole table, as a long game on the map comes to), before the recomputes are timed.
    t0 = time.perf_counter()
    sight = static_sight(m)
    pairs = sum(len(s) for s in sight.sees.values())
    assert pairs == sum(len(s) for s in sight.seen_from.values())
    precompute_ms = (time.perf_counter() - t0) * 1000
    print(
        f"precompute_ms={precompute_ms:.0f} (LOS checks {sight.pairs_checked}, visible pairs {pairs})"
    )

    start = Visibility(m, positions, side_of, hidden=hidden)
    for side, seen in sorted(start.spotted_by_side().items()):
        print(f"  at set-up {side} spots {len(seen)} enemy units")
    full_ms, full_max, times, vis = _measure(m, positions, side_of, hidden, args.moves, rng)
    p99 = _p99(times)
    print(f"full recompute: median {full_ms:.2f} ms, max {full_max:.2f} ms over 15 runs")
    print(
        f"incremental: {len(times)} random one-hex moves, p50 {times[len(times) // 2]:.3f} ms, "
        f"p99 {p99:.3f} ms, max {times[-1]:.3f} ms"
    )
    fresh = Visibility(m, vis.positions, side_of, hidden=hidden)
    same = fresh.spotted_by_side() == vis.spotted_by_side()
    print(f"incremental state equals a fresh recompute: {'yes' if same else 'NO'}")

    # Stress: the same map with the sides interleaved, so most units see many enemies.
    _, _, mixed_pos, mixed_side, _ = _fallback_on(m, random.Random(7), args.units)
    s_full, s_max, s_times, s_vis = _measure(m, mixed_pos, mixed_side, set(), args.moves, rng)
    seen = sum(len(v) for v in s_vis.spotted_by_side().values())
    print(
        f"stress ({args.units} units, sides interleaved, {seen} spotted): full median "
        f"{s_full:.2f} ms (max {s_max:.2f}), incremental p99 {_p99(s_times):.3f} ms"
    )
    print(
        f"visibility: hexes={len(m.hexes)} units={len(positions)} "
        f"full_ms={full_ms:.1f} incremental_p99_ms={p99:.2f}"
    )


if __name__ == "__main__":
    main()
