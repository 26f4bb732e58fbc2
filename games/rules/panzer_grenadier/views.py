"""What an audience sees: the view of a game and its log (open play; 17.8 hidden units).

`view_for` and `redact_events` are the only place that decides what an audience sees; every
channel (live frames, snapshots, history, the REST API, replays) goes through them. In open
play everything on the board is public except what the rules hide: an enemy counter set up
hidden (optional rule 17.8) is absent from the view and from the log until revealed.

Audiences: ("side", side_id), ("seat", seat_id) (its side's view plus its legal commands),
("spectator", "public") (what every side sees), ("full",) (everything; after the end).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..common.lru import Lru
from .chips import unit_chips, wear_chips
from .core import activation as act
from .core import deployment
from .core import state as st
from .core.commands import Event, as_event
from .core.registry import catalogue_for, counter_type, hex_label
from .core.serialize import SCHEMA
from .core.undo import may_undo
from .double_blind import collision, knowledge, observation, razvedka, redaction
from .engine import who_may_act
from .legal import legal_commands
from .preview import previewed


def _audience_side(state: st.GameState, audience: tuple) -> str | None:
    kind = audience[0]
    if kind == "side":
        return audience[1]
    if kind == "seat":
        s = act.seat(state, audience[1])
        if s is None:
            raise KeyError(f"no seat {audience[1]!r}")
        return s.side
    if kind in ("spectator", "full"):
        return None
    raise ValueError(f"unknown audience {audience!r}")


def hidden_from(state: st.GameState, audience: tuple) -> frozenset[str]:
    """Ids of counters the audience may not see (hidden enemies, their passengers)."""
    if audience[0] == "full":
        return frozenset()
    side = _audience_side(state, audience)
    hidden = {u.id for u in state.units.values() if u.hidden and u.side != side}
    # Enemy reinforcements not yet on the map stay off the board (D-VIEW-1).
    hidden |= {
        u.id
        for u in state.units.values()
        if u.side != side and u.hex is None and not u.eliminated and not u.exited
    }
    # Where a side still setting up places its counters is its own (D-SETUP-3).
    hidden |= {uid for uid in deployment.placing(state) if state.units[uid].side != side}
    hidden |= {u.id for u in state.units.values() if u.carried_by in hidden}
    return frozenset(hidden)


# A counter object is shared by every state it did not change in, so its view (chips
# included) is built once and shared across versions and audiences: a view's counter entries
# are read-only, and a counter that did not change is the same object in two versions' views,
# which the frame's patch skips by identity (broadcast.view_patch). Least recently used first
# out: the cache holds the counter objects alive, so its size is what it costs (about 10,000
# views: a few megabytes, the counters of a hundred busy games).
_UNIT_VIEWS = Lru(10_000)


def _unit_view(state: st.GameState, u: st.UnitState, own: bool, cat: object) -> dict:
    """One counter as an audience sees it, with its chips: shared, never to be changed (copy
    it to add to it). `cat` is the state's catalogue (`catalogue_for`): a scenario
    registered again under the same id (a test's, a draft being tried) has another, and
    its counters are built again."""
    key = (id(u), own)
    hit = _UNIT_VIEWS.get(key)
    if hit is not None and hit[0] is u and hit[1] is cat:
        return hit[2]
    view = _build_unit_view(state, u, own)
    view["chips"] = unit_chips(state, view)
    _UNIT_VIEWS.put(key, (u, cat, view))
    return view


def _build_unit_view(state: st.GameState, u: st.UnitState, own: bool) -> dict:
    t = counter_type(state, u.type_id)
    out: dict[str, Any] = {
        "id": u.id,
        "own": own,
        "side": u.side,
        "type": u.type_id,
        "name": t.name,
        "leader": bool(t.is_leader),
        "hex": hex_label(state, u.hex),
        "steps": u.steps,
        "status": u.status,
        "moved_fired": u.moved_fired,
        "dug_in": u.dug_in,
        "carried_by": u.carried_by,
        "eliminated": u.eliminated,
        "exited": u.exited,
    }
    if u.hex is None and u.entry_turn is not None and not u.eliminated and not u.exited:
        out["entry_turn"] = u.entry_turn
        out["entry_edge"] = u.entry_edge
    if own and u.hidden:
        out["hidden"] = True
    if u.mired:  # mire markers left (17 Part II); on the table for all to see
        out["mired"] = u.mired
    return out


def view_for(state: st.GameState, audience: tuple) -> dict:
    """The audience's view of the game as a JSON-ready dict with a deterministic key order."""
    side = _audience_side(state, audience)
    if audience[0] != "full":  # another side's set-up in progress is its own (D-SETUP-3)
        state = deployment.as_seen_by(state, side)
    if knowledge.in_force(state) and audience[0] != "full":
        return _knowledge_view(state, audience, side)
    hidden = hidden_from(state, audience)
    cat = catalogue_for(state)
    units = [
        _unit_view(state, state.units[uid], state.units[uid].side == side, cat)
        for uid in sorted(state.units)
        if uid not in hidden
    ]
    view: dict[str, Any] = {
        "schema": SCHEMA,
        "scenario": state.scenario_id,
        "turn": state.turn,
        "last_turn": state.last_turn,
        "phase": state.phase,
        "night": state.night,
        "segment": state.segment,
        # The action segment of this turn, as a player counts them (3.0): `segment` counts on
        # through the game (D25 reads it), which read "Turn 2 ... segment 22" on the banner.
        "turn_segment": sum(state.turn_segments.values()) + 1 if state.phase == st.ACTION else None,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "nationality": s.nationality,
                "initiative": s.initiative,
                "morale": s.morale,
                "supply": state.supply.get(s.id, "normal"),
                "banked_segment": bool(state.banked_segment.get(s.id)),
            }
            for s in state.sides
        ],
        "initiative": {
            "side": state.initiative_side,
            "totals": dict(sorted(state.initiative_rolls.items())),
            "opening_segments_left": state.opening_segments_left,
        },
        "active_side": state.active_side,
        "may_act": list(who_may_act(state)),
        "activation": _activation_view(state, hidden),
        "opfire": _opfire_view(state, hidden),
        "units": units,
        "markers": [
            {"hex": hex_label(state, h), "markers": sorted(m)}
            for h, m in sorted(state.markers.items())
            if m
        ],
        "result": dict(state.result) if state.result is not None else None,
    }
    # Team games: each player's own logistics level (17.10, D-LOG-3), public as a side's is.
    seat_supply = {x.id: state.supply[x.id] for x in state.seats if x.id in state.supply}
    if seat_supply:
        view["seat_supply"] = seat_supply
    _player_part(view, state, audience)
    _setup_part(view, state, side)
    if audience[0] == "seat":
        _seat_part(view, state, audience[1])
    return view  # (each counter's entry carries its chips: `_unit_view`)


