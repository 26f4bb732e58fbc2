"""Formation Activation, the optional rule (17.7): activate a whole formation on a 2d6 roll.

A formation comes from the scenario (`scenario.formations`, units' `formation`). The side
needs morale 7+ and a current initiative of 2+; the formation needs an undemoralized leader
of rank Major or above (its senior leader) and no demoralized leader. The roll is 2d6,
modified (+1 per friendly leader eliminated, +1 per friendly unit eliminated but trucks,
wagons and prime movers, tanks not doubled, +1 per formation unit at half strength, -1 if
no formation unit has lost a step, -1 for the listed nationalities and dates), against the senior
leader's morale. Success opens an activation of every available counter of the formation
(all marked Moved/Fired at its end, 3.1); failure marks the formation's leaders Moved/Fired
and spends the action segment (D-FORM-2). Formation-activated units may combine direct fire
or bombardment from two adjacent hexes without a leader (combat.fire.combination_problems).

With several players on a side (D21, Sector Command D-SECTOR-1) a player attempts the part
of a formation he commands: "the composition of the formation is chosen by the owner at the
time of the attempt" (17.7), and a player owns only what he commands. So the senior leader
must be one of his counters, the subordinate leaders that must be undemoralized are his, the
activation is led by his senior leader and takes his counters, and a failure marks only his
leaders Moved/Fired. The roll's modifiers describe the formation as a whole (its losses,
its reduced units), wherever its counters stand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core import activation as act
from ..core import sequence, tables
from ..core import state as st
from ..core.commands import Event
from ..core.hooks import Plugin
from ..core.registry import counter_type, scenario_for
from ..core.units import RANKS

OPTION = "formation_activation"
MAJOR = RANKS.index("major")

# -1 to the roll (17.7): nationality -> (first year it applies, last year), inclusive.
_STEADY = {
    "australian": (0, 9999),
    "british": (0, 9999),
    "finnish": (0, 9999),
    "gurkha": (0, 9999),
    "italian_blackshirt": (0, 9999),
    "japanese": (0, 9999),
    "new_zealand": (0, 9999),
    "us_marines": (0, 9999),
    "american": (1944, 9999),  # US Army after 1943
    "german": (0, 1944),  # all branches before 1945
}

# The -1's reason names the nationality as a player reads it, never its key ("us_marines").
_NATION_WORDS = {"us_marines": "US Marine", "american": "US Army", "new_zealand": "New Zealand",
                 "italian_blackshirt": "Italian Blackshirt", "soviet": "Soviet Guards"}


NOT_COUNTED_LOSSES = frozenset({"truck", "wagon", "prime_mover"})


def formations_of(state: st.GameState, side: str) -> list[Any]:
    """The scenario's formations of one side (none when the scenario defines none)."""
    try:
        scen = scenario_for(state)
    except KeyError:
        return []
    return [f for f in getattr(scen, "formations", ()) or () if f.side == side]


def find(state: st.GameState, side: str, formation_id: str) -> Any | None:
    for f in formations_of(state, side):
        if f.id == formation_id:
            return f
    return None


def _members(state: st.GameState, formation: Any) -> list[st.UnitState]:
    return [state.units[u] for u in formation.units if u in state.units]


def _leaders(state: st.GameState, formation: Any, seat_id: str | None = None) -> list[st.UnitState]:
    """The formation's leaders on the map; with a seat, only those it commands (D-SECTOR-1)."""
    return [
        u for u in _members(state, formation)
        if u.on_map and act.is_leader(state, u)
        and (seat_id is None or act.commands_unit(state, seat_id, u))
    ]


def senior_leader(
    state: st.GameState, formation: Any, seat_id: str | None = None
) -> st.UnitState | None:
    """The formation's highest-ranking undemoralized leader on the map (ties: best morale);
    with a seat, the highest of those the seat commands (D-SECTOR-1)."""
    best = None
    for u in _leaders(state, formation, seat_id):
        if u.status == st.DEMORALIZED:
            continue
        t = counter_type(state, u.type_id)
        key = (t.rank_order, t.morale, u.id)  # type: ignore[union-attr]
        if best is None or key > best[0]:
            best = (key, u)
    return best[1] if best else None


def _year(state: st.GameState) -> int:
    try:
        date = str(getattr(scenario_for(state), "date", "") or "")
    except KeyError:
        return 0
    return int(date[:4]) if date[:4].isdigit() else 0


def _is_steady(state: st.GameState, side: st.SideState, formation: Any) -> bool:
    """The nationality/date -1 of 17.7. Soviet Guards after 1942: a Soviet formation whose
    name says Guards (D-FORM-2)."""
    year = _year(state)
    nat = side.nationality
    if nat == "soviet":
        return year >= 1943 and "guards" in str(getattr(formation, "name", "")).lower()
    lo, hi = _STEADY.get(nat, (1, 0))
    return lo <= year <= hi


