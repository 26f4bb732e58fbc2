"""What each viewer knows about enemy counters: double-blind (18.0), hidden units (17.8),
limited intelligence (17.9).

The referee's model, used whenever one of those options is on ("knowledge mode"):

- Contact: the enemy counters a viewer knows are there now. Double-blind: what its OPs
  observe after the reveal procedure (observation.py), plus counters revealed to it in this
  action segment by firing at it or colliding with it (D-DB-FIRE). Otherwise: every enemy
  counter on the map that is not hidden (17.8).
- Handles (handles.py): a counter in contact is known by a per-viewer handle made from its
  contact epoch; losing contact raises the epoch, so the next sighting has a new handle.
- Detail: exact (type, steps, status...); a lone leader without values (18.6); a generic
  type marker beyond 12 hexes in clear terrain until it fires (`db_generic_markers`); under
  limited intelligence only the top counter of a stack not examined, with the stack's size.
- Last known (D-DB-GHOST): when a viewer loses contact with a counter still on the map it
  keeps a marker where it last saw it, under the old handle, until one of its OPs observes
  that hex at the end of a later action segment.
- The public viewer ("public", spectators) knows a counter when every other side does, with
  its own handles and the detail the enemy has; it keeps no last-known markers.

Everything here is derived from the state; `after_step` writes the memory (`state.intel`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ...common.handles import handle
from ...common.hexgrid import distance
from ...common.per_state import PerState
from ..combat import board
from ..core import hooks
from ..core import state as st
from ..core.commands import as_event
from ..core.registry import counter_type, game_map, hex_label, parse_hex
from ..core.spotting import TargetContext, can_spot, conditions_of, target_cap
from ..core.victory import CONTROL
from . import observation

MODES = frozenset({"double_blind", "hidden_units", "limited_intelligence"})
PUBLIC = "public"
UNSEEN = "unseen"
MARKER_RANGE = 12

GENERIC = {
    "infantry": "infantry",
    "recon": "infantry",
    "engineer": "infantry",
    "cavalry": "infantry",
    "hmg": "infantry",
    "tank": "armor",
    "tank_destroyer": "armor",
    "assault_gun": "armor",
    "armored_car": "armored_car",
    "apc": "armored_transport",
    "truck": "unarmored_transport",
    "wagon": "unarmored_transport",
    "prime_mover": "unarmored_transport",
}


def in_force(state: st.GameState) -> bool:
    """Whether the game hides information beyond open play."""
    return bool(state.options & MODES)


def generic_type(state: st.GameState, u: st.UnitState) -> str:
    """The variant's generic marker for a counter (18.12): infantry, armor, weapons, ..."""
    t = counter_type(state, u.type_id)
    if t.is_leader:
        return "leader"
    kind = getattr(t, "kind", "")
    if kind == "prime_mover" and t.full.armor is not None:  # type: ignore[union-attr]
        return "armored_transport"
    if kind == "mortar" and _limbered(state, u):
        return "infantry"  # 18.12: "Enemy Infantry (includes limbered mortars)"
    return GENERIC.get(kind, "weapons")


def _limbered(state: st.GameState, u: st.UnitState) -> bool:
    """A mortar on the move: carried, or moved in the activation being played (18.12)."""
    a = state.activation
    return u.carried_by is not None or (a is not None and bool(a.mp_spent.get(u.id)))


def viewers(state: st.GameState) -> list[str]:
    return [s.id for s in state.sides] + [PUBLIC]


# -- contact -----------------------------------------------------------------------------------

_CACHE = PerState(kept=8)
_cached = _CACHE.get


def observation_of(state: st.GameState) -> observation.Observation | None:
    if not observation.is_on(state):
        return None
    return _cached(state, "obs", lambda: observation.observe(state))


def _revealed(state: st.GameState, viewer: str) -> frozenset[str]:
    intel = state.intel.get(viewer)
    if intel is None or intel.segment != state.segment:
        return frozenset()
    return intel.revealed


def contact(state: st.GameState) -> dict[str, dict[str, int]]:
    """Per viewer: enemy counters in contact now, with the distance they are seen at."""
    return _cached(state, "contact", lambda: _contact(state))


def _contact(state: st.GameState) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    obs = observation_of(state)
    for s in state.sides:
        if obs is not None:
            seen = dict(obs.observed[s.id])
            for uid in _revealed(state, s.id):
                u = state.units.get(uid)
                if u is not None and u.on_map and u.side != s.id:
                    seen[uid] = 0
        else:
            seen = {u.id: 0 for u in state.units_on_map() if u.side != s.id and not u.hidden}
        out[s.id] = seen
    public: dict[str, int] = {}
    for u in state.units_on_map():
        others = [s.id for s in state.sides if s.id != u.side]
        if others and all(u.id in out[o] for o in others):
            public[u.id] = min(out[o][u.id] for o in others)
    out[PUBLIC] = public
    return out


