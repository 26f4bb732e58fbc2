"""Anti-aircraft fire (20.6; QA AP1, AP2, AP9, FF1): the other side's AA fires in the air
phase, before the fighter-bombers attack.

Each time aircraft fly (a strike declared, the L-5 moving) the air phase pauses in an AA
window for the other side: any of its AA units may fire at any aircraft then in the air in
range (QA AP9), not only at the planes now striking; units firing together combine against
one aircraft. Range is counted to the aircraft's hex, the struck hex for a fighter-bomber,
with no terrain line of sight (PL-D23); strength is doubled at half range or less; under the
field-of-fire rule an AA gun fires only into its field, which includes its own hex (QA AP2,
FF1). The result comes from the AA table of the OpenPanzerBlitz transcription (PL-D16): X
shoots the aircraft down, D (the transcription's "damaged") makes it abort (a fighter-bomber's attack is lost, an L-5 leaves the map until it flies
again). A unit that fired gets the blank marker: no fire, move or load in its own next
segment. Each AA unit fires once an air phase. Opportunity fire never involves aircraft
(QA AP1).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ..core import hooks
from ..core.scenario import game_map
from ..core.state import OK, GameState, Unit
from ..core.units import utype
from .crt import charts


def in_air(state: GameState, side: str) -> list[dict]:
    """The side's aircraft in the air now: those that flew this phase and the L-5 aloft."""
    return [p for _, p in sorted(state.aircraft.items())
            if p["side"] == side and not p["lost"] and p.get("hex")]


def reaches(state: GameState, u: Unit, plane: dict) -> bool:
    m = game_map(state)
    if distance(m.hex(u.hex), m.hex(plane["hex"])) > utype(u).range:
        return False
    return hooks.first("fire_blocked", state, u, plane["hex"]) is None


def aa_units(state: GameState, flying_side: str) -> list[Unit]:
    """AA units of the other side able to fire now at some aircraft in the air."""
    planes = in_air(state, flying_side)
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.side != flying_side and u.on_map and utype(u).aa and u.status == OK
            and not u.carried_by and not u.opfired and not u.fired
            and any(reaches(state, u, p) for p in planes)]


def aa_strength(state: GameState, units: list[Unit], label: str) -> Fraction:
    m = game_map(state)
    total = Fraction(0)
    for u in units:
        d = distance(m.hex(u.hex), m.hex(label))
        total += utype(u).attack * (2 if d <= utype(u).range // 2 else 1)  # doubled at half range
    return total


def aa_result(strength: Fraction, die: int) -> str:
    """The AA table (PL-D16): bands of total AA strength, one d6."""
    row = None
    for band in charts()["aa_table"]["bands"]:
        if strength >= band[0]:
            row = band
    return row[die] if row else "-"


def open_window(state: GameState, flying_side: str, cont: dict) -> bool:
    """Pause the air phase for the other side's AA, if any can fire; True if it opened."""
    shooters = aa_units(state, flying_side)
    if not shooters:
        return False
    state.pending = {"kind": "aa", "eligible": [u.id for u in shooters],
                     "aircraft": [p["id"] for p in in_air(state, flying_side)
                                  if any(reaches(state, u, p) for u in shooters)],
                     "cont": cont, "side": flying_side}
    return True


def fire(state: GameState, unit_ids: list[str], pid: str, dice, events: list) -> dict | None:
    """AA units fire together at one aircraft; the window once it has closed."""
    p = state.pending
    plane = state.aircraft.get(pid)
    if plane is None or pid not in p["aircraft"] or not plane.get("hex") or plane["lost"]:
        raise IllegalCommand(f"anti_aircraft: {pid!r} is not in the air in range (QA AP9)",
                             rule="20.6")
    if not unit_ids or len(set(unit_ids)) != len(unit_ids) or not set(unit_ids) <= set(
            p["eligible"]):
        raise IllegalCommand("anti_aircraft: name AA units offered now, each once (20.6)",
                             rule="20.6")
    units = [state.units[u] for u in unit_ids]
    if not all(reaches(state, u, plane) for u in units):
        raise IllegalCommand(f"anti_aircraft: {pid} is out of range or field of fire of a "
                             "named unit (20.6; QA AP2)", rule="20.6")
    strength = aa_strength(state, units, plane["hex"])
    (die,) = dice.roll(1, f"anti-aircraft at {pid}")
    res = aa_result(strength, die)
    for u in units:
        u.opfired = True  # the blank marker (20.6)
    events.append({"type": "anti_aircraft", "aircraft": pid, "units": list(unit_ids),
                   "strength": str(strength), "die": die, "result": res})
    if res == "X":
        plane["lost"] = True
    if res in ("X", "D"):
        plane["hex"] = None  # shot down, or it aborts and leaves (PL-D16)
        p["cont"].setdefault("aborted", []).append(pid)
    shooters = {u.id for u in aa_units(state, p["side"])}
    p["eligible"] = [u for u in p["eligible"] if u in shooters]
    p["aircraft"] = [a for a in p["aircraft"] if state.aircraft[a].get("hex")
                     and any(reaches(state, state.units[u], state.aircraft[a])
                             for u in p["eligible"])]
    if not p["eligible"] or not p["aircraft"]:
        return close(state)
    return None


def close(state: GameState) -> dict:
    p = state.pending
    state.pending = None
    return p