def modifiers(state: st.GameState, side_id: str, formation: Any) -> list[tuple[str, int]]:
    """The modifiers to the formation roll, each named (17.7)."""
    side = state.side(side_id)
    ours = [u for u in state.units.values() if u.side == side_id]
    out: list[tuple[str, int]] = []
    leaders_lost = sum(1 for u in ours if u.eliminated and act.is_leader(state, u))
    if leaders_lost:
        out.append(("friendly leaders eliminated", leaders_lost))
    # 17.7: "trucks, wagons and prime movers don't count"; an APC (armed or not) does. A
    # counter merged away by consolidation (17.1) was removed, not eliminated (D-CONS-1).
    units_lost = sum(
        1 for u in ours
        if u.eliminated and u.id not in state.consolidated and not act.is_leader(state, u)
        and counter_type(state, u.type_id).kind not in NOT_COUNTED_LOSSES
    )
    if units_lost:
        out.append(("friendly units eliminated", units_lost))
    members = [u for u in _members(state, formation) if not act.is_leader(state, u)]
    half = sum(
        1 for u in members
        if not u.eliminated and counter_type(state, u.type_id).steps > 1 and u.steps == 1
    )
    if half:
        out.append(("formation units at half strength", half))
    if not any(u.eliminated or u.steps < counter_type(state, u.type_id).steps for u in members):
        out.append(("no formation unit has lost a step", -1))
    if _is_steady(state, side, formation):
        nation = _NATION_WORDS.get(side.nationality) or side.nationality.replace("_", " ").title()
        out.append((f"{nation} formation", -1))
    return out


def available_units(state: st.GameState, formation: Any, seat_id: str) -> frozenset[str]:
    """The formation's counters the seat may activate now."""
    return frozenset(
        u.id for u in _members(state, formation)
        if act.is_available(state, u) and u.hex is not None and act.commands_unit(state, seat_id, u)
    )


def problems(state: st.GameState, seat_id: str, formation_id: str) -> list[str]:
    """Why the seat may not attempt to activate this formation now (empty: it may)."""
    if OPTION not in state.options:
        return ["Formation Activation (17.7) is not in use in this game"]
    me = act.seat(state, seat_id)
    f = find(state, me.side, formation_id) if me else None
    if f is None:
        return [f"your side has no formation {formation_id!r}"]
    side = state.side(me.side)
    out = []
    if side.morale < 7:
        out.append(f"side morale {side.morale} is below 7")
    # The rating as it stands now: losses (D2) and a shortfall begun this turn count at once.
    rating = sequence.current_initiative(state, side)
    if rating < 2:
        out.append(f"current initiative {rating} is below 2")
    senior = senior_leader(state, f, seat_id)
    if senior is None or counter_type(state, senior.type_id).rank_order < MAJOR:  # type: ignore[union-attr]
        out.append(
            "the formation has no undemoralized leader of rank Major or above"
            + (" that you command" if _shared(state, me.side) else "")
        )
    elif any(u.status == st.DEMORALIZED for u in _leaders(state, f, seat_id)):
        out.append("a leader of the formation is demoralized")
    elif not act.is_available(state, senior):
        out.append(f"its senior leader {senior.id} is marked Moved/Fired")
    if not available_units(state, f, seat_id) - ({senior.id} if senior else set()):
        out.append("none of its units may be activated now")
    return out


def _shared(state: st.GameState, side: str) -> bool:
    """Whether several players command the side's units (D21, D-SECTOR-1)."""
    return st.is_team_side(state, side)


def choices(state: st.GameState, seat_id: str) -> list[dict]:
    """The formation activations the seat may attempt now (17.7), each listing the counters
    success activates (`units`, passengers included, as a leader's activation does, 3.1), so
    the player sees them before he rolls."""
    if OPTION not in state.options:
        return []
    me = act.seat(state, seat_id)
    if me is None:
        return []
    return [
        {"type": "activate", "kind": "formation", "formation": f.id,
         "units": act.activated(state, available_units(state, f, seat_id))}
        for f in formations_of(state, me.side)
        if not problems(state, seat_id, f.id)
    ]


@dataclass(frozen=True)
class Attempt:
    """One attempt as the roll will decide it (17.7): what it rolls against and what each
    outcome does. `attempt` resolves it and `roll_preview` shows it, from this one answer."""

    formation: Any
    senior: st.UnitState  # leads it on success; his morale is the number needed
    needed: int
    modifiers: list[tuple[str, int]]
    activates: list[str]  # success: every counter it opens, passengers included (3.1)
    marked_on_failure: list[str]  # failure: the leaders marked Moved/Fired (D-SECTOR-1)