def viewer_side_of(state: st.GameState, viewer: str, u: st.UnitState) -> str:
    """The side whose knowledge a viewer's picture of `u` follows (public: u's enemy)."""
    return viewer if viewer != PUBLIC else state.enemy_of(u.side)


# -- detail ------------------------------------------------------------------------------------


def _examined(state: st.GameState, side: str, h) -> bool:
    """17.9: the whole stack adjacent to a good-order unit or leader of `side`, or Spotted."""
    if hooks.any_says("reveals_hex", state, h):  # drumfire's Spotted markers (17.2)
        return True
    return any(
        u.side == side and u.on_map and u.status == st.GOOD and distance(u.hex, h) <= 1
        for u in state.units_on_map()
    )


def shown(state: st.GameState, viewer: str) -> dict[str, tuple[str, int | None]]:
    """Enemy counters the viewer's board shows: id -> (detail, stack size or None).

    detail: "exact", "leader" (no values, 18.6) or "marker" (generic type, 18.11).
    """
    return _cached(state, f"shown:{viewer}", lambda: _shown(state, viewer))


def _shown(state: st.GameState, viewer: str) -> dict[str, tuple[str, int | None]]:
    seen = contact(state)[viewer]
    db = observation.is_on(state)
    markers = db and observation.GENERIC_MARKERS in state.options
    m = None
    out: dict[str, tuple[str, int | None]] = {}
    by_hex: dict[Any, list[st.UnitState]] = {}
    for uid, d in seen.items():
        u = state.units[uid]
        t = counter_type(state, u.type_id)
        detail = "exact"
        if db and t.is_leader:
            detail = "leader"
        elif (
            markers
            and d > MARKER_RANGE
            and uid not in _revealed(state, viewer_side_of(state, viewer, u))
        ):
            if m is None:

                m = game_map(state)

            if target_cap(m, u.hex)[0] is None:
                detail = "marker"
        out[uid] = (detail, None)
        by_hex.setdefault(u.hex, []).append(u)
    if "limited_intelligence" in state.options:
        for h, us in by_hex.items():
            if _examined(state, viewer_side_of(state, viewer, us[0]), h) or len(us) == 1:
                continue
            order = sorted(
                us,
                key=lambda u: (
                    counter_type(state, u.type_id).is_leader,
                    u.carried_by is not None,
                    u.id,
                ),
            )
            top = order[0]
            out[top.id] = (out[top.id][0], len(us))
            for u in order[1:]:
                del out[u.id]
    return out


def names(state: st.GameState, viewer: str) -> dict[str, str]:
    """Handles of the enemy counters the viewer's board shows."""
    return _cached(state, f"names:{viewer}", lambda: _names(state, viewer))


def _names(state: st.GameState, viewer: str) -> dict[str, str]:
    intel = state.intel.get(viewer, st.Intel())
    out = {}
    for uid in shown(state, viewer):
        epoch = intel.contact.get(uid, intel.epochs.get(uid, 0))
        out[uid] = handle(state.secret, viewer, uid, epoch)
    return out


def event_names(state: st.GameState, viewer: str) -> dict[str, str]:
    """Handles for the log: counters shown now, and those whose contact this step lost."""
    intel = state.intel.get(viewer, st.Intel())
    out = dict(names(state, viewer))
    for uid, epoch in intel.lost.items():
        out.setdefault(uid, handle(state.secret, viewer, uid, epoch))
    return out


# Asked once per hex and spotting leader when blind bombardment is offered (18.8): kept
# apart from the views' answers above, which fill `_CACHE` for one state on their own.
_KNOWN = PerState(kept=4)


def known_enemies(state: st.GameState, side: str):
    """(hexes, ids) of the enemy counters `side` was in contact with when the command was
    given: the contact recorded after the last step, so a move is checked hex by hex against
    what the side knew when it ordered it (D-DB-VALID)."""
    return _KNOWN.get(state, side, lambda: _known_enemies(state, side))


def _known_enemies(state: st.GameState, side: str) -> tuple[frozenset, tuple[str, ...]]:
    intel = state.intel.get(side)
    seen = contact(state)[side] if intel is None else intel.contact
    ids = tuple(sorted(uid for uid in seen if state.units[uid].on_map))
    return frozenset(state.units[i].hex for i in ids), ids


