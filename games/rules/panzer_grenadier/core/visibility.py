"""What each side spots, kept up to date cheaply as units move (8.1-8.4).

Two layers:
- `StaticSight`, per map and cached on it: for every hex, the hexes a unit there could
  spot by day with no smoke and no hidden targets (range and LOS), worked out as asked: a
  pair of hexes alone (`spots`: what `Visibility` asks, of the hexes units stand in) or a
  hex's whole row (what double-blind observation reads). Every other
  condition (night, smoke, hidden targets) only shrinks that set, so it is a safe
  superset to filter.
- `Visibility`, per game position: which enemy units each side spots. Built from
  scratch in one pass; `after_move`, `add_unit`, `remove_unit` and `set_hidden`
  recompute only the pairs involving that unit. When the conditions change (a new
  turn at night, smoke placed or removed) build a new one: that is the full recompute.

D-SPOT-1: every unit observes unless the caller says otherwise through `can_observe`
(open play: disrupted and demoralized units still spot; the double-blind variant
would pass False for demoralized units and unarmed transports).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from ...common.hexgrid import Hex, distance
from .los import intervening_offsets, line_blocker, line_of_sight, los_grid
from .maps import Map
from .spotting import DAY_RANGE, HEXES_PER_LEVEL, Conditions, spotting_range

UnitId = Hashable


# Every offset within a radius with its distance, nearest first, so a smaller disk is a
# prefix of a larger one; the same on every map, so the process's. The lines of sight of
# an offset are worked out (and kept, `los.intervening_offsets`) only when a pair in range
# asks for them: most offsets of a large disk are out of range of the hex they are read for.
DiskEntry = tuple[int, int, int]
# (the disk, ends): ends[r] is how many of the disk's offsets lie within r. Replaced whole
# when a larger one is needed, so the server's threads never see half of one.
_DISK: tuple[list[DiskEntry], list[int]] = ([], [])


def _disk(radius: int) -> list[DiskEntry]:
    global _DISK
    disk, ends = _DISK
    if radius >= len(ends):
        disk = sorted(
            ((dq, dr, (abs(dq) + abs(dr) + abs(dq + dr)) // 2)
             for dq in range(-radius, radius + 1)
             for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)),
            key=lambda e: e[2],
        )  # fmt: skip
        ends = [0] * (radius + 1)
        for i, e in enumerate(disk):
            ends[e[2]] = i + 1
        _DISK = (disk, ends)
    return disk[: ends[radius]]


class _Rows(Mapping[Hex, frozenset[Hex]]):
    """One row of the table per hex of the map, worked out when first asked: a whole table
    costs seconds of CPU for a large map, and a game asks for the rows of the hexes its
    units stand in."""

    __slots__ = ("_hexes", "_build", "kept")

    def __init__(self, hexes: frozenset[Hex], build: Callable[[Hex], frozenset[Hex]]) -> None:
        self._hexes = hexes
        self._build = build
        self.kept: dict[Hex, frozenset[Hex]] = {}  # the rows worked out so far

    def __getitem__(self, h: Hex) -> frozenset[Hex]:
        row = self.get(h)
        if row is None:
            raise KeyError(h)
        return row

    def get(self, h: Hex, default: Any = None) -> Any:  # type: ignore[override]
        row = self.kept.get(h)
        if row is None:
            if h not in self._hexes:
                return default
            row = self.kept[h] = self._build(h)
        return row

    def __iter__(self) -> Iterator[Hex]:
        return iter(self._hexes)

    def __len__(self) -> int:
        return len(self._hexes)


class StaticSight:
    """Per-map day/no-smoke spotting: whether a unit in one hex spots one in another
    (`spots`), and the table of it, sees[o] and its reverse seen_from[t]. A row is worked out
    when first asked and a pair outside the kept rows is tested alone, each by one test (the
    range, then `_clear`), so rows and pairs always agree."""

    def __init__(self, m: Map) -> None:
        self._grid = los_grid(m)
        self._min_level = min((m.elevation(h) for h in m.hexes), default=0)
        looks = {}  # per hex: its day cap as a target (8.2), its level, its eye as an observer
        for h in m.hexes:
            cap = m.terrain(h).spotting_cap
            if m.is_hill(h):
                cap = 3 if cap is None else min(cap, 3)
            level = m.elevation(h)
            looks[(h.q, h.r)] = (cap, level, level + m.terrain(h).spotter_level_bonus)
        self._min_eye = min((e for _, _, e in looks.values()), default=0)
        self._max_eye = max((e for _, _, e in looks.values()), default=0)
        # Per hex: how far an observer sees a unit in it by day, by the observer's eye above
        # the lowest eye on the map (8.1, 8.2: the row loops' test, one look-up a pair), its
        # level, and its own eye less the lowest (its index into the others' ranges).
        self._info: dict[tuple[int, int], tuple[tuple[int, ...], int, int]] = {
            key: (
                tuple(_day_range(e, cap, lt) for e in range(self._min_eye, self._max_eye + 1)),
                lt,
                eye - self._min_eye,
            )
            for key, (cap, lt, eye) in looks.items()
        }
        self.pairs_checked = 0  # lines of sight tested so far
        # Pairs asked outside a kept row, with their answers: the units that stand still are
        # asked about again at each move of another. Started afresh past _PAIRS_KEPT.
        self._pairs: dict[tuple[int, int, int, int], bool] = {}
        hexes = frozenset(m.hexes)
        self.sees = _Rows(hexes, self._row_from)
        self.seen_from = _Rows(hexes, self._row_to)

    def spots(self, o: Hex, t: Hex) -> bool:
        """Whether a unit in o spots one in t by day with no smoke: from a kept row of
        either hex, else tested for this pair alone (8.1, 8.2, 8.4)."""
        row = self.sees.kept.get(o)
        if row is not None:
            return t in row
        row = self.seen_from.kept.get(t)
        if row is not None:
            return o in row
        key = (o.q, o.r, t.q, t.r)
        found = self._pairs.get(key)
        if found is None:
            if len(self._pairs) > _PAIRS_KEPT:
                self._pairs = {}
            found = self._pairs[key] = self._pair(o, t)
        return found

    def _pair(self, o: Hex, t: Hex) -> bool:
        seer, target = self._info.get((o.q, o.r)), self._info.get((t.q, t.r))
        if seer is None or target is None:
            return False
        d = distance(o, t)
        if d > target[0][seer[2]]:
            return False
        return d <= 1 or self._clear(o.q, o.r, seer[1], target[1], t.q - o.q, t.r - o.r)

    def spotted_among(self, o: Hex, hexes: AbstractSet[Hex]) -> AbstractSet[Hex]:
        """The hexes of `hexes` a unit in o spots: its row's, when the row is kept, else
        pair by pair (`spots`): a game asks it of the few hexes its units stand in, which
        costs far less than working out the hex's whole row."""
        row = self.sees.kept.get(o)
        if row is not None:
            return row & hexes
        return {t for t in hexes if self.spots(o, t)}

    def spotters_among(self, t: Hex, hexes: AbstractSet[Hex]) -> AbstractSet[Hex]:
        """The hexes of `hexes` from which a unit spots one in t, the same way."""
        row = self.seen_from.kept.get(t)
        if row is not None:
            return row & hexes
        return {o for o in hexes if self.spots(o, t)}

    def _clear(self, oq: int, o_r: int, lo: int, lt: int, dq: int, dr: int) -> bool:
        """Whether the line from (oq, o_r) to the hex at offset (dq, dr), two or more hexes
        away, is clear (8.4): along a hexside both nudged lines must be blocked (D-LOS-3)."""
        self.pairs_checked += 1
        grid = self._grid
        plus = intervening_offsets(dq, dr, 1)
        if line_blocker(grid, oq, o_r, plus, lo, lt) is None:
            return True
        minus = intervening_offsets(dq, dr, -1)
        return minus != plus and line_blocker(grid, oq, o_r, minus, lo, lt) is None

    def _row_from(self, o: Hex) -> frozenset[Hex]:
        info, oq, o_r = self._info, o.q, o.r
        _, lo, eye = info[(oq, o_r)]
        out = []
        # The disk is read nearest first and mostly out of range: the range is tested here,
        # in the loop, and only pairs in range call for a line of sight.
        reach = DAY_RANGE + HEXES_PER_LEVEL * max(0, eye + self._min_eye - self._min_level)
        for dq, dr, d in _disk(reach):
            target = info.get((oq + dq, o_r + dr))
            if target is None or d > target[0][eye]:
                continue
            if d <= 1 or self._clear(oq, o_r, lo, target[1], dq, dr):
                out.append(Hex(oq + dq, o_r + dr))
        return frozenset(out)

    def _row_to(self, t: Hex) -> frozenset[Hex]:
        info = self._info
        ranges, lt, _ = info[(t.q, t.r)]
        reach = max(ranges)  # no observer spots it from farther
        known = self.sees.kept  # an observer's row already worked out answers at once
        out = []
        for dq, dr, d in _disk(reach):
            oq, o_r = t.q - dq, t.r - dr
            seer = info.get((oq, o_r))
            if seer is None or d > ranges[seer[2]]:
                continue
            o = Hex(oq, o_r)
            row = known.get(o)
            if (
                (t in row)
                if row is not None
                else (d <= 1 or self._clear(oq, o_r, seer[1], lt, dq, dr))
            ):
                out.append(o)
        return frozenset(out)


