"""What both Elites share: which plans to weigh, and choosing among them by playing each out
on the same sampled worlds and dice, within a budget of work."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .stance import STANCES, STEADY, Stance

# A command names its hex in one of these fields, its own counters in one of the others.
_WHO = ("unit", "units", "firers")
_WHERE = ("target", "targets", "hex", "to")


def gist(cmd: dict) -> tuple:
    """What a command does, whatever way it goes: its kind, who, and where it ends (two paths
    to one hex are one plan)."""
    who = next((cmd[k] for k in _WHO if cmd.get(k)), None)
    where = next((cmd[k] for k in _WHERE if cmd.get(k)), None) or (cmd.get("path") or [None])[-1]
    return (cmd.get("type"), cmd.get("kind"), _frozen(who), _frozen(where))


def _frozen(x):
    return tuple(x) if isinstance(x, list) else x


def candidates(ranked: Callable[[Stance], list[tuple[float, dict]]],
               rivals: int) -> list[tuple[Stance, dict]]:
    """The candidates a search weighs: the steady Veteran's `rivals` best plans (`ranked(
    stance)`: every command with its score, best first; one command per plan), then each
    other stance's best where it is none of them. The Veteran's own choice comes first."""
    out: list[tuple[Stance, dict]] = []
    seen: set[tuple] = set()
    for stance in STANCES:
        for _, cmd in ranked(stance):
            if gist(cmd) not in seen:
                seen.add(gist(cmd))
                out.append((stance, cmd))
            if stance is not STEADY or len(out) >= rivals:
                break
    return out


def weigh(n: int, worlds: Callable[[int], Any], play: Callable[[Any, int, int], tuple[float, int]],
          budget: int, most: int) -> int:
    """Which of `n` candidates to play, by paired samples. For each sample s, `worlds(s)` is
    an imagined world (None: none can be imagined, and the first candidate is played) and
    `play(world, i, s)` plays candidate i forward on it with the sample's dice, giving what
    it came to and the work it cost. A new round of samples is begun only while the budget
    allows one more like the last, up to `most`. Where two rounds, at the rate the first
    round's play-outs so far cost, would pass the budget, only the candidates that fit in
    it twice are weighed (the first ones: the Veteran's best come first), and where fewer
    than two fit, the first is played: no search costs much more than its budget, and a big
    battle is still searched among the best plans. The better average wins, over two
    samples at least: one sample's dice say too little to leave the Veteran's plan for; an
    even search leaves the first candidate."""
    outcomes: list[list[float]] = [[] for _ in range(n)]
    work = 0
    for s in range(most):
        world = worlds(s)
        if world is None:
            return 0
        i = 0
        while i < n:
            value, cost = play(world, i, s)
            work += cost
            outcomes[i].append(value)
            i += 1
            if s == 0 and 2 * work * n > budget * i:
                n = max(i, min(n, budget * i // max(1, 2 * work)))
        if n < 2 or s == 0 and 2 * work > budget:
            return 0
        if work * (s + 2) / (s + 1) > budget:
            break
    means = [sum(o) / len(o) for o in outcomes[:n]]
    return max(range(n), key=lambda i: (means[i], -i))
