"""What each side spots, kept up to date cheaply as units move (8.1-8.4).

Two layers:
- `StaticSight`, per map and cached on it: for every hex, the hexes a unit there could
  spot by day with no smoke and no hidden targets (range and LOS). Every other
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

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from ...common.hexgrid import Hex, distance
from .los import intervening_offsets, line_blocker, line_of_sight, los_grid
from .maps import Map
from .spotting import DAY_RANGE, HEXES_PER_LEVEL, Conditions, spotting_range

UnitId = Hashable


@dataclass(frozen=True, slots=True)
class StaticSight:
    """Per-map day/no-smoke spotting table: sees[o] and its reverse seen_from[t]."""

    sees: Mapping[Hex, frozenset[Hex]]
    seen_from: Mapping[Hex, frozenset[Hex]]
    pairs_checked: int


def _build_static_sight(m: Map) -> StaticSight:
    grid = los_grid(m)
    min_level = min((m.elevation(h) for h in m.hexes), default=0)
    # Per target hex: its day cap (8.2) and level, precomputed once.
    target_info: dict[tuple[int, int], tuple[int | None, int]] = {}
    for h in m.hexes:
        t = m.terrain(h)
        cap = t.spotting_cap
        if m.is_hill(h):
            cap = 3 if cap is None else min(cap, 3)
        target_info[(h.q, h.r)] = (cap, m.elevation(h))
    Offsets = tuple[tuple[int, int], ...]
    disks: dict[int, list[tuple[int, int, int, Offsets, Offsets | None]]] = {}

    def disk(radius: int) -> list[tuple[int, int, int, Offsets, Offsets | None]]:
        # Every offset within radius with its distance and both nudged lines' intervening
        # offsets (the second only when it differs: D-LOS-3), nearest first.
        if radius not in disks:
            out = []
            for dq in range(-radius, radius + 1):
                for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                    plus = intervening_offsets(dq, dr, 1)
                    minus = intervening_offsets(dq, dr, -1)
                    d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
                    out.append((dq, dr, d, plus, None if minus == plus else minus))
            out.sort(key=lambda e: e[2])
            disks[radius] = out
        return disks[radius]

    sees: dict[Hex, frozenset[Hex]] = {}
    seen_from: dict[Hex, set[Hex]] = {h: set() for h in m.hexes}
    checked = 0
    for o in m.hexes:
        oq, o_r = o.q, o.r
        lo = m.elevation(o)
        eye = lo + m.terrain(o).spotter_level_bonus
        reach = DAY_RANGE + HEXES_PER_LEVEL * max(0, eye - min_level)
        visible = []
        for dq, dr, d, plus, minus in disk(reach):
            key = (oq + dq, o_r + dr)
            info = target_info.get(key)
            if info is None:
                continue
            cap, lt = info
            rng = DAY_RANGE + HEXES_PER_LEVEL * (eye - lt) if eye > lt else DAY_RANGE
            if cap is not None and cap < rng:
                rng = cap
            if d > rng:
                continue
            if d > 1:
                checked += 1
                if line_blocker(grid, oq, o_r, plus, lo, lt) is not None and (
                    minus is None or line_blocker(grid, oq, o_r, minus, lo, lt) is not None
                ):
                    continue  # blocked (along a hexside: both sides blocked, D-LOS-3)
            visible.append(Hex(key[0], key[1]))
        sees[o] = frozenset(visible)
        for seen in visible:
            seen_from[seen].add(o)
    return StaticSight(sees, {t: frozenset(s) for t, s in seen_from.items()}, checked)


def static_sight(m: Map) -> StaticSight:
    """The per-map spotting table, computed on first use and cached on the map."""
    return m.cached("static_sight", lambda: _build_static_sight(m))


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
        for t_hex in self.sight.sees[o_hex] & self._occupied:
            for t in at[t_hex]:
                if self.side_of[t] != side and self._pair_ok(o_hex, t_hex, t):
                    self._link(unit_id, t)

    def _observe_target(self, unit_id: UnitId) -> None:
        """Link every enemy observer that spots unit_id in its hex."""
        side = self.side_of[unit_id]
        t_hex = self.positions[unit_id]
        at = self._at
        for o_hex in self.sight.seen_from[t_hex] & self._occupied:
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
            targets_hexes = self.sight.sees[o_hex] & occupied
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