_PAIRS_KEPT = 200_000


def _day_range(eye: int, cap: int | None, level: int) -> int:
    """How far an observer with its eye at `eye` spots a unit in a hex of that level and
    cap by day (8.1, 8.2: the cap beats any height bonus, D10)."""
    rng = DAY_RANGE + HEXES_PER_LEVEL * (eye - level) if eye > level else DAY_RANGE
    return cap if cap is not None and cap < rng else rng


def static_sight(m: Map) -> StaticSight:
    """The per-map spotting table, cached on the map; its rows are worked out as asked."""
    return m.cached("static_sight", lambda: StaticSight(m))


@dataclass(frozen=True, slots=True)
class SightChange:
    """Units a side started or stopped spotting after one update."""

    gained: frozenset[UnitId]
    lost: frozenset[UnitId]


class Visibility:
    """Which enemy units each side spots; update with `after_move`."""

    def __init__(
        self,
        m: Map,
        positions: Mapping[UnitId, Hex],
        side_of: Mapping[UnitId, str],
        *,
        can_observe: Mapping[UnitId, bool] | None = None,
        hidden: Iterable[UnitId] = (),
        conditions: Conditions = Conditions(),  # noqa: B008 - frozen, safe to share
    ):
        self.map = m
        self.sight = static_sight(m)
        self.conditions = conditions
        self.positions: dict[UnitId, Hex] = dict(positions)
        self.side_of: dict[UnitId, str] = dict(side_of)
        self.can_observe: dict[UnitId, bool] = dict(can_observe or {})
        self.hidden: set[UnitId] = set(hidden)
        self._at: dict[Hex, set[UnitId]] = {}
        for u, h in self.positions.items():
            self._at.setdefault(h, set()).add(u)
        self._occupied: set[Hex] = set(self._at)
        self._sides = sorted(set(self.side_of.values()))
        self._seen_by: dict[UnitId, set[UnitId]] = {u: set() for u in self.positions}
        self._spotters: dict[UnitId, set[UnitId]] = {u: set() for u in self.positions}
        self._count: dict[str, dict[UnitId, int]] = {s: {} for s in self._sides}
        self._recompute_all()

    def copy(self) -> Visibility:
        """An independent copy, without working anything out again: update it (`after_move`
        ...) and this one stays as it was."""
        new = object.__new__(Visibility)
        new.map, new.sight, new.conditions = self.map, self.sight, self.conditions
        new.positions = dict(self.positions)
        new.side_of = dict(self.side_of)
        new.can_observe = dict(self.can_observe)
        new.hidden = set(self.hidden)
        new._at = {h: set(us) for h, us in self._at.items()}
        new._occupied = set(self._occupied)
        new._sides = list(self._sides)
        new._seen_by = {u: set(ts) for u, ts in self._seen_by.items()}
        new._spotters = {u: set(os) for u, os in self._spotters.items()}
        new._count = {s: dict(c) for s, c in self._count.items()}
        return new

    # --- queries ------------------------------------------------------------------

    def spotted(self, side: str) -> frozenset[UnitId]:
        """Enemy units that `side` spots."""
        return frozenset(self._count.get(side, {}))

    def spotted_by_side(self) -> dict[str, frozenset[UnitId]]:
        return {s: self.spotted(s) for s in self._sides}

    def spotters_of(self, unit_id: UnitId) -> frozenset[UnitId]:
        """Enemy units that spot this unit."""
        return frozenset(self._spotters.get(unit_id, ()))

    def seen_by(self, unit_id: UnitId) -> frozenset[UnitId]:
        """Enemy units this unit spots."""
        return frozenset(self._seen_by.get(unit_id, ()))

    # --- updates ------------------------------------------------------------------

    def after_move(self, unit_id: UnitId, from_hex: Hex, to_hex: Hex) -> dict[str, SightChange]:
        """Move one unit and update only the spotting pairs it takes part in."""
        if self.positions.get(unit_id) != from_hex:
            raise ValueError(f"unit {unit_id!r} is not in {from_hex!r}")
        before = self._snapshot_for(unit_id)
        self._forget(unit_id)
        self._at[from_hex].discard(unit_id)
        if not self._at[from_hex]:
            del self._at[from_hex]
            self._occupied.discard(from_hex)
        self.positions[unit_id] = to_hex
        self._at.setdefault(to_hex, set()).add(unit_id)
        self._occupied.add(to_hex)
        self._observe_from(unit_id)
        self._observe_target(unit_id)
        return self._diff(before, self._snapshot_for(unit_id))

    def add_unit(
        self,
        unit_id: UnitId,
        at: Hex,
        side: str,
        *,
        hidden: bool = False,
        can_observe: bool = True,
    ) -> dict[str, SightChange]:
        """Put a unit on the map (a reinforcement entering, 16.5) and link what it sees and who sees it."""
        if unit_id in self.positions:
            raise ValueError(f"unit {unit_id!r} is already on the map")
        before = self._snapshot_for(unit_id)
        self.positions[unit_id] = at
        self.side_of[unit_id] = side
        self.can_observe[unit_id] = can_observe
        if hidden:
            self.hidden.add(unit_id)
        if side not in self._count:
            self._count[side] = {}
            self._sides = sorted(self._count)
        self._seen_by[unit_id] = set()
        self._spotters[unit_id] = set()
        self._at.setdefault(at, set()).add(unit_id)
        self._occupied.add(at)
        self._observe_from(unit_id)
        self._observe_target(unit_id)
        return self._diff(before, self._snapshot_for(unit_id))

    def remove_unit(self, unit_id: UnitId) -> dict[str, SightChange]:
        """Take a unit off the map (eliminated, exited) and drop every pair it was in."""
        before = self._snapshot_for(unit_id)
        self._forget(unit_id)
        here = self.positions.pop(unit_id)
        self._at[here].discard(unit_id)
        if not self._at[here]:
            del self._at[here]
            self._occupied.discard(here)
        del self._seen_by[unit_id], self._spotters[unit_id]
        self.hidden.discard(unit_id)
        return self._diff(before, self._snapshot_for(unit_id))

    def set_hidden(self, unit_id: UnitId, hidden: bool) -> dict[str, SightChange]:
        """Mark a unit hidden or revealed (17 Hidden Units) and update who spots it."""
        before = self._snapshot_for(unit_id)
        if hidden:
            self.hidden.add(unit_id)
        else:
            self.hidden.discard(unit_id)
        for o in list(self._spotters[unit_id]):
            self._unlink(o, unit_id)
        self._observe_target(unit_id)
        return self._diff(before, self._snapshot_for(unit_id))

    # --- internals ----------------------------------------------------------------

    def _snapshot_for(self, unit_id: UnitId) -> dict[str, frozenset[UnitId]]:
        # Only the spotted sets can change through this unit; copy them.
        return {s: frozenset(c) for s, c in self._count.items()}

    @staticmethod
    def _diff(
        before: dict[str, frozenset[UnitId]], after: dict[str, frozenset[UnitId]]
    ) -> dict[str, SightChange]:
        return {
            s: SightChange(after[s] - before[s], before[s] - after[s])
            for s in after
            if after[s] != before[s]
        }

    def _link(self, observer: UnitId, target: UnitId) -> None:
        if target in self._seen_by[observer]:
            return
        self._seen_by[observer].add(target)
        self._spotters[target].add(observer)
        counts = self._count[self.side_of[observer]]
        counts[target] = counts.get(target, 0) + 1

    def _unlink(self, observer: UnitId, target: UnitId) -> None:
        self._seen_by[observer].discard(target)
        self._spotters[target].discard(observer)
        counts = self._count[self.side_of[observer]]
        left = counts[target] - 1
        if left:
            counts[target] = left
        else:
            del counts[target]

    def _forget(self, unit_id: UnitId) -> None:
        for t in list(self._seen_by[unit_id]):
            self._unlink(unit_id, t)
        for o in list(self._spotters[unit_id]):
            self._unlink(o, unit_id)

    def _observes(self, unit_id: UnitId) -> bool:
        return self.can_observe.get(unit_id, True)

    def _pair_ok(self, o_hex: Hex, t_hex: Hex, target: UnitId) -> bool:
        """Day/no-smoke sight is given; apply night, hidden and smoke (8.1, D11, D18)."""
        c = self.conditions
        hidden = target in self.hidden
        if not (hidden or c.night or c.smoke):
            return True
        d = distance(o_hex, t_hex)
        if hidden or c.night:
            rng, _ = spotting_range(
                self.map, o_hex, t_hex, hidden=hidden, night=c.night, illumination=c.illumination
            )
            if d > rng:
                return False
        if c.smoke and d > 1:
            # Only smoke hexes on a shortest path between the two can matter.
            near = [s for s in c.smoke if distance(o_hex, s) + distance(s, t_hex) == d]
            if near and not line_of_sight(self.map, o_hex, t_hex, smoke=near).clear:
                return False
        return True

    def _observe_from(self, unit_id: UnitId) -> None:
        """Link unit_id to every enemy it spots from its hex."""
        if not self._observes(unit_id):
            return
        side = self.side_of[unit_id]
        o_hex = self.positions[unit_id]
        at = self._at
        for t_hex in self.sight.spotted_among(o_hex, self._occupied):
            for t in at[t_hex]:
                if self.side_of[t] != side and self._pair_ok(o_hex, t_hex, t):
                    self._link(unit_id, t)

    def _observe_target(self, unit_id: UnitId) -> None:
        """Link every enemy observer that spots unit_id in its hex."""
        side = self.side_of[unit_id]
        t_hex = self.positions[unit_id]
        at = self._at
        for o_hex in self.sight.spotters_among(t_hex, self._occupied):
            for o in at[o_hex]:
                if (
                    self.side_of[o] != side
                    and self._observes(o)
                    and self._pair_ok(o_hex, t_hex, unit_id)
                ):
                    self._link(o, unit_id)

    def _recompute_all(self) -> None:
        """Both sides from scratch: one pass over occupied observer hexes."""
        at = self._at
        occupied = self._occupied
        for o_hex, observers in at.items():
            watchers = [u for u in observers if self._observes(u)]
            if not watchers:
                continue
            targets_hexes = self.sight.spotted_among(o_hex, occupied)
            for t_hex in targets_hexes:
                for t in at[t_hex]:
                    t_side = self.side_of[t]
                    ok: bool | None = None
                    for o in watchers:
                        if self.side_of[o] == t_side:
                            continue
                        if ok is None:
                            ok = self._pair_ok(o_hex, t_hex, t)
                        if ok:
                            self._link(o, t)