def seen_by(state: st.GameState, side: str) -> st.GameState:
    """The state as `side` knows it: every enemy counter it is not in contact with is off the
    map (hidden units 17.8, double-blind 18.0). Answers computed on it (why not, odds) can
    tell the side nothing it does not know. Open games come back unchanged."""
    if in_force(state):
        known = set(known_enemies(state, side)[1])
    else:
        known = {u.id for u in state.units_on_map() if u.side != side and not u.hidden}
    unseen = {u.id: replace(u, hex=None) for u in state.units_on_map()
              if u.side != side and u.id not in known}
    return state.with_units(unseen) if unseen else state


def detail_known(state: st.GameState, side: str, h: Any) -> bool:
    """Every enemy counter the side is in contact with in the hex is known to it exactly: no
    generic marker, no lone leader without values, no stack seen only by its top counter
    (18.6, 18.11, 17.9). Only then may odds against the hex be shown."""
    if not in_force(state):
        return not any(u.hidden for u in state.units_at(h) if u.side != side)
    _, known = known_enemies(state, side)
    detail = shown(state, side)
    here = [uid for uid in known if state.units[uid].hex == h]
    return all(detail.get(uid, ("", None)) == ("exact", None) for uid in here)


def enemy_entries(state: st.GameState, viewer: str) -> list[dict]:
    """The enemy counters of the viewer's board: shown ones, then last-known markers."""
    det = shown(state, viewer)
    nm = names(state, viewer)
    out = []
    for uid in sorted(det, key=lambda x: nm[x]):
        u = state.units[uid]
        detail, stack = det[uid]
        e: dict[str, Any] = {
            "id": nm[uid],
            "own": False,
            "side": u.side,
            "hex": hex_label(state, u.hex),
            "detail": detail,
        }
        if detail == "exact":
            t = counter_type(state, u.type_id)
            e.update(
                {
                    "type": u.type_id,
                    "name": t.name,
                    "leader": bool(t.is_leader),
                    "steps": u.steps,
                    "status": u.status,
                    "moved_fired": u.moved_fired,
                    "dug_in": u.dug_in,
                    "carried_by": nm.get(u.carried_by) if u.carried_by else None,
                }
            )
            if u.mired:  # mire markers (17 Part II), as visible as the counter
                e["mired"] = u.mired
        elif detail == "leader":
            e["leader"] = True
        else:
            e["marker"] = generic_type(state, u)
        if stack:
            e["stack"] = stack
        out.append(e)
    if viewer != PUBLIC:
        intel = state.intel.get(viewer, st.Intel())
        ghosts = [lk for uid, lk in intel.last_known.items() if uid not in det]
        for lk in sorted(ghosts, key=lambda g: g.handle):
            out.append(
                {
                    "id": lk.handle,
                    "own": False,
                    "side": state.enemy_of(viewer),
                    "hex": hex_label(state, lk.hex),
                    "detail": "last_known",
                    "marker": lk.marker,
                    "turn": lk.turn,
                }
            )
    return out


# -- memory ------------------------------------------------------------------------------------


def start(state: st.GameState, secret: str, additions: Iterable[str] = ()) -> st.GameState:
    """Arm a game for hidden information: its secret, optional double-blind additions
    (observation.ADDITIONS), and the opening contact (18.1: OPs at the start)."""
    extra = frozenset(additions)
    unknown = extra - set(observation.ADDITIONS)
    if unknown:
        raise ValueError(f"unknown double-blind additions {sorted(unknown)}")
    state = replace(state, secret=secret, options=state.options | extra)
    if not in_force(state):
        return state
    return after_step(state, state, ())


def _fire_reveals(before: st.GameState, events: Iterable[Any]) -> dict[str, set[str]]:
    """D-DB-FIRE: direct, anti-tank, opportunity and assault fire reveal the firers to the
    side fired at; bombardment does not; a collision reveals both sides to each other."""
    out: dict[str, set[str]] = {}
    for raw in events:
        e = as_event(raw).to_json()
        if e.get("type") == "collision":
            movers = [u for u in e.get("units", []) if u in before.units]
            found = [u for u in e.get("revealed", []) if u in before.units]
            for uid in movers:
                for other in found:
                    out.setdefault(before.units[other].side, set()).add(uid)
                    out.setdefault(before.units[uid].side, set()).add(other)
            continue
        if e.get("type") != "fire" or e.get("kind") in ("bombardment", "drumfire"):
            continue
        firers = [f for f in e.get("firers", []) if f in before.units]
        if not firers:
            continue
        try:
            h = parse_hex(before, e.get("target_hex"))
        except (ValueError, TypeError):
            continue
        side = before.units[firers[0]].side
        for u in before.units_at(h):
            if u.side != side:
                out.setdefault(u.side, set()).update(firers)
    return out


