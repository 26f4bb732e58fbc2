"""The set-up phase, for every ruleset: sides place the units of their set-up areas before
turn 1 (setup_areas.py holds the areas and the packing).

The side that sets up first places each unit of its areas in a hex of the unit's area
(`deploy` {unit, hex}), may take one back (`undeploy` {unit}), and ends with `setup_done` once
every one is placed; then the next side does the same, and the first turn begins. Only hexes
of the unit's area are legal, with whatever the ruleset refuses there (its stacking limit,
terrain, the other side's counters), and a placement is offered only if the side's other
units can all still be placed after it.

While a side places, its area units are hidden from every other audience (`placing`): each
ruleset builds its other audiences' views from the state with them off the map.

The two engines keep their states differently (one returns new immutable states, the other
changes its own copy), so each hands this module a `SetupPlay`: how to read its state and
make the next one. The rules here are the same for both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .errors import IllegalCommand
from .setup_areas import Citations, Piece, SetupArea, add_counts, area_units, first_fit

COMMANDS = ("deploy", "undeploy", "setup_done")


class SetupPlay(Protocol):
    """A ruleset's side of the set-up phase."""

    cite: Citations

    def in_setup(self, state: Any) -> bool: ...

    def active_side(self, state: Any) -> str | None: ...

    def areas(self, state: Any) -> tuple[SetupArea, ...]: ...

    def order(self, state: Any) -> tuple[str, ...]: ...

    def unit(self, state: Any, uid: str) -> Any | None:
        """The unit (with `.side` and `.hex`, None while off the map), or None."""

    def passengers(self, state: Any, uid: str) -> list[str]: ...

    def label(self, state: Any, h: Any) -> str: ...

    def parse(self, state: Any, label: Any) -> Any:
        """The hex a command names; ValueError naming the label when there is none."""

    def refusal(self, state: Any, unit: Any, h: Any) -> str | None:
        """Why the rules refuse the unit in hex h (terrain, the other side, stacking)."""

    def piece(self, state: Any, uid: str) -> Piece: ...

    def side_counts(self, state: Any, side: str) -> dict[Any, tuple[int, ...]]: ...

    def may_enter(self, state: Any) -> Callable[[str, Any], bool]: ...

    def fits(self, present: tuple[int, ...], adding: tuple[int, ...]) -> bool: ...

    def not_yours(self, state: Any, seat: str, unit: Any) -> str | None:
        """Why this seat of the unit's side may not place or take back the unit (team play:
        another seat places it), or None when it may."""

    def at(self, state: Any, uids: list[str], h: Any) -> Any:
        """The state with these units in hex h (None: back off the map)."""

    def finish(self, state: Any, next_side: str | None) -> Any:
        """The state with the set-up handed to the next side, or over (None)."""

    def event(self, kind: str, side: str, units: tuple[str, ...] = (), **data: Any) -> Any: ...


def _by_unit(play: SetupPlay, state: Any) -> dict[str, SetupArea]:
    return area_units(play.areas(state))


def placing(play: SetupPlay, state: Any) -> frozenset[str]:
    """The counters of the side placing now and of the sides still to place (and what they
    carry): no other audience may see where they go."""
    if not play.in_setup(state):
        return frozenset()
    order = play.order(state)
    still = set(order[order.index(play.active_side(state)):])
    mine = {uid for uid, a in _by_unit(play, state).items() if a.side in still}
    carried = {p for uid in mine for p in play.passengers(state, uid)}
    return frozenset(mine | carried)


def hidden_placements(play: SetupPlay, state: Any, side: str | None) -> list[str]:
    """The counters placed on the map that an audience (a side, None for the spectators)
    must see as still off it."""
    out = []
    for uid in sorted(placing(play, state)):
        u = play.unit(state, uid)
        if u is not None and u.side != side and u.hex is not None:
            out.append(uid)
    return out


def to_place(play: SetupPlay, state: Any, side: str) -> list[str]:
    """The side's area units not yet placed, in id order."""
    return sorted(uid for uid, a in _by_unit(play, state).items()
                  if a.side == side and play.unit(state, uid).hex is None)


def why_not_here(play: SetupPlay, state: Any, unit: Any, h: Any) -> str | None:
    """Why the unit may not be placed in hex h now, or None when it may."""
    area = _by_unit(play, state)[unit.id]
    label = play.label(state, h)
    if h not in area.hexes:
        return f"{label} is not in set-up area {area.name!r} ({play.cite.areas})"
    refused = play.refusal(state, unit, h)
    if refused:
        return refused
    if not _rest_fits(play, state, unit, h):
        return (f"{label}: the side's other units of its set-up areas could not all be placed"
                f" after this ({play.cite.room})")
    return None