def _with_chips(state: st.GameState, view: dict) -> dict:
    """Each counter's chips, read from its own entry as this audience has it (chips.py)."""
    wear_chips(state, view["units"])
    return view


def _setup_part(view: dict, state: st.GameState, side: str | None) -> None:
    """The side setting up sees its set-up areas, to shade them and fill its tray."""
    areas = deployment.areas_view(state, side)
    if areas is not None:
        view["setup_areas"] = areas


def _knowledge_view(state: st.GameState, audience: tuple, side: str | None) -> dict:
    """Double-blind, hidden units, limited intelligence (17.8, 17.9, 18.0): own counters in
    full, enemy counters as the knowledge model shows them, by per-viewer handles."""
    viewer = side if side is not None else knowledge.PUBLIC
    nm = knowledge.names(state, viewer)

    def name(uid: str | None) -> str | None:
        if uid is None:
            return None
        if side is not None and state.units[uid].side == side:
            return uid
        return nm.get(uid)

    units = []
    if side is not None:
        seen_by_enemy = knowledge.contact(state)[state.enemy_of(side)]
        cat = catalogue_for(state)
        for uid in sorted(state.units):
            u = state.units[uid]
            if u.side == side:
                v = {**_unit_view(state, u, True, cat), "revealed": uid in seen_by_enemy}
                units.append(v)
    units += knowledge.enemy_entries(state, viewer)
    view = view_for(replace(state, options=state.options - knowledge.MODES), ("full",))
    view["units"] = units
    a = state.activation
    view["activation"] = (
        None
        if a is None
        else {
            "side": a.side,
            "seat": a.seat,
            # What kind of activation the enemy chose is not for the other side (D-DB-LOG).
            "kind": a.kind if a.side == side else None,
            "leader": name(a.leader),
            "units": sorted(x for x in map(name, a.units) if x),
            "acted": sorted(x for x in map(name, a.acted) if x),
        }
    )
    w = state.opfire
    view["opfire"] = (
        None
        if w is None
        else {"side": w.side, "mover": name(w.mover), "hex": hex_label(state, w.hex)}
    )
    control = knowledge.control_markers(state, viewer)
    mine = frozenset(u.id for u in state.units.values() if u.side == side)
    markers = {
        h: _public_markers(m, control is not None, mine) for h, m in state.markers.items()
    }
    for h, holder in (control or {}).items():
        if holder:  # the holder as the viewer last saw it (D-DB-CONTROL)
            markers[h] = markers.get(h, set()) | {f"control:{holder}"}
    view["markers"] = [
        {"hex": hex_label(state, h), "markers": sorted(m)}
        for h, m in sorted(markers.items())
        if m
    ]
    obs = knowledge.observation_of(state)
    if obs is not None and side is not None:
        view["ops"] = sorted(hex_label(state, h) for h in obs.ops[side])
        # The hexes the side cannot observe now, for the board's fog (D-DB-FOG).
        view["fog"] = sorted(
            hex_label(state, h) for h in observation.unobserved(state, obs.ops[side])
        )
        if view["activation"] is not None and collision.assault_offered(state, side):
            view["activation"]["assault_on_collision"] = True  # the board's choice (18.7)
        reports = razvedka.reports_view(state, side)
        if reports:
            view["reports"] = reports
    _player_part(view, state, audience)
    _setup_part(view, state, side)
    if audience[0] == "seat":
        _seat_part(view, state, audience[1])
    return _with_chips(state, view)


