"""A game state rebuilt from one side's view and the game's public facts: the counters it
sees where it sees them, the map markers it sees, the turn as the view tells it, the game's
own optional rules. Elite plays samples forward on it with the real engine; it holds nothing
the view does not show, so nothing hidden can leak in.

Where the view shows an enemy only as a marker (double-blind, hidden units) or as the last
place it was seen, the counter is imagined: a type of that marker's kind drawn, with the
seeded die, from the enemy's printed order of battle less the counters already in view.
Leader markers are left out (they add to others, and a guess would add noise).

Inside our own activation, the activation is the one our seat's view describes (who was
activated, whether led, who is done, how far each mover has gone); in the enemy's, or with
opportunity fire pending, nothing is imagined.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.double_blind.knowledge import GENERIC, MODES
from games.rules.panzer_grenadier.double_blind.observation import ADDITIONS

from ..common.public import PublicScenario

ME, THEM = "bot", "enemy"  # the imagined game's two seats


def marker_of(t: Any) -> str:
    """The generic marker a counter type shows under double-blind (18.12)."""
    kind = getattr(t, "kind", "")
    if kind == "prime_mover" and t.full.armor is not None:
        return "armored_transport"
    return GENERIC.get(kind, "weapons")


def _pool(view: dict[str, Any], side: str, facts: PublicScenario) -> dict[str, list[str]]:
    """The enemy's counter types by marker, less those the view shows, as a bag to draw from."""
    left = dict(facts.forces.get(side, {}))
    for u in view.get("units", []):
        if u.get("side") == side and u.get("type") in left:
            left[u["type"]] -= 1
    bag: dict[str, list[str]] = {}
    for type_id, n in sorted(left.items()):
        t = facts.unit_type(type_id)
        if t is None or getattr(t, "is_leader", False):
            continue
        bag.setdefault(marker_of(t), []).extend([type_id] * max(0, n))
    return bag


def _guess(u: dict, bag: dict[str, list[str]], facts: PublicScenario, rng: random.Random
           ) -> str | None:
    """A type for a counter seen only as a marker: one of its kind still unaccounted for,
    else any of that kind in the catalogue's order of battle."""
    kind = u.get("marker") or "infantry"
    if kind == "leader" or u.get("leader"):
        return None
    options = bag.get(kind)
    if options:
        return options.pop(rng.randrange(len(options)))
    return None


def imagine(view: dict[str, Any], side: str, facts: PublicScenario, seed: str = ""
            ) -> st.GameState | None:
    """The state as `side` knows it, unseen enemy types drawn with `seed`: between
    activations, or inside one of our own (None between phases, in the enemy's activation
    or with opportunity fire pending, where Elite does not search)."""
    if view.get("phase") != st.ACTION or view.get("opfire"):
        return None
    opened = view.get("activation")
    if opened and opened.get("side") != side:
        return None
    sides = tuple(
        st.SideState(s["id"], s["name"], s["nationality"], s["initiative"], s["morale"],
                     initiative_base=s["initiative"])
        for s in view["sides"]
    )
    enemy = next((s.id for s in sides if s.id != side), side)
    rng = random.Random(f"imagine:{seed}")
    bag = _pool(view, enemy, facts)
    units: dict[str, st.UnitState] = {}
    for u in view.get("units", []):
        type_id = u.get("type")
        if not type_id or facts.unit_type(type_id) is None:
            if u.get("side") == side:
                return None  # our own counters are always known; anything else is unexpected
            type_id = _guess(u, bag, facts, rng)
            if type_id is None:
                continue
        h = facts.hex(u.get("hex"))
        if h is None and not u.get("entry_turn"):
            continue
        t = facts.unit_type(type_id)
        units[u["id"]] = st.UnitState(
            id=u["id"],
            type_id=type_id,
            side=u["side"],
            hex=h,
            steps=int(u.get("steps") or getattr(t, "steps", 1) or 1),
            status=u.get("status") or st.GOOD,
            moved_fired=bool(u.get("moved_fired")),
            dug_in=bool(u.get("dug_in")),
            carried_by=u.get("carried_by") if u.get("carried_by") in _ids(view) else None,
            eliminated=bool(u.get("eliminated")),
            exited=bool(u.get("exited")),
            entry_turn=u.get("entry_turn"),
            entry_edge=u.get("entry_edge"),
            mired=int(u.get("mired") or 0),
        )
    seats = (
        st.SeatState(ME, side, frozenset(k for k, u in units.items() if u.side == side)),
        st.SeatState(THEM, enemy, frozenset(k for k, u in units.items() if u.side == enemy)),
    )
    markers = {}
    for m in view.get("markers", []):
        h = facts.hex(m.get("hex"))
        if h is not None:
            markers[h] = frozenset(x for x in m.get("markers", []) if not x.startswith("spotted:"))
    activation = None
    if opened:
        activation = _activation(opened, units)
        if activation is None:
            return None
    ini = view.get("initiative") or {}
    return st.GameState(
        scenario_id=view["scenario"],
        turn=int(view["turn"]),
        last_turn=int(view["last_turn"]),
        phase=view["phase"],
        sides=sides,
        seats=seats,
        units=units,
        # The game's own rules, played open: the imagined world has nothing left to hide.
        options=frozenset(facts.options) - MODES - frozenset(ADDITIONS),
        night=bool(view.get("night")),
        segment=int(view.get("segment") or 0),
        initiative_side=ini.get("side"),
        opening_segments_left=int(ini.get("opening_segments_left") or 0),
        active_side=view.get("active_side"),
        markers=markers,
        activation=activation,
        initiative_rolls=dict(ini.get("totals") or {}),
        banked_segment={s["id"]: bool(s.get("banked_segment")) for s in view["sides"]},
        supply={s["id"]: s.get("supply", "normal") for s in view["sides"]},
    )


def _activation(opened: dict[str, Any], units: dict[str, st.UnitState]
                ) -> st.Activation | None:
    """Our own open activation as the engine holds it, from what our seat's view says of it
    (None where the view does not say all: then Elite plays as the Veteran)."""
    if not {"leaderless", "done", "mp_spent"} <= opened.keys():
        return None
    try:
        spent = {u: Fraction(v) for u, v in opened["mp_spent"].items()}
    except (TypeError, ValueError, ZeroDivisionError):
        return None
    return st.Activation(
        side=opened["side"], seat=ME, kind=opened.get("kind"),
        units=frozenset(u for u in opened.get("units", []) if u in units),
        acted=frozenset(opened.get("acted", [])), leader=opened.get("leader"),
        leaderless=bool(opened["leaderless"]), done=frozenset(opened["done"]), mp_spent=spent)


def _ids(view: dict[str, Any]) -> set[str]:
    return {u.get("id") for u in view.get("units", [])}
