"""The markers the board draws beside the counters, as plain data (1.1, 8.5, 16, 17, 22.3).

`FACES` says how each kind of marker looks (a short label, a title, a colour); `on_map`
lists the markers an audience sees now: dispersed and opportunity-fire marks, wrecks with
their count, the minefields the audience knows of (an unfound one is never listed), blocks,
fortifications with their defence, temporary bridges, demolished bridges, smoke and the
aircraft over a hex (public: both players watch the planes). The board draws them without
knowing any rule.
"""

from __future__ import annotations

from ...common.chips import chip
from ..combat.air import aircraft_types
from ..combat.antiaircraft import reaches
from . import hidden
from .state import GameState
from .units import utype

FACES: dict[str, dict] = {
    "dispersed": {"label": "D", "title": "Dispersed", "color": "#c62828", "on": "unit"},
    "opfire": {"label": "OF", "title": "Opportunity fire", "color": "#6a1b9a", "on": "unit"},
    "spotted": {"label": "S", "title": "Spotted", "color": "#ef6c00", "on": "unit"},
    "fired": {"label": "F", "title": "Fired this turn", "color": "#3d4f7a", "on": "unit"},
    "moved": {"label": "M", "title": "Moved this phase", "color": "#2e6b3a", "on": "unit"},
    "carrying": {"label": "L", "title": "Carrying a unit", "color": "#5a4a2a", "on": "unit"},
    "in_fort": {"label": "IN", "title": "Inside the fortification", "color": "#37474f",
                "on": "unit"},
    "under_bridge": {"label": "UB", "title": "Under the bridge", "color": "#1565c0",
                     "on": "unit"},
    "afloat": {"label": "AF", "title": "Afloat, not yet landed", "color": "#0277bd",
               "on": "unit"},
    "order": {"label": "IF", "title": "Indirect fire ordered", "color": "#8d6e00",
              "on": "unit"},
    "wreck": {"label": "W", "title": "Wreck", "color": "#424242", "on": "hex"},
    "mine": {"label": "M", "title": "Minefield", "color": "#bf360c", "on": "hex"},
    "block": {"label": "B", "title": "Block", "color": "#5d4037", "on": "hex"},
    "fort": {"label": "F", "title": "Fortification", "color": "#37474f", "on": "hex"},
    "truck_bridge": {"label": "TrB", "title": "Truck bridge", "color": "#1565c0", "on": "hex"},
    "tank_bridge": {"label": "TkB", "title": "Tank bridge", "color": "#0d47a1", "on": "hex"},
    "bridge_out": {"label": "X", "title": "Bridge demolished", "color": "#000000",
                   "on": "hex"},
    "smoke": {"label": "SM", "title": "Smoke", "color": "#9e9e9e", "on": "hex"},
    "aircraft": {"label": "AIR", "title": "Aircraft overhead", "color": "#283593", "on": "hex"},
}


def on_map(state: GameState, sides: set[str], viewer: str) -> list[dict]:
    """The markers an audience that knows the secrets of `sides` sees now."""
    out: list[dict] = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if not u.on_map:
            continue
        name = hidden.handle(state, viewer, u) if hidden.hidden_from(state, u, sides) else u.id
        if u.status == "dispersed":
            out.append({"kind": "dispersed", "unit": name, "hex": u.hex})
        if u.opfired and not hidden.hidden_from(state, u, sides):
            out.append({"kind": "opfire", "unit": name, "hex": u.hex})
        if u.spotted_at == u.hex:
            out.append({"kind": "spotted", "unit": name, "hex": u.hex})
    for label, n in sorted(state.wrecks.items()):
        out.append({"kind": "wreck", "hex": label, "count": n})
    for label, mine in sorted(state.mines.items()):
        if knows_mine(state, mine, sides):
            out.append({"kind": "mine", "hex": label,
                        "inverted": bool(mine.get("inverted") or mine.get("emplacing"))})
    out += [{"kind": "block", "hex": label} for label in sorted(state.blocks)]
    out += [{"kind": "fort", "hex": label, "defense": f["defense"]}
            for label, f in sorted(state.forts.items())]
    out += [{"kind": f"{b['kind']}_bridge", "hex": label, "built": b["built"]}
            for label, b in sorted(state.temp_bridges.items())]
    out += [{"kind": "bridge_out", "hex": label} for label in sorted(state.blown)]
    out += [{"kind": "smoke", "hex": label} for label in sorted(state.smoke)]
    out += [aircraft_counter(state, pid, p, sides)
            for pid, p in sorted(state.aircraft.items()) if p.get("hex") and not p["lost"]]
    return out