def _player_part(view: dict, state: st.GameState, audience: tuple) -> None:
    """What a player's board needs to ask the referee: the command types that have a preview
    (GET .../preview answers any other with an error), so the page holds no list of its own."""
    if audience[0] in ("side", "seat"):
        view["previewed"] = list(previewed(state))


def _seat_part(view: dict, state: st.GameState, seat: str) -> None:
    """What only a seat's view carries: its legal commands (by handles under hidden
    information), the state of its own open activation, and whether it may take back its
    last step (D-UNDO-1)."""
    legal = legal_commands(state, seat)
    if legal:
        view["legal"] = legal
    a = state.activation
    if a is not None and a.seat == seat and view.get("activation"):
        # The seat's own activation as it has played it, which its player knows: whether a
        # leader leads it (3.1, D3), who is done, how far each mover has gone (5.2).
        view["activation"] = {
            **view["activation"],
            "leaderless": a.leaderless,
            "done": sorted(a.done),
            "mp_spent": {u: str(v) for u, v in sorted(a.mp_spent.items())},
        }
    if may_undo(state, seat):
        view["undo"] = [seat]  # as a side's view lists its seats that may (engine_adapter)


def _public_markers(
    markers: frozenset[str], no_control: bool = False, mine: frozenset[str] = frozenset()
) -> set[str]:
    """Map markers without the firer ids drumfire keeps in them (17.2): a side keeps the
    bombardment record of its own firers (it knows what it shelled) and no other
    (D-DB-DRUMFIRE); and without the victory-hex holders when those are known only as
    last seen (D-DB-CONTROL)."""
    out = {
        m
        for m in markers
        if not m.startswith("drumfire:")
        and not (m.startswith("bombarded:") and m.split(":", 2)[2] not in mine)
    }
    if no_control:
        out = {m for m in out if not m.startswith("control:")}
    n = sum(1 for m in markers if m.startswith("drumfire:"))
    if n:
        out.add(f"spotted:{n + 1}")
    return out


def _activation_view(state: st.GameState, hidden: frozenset[str]) -> dict | None:
    a = state.activation
    if a is None:
        return None
    return {
        "side": a.side,
        "seat": a.seat,
        "kind": a.kind,
        "leader": a.leader,
        "units": sorted(u for u in a.units if u not in hidden),
        "acted": sorted(u for u in a.acted if u not in hidden),
    }


def _opfire_view(state: st.GameState, hidden: frozenset[str]) -> dict | None:
    w = state.opfire
    if w is None:
        return None
    return {
        "side": w.side,
        "mover": w.mover if w.mover not in hidden else None,
        "hex": hex_label(state, w.hex),
    }


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)


def redact_events(events: Iterable[Any], audience: tuple, state: st.GameState) -> list[dict]:
    """The events an audience may see, as JSON: any event naming a counter hidden from it
    is left out (17.8). `state` is the state after the step (who is hidden now)."""
    if knowledge.in_force(state) and audience[0] != "full":
        side = _audience_side(state, audience)
        viewer = side if side is not None else knowledge.PUBLIC
        return redaction.redact(events, viewer, side, state)
    hidden = hidden_from(state, audience)
    out = []
    for e in events:
        if isinstance(e, Event):
            data = e.to_json()
        elif isinstance(e, dict):
            data = dict(e)  # already the JSON form (stored with the step)
        else:
            data = as_event(e).to_json()
        if hidden and any(s in hidden for s in _strings(data)):
            continue
        out.append(data)
    return out