def prepared(state: st.GameState, seat_id: str, formation_id: str) -> Attempt:
    """The attempt the seat would make now; IllegalCommand naming 17.7 if it may not."""
    why = problems(state, seat_id, formation_id)
    if why:
        raise IllegalCommand(
            f"activate: formation {formation_id}: {'; '.join(why)} (17.7)", rule="17.7"
        )
    me = act.seat(state, seat_id)
    f = find(state, me.side, formation_id)  # type: ignore[union-attr]
    senior = senior_leader(state, f, seat_id)
    assert senior is not None  # problems() said the formation has one
    # 17.7: "all formation leaders are considered Moved/Fired": the leaders of the formation
    # the player attempted, i.e. his own (D-SECTOR-1).
    marked = sorted(u.id for u in _leaders(state, f, seat_id) if not u.moved_fired)
    return Attempt(
        formation=f, senior=senior,
        needed=counter_type(state, senior.type_id).morale,  # type: ignore[union-attr]
        modifiers=modifiers(state, me.side, f),  # type: ignore[union-attr]
        activates=act.activated(state, available_units(state, f, seat_id)),
        marked_on_failure=marked,
    )


def succeeds(attempt: Attempt, dice_total: int) -> bool:
    """The roll's test (17.7): 2d6 plus the modifiers at or below the senior leader's morale."""
    return dice_total + sum(v for _, v in attempt.modifiers) <= attempt.needed


def roll_preview(state: st.GameState, seat_id: str, formation_id: str) -> dict:
    """What the roll of an attempt is for, before it is made (17.7): the number needed, each
    modifier, the chance of success (from `succeeds` over every 2d6 total), what success
    activates and whom failure marks Moved/Fired."""
    a = prepared(state, seat_id, formation_id)
    p = sum((q for total, q in tables.dice_distribution(2).items() if succeeds(a, total)),
            Fraction(0))
    return {
        "formation": a.formation.id, "leader": a.senior.id, "dice": 2, "needed": a.needed,
        "modifiers": [{"reason": r, "value": v} for r, v in a.modifiers],
        "succeeds": {"p": round(float(p), 4), "fraction": str(p)},
        "activates": a.activates, "marked_on_failure": a.marked_on_failure,
        "segment_spent_on_failure": True, "rule": "17.7",
    }


def attempt(state: st.GameState, me: st.SeatState, formation_id: str, dice: Any,
            listed: Any = None):
    """Roll to activate a formation (17.7): an activation on success, else the formation's
    leaders are marked Moved/Fired and the segment is spent (D-FORM-2). A command listing
    its `units` is refused before the roll unless success would activate exactly those (3.1)."""
    a = prepared(state, me.id, formation_id)
    act.check_listed(frozenset(a.activates), listed)
    senior = a.senior
    roll = dice.roll(2, f"formation activation {formation_id}")
    total = sum(roll) + sum(v for _, v in a.modifiers)
    ok = succeeds(a, sum(roll))
    ev = Event(
        "formation_activation",
        side=me.side,
        units=(senior.id,),  # redacted like any event naming a counter (views.redact_events)
        data={
            "formation": formation_id,
            "leader": senior.id,
            "dice": list(roll),
            "modifiers": [{"reason": r, "value": v} for r, v in a.modifiers],
            "total": total,
            "needed": a.needed,
            "success": ok,
        },
    )
    if ok:
        state, events = act.begin(
            state, me.id, "formation", frozenset(a.activates), senior.id, leaderless=False
        )
        state = replace(state, activation=replace(state.activation, formation=formation_id))
        return state, [ev, *events]
    marked = {uid: replace(state.units[uid], moved_fired=True) for uid in a.marked_on_failure}
    state = state.with_units(marked)
    ended = Event("formation_failed", side=me.side, units=tuple(sorted(marked)),
                  data={"formation": formation_id})
    state, more = sequence.end_segment(state, dice, passed=False, seat=me.id)
    return state, [ev, ended, *more]


def _activate(state: st.GameState, me: st.SeatState, cmd: Any, dice: Any):
    return attempt(state, me, cmd.get("formation"), dice, listed=cmd.get("units"))


def combined_fire(state: st.GameState, hexes: set) -> list[str] | None:
    """Units of a formation activation combine fire from two adjacent hexes without a leader
    (17.7); None outside one, where only a leader joins hexes (10.1)."""
    a = state.activation
    if OPTION not in state.options or a is None or a.kind != "formation":
        return None
    one, two = sorted(hexes)[:2] if len(hexes) == 2 else (None, None)
    if one is not None and distance(one, two) == 1:
        return []
    return ["formation-activated units combine from two adjacent hexes only (17.7)"]


PLUGIN = Plugin(
    "formation_activation",
    variants={("activate", "formation"): _activate},
    activation_choices=choices,
    combined_fire=combined_fire,
)
