"""The search behind `movement`, on what it reads of the state (`SearchInputs`): every hex a stack can reach with its path and cost, each
movement class's spending kept apart (5.1, 4.5, D-MOVE-1).

A stack moving together follows one path; each unit pays its own class's costs. Units of one
class pay identical costs, so a label carries one cost per class present (at most three) and
each hex keeps every Pareto-optimal label: a path good for the foot units and another good
for the tanks never combine into a false "reachable". Labels are expanded in order of the
largest fraction of any class's remaining MPs used, so the first label to settle a hex leaves
the stack the most room. With one class it is plain Dijkstra.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Mapping
from fractions import Fraction
from typing import NamedTuple

from ...common.hexgrid import Hex, distances
from ...common.hexgrid import neighbors as hex_neighbors
from ...common.lru import Lru
from .maps import Map
from .move_step import engineer_step, terrain_step
from .movers import Group

# --- every hex within reach ---------------------------------------------------------------


class Reach(NamedTuple):
    """How a unit or stack gets to one hex this activation.

    A named tuple, not a frozen dataclass: a search makes one for every hex it reaches, and
    a frozen dataclass sets each of its ten fields through `object.__setattr__`."""

    hex: Hex
    cost: Fraction  # the largest MP any mover spends (a single unit: its cost)
    costs: Mapping[str, Fraction]  # MP each mover spends, by unit id
    path: tuple[Hex, ...]  # from the start hex (or the entry hex) to `hex`, both included
    assault: bool = False  # the hex holds known enemy units: moving there is an assault (12.1)
    ends_move: bool = False  # the movers may go no further this activation
    engineer_crossing: bool = False  # entered a river hex with engineer help (5.7)
    minimum_move: bool = False  # D7: one hex for all the movers' MPs
    mire_rolls: tuple[Hex, ...] = ()  # hexes where the movers roll: mire (17 II), a plug-in's
    entered_from_edge: str | None = None  # D20: the map edge a reinforcement entered by


class Label:
    """One way of reaching a hex: a cost per class group in sixths of an MP, and where from."""

    __slots__ = ("hex", "costs", "parent", "depth", "terminal", "assault", "engineer", "minimum")

    def __init__(
        self,
        hex_: Hex,
        costs: tuple[int, ...],
        parent: Label | None,
        *,
        terminal: bool = False,
        assault: bool = False,
        engineer: bool = False,
        minimum: bool = False,
    ):
        self.hex = hex_
        self.costs = costs
        self.parent = parent
        self.depth: int = 0 if parent is None else parent.depth + 1
        self.terminal = terminal
        self.assault = assault
        self.engineer = engineer
        self.minimum = minimum

    def path(self) -> tuple[Hex, ...]:
        out = []
        lab: Label | None = self
        while lab is not None:
            out.append(lab.hex)
            lab = lab.parent
        return tuple(reversed(out))


# Every MP cost on the chart is a multiple of 1/6 (road rates 2/3 and 1/2), so the search
# counts in sixths with integers; results go back out as exact Fractions.
SIXTHS = 6


def sixths(cost: Fraction) -> int:
    n = cost * SIXTHS
    if n.denominator != 1:
        raise ValueError(f"MP cost {cost} is not a multiple of 1/{SIXTHS}")
    return int(n)


def adjacent_costs(
    map_: Map, movement_class: str, a: Hex
) -> tuple[tuple[Hex, int | None, bool], ...]:
    """(neighbour, cost in sixths or None, along a road) for each neighbour of a; cached per map."""
    table = map_.cached(("movement.adjacent_costs", movement_class), dict)
    row = table.get(a)
    if row is None:
        out = []
        for b in map_.neighbors(a):
            st = terrain_step(map_, movement_class, a, b)
            out.append((b, None if st.cost is None else sixths(st.cost), st.road is not None))
        row = table[a] = tuple(out)
    return row


# Hex -> distances, by the threats (hex and range each) or the known enemy hexes they are
# measured to: the same enemies are measured to by search after search while they stand
# still. The tables are filled as searches ask (one answer per hex, always the same).
_THREAT_DISTANCES = Lru(32)
_ENEMY_DISTANCES = Lru(8)


def _distance_table(tables: Lru, key: Hashable) -> dict:
    table = tables.get(key)
    if table is None:
        table = {}
        tables.put(key, table)
    return table


# One neighbour of a hex, as the search reads it: the hex, its index in the map, the cost in
# sixths for each class of the movers (None: may not enter) and the cost with engineer help.
Option = tuple[Hex, int, tuple[int, ...] | None, tuple[int, ...] | None]


def hex_index(map_: Map) -> Mapping[Hex, int]:
    """Each hex of the map by a number of its own (its place in hex order), kept with the map."""
    return map_.cached("hex.index", lambda: {h: i for i, h in enumerate(map_.in_order())})


def dominates(a: Label, b: Label) -> bool:
    return (not a.terminal or b.terminal) and all(
        x <= y for x, y in zip(a.costs, b.costs, strict=True)
    )


class SearchInputs(NamedTuple):
    """All a search reads, the state's part already worked out: two searches with the same
    inputs find the same hexes (the path rolls aside, which `search` asks the hooks for)."""

    map: Map
    groups: tuple[Group, ...]
    remaining: tuple[tuple[str, Fraction], ...]  # each mover's MPs left (D7 spends them all)
    one_hex: bool
    may_assault: bool
    fresh: bool
    starts: tuple[tuple[Hex, tuple[int, ...], bool, bool], ...]  # hex, costs, terminal, minimum
    empty_ok: bool  # the movers may enter a hex without friendly units (4.1)
    stack_exceptions: frozenset[Hex]  # hexes whose friendly units make the answer the other one
    engineers: frozenset[Hex]  # friendly engineers' hexes (5.7)
    threats: tuple[tuple[Hex, int], ...]  # a leaderless move's threats: hex and range (D3)
    known_enemy_hexes: frozenset[Hex]
    fleeing: bool
    entered_from_edge: str | None


def find(inputs: SearchInputs) -> dict[Hex, Reach]:
    """Every hex the movers can reach, with its cost and path: the search proper."""
    (map_, groups, remaining, one_hex, may_assault, fresh, start_rows, empty_ok,
     stack_exceptions, engineers, threat_list, known_enemy_hexes, fleeing,
     entered_from_edge) = inputs  # fmt: skip
    starts = [Label(h, costs, None, terminal=t, minimum=m) for h, costs, t, m in start_rows]
    # A hex's distances to the threats (with the threats that reach it) and to the nearest
    # known enemy: a step asks them of both its ends, and each hex is an end of up to twelve
    # steps. They depend on nothing but the hex and the threats (or enemy hexes), so they are
    # kept across searches for the same threats (`_THREAT_DISTANCES`, `_ENEMY_DISTANCES`).
    threat_distances = _distance_table(_THREAT_DISTANCES, threat_list) if threat_list else {}
    enemy_distances = _distance_table(_ENEMY_DISTANCES, known_enemy_hexes) if fleeing else {}
    origin = starts[0].hex if entered_from_edge is None else None
    budget = tuple(int(g.remaining * SIXTHS) for g in groups)  # floor: costs are whole sixths
    classes = tuple(g.movement_class for g in groups)
    threat_hexes = [th for th, _ in threat_list]
    # The hexes no step may enter, whatever the step's other end: overstacked ones, and the
    # known enemy hexes except as an assault from where the move began (12.1).
    # The search's loops look hexes up by the map's index of them (an int's hash is the
    # interpreter's own; a hex's is a call), so these sets hold indexes.
    index = hex_index(map_)
    enemy_at = frozenset(index[h] for h in known_enemy_hexes if h in index)
    if empty_ok:
        closed = frozenset(index[h] for h in stack_exceptions if h in index)
    else:  # the movers overstack even an empty hex: only the exceptions may be entered
        closed = None
    assault_from_origin = may_assault and fresh
    closed_beyond_origin = None if closed is None else closed | enemy_at
    origin_at = -1 if origin is None else index[origin]

    def enemy_distance(h: Hex) -> int:
        d = enemy_distances.get(h)
        if d is None:
            d = enemy_distances[h] = min(distances(h, known_enemy_hexes), default=10**6)
        return d

    def threat_reach(h: Hex) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        """The hex's distance to each threat, and (threat index, distance) of those in range."""
        hit = threat_distances.get(h)
        if hit is None:
            to = distances(h, threat_hexes)
            near = tuple((i, d) for i, d in enumerate(to) if d <= threat_list[i][1])
            hit = threat_distances[h] = (to, near)
        return hit

    def entries_from(a: Hex, at: int) -> tuple[frozenset[int], Callable[[Hex], bool] | None]:
        """What a step from a (index `at`) may not enter, and a check of the other rules (or
        None): the closed hexes (stacking, 12.1) by index, for a set look-up per step, the
        rest only when a fleeing or leaderless move needs them."""
        from_origin = at == origin_at
        if closed is None:
            shut = None
        elif from_origin and assault_from_origin:
            shut = closed
        else:
            shut = closed_beyond_origin
        if shut is not None and not fleeing and not threat_list:
            return shut, None
        to_a = threat_reach(a)[0] if threat_list else ()
        away = enemy_distance(a) if fleeing else 0

        def allowed(b: Hex) -> bool:
            if shut is None:  # (with `shut`, the caller looks b up in it)
                if (b in stack_exceptions) == empty_ok:
                    return False
                if b in known_enemy_hexes and not (from_origin and assault_from_origin):
                    return False
            if fleeing and enemy_distance(b) < away:
                return False
            if threat_list:
                # D3: no step that brings a leaderless unit closer to a threat it is in range of.
                near_b = threat_reach(b)[1]
                if near_b and any(to_b < to_a[i] for i, to_b in near_b):
                    return False
            return True

        return (shut if shut is not None else frozenset()), allowed

    # A hex's options depend on the map and the movement classes alone, except beside a
    # friendly engineer (5.7): those rows are worked out for this search, the others are kept
    # with the map and not worked out again each search.
    plain = map_.cached(("movement.options", classes), dict)
    beside_engineers = {index[n] for e in engineers for n in hex_neighbors(e) if n in index}
    own_rows: dict[int, tuple[Option, ...]] = {}

    def options(a: Hex, at: int) -> tuple[Option, ...]:
        """For each neighbour of a (index `at`): the neighbour, its index, the normal cost
        vector and the engineer-crossing one."""
        table = own_rows if at in beside_engineers else plain
        row = table.get(at)
        if row is None:
            row = table[at] = neighbour_options(a, engineers if table is own_rows else frozenset())
        return row

    def neighbour_options(a: Hex, engineers: frozenset[Hex]) -> tuple[Option, ...]:
        rows = [adjacent_costs(map_, cls, a) for cls in classes]
        out = []
        for i, (b, _, _) in enumerate(rows[0]):
            cells = [row[i] for row in rows]
            normal = None if any(c[1] is None for c in cells) else tuple(c[1] for c in cells)
            eng = None
            if b in engineers and not any(c[2] for c in cells):
                e = engineer_step(map_, b)
                if e is not None:
                    eng = tuple(sixths(e.cost) for _ in cells)  # type: ignore[arg-type]
            out.append((b, index[b], normal, eng))
        return tuple(out)

    def priority(costs: tuple[int, ...]) -> float:
        # The largest share of any class's MPs used: the first label to settle a hex leaves
        # the stack the most room. Ties go to insertion order (deterministic).
        return max(
            (c / r if r > 0 else float(c + 1) * 1e9) for c, r in zip(costs, budget, strict=True)
        )

    labels: dict[Hex, list[Label]] = {}
    best: dict[Hex, Label] = {}
    if len(groups) == 1 and not one_hex:
        # One movement class: the Pareto search is plain Dijkstra on one cost; this is the
        # common case (a unit, or a stack of one class) and it keeps `reachable` fast.
        limit = budget[0]
        heap1: list[tuple[int, int, int, Label]] = []  # (cost, order, hex index, label)
        seq = 0
        for lab in starts:
            heapq.heappush(heap1, (lab.costs[0], seq, index[lab.hex], lab))
            seq += 1
        settled: dict[int, Label] = {}  # by hex index, in the order the hexes settle
        ends: dict[int, Label] = {}  # cheapest entry that ends the move there
        while heap1:
            cost, _, at, lab = heapq.heappop(heap1)
            if at in settled:
                continue
            settled[at] = lab
            a = lab.hex
            shut, allowed = entries_from(a, at)
            for b, bt, normal, eng in options(a, at):
                if (
                    (normal is None and eng is None)
                    or bt in settled
                    or bt in shut
                    or (allowed is not None and not allowed(b))
                ):
                    continue
                assault = bt in enemy_at
                if normal is not None and cost + normal[0] <= limit:
                    new = Label(b, (cost + normal[0],), lab, terminal=assault, assault=assault)
                    if assault:
                        if bt not in ends or ends[bt].costs[0] > new.costs[0]:
                            ends[bt] = new
                    else:
                        heapq.heappush(heap1, (new.costs[0], seq, bt, new))
                        seq += 1
                if eng is not None and cost + eng[0] <= limit:
                    if bt not in ends or ends[bt].costs[0] > cost + eng[0]:
                        ends[bt] = Label(
                            b,
                            (cost + eng[0],),
                            lab,
                            terminal=True,
                            assault=assault,
                            engineer=True,
                        )
        for bt, lab in ends.items():
            if bt not in settled or settled[bt].costs[0] > lab.costs[0]:
                settled[bt] = lab
        best = {lab.hex: lab for lab in settled.values()}
        labels = {h: [lab] for h, lab in best.items()}
    else:
        heap: list[tuple[float, int, int, Label]] = []
        seq = 0
        for lab in starts:
            labels.setdefault(lab.hex, []).append(lab)
            heapq.heappush(heap, (priority(lab.costs), sum(lab.costs), seq, lab))
            seq += 1
        while heap:
            lab = heapq.heappop(heap)[3]
            if not any(k is lab for k in labels[lab.hex]):
                continue  # a better label for the hex turned up after this one was queued
            if lab.hex not in best:
                best[lab.hex] = lab
            if lab.terminal or (one_hex and lab.depth >= 1):
                continue
            a = lab.hex
            at = index[a]
            shut, allowed = entries_from(a, at)
            for b, bt, normal, eng in options(a, at):
                if (
                    (normal is None and eng is None)
                    or bt in shut
                    or (allowed is not None and not allowed(b))
                ):
                    continue
                assault = bt in enemy_at
                for costs, is_eng in ((normal, False), (eng, True)):
                    if costs is None:
                        continue
                    total = tuple(c + d for c, d in zip(lab.costs, costs, strict=True))
                    if any(t > r for t, r in zip(total, budget, strict=True)):
                        continue
                    new = Label(
                        b,
                        total,
                        lab,
                        terminal=assault or is_eng or one_hex,
                        assault=assault,
                        engineer=is_eng,
                    )
                    others = labels.setdefault(b, [])
                    # Costs are positive, so a path back through a hex already on it is dominated.
                    if any(dominates(k, new) for k in others):
                        continue
                    others[:] = [k for k in others if not dominates(new, k)]
                    others.append(new)
                    heapq.heappush(heap, (priority(total), sum(total), seq, new))
                    seq += 1

    # D7: a unit that has spent no MP may always enter one adjacent hex it may enter at all.
    if fresh and origin is not None and all(r > 0 for r in budget):
        root = labels[origin][0]
        shut, allowed = entries_from(origin, origin_at)
        for b, bt, normal, eng in options(origin, origin_at):
            if (
                b in best
                or (normal is None and eng is None)
                or bt in shut
                or (allowed is not None and not allowed(b))
            ):
                continue
            best[b] = Label(
                b, budget, root, terminal=True, assault=b in known_enemy_hexes, minimum=True
            )

    result: dict[Hex, Reach] = {}
    mps: dict[int, Fraction] = {}  # sixths -> MP, one Fraction per cost (they are immutable)
    for h, lab in best.items():
        if entered_from_edge is None and lab.parent is None:
            continue  # the start hex
        spent: dict[str, Fraction]
        if lab.minimum:
            spent = dict(remaining)  # D7: every mover spends all it has left
        else:
            spent = {}
            for g, c in zip(groups, lab.costs, strict=True):
                mp = mps.get(c)
                if mp is None:
                    mp = mps[c] = Fraction(c, SIXTHS)
                for uid in g.unit_ids:
                    spent[uid] = mp
        path = lab.path()
        result[h] = Reach(
            hex=h,
            cost=max(spent.values()),
            costs=spent,
            path=path,
            assault=lab.assault,
            ends_move=lab.terminal or one_hex,
            engineer_crossing=lab.engineer,
            minimum_move=lab.minimum,
            mire_rolls=(),  # the state's part: `search` adds them
            entered_from_edge=entered_from_edge,
        )
    return result