def _reveal_hidden(state: st.GameState) -> st.GameState:
    """17.8: a hidden unit the enemy spots (at 1/4 range) is revealed."""
    hidden = [u for u in state.units_on_map() if u.hidden]
    if not hidden:
        return state
    shown_now: dict[str, st.UnitState] = {}
    obs = observation_of(state)
    if obs is not None:
        for u in hidden:
            if any(u.id in obs.observed[s.id] for s in state.sides if s.id != u.side):
                shown_now[u.id] = replace(u, hidden=False)
    else:

        m = game_map(state)
        cond = conditions_of(state)
        _ = board
        for u in hidden:
            for o in state.units_on_map():
                if o.side == u.side or o.hex is None or distance(o.hex, u.hex) > 12:
                    continue
                if can_spot(m, o.hex, u.hex, target=TargetContext(hidden=True), conditions=cond):
                    shown_now[u.id] = replace(u, hidden=False)
                    break
    return state.with_units(shown_now) if shown_now else state


def after_step(before: st.GameState, after: st.GameState, events: Iterable[Any]) -> st.GameState:
    """Bring every viewer's memory up to date after a step (17.8 reveal, 18.4, D-DB-GHOST)."""
    events = list(events)
    starting = before is after  # knowledge.start: the opening picture
    after = _reveal_hidden(after)
    reveals = _fire_reveals(before, events) if observation.is_on(after) else {}
    intel: dict[str, st.Intel] = {}
    for s in after.sides:
        prev = after.intel.get(s.id, st.Intel())
        old = prev.revealed if prev.segment == after.segment else frozenset()
        extra = frozenset(u for u in reveals.get(s.id, ()) if after.units[u].on_map)
        intel[s.id] = replace(prev, revealed=old | extra, segment=after.segment)
    after = replace(after, intel={**after.intel, **intel})
    now = contact(after)
    obs = observation_of(after)
    new_intel = {}
    for v in viewers(after):
        prev = cur = after.intel.get(v, st.Intel())
        epochs = dict(prev.epochs)
        lost: dict[str, int] = {}
        ghosts = dict(prev.last_known)
        seen = now[v]
        for uid, epoch in prev.contact.items():
            if uid in seen:
                continue
            lost[uid] = epoch
            epochs[uid] = epoch + 1
            u_before, u_after = before.units.get(uid), after.units[uid]
            if (
                v != PUBLIC
                and obs is not None
                and u_after.on_map
                and u_before is not None
                and u_before.on_map
            ):
                ghosts[uid] = st.LastKnown(
                    hex=u_before.hex,
                    marker=generic_type(after, u_after),
                    handle=handle(after.secret, v, uid, epoch),
                    turn=after.turn,
                )
        new_contact = {uid: prev.contact.get(uid, epochs.get(uid, 0)) for uid in sorted(seen)}
        if obs is not None and v != PUBLIC and before.segment != after.segment:
            ops = obs.ops[v]
            for uid, lk in list(ghosts.items()):
                if uid not in lost and observation.hex_observed(after, ops, lk.hex):
                    del ghosts[uid]
        control = _control_memory(starting, after, obs, v, cur)
        new_intel[v] = replace(cur, contact=new_contact, lost=lost, epochs=epochs,
                               last_known=ghosts, control=control)
    done = replace(after, intel=new_intel)
    # The state returned differs only in the memories written above, which neither the
    # observation nor the contact reads (the reveals they read are set before them): kept
    # for it, the views of this step do not observe the map a second time.
    if obs is not None:
        _cached(done, "obs", lambda: obs)
    _cached(done, "contact", lambda: now)
    return done


def _control_memory(starting: bool, after, obs, viewer: str, prev: st.Intel) -> dict:
    """Who holds each victory hex, as the viewer last saw it (D-DB-CONTROL): updated where
    it has a counter or an OP observes the hex (the public: where every side does)."""
    if obs is None:
        return dict(prev.control)

    start = starting and not prev.control
    mem = dict(prev.control)
    hexes = {h for h, mk in after.markers.items() if any(m.startswith(CONTROL) for m in mk)}
    sides = [s.id for s in after.sides] if viewer == PUBLIC else [viewer]
    for h in sorted(hexes | set(mem)):
        if start or all(_sees_hex(after, obs, s, h) for s in sides):
            held = [m[len(CONTROL):] for m in after.markers_at(h) if m.startswith(CONTROL)]
            mem[h] = held[0] if held else ""
    return mem


def _sees_hex(state: st.GameState, obs, side: str, h) -> bool:
    if any(u.side == side for u in state.units_at(h)):
        return True
    return observation.hex_observed(state, obs.ops[side], h)


def control_markers(state: st.GameState, viewer: str) -> dict | None:
    """Victory-hex holders as the viewer knows them; None when every holder is public."""
    if not observation.is_on(state):
        return None
    intel = state.intel.get(viewer)
    return dict(intel.control) if intel is not None else {}
