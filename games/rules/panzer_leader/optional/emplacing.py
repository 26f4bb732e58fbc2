"""The Q&A's experimental engineering (18.9; QA EM1-EM6, TB1-TB5), the option
`qa_engineering`: engineers lay minefields and build temporary bridges during play.

A carrier brings one minefield or bridge counter (`cargo` in the situation), carried like
artillery of 88 mm or more: unloading it takes the carrier's whole MA (EM1, TB1).

Minefield: unloaded inverted on a hex where a minefield may lie (EM1). The engineers on it
lay it, one engineer in 16 turns, two in 8, three in 4, never faster (EM2), the unloading
turn not counting; work is counted in sixteenths so the time left rescales when engineers
are lost (1 engineer 4 turns = 2 engineers 2 = 3 engineers 1, EM4). A dispersed engineer on
the counter stops the work, even with others undispersed (EM4); if none of the crew is left
the work starts over. On the last turn the engineers move off (`to`) and the minefield turns
up at the end of that segment (EM3). An inverted minefield attacks nobody (EM5). Everybody
watched it being laid: it is known to both sides (PL-E11). Minefields of the starting forces
are live from the start (EM6).

Bridge: unloaded inverted beside the stream hex to be bridged (TB1); an engineer moves it
into the stream hex, with no entry roll (TB2); a truck bridge takes 12 turns' work by one
engineer, a tank bridge 36 by four (TB3); all of them face up, or no work that turn;
engineers lost may be replaced without losing time (TB4). Finished, the counter flips and is
usable (TB5); it may be fired on while building and after (RB X.C.4).
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ..core.bridges import defense as bridge_defense
from ..core.commands import own
from ..core.hooks import Plugin
from ..core.scenario import bridge_at, game_map, hex_named
from ..core.stacking import has_room
from ..core.state import OK, GameState, Unit
from ..core.units import utype

MINE_WORK = 16  # sixteenths of a minefield
MINE_RATE = {1: 1, 2: 2, 3: 4}  # sixteenths a turn by 1, 2 and 3 engineers (EM2)
BRIDGE_WORK = {"truck": 12, "tank": 36}  # turns (TB3)
BRIDGE_CREW = {"truck": 1, "tank": 4}  # engineers needed (TB3)


def _illegal(verb: str, msg: str, rule: str) -> IllegalCommand:
    return IllegalCommand(f"{verb}: {msg} ({rule})", rule=rule)


def cargo_of(state: GameState, carrier: Unit) -> dict | None:
    return next((c for c in state.cargo.values() if c["carried_by"] == carrier.id), None)


def unload_cargo(state: GameState, carrier: Unit, events: list) -> None:
    """Unload a minefield or bridge counter: the carrier's whole MA (EM1, TB1)."""
    verb = "unload_cargo"
    if "qa_engineering" not in state.options:
        raise _illegal(verb, "the Q&A engineering rules are not in play", "18.9")
    c = cargo_of(state, carrier)
    if c is None or not carrier.on_map:
        raise _illegal(verb, f"{carrier.id} carries no minefield or bridge counter", "18.9")
    if state.phase != "move_vehicles" or state.active_side != carrier.side:
        raise _illegal(verb, "carriers unload in the vehicle movement phase", "3")
    if carrier.status != OK or carrier.fired or carrier.opfired or carrier.op_done \
            or carrier.mp_spent or carrier.moved:
        raise _illegal(verb, "it takes the carrier's whole movement allowance", "6.3; QA EM1")
    m = game_map(state)
    label = carrier.hex
    h = m.hex(label)
    if c["kind"] == "minefield":
        if m.terrain(h) in ("sea", "town", "swamp", "stream") or m.is_bridge(h) \
                or label in state.mines or label in state.forts or label in state.blocks:
            raise _illegal(verb, f"no minefield may lie in {label}", "QA MN5, EM1")
        state.mines[label] = {"owner": carrier.side, "known": sorted(state.sides),
                              "inverted": True,
                              "emplacing": {"work": 0, "since": state.turn, "crew": []}}
    else:
        if not any(m.terrain(n) == "stream" and not bridge_at(state, n)
                   for n in m.neighbors(h)):
            raise _illegal(verb, "a bridge counter is unloaded beside the stream", "QA TB1")
        c["hex"] = label
    carrier.mp_spent = float(utype(carrier).movement)
    carrier.op_done = "unload"
    carrier.moved = True
    c["carried_by"] = None
    if c["kind"] == "minefield":
        del state.cargo[c["id"]]
    events.append({"type": "cargo_unloaded", "units": [carrier.id], "hex": label,
                   "kind": c["kind"]})


