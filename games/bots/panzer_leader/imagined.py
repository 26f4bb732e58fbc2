"""A Panzer Leader game rebuilt from one side's view and the game's public facts, for Elite to
play samples forward on with the real engine (elite.py). It holds nothing the view
does not show, so nothing hidden can leak in.

Units on land are open information in Panzer Leader (views.py), so the world is mostly the
view itself. What the view keeps from the side is left out or guessed:

- a face-down enemy counter afloat (19.3) is a type drawn, with the seeded die, from the
  enemy's printed order of battle less the counters already in view;
- the enemy's minefields it has not found, its indirect-fire and naval orders, its
  engineering tasks: none (the side cannot plan against what it does not know); our own
  naval orders are as the view lists them;
- our own indirect-fire orders keep their hex and turn, every unit of ours a spotter for
  them (the view does not say which spotters saw the hex);
- per-phase bookkeeping the view does not carry (road movement used, a carrier's one
  operation, overruns made) starts afresh, and each unit of ours began the phase where it
  stands (the blocks beside it are those it may enter, 17.2): the world is rebuilt between
  commands of our own phases, where only units already moved carry it, and they are marked
  moved.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules.common.hexgrid import neighbors
from games.rules.panzer_leader.core.state import ENDED, GameState, Unit

from ..common.public import PublicScenario

ME, THEM = "bot", "enemy"  # the imagined game's two seats
# Fields a view entry carries over to the unit as they are.
_COPIED = ("status", "fired", "opfired", "carried_by", "eliminated", "exited", "entry_turn",
           "moved", "in_fort", "under_bridge", "afloat", "facing", "vehicle", "equipped",
           "tasks_done")


def imagine(view: dict[str, Any], side: str, facts: PublicScenario, seed: str = ""
            ) -> GameState | None:
    """The game as `side` knows it, face-down enemies drawn with `seed`; None where Elite
    does not search: the game over, a window open (the enemy's reaction to a move), or not
    our side's phase."""
    if view.get("phase") == ENDED or view.get("pending") or view.get("active") != side:
        return None
    order = tuple(facts.sides)
    if side not in order or len(order) != 2:
        return None
    enemy = order[1] if order[0] == side else order[0]
    rng = random.Random(f"imagine:{seed}")
    bag = _pool(view, enemy, facts)
    units: dict[str, Unit] = {}
    for e in view.get("units", []):
        u = _unit(e, side, bag, facts, rng)
        if u is not None:
            units[u.id] = u
    for u in units.values():
        if u.carried_by and u.carried_by not in units:
            u.carried_by = None
    own = [u for u in units.values() if u.side == side and u.on_map]
    blocks = set(view.get("blocks", []))
    for u in own:
        if u.order is not None:
            u.order["spotters"] = [x.id for x in own]
        # Where it began the phase and the segment, as far as the view tells: here.
        u.start_hex = u.hex
        h = facts.hex(u.hex)
        if blocks and h is not None:
            near = {facts.label(n) for n in neighbors(h) if facts.map.contains(n)}
            u.began_adjacent = sorted(near & blocks)
    return GameState(
        scenario_id=view["scenario"],
        seats=[{"id": ME, "side": side}, {"id": THEM, "side": enemy}],
        sides=list(order),
        turns=int(view["turns"]),
        # The game's own rules: a world with nothing hidden is played open.
        options=list(view.get("options") or facts.options),
        units=units,
        turn=int(view["turn"]),
        active_side=side,
        phase=view["phase"],
        mines={h: {"owner": None, "known": list(order)} for h in view.get("minefields", [])},
        blocks=list(view.get("blocks", [])),
        forts={h: dict(f) for h, f in (view.get("forts") or {}).items()},
        blown=[m["hex"] for m in view.get("markers", []) if m.get("kind") == "bridge_out"],
        wrecks=dict(view.get("wrecks") or {}),
        control=dict(view.get("control") or {}),
        aircraft=_aircraft(view),
        smoke={m["hex"]: {"side": None, "turn": int(view["turn"])}
               for m in view.get("markers", []) if m.get("kind") == "smoke"},
        naval=[dict(g) for g in (view.get("naval") or {}).get("grants", [])],
        naval_used=dict((view.get("naval") or {}).get("used", {})),
        naval_orders=[dict(o) for o in (view.get("naval") or {}).get("orders", [])],
        indirect_done=_indirect_done(view, units, side),
        # Every side attacked already: QA G6 (no attack all game, no battle) is not what
        # a search should weigh.
        attacks_made={s: 1 for s in order},
    )


def _indirect_done(view: dict[str, Any], units: dict[str, Unit], side: str) -> bool:
    """Whether our ordered fire is behind us this combat phase: none of our orders, the
    navy's included, is due (the segment's start and the resolution both leave it so)."""
    turn = int(view["turn"])
    due = any(u.order is not None and u.order["turn"] <= turn for u in units.values()
              if u.side == side)
    due = due or any(o.get("side") == side and int(o.get("turn", 0)) <= turn
                     for o in (view.get("naval") or {}).get("orders", []))
    return view.get("phase") != "combat" or not due


def _pool(view: dict[str, Any], side: str, facts: PublicScenario) -> list[str]:
    """The enemy's counter types still unaccounted for: its printed order of battle less the
    counters of its the view names."""
    left = dict(facts.forces.get(side, {}))
    for u in view.get("units", []):
        if u.get("side") == side and u.get("type") in left:
            left[u["type"]] -= 1
    return [t for t, n in sorted(left.items()) for _ in range(max(0, n))]


def _unit(e: dict, side: str, bag: list[str], facts: PublicScenario, rng: random.Random
          ) -> Unit | None:
    type_id = e.get("type")
    if not type_id:
        if e.get("side") == side or not bag:
            return None  # our own counters are always known; nothing left to draw from
        type_id = bag.pop(rng.randrange(len(bag)))
    if facts.unit_type(type_id) is None:
        return None
    u = Unit(id=e["id"], type_id=type_id, side=e["side"], hex=e.get("hex"))
    for name in _COPIED:
        if e.get(name) is not None:
            setattr(u, name, e[name])
    u.mp_spent = float(e.get("mp_spent") or 0.0)
    u.entry = list(e.get("entry") or ())
    u.entry_turn = int(e.get("entry_turn") or 0)
    if e.get("spotted") and u.hex is not None:
        u.spotted_at = u.hex
    if e.get("order"):
        o = e["order"]
        u.order = {"hex": o["hex"], "turn": int(o["turn"]), "spotters": [], "had_enemy": True,
                   "target": o.get("target") or "units", "smoke": bool(o.get("smoke"))}
    return u


def _aircraft(view: dict[str, Any]) -> dict[str, dict]:
    """The aircraft the view lists; each flies every turn of the game (the view does not
    give a plane's turns) and has flown this phase if it is over a hex."""
    planes = {}
    for p in view.get("aircraft") or ():
        planes[p["id"]] = {**p, "first": 1, "last": int(view["turns"]),
                           "flown": bool(p.get("hex"))}
    return planes
