"""How well Elite's judged state foretells the winner: the reading `elite.W_POSITION` cites.

Elite (Panzer Grenadier) plays each plan a few activations forward and judges where it
stands by `elite.evaluate`: victory points, plus material and position weighed by
`W_MATERIAL` and `W_POSITION`. A search can only choose as well as that judgement reads a
game. This benchmark plays Veteran against Veteran, records each side's judged parts as
every turn's action phase begins (no activation open), and asks, for each weight of
position, how well the judged state ranks the games its side went on to win above those it
lost: the area under the curve (AUC; 0.5 is a coin, 1 foretells every game), over turns 3
to the last but one (the first turns say little whoever judges them, the last are the
points alone), both sides and every scenario averaged. Drawn games are left out.

Run: .venv/bin/python bench/elite_judge.py [--scenario ID]... [--games N] [--jobs J]
                                           [--seed S] [--smoke]
Last line: elite_judge: games=N best_w_position=0.NN auc=0.NN committed_w_position=0.NN
committed_auc=0.NN points_auc=0.NN
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots.arena import play_game  # noqa: E402
from games.bots.facts import public_facts  # noqa: E402
from games.bots.panzer_grenadier import elite  # noqa: E402
from games.bots.side_by_side import each_done  # noqa: E402
from games.rules.panzer_grenadier.core import state as st  # noqa: E402
from games.rules.registry import for_scenario  # noqa: E402

DEFAULT_SCENARIOS = ("meeting-at-kessel", "melnitsa-bridgehead")
WEIGHTS = (0.0, 0.03, 0.05, 0.07, 0.1, 0.13, 0.16, 0.2, 0.3)
FIRST_TURN = 3
SMOKE_STEPS = 40  # --smoke: a turn or so of play, far from an end


def judged_game(scenario_id: str, seed: str,
                max_steps: int | None = None) -> tuple[str | None, int, list[dict]]:
    """One Veteran-against-Veteran game: its winner, its last turn, and each turn's judged
    parts by side (at the first moment of the turn with no activation open)."""
    info = for_scenario(scenario_id).scenarios()[scenario_id]
    sides = [s.id for s in info.sides]
    facts = public_facts(scenario_id, sorted(info.default_options))
    turns: dict[int, dict] = {}

    def watch(state) -> None:
        if (state.phase == st.ACTION and state.turn not in turns and state.activation is None
                and state.opfire is None):
            turns[state.turn] = {s: elite.judged_parts(state, s, facts) for s in sides}

    record = play_game(scenario_id, dict.fromkeys(sides, "veteran"), seed,
                       max_steps=max_steps, watch=watch)
    return record.winner, info.turns, [dict(t=t, parts=p) for t, p in sorted(turns.items())]


def auc(scored: list[tuple[float, bool]]) -> float | None:
    """How often a game won was judged above a game lost (ties count a half)."""
    won = [v for v, w in scored if w]
    lost = [v for v, w in scored if not w]
    if not won or not lost:
        return None
    hits = sum((a > b) + 0.5 * (a == b) for a in won for b in lost)
    return hits / (len(won) * len(lost))


def foretelling(games: list[tuple[str | None, int, list[dict]]], w_position: float,
                w_material: float = elite.W_MATERIAL) -> float:
    """The mean AUC of the judged state over every side and turn from FIRST_TURN to the last
    but one."""
    by: dict[tuple[str, int], list[tuple[float, bool]]] = {}
    for winner, last, turns in games:
        if winner is None:
            continue
        for row in turns:
            if not FIRST_TURN <= row["t"] < last:
                continue
            for side, (points, material, position) in row["parts"].items():
                value = points + w_material * material + w_position * position
                by.setdefault((side, row["t"]), []).append((value, side == winner))
    aucs = [a for a in map(auc, by.values()) if a is not None]
    return sum(aucs) / len(aucs) if aucs else float("nan")


def mean(xs: list[float]) -> float:
    """The mean of the figures that mean something (a scenario whose games all went one way
    foretells nothing)."""
    xs = [x for x in xs if not math.isnan(x)]
    return sum(xs) / len(xs) if xs else float("nan")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench/elite_judge.py")
    p.add_argument("--scenario", action="append", default=None)
    p.add_argument("--games", type=int, default=40, help="games per scenario")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", default="judge")
    p.add_argument("--smoke", action="store_true",
                   help=f"seconds: two games of {SMOKE_STEPS} steps on the first scenario; "
                        "capped games have no winner, so the figures read nan")
    a = p.parse_args(argv)
    scenarios = a.scenario or list(DEFAULT_SCENARIOS)
    max_steps = None
    if a.smoke:
        scenarios, a.games, max_steps = scenarios[:1], 2, SMOKE_STEPS
    for s in scenarios:
        if for_scenario(s).id != "panzer_grenadier":
            p.error(f"{s} is not a Panzer Grenadier scenario: Elite's judge is that game's")
    jobs = [(s, f"{a.seed}:{s}:{g}") for s in scenarios for g in range(a.games)]
    done = dict(each_done(judged_game, [(s, g, max_steps) for s, g in jobs], a.jobs))
    played = [done[i] for i in range(len(jobs))]
    by_scenario = {s: [g for (sc, _), g in zip(jobs, played, strict=True) if sc == s]
                   for s in scenarios}
    table = {w: [foretelling(by_scenario[s], w) for s in scenarios] for w in WEIGHTS}
    print("w_position  " + "  ".join(f"{s[:18]:>18}" for s in scenarios) + "     mean")
    for w, row in table.items():
        print(f"{w:10.2f}  " + "  ".join(f"{x:18.3f}" for x in row)
              + f"  {mean(row):7.3f}")
    best = max(WEIGHTS, key=lambda w: -1.0 if math.isnan(mean(table[w])) else mean(table[w]))
    committed = mean([foretelling(g, elite.W_POSITION) for g in by_scenario.values()])
    points = mean([foretelling(g, 0.0, 0.0) for g in by_scenario.values()])
    print(f"elite_judge: games={len(jobs)} best_w_position={best:.2f} "
          f"auc={mean(table[best]):.2f} "
          f"committed_w_position={elite.W_POSITION:.2f} committed_auc={committed:.2f} "
          f"points_auc={points:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
