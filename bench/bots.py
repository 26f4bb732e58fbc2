"""Benchmark the bots: win rates of each level against the one below, and decision times.

Pairings, sides swapped every game: Veteran against Recruit, Recruit against uniform random
legal play, Elite against Veteran. A game counts 1 for a win, 1/2 for a draw. Each rate is
printed with its 95 % Wilson interval and the games behind it; decision time is measured per
command (view, legal commands and previews built, then the bot's choice), p95 over all
Recruit and Veteran commands, and over Elite's, in the deciding thread's CPU time: the
machine is shared, and its neighbours' load inflates wall times by whatever they run (the
wall-clock p95 is printed beside it). A bot thinks in one thread, so on an idle machine the
two agree.

Scenarios: every bundled one, of both games.

The default run (below: 4 games per scenario, two from each side, for the first two
pairings over the 8 scenarios; Elite 4 on each scenario but River Assault and Sosna Line;
88 games) plays on two worker processes and is sized to finish within 25 minutes on the
shared 2-core machine, where our processes get a fraction of a core each (an Elite game of
River Assault or Sosna Line takes most of that alone: they play in runs with `--games`).
With 32 games a rate of 0.80 has a 95 % interval of about 0.63-0.90, with Elite's 24 a rate
of 0.60 one of about 0.40-0.77. `--games N` plays N per scenario per pairing (README: the
figures of longer runs), `--scenario ID` (repeatable) picks scenarios, `--options a,b` plays
them with those optional rules. Where a pairing spans both games, a line for each game's
scenarios comes before its total.

A full run of the Elite pairing takes longer than one sitting: `--record FILE` (under var/:
records are not committed; a figure names its seed and command instead) appends each
game as it ends (its seed, result and decision times) and leaves out the games already in
the file, so a run stopped part-way goes on where it stopped, and runs of several parts
(each `--scenario` in turn) give the summary of the whole when the last is run with every
part's scenarios and the same file. A game's dice come from the seed, the scenario, the
pairing and its number alone, so a recorded game is the game the run would have played.
`--from-game N` plays only games N and up of each scenario: a run whose first games are in a
record that was lost goes on with the very games it had left.

Run: .venv/bin/python bench/bots.py [--games N] [--jobs J] [--seed S] [--options a,b]
                                    [--scenario ID]... [--pairings elite_vs_veteran,...]
                                    [--record FILE] [--from-game N] [--smoke]
Last line: bots: veteran_vs_recruit=0.NN recruit_vs_random=0.NN elite_vs_veteran=0.NN
decision_p95_ms=N elite_p95_ms=N games=N
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bots.arena import parse_options, play_game, scenario_ids, wilson  # noqa: E402
from games.bots.side_by_side import each_done  # noqa: E402
from games.rules.registry import for_scenario  # noqa: E402

PAIRINGS = (("veteran", "recruit"), ("recruit", "random"), ("elite", "veteran"))
# Games per scenario per pairing in the default run.
DEFAULT_GAMES = {"veteran": 4, "recruit": 4}
# Melnitsa, River Assault and Sosna Line are left to longer runs: an Elite game of any of
# them takes minutes of CPU (Melnitsa's about ten), four of them more than the run may.
DEFAULT_ELITE = {"meeting-at-kessel": 4, "pl-1940-semois-ford": 4,
                 "pl-hollenbach": 4, "pl-seeufer-landing": 4, "pl-steinfurt-guns": 4}


# --smoke: each game begun, not finished. In four steps the side that opens decides three
# or four times (Elite's first searches included: at Birch Night Raid each costs two
# seconds of CPU, and twelve steps' eleven cost more than the rest of the run).
SMOKE_STEPS = 4
# --smoke plays Panzer Grenadier's learning scenario and Panzer Leader's first: every level
# of both games decides there as elsewhere, for a fraction of the CPU (an Elite search at
# Meeting at Kessel costs about a second, at Birch Night Raid, the first in order, three).
SMOKE_SCENARIOS = ("meeting-at-kessel", "pl-01-utah-beach")


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def games_for(strong: str, scenario: str, asked: int | None) -> int:
    if asked is not None:
        return asked
    return DEFAULT_ELITE.get(scenario, 0) if strong == "elite" else DEFAULT_GAMES[strong]


def _one(job: tuple, max_steps: int | None = None) -> dict:
    strong, weak, scenario, g, seed, options = job
    sides = [s.id for s in for_scenario(scenario).scenarios()[scenario].sides]
    first = sides[g % 2]
    levels = {s: (strong if s == first else weak) for s in sides}
    r = play_game(scenario, levels, f"{seed}:{scenario}:{strong}-{weak}:{g}", options,
                  max_steps=max_steps)
    score = 0.5 if r.winner is None else float(levels[r.winner] == strong)
    return {"key": _key(job), "strong": strong, "weak": weak, "scenario": scenario,
            "game": g, "score": score, "winner": r.winner, "steps": r.steps, "capped": r.capped,
            "cpu_ms": _tenths(r.decision_cpu_ms), "wall_ms": _tenths(r.decision_ms),
            "refused": len(r.refused), "result": r.result}


def _tenths(times: dict[str, list[float]]) -> dict[str, list[float]]:
    """Decision times to a tenth of a millisecond: a record keeps what the summary reads."""
    return {level: [round(ms, 1) for ms in each] for level, each in times.items()}


def _key(job: tuple) -> str:
    """One game of a run, whatever run plays it: the seed of its dice and its options."""
    strong, weak, scenario, g, seed, options = job
    return json.dumps([strong, weak, scenario, g, seed, sorted(options or ())])


def recorded(path: Path | None) -> dict[str, dict]:
    """The games already played into a record file, by key (a torn last line is dropped)."""
    if path is None or not path.exists():
        return {}
    games = {}
    for line in path.read_text().splitlines():
        try:
            game = json.loads(line)
        except json.JSONDecodeError:
            continue
        games[game["key"]] = game
    return games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="bench/bots.py")
    p.add_argument("--games", type=int, default=None, help="games per scenario per pairing")
    p.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--seed", default="bench")
    p.add_argument("--scenario", action="append", choices=scenario_ids(),
                   help="only these scenarios")
    p.add_argument("--options", default=None, help="optional rules, comma-separated")
    p.add_argument("--pairings", default=",".join(f"{a}_vs_{b}" for a, b in PAIRINGS),
                   help="which pairings to play (default all three)")
    p.add_argument("--record", type=Path, default=None,
                   help="append each finished game to this file; games already in it are "
                        "not played again, and the summary counts them")
    p.add_argument("--from-game", type=int, default=0,
                   help="play only games N and up of each scenario (the run's earlier games "
                        "were played before)")
    p.add_argument("--smoke", action="store_true",
                   help=f"seconds: one game of each pairing, {SMOKE_STEPS} steps, on "
                        f"{' and '.join(SMOKE_SCENARIOS)} or the first of each ruleset "
                        "asked for (make test checks the last line)")
    a = p.parse_args(argv)
    if a.from_game < 0:
        p.error("--from-game takes a game number, 0 or more")
    scenarios = a.scenario or scenario_ids()
    max_steps = None
    if a.smoke:
        firsts: dict[str, str] = {}
        for sid in a.scenario or SMOKE_SCENARIOS:
            firsts.setdefault(for_scenario(sid).id, sid)
        scenarios, a.games, max_steps = sorted(firsts.values()), 1, SMOKE_STEPS
    wanted = set(a.pairings.split(","))
    pairings = [(x, y) for x, y in PAIRINGS if f"{x}_vs_{y}" in wanted]
    if len(pairings) != len(wanted):
        p.error(f"--pairings takes {', '.join(f'{x}_vs_{y}' for x, y in PAIRINGS)}")
    jobs = []
    for strong, weak in pairings:
        for sid in scenarios:
            try:
                options = parse_options(a.options, sid)
            except ValueError as exc:
                p.error(str(exc))
            jobs += [(strong, weak, sid, g, a.seed, options)
                     for g in range(a.from_game, games_for(strong, sid, a.games))]
    done = recorded(a.record)
    results = [done[_key(j)] for j in jobs if _key(j) in done]
    if results:
        print(f"{len(results)} of {len(jobs)} games already in {a.record}", flush=True)
    jobs = [j for j in jobs if _key(j) not in done]
    # The longest games first, so the two workers finish together.
    jobs.sort(key=lambda j: (j[0] != "elite", j[2] != "sosna-line"))
    t0 = time.perf_counter()
    for _, game in each_done(_one, [(j, max_steps) for j in jobs], a.jobs):
        results.append(game)
        if a.record is not None:
            with a.record.open("a") as out:
                out.write(json.dumps(game) + "\n")
        print(f"{game['strong']}_vs_{game['weak']} {game['scenario']}: game={game['game']} "
              f"score={game['score']:.1f} winner={game['winner'] or 'draw'} "
              f"steps={game['steps']}{' capped' if game['capped'] else ''}"
              f"{' refused=' + str(game['refused']) if game['refused'] else ''} "
              f"({time.perf_counter() - t0:.0f}s)", flush=True)
    report(results, pairings, scenarios, time.perf_counter() - t0)
    return 0


def report(results: list[dict], pairings: list[tuple], scenarios: list[str],
           seconds: float) -> None:
    rates: dict[str, float] = {}
    fast_ms: list[float] = []
    elite_ms: list[float] = []
    fast_wall: list[float] = []
    elite_wall: list[float] = []
    for strong, weak in pairings:
        mine = [r for r in results if r["strong"] == strong and r["weak"] == weak]
        for sid in scenarios:
            here = [r for r in mine if r["scenario"] == sid]
            if here:
                wins: dict[str, int] = {}
                for r in here:
                    wins[r["winner"] or "draw"] = wins.get(r["winner"] or "draw", 0) + 1
                side_wins = ",".join(f"{k}:{v}" for k, v in sorted(wins.items()))
                print(f"{strong}_vs_{weak} {sid}: games={len(here)} "
                      f"score={sum(r['score'] for r in here) / len(here):.2f} "
                      f"side_wins={side_wins}")
        rulesets = sorted({for_scenario(r["scenario"]).id for r in mine})
        for ruleset in rulesets if len(rulesets) > 1 else ():
            part = [r["score"] for r in mine if for_scenario(r["scenario"]).id == ruleset]
            lo, hi = wilson(sum(part), len(part))
            print(f"{strong}_vs_{weak} {ruleset}: {sum(part) / len(part):.2f} over {len(part)} "
                  f"games (95% CI {lo:.2f}-{hi:.2f})")
        score, n = sum(r["score"] for r in mine), len(mine)
        lo, hi = wilson(score, n)
        rates[f"{strong}_vs_{weak}"] = score / max(1, n)
        print(f"{strong}_vs_{weak}: {score / max(1, n):.2f} over {n} games "
              f"(95% CI {lo:.2f}-{hi:.2f})", flush=True)
        for r in mine:
            for level, ms in r["cpu_ms"].items():
                if level == "elite":
                    elite_ms.extend(ms)
                    elite_wall.extend(r["wall_ms"][level])
                elif level != "random":
                    fast_ms.extend(ms)
                    fast_wall.extend(r["wall_ms"][level])
    refused = sum(r["refused"] for r in results)
    capped = sum(1 for r in results if r["capped"])
    print(f"decision p95 (CPU): recruit/veteran {p95(fast_ms):.0f} ms over {len(fast_ms)} "
          f"commands, elite {p95(elite_ms):.0f} ms over {len(elite_ms)}; wall clock on this "
          f"machine now: {p95(fast_wall):.0f} ms and {p95(elite_wall):.0f} ms; capped games "
          f"{capped}, engine refusals {refused}; {seconds:.0f}s")

    def rate(name: str) -> str:  # "-" for a pairing this run did not play
        return f"{rates[name]:.2f}" if name in rates else "-"

    print(
        f"bots: veteran_vs_recruit={rate('veteran_vs_recruit')} "
        f"recruit_vs_random={rate('recruit_vs_random')} "
        f"elite_vs_veteran={rate('elite_vs_veteran')} "
        f"decision_p95_ms={p95(fast_ms):.0f} elite_p95_ms={p95(elite_ms):.0f} games={len(results)}"
    )


if __name__ == "__main__":
    sys.exit(main())