def _crew(state: GameState, units: list[Unit], label: str, verb: str) -> None:
    if not units or len({u.id for u in units}) != len(units):
        raise _illegal(verb, "name each engineer once", "18.9")
    for u in units:
        t = utype(u)
        if not (t.engineer or t.dual_engineer) or u.hex != label or u.side != state.active_side:
            raise _illegal(verb, f"{u.id} is no engineer of yours in {label}", "18.9")
        if u.fired or u.opfired or u.moved or u.carried_by:
            raise _illegal(verb, f"{u.id} fired, moved or is carried", "QA EM4")
    if state.phase != "move_foot":
        raise _illegal(verb, "engineers work in their movement phase", "18.2")
    idle = [u for u in state.units_at(label, state.active_side)
            if u.status != OK and (utype(u).engineer or utype(u).dual_engineer)]
    if idle:
        raise _illegal(verb, f"{idle[0].id} is dispersed: the work stops", "QA EM4, TB4")


def emplace_mine(state: GameState, units: list[Unit], label: str, to: str | None,
                 events: list) -> None:
    """A turn's work laying a minefield (EM2-EM4)."""
    verb = "engineer"
    mine = state.mines.get(label)
    if "qa_engineering" not in state.options or not mine or not mine.get("emplacing") \
            or mine["owner"] != state.active_side:
        raise _illegal(verb, f"no minefield of yours being laid in {label}", "QA EM1")
    _crew(state, units, label, verb)
    job = mine["emplacing"]
    if job["since"] >= state.turn or job.get("turn") == state.turn:
        raise _illegal(verb, "one turn's work a turn, from the turn after unloading", "QA EM2")
    if job["crew"] and not set(job["crew"]) & {u.id for u in units}:
        job["work"] = 0  # the whole crew is gone: start all over (EM4)
    rate = MINE_RATE[min(len(units), 3)]
    done = job["work"] + rate >= MINE_WORK
    if done:
        th = hex_named(state, to or "", verb, "QA EM3") if to else None
        m = game_map(state)
        if th is None or th not in m.neighbors(m.hex(label)) or not has_room(state, to,
                                                                               len(units)):
            raise _illegal(verb, "on the last turn the engineers move off (`to`)", "QA EM3")
        for u in units:
            u.hex = to
        job["live"] = True  # turns up at the end of this segment (EM3)
    job.update(work=min(MINE_WORK, job["work"] + rate), crew=sorted(u.id for u in units),
               turn=state.turn)
    for u in units:
        u.moved = True
    events.append({"type": "engineering", "units": [u.id for u in units], "hex": label,
                   "task": "emplace_mine", "work": f"{job['work']}/{MINE_WORK}"})


def place_bridge(state: GameState, units: list[Unit], label: str, to: str | None,
                 events: list) -> None:
    """An engineer carries the bridge counter into the stream hex, no roll (TB2)."""
    verb = "engineer"
    m = game_map(state)
    if "qa_engineering" not in state.options or len(units) != 1:
        raise _illegal(verb, "one engineer moves a bridge counter into the stream", "QA TB2")
    u = units[0]
    c = next((c for c in state.cargo.values() if c["hex"] == u.hex and c["carried_by"] is None
              and c["side"] == u.side), None)
    h = hex_named(state, label, verb, "QA TB2")
    if c is None or h not in m.neighbors(m.hex(u.hex)) or m.terrain(h) != "stream" \
            or bridge_at(state, h) or label in state.temp_bridges:
        raise _illegal(verb, f"no bridge counter beside the unbridged stream hex {label}",
                       "QA TB2")
    _crew(state, units, u.hex, verb)
    if not has_room(state, label) or state.units_at(label, state.enemy(u.side)):
        raise _illegal(verb, f"no room in {label}", "5")
    kind = c["kind"].split("_")[0]
    del state.cargo[c["id"]]
    state.temp_bridges[label] = {"kind": kind, "defense": bridge_defense(kind), "built": False,
                                 "progress": 0, "since": state.turn}
    u.hex = label
    u.moved = True
    events.append({"type": "engineering", "units": [u.id], "hex": label,
                   "task": "place_bridge", "kind": kind})