def aircraft_counter(state: GameState, pid: str, plane: dict, sides: set[str]) -> dict:
    """An aircraft over a hex as a counter: its name and weapon as its label; its flight
    (the turns it flies, the strikes it has left: bombs or rockets once, machine guns four
    times, 20.3), the hex it strikes or watches, and the enemy AA that can reach it with the
    hexes they fire from (20.6; only AA units this audience sees), for the board to draw
    the lines between them. Aircraft are public: both players watch the planes."""
    kind = aircraft_types()[plane["type"]]
    short = kind["name"].split()[0]
    # An L-5 that only flew opens the AA window with no strike to make ("strike": None).
    strike = ((state.pending or {}).get("cont") or {}).get("strike") or {}
    striking = strike.get("aircraft", {})
    chosen = striking.get(pid, "ordnance" if plane["ordnance_left"] else "mg")
    weapon = "observer" if kind.get("observer") else (
        plane["ordnance"] if chosen == "ordnance" else "machine guns")
    aa = [u.id for u in sorted(state.units.values(), key=lambda u: u.id)
          if u.side != plane["side"] and u.on_map and utype(u).aa and u.status == "ok"
          and not hidden.hidden_from(state, u, sides) and reaches(state, u, plane)]
    over = "watches" if kind.get("observer") else "strikes"
    turns = f"turn {plane['first']}" if plane["first"] == plane["last"] else \
        f"turns {plane['first']}-{plane['last']}"
    return {"kind": "aircraft", "hex": plane["hex"], "aircraft": pid, "side": plane["side"],
            "label": short, "weapon": weapon, "anti_aircraft": aa,
            "aa_hexes": sorted({state.units[u].hex for u in aa}),
            "flight": {"first": plane["first"], "last": plane["last"],
                       "mg_left": plane["mg_left"], "ordnance_left": plane["ordnance_left"]},
            "title": f"{kind['name']} ({weapon}) {over} {plane['hex']}, flying {turns}; "
                     f"{len(aa) or 'no'} AA unit{'' if len(aa) == 1 else 's'} in range"}


# How much each mark a counter wears matters (common/chips.py): the page colours by it.
SEVERITY = {"dispersed": "danger", "opfire": "warning", "spotted": "warning", "fired": "spent",
            "moved": "spent", "carrying": "info", "in_fort": "good", "under_bridge": "info",
            "afloat": "info", "order": "info"}


def chip_of(kind: str) -> dict[str, str]:
    """The chip of one mark a counter wears (a kind of FACES worn on a unit)."""
    face = FACES[kind]
    return chip(kind, face["label"], face["title"], SEVERITY[kind])


def chips(state: GameState, unit, entry: dict) -> list[dict[str, str]]:
    """The marks a visible counter wears on the board, in a fixed order, as chips: only what
    its view entry already tells the audience (an order only to its own side)."""
    marks = [
        ("dispersed", unit.status == "dispersed"), ("fired", unit.fired),
        ("opfire", unit.opfired), ("moved", unit.moved),
        ("carrying", state.passenger_of(unit) is not None), ("in_fort", unit.in_fort),
        ("under_bridge", unit.under_bridge), ("afloat", unit.afloat),
        ("spotted", unit.spotted_at is not None and unit.spotted_at == unit.hex),
        ("order", "order" in entry),
    ]
    return [chip_of(kind) for kind, on in marks if on]


def hidden_chips(handle: str, laid: list[dict]) -> list[dict[str, str]]:
    """A face-down counter's chips: the marks `on_map` lays on it by its handle (dispersed,
    spotted), which its audience sees already."""
    return [chip_of(m["kind"]) for m in laid if m.get("unit") == handle]


def knows_mine(state: GameState, mine: dict, sides: set[str]) -> bool:
    """An audience knows a minefield its side owns or that has been found (17.1); the
    public knows only found ones."""
    known = set(mine["known"])
    return bool(known & sides) if sides else known >= set(state.sides)
