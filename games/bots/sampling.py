"""What both Elites share: telling plans apart, and choosing among candidates played out on
the same sampled worlds and dice without being fooled by the dice."""

from __future__ import annotations

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


def surest(outcomes: list[list[float]], confidence: float, min_gain: float) -> int:
    """The candidate to play: the heuristic's own (0) unless another did better on average
    by more than `confidence` standard errors of the paired differences, and by at least
    `min_gain`. A few samples of dice are noisy; overriding the heuristic on noise plays
    worse than the heuristic."""
    best, best_margin = 0, min_gain
    n = len(outcomes[0])
    for i in range(1, len(outcomes)):
        diffs = [a - b for a, b in zip(outcomes[i], outcomes[0], strict=True)]
        mean = sum(diffs) / n
        var = sum((x - mean) ** 2 for x in diffs) / max(1, n - 1)
        margin = mean - confidence * (var / n) ** 0.5
        if margin > best_margin:
            best, best_margin = i, margin
    return best


def distinct_best(ranked: list[tuple[float, dict]], margin: float, most: int) -> list[dict]:
    """The heuristic's best commands scored within `margin` of its best, one per plan, at
    most `most` of them, best first."""
    if not ranked:
        return []
    top = ranked[0][0]
    out: list[dict] = []
    seen: set[tuple] = set()
    for sc, c in ranked:
        if sc < top - margin or len(out) == most:
            break
        if gist(c) not in seen:
            seen.add(gist(c))
            out.append(c)
    return out