def _rest_fits(play: SetupPlay, state: Any, unit: Any, h: Any) -> bool:
    """Whether, with the unit in hex h, every other unplaced unit of the side still fits."""
    counts = dict(play.side_counts(state, unit.side))
    own = play.piece(state, unit.id)
    counts[h] = add_counts(counts.get(h) or (0,) * len(own.counts), own.counts)
    by_unit = _by_unit(play, state)
    left = [uid for uid in to_place(play, state, unit.side) if uid != unit.id]
    may_enter = play.may_enter(state)
    for area in play.areas(state):
        if area.side != unit.side:
            continue
        pieces = [play.piece(state, uid) for uid in left if by_unit[uid] is area]
        fit = first_fit(pieces, area.hexes, counts, may_enter, play.fits)
        if fit is None:
            return False
        for p in pieces:  # an area sharing hexes with another finds them taken
            there = counts.get(fit[p.id]) or (0,) * len(p.counts)
            counts[fit[p.id]] = add_counts(there, p.counts)
    return True


def _own_area_unit(play: SetupPlay, state: Any, seat: str, side: str, t: str, uid: Any) -> Any:
    unit = play.unit(state, uid) if isinstance(uid, str) else None
    if unit is None or unit.side != side or uid not in _by_unit(play, state):
        raise IllegalCommand(f"{t}: you have no unit {uid!r} to place in a set-up area "
                             f"({play.cite.areas})", rule=play.cite.areas)
    why = play.not_yours(state, seat, unit)
    if why:
        team = play.cite.team or play.cite.areas
        raise IllegalCommand(f"{t}: {why} ({team})", rule=team)
    return unit


def apply(play: SetupPlay, state: Any, seat: str, side: str, t: str,
          get: Callable[[str], Any]) -> tuple[Any, list]:
    """One set-up command (`t`, its fields read by `get`) of a seat of `side`."""
    rule = play.cite.areas
    if side != play.active_side(state):
        raise IllegalCommand(f"{t}: the other side is setting up ({rule})",
                             code="command/not_your_activation", rule=rule)
    if t == "setup_done":
        left = to_place(play, state, side)
        if left:
            raise IllegalCommand(f"setup_done: place {', '.join(left)} first ({rule})",
                                 rule=rule)
        order = play.order(state)
        rest = order[order.index(side) + 1:]
        event = play.event("setup_done", side)
        return play.finish(state, rest[0] if rest else None), [event]
    unit = _own_area_unit(play, state, seat, side, t, get("unit"))
    if t == "undeploy":
        if unit.hex is None:
            raise IllegalCommand(f"undeploy: {unit.id} is not placed yet ({rule})", rule=rule)
        state = play.at(state, [unit.id, *play.passengers(state, unit.id)], None)
        return state, [play.event("undeployed", side, (unit.id,))]
    if unit.hex is not None:
        raise IllegalCommand(f"deploy: {unit.id} is already in {play.label(state, unit.hex)};"
                             f" take it back first (undeploy, {rule})", rule=rule)
    try:
        h = play.parse(state, get("hex"))
    except ValueError as exc:
        raise IllegalCommand(f"deploy: {exc} ({rule})", rule=rule) from None
    why = why_not_here(play, state, unit, h)
    if why is not None:
        raise IllegalCommand(f"deploy: {unit.id}: {why}", rule=rule)
    label = play.label(state, h)
    state = play.at(state, [unit.id, *play.passengers(state, unit.id)], h)
    return state, [play.event("deployed", side, (unit.id,), hex=label)]


def offers(play: SetupPlay, state: Any, seat: str, side: str) -> dict[str, list[dict]]:
    """The seat's legal set-up commands: each hex each of its unplaced units may go to, each
    placed unit to take back, and `setup_done` once the side has placed everything."""
    if not play.in_setup(state) or side != play.active_side(state):
        return {}
    by_unit = _by_unit(play, state)
    deploy, undeploy = [], []
    for uid in sorted(by_unit):
        unit = play.unit(state, uid)
        if unit.side != side or play.not_yours(state, seat, unit):
            continue
        if unit.hex is not None:
            undeploy.append({"type": "undeploy", "unit": uid})
            continue
        for h in by_unit[uid].hexes:
            if why_not_here(play, state, unit, h) is None:
                deploy.append({"type": "deploy", "unit": uid, "hex": play.label(state, h)})
    out = {"deploy": deploy, "undeploy": undeploy}
    if not to_place(play, state, side):
        out["setup_done"] = [{"type": "setup_done"}]
    return {k: v for k, v in out.items() if v}


def areas_view(play: SetupPlay, state: Any, side: str | None) -> list[dict] | None:
    """The set-up areas of the side placing now, for its own board: each area's name, hexes
    and units (None for every other audience, and once set-up is over)."""
    if not play.in_setup(state) or side is None or side != play.active_side(state):
        return None
    return [{"name": a.name, "hexes": [play.label(state, h) for h in a.hexes],
             "units": list(a.units)}
            for a in play.areas(state) if a.side == side]