def build_bridge(state: GameState, units: list[Unit], label: str, to: str | None,
                 events: list) -> None:
    """A turn's work on a temporary bridge (TB3-TB5)."""
    verb = "engineer"
    tb = state.temp_bridges.get(label)
    if "qa_engineering" not in state.options or tb is None or tb["built"]:
        raise _illegal(verb, f"no bridge being built in {label}", "QA TB3")
    _crew(state, units, label, verb)
    if tb.get("turn") == state.turn or tb["since"] >= state.turn:
        raise _illegal(verb, "one turn's work a turn", "QA TB3")
    if len(units) < BRIDGE_CREW[tb["kind"]]:
        raise _illegal(verb, f"a {tb['kind']} bridge needs {BRIDGE_CREW[tb['kind']]} engineers",
                       "QA TB3")
    tb["progress"] += 1
    tb["turn"] = state.turn
    for u in units:
        u.moved = True
    if tb["progress"] >= BRIDGE_WORK[tb["kind"]]:
        tb["built"] = True
        events.append({"type": "bridge_built", "hex": label, "kind": tb["kind"],
                       "units": [u.id for u in units]})
        return
    events.append({"type": "engineering", "units": [u.id for u in units], "hex": label,
                   "task": "build_bridge", "work": f"{tb['progress']}/{BRIDGE_WORK[tb['kind']]}"})


def segment_end(state: GameState, side: str, events: list) -> None:
    """Minefields finished this segment turn face up (QA EM3)."""
    for label, mine in sorted(state.mines.items()):
        job = mine.get("emplacing")
        if job and job.get("live") and mine["owner"] == side:
            del mine["emplacing"]
            mine.pop("inverted", None)
            events.append({"type": "minefield_laid", "hex": label, "side": side})


def engineering(state: GameState, unit: Unit) -> list[tuple[str, str]]:
    """What an engineer may start under the Q&A rules: laying the minefield or building the
    bridge it stands on, placing a bridge into an adjacent stream (EM1, TB1-TB2)."""
    if "qa_engineering" not in state.options:
        return []
    m = game_map(state)
    return [("emplace_mine", unit.hex), ("build_bridge", unit.hex)] + [
        ("place_bridge", m.label(n)) for n in m.neighbors(m.hex(unit.hex))
        if m.terrain(n) == "stream"]


def unload_command(state: GameState, side: str, c: dict, dice, events: list) -> None:
    """The `unload_cargo` command: {"carrier"} (EM1, TB1)."""
    unload_cargo(state, own(state, side, c.get("carrier"), "unload_cargo", "18.9"), events)


def unload_offers(state: GameState, side: str) -> list[dict] | None:
    """The carriers of the side that may unload their counter now (None: rule not in play)."""
    if "qa_engineering" not in state.options:
        return None
    carriers = sorted((u for u in state.units.values() if u.side == side
                       and cargo_of(state, u)), key=lambda u: u.id)
    return [{"type": "unload_cargo", "carrier": u.id} for u in carriers
            if _may_unload(state, u.id)]


def _may_unload(state: GameState, uid: str) -> bool:
    trial = state.copy()  # never touch the state the board is shown
    try:
        unload_cargo(trial, trial.units[uid], [])
    except IllegalCommand:
        return False
    return True


PLUGIN = Plugin("qa_engineering", engineering=engineering, segment_ends=segment_end,
                commands={"unload_cargo": ("movement", unload_command)},
                engineer_tasks={"emplace_mine": emplace_mine, "place_bridge": place_bridge,
                                "build_bridge": build_bridge},
                move_offers={"unload_cargo": unload_offers})
