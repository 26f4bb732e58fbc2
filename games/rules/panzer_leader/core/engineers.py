"""Engineers (18): clearing minefields, removing and making blocks, demolishing bridges.

A task belongs to the engineers who start it together in one turn (QA E3); nobody joins it
later (QA E4). Each step is one `engineer` command naming every engineer still on it, in a
movement phase of a later turn: one step a turn. The task is their only action: moving or
firing otherwise takes an engineer off it, and a task left with nobody must start over
(QA E2, E10). Dispersal halts it until the engineer is face up again (RB X.A.5; QA E3); an
enemy in the work hex suspends it (QA E9).

Clearing a minefield or removing a block takes four turns (RB X.A, X.B.3): beside it (1),
invert it (2), move onto it, unharmed by the mine (3; QA E1), remove it (4). Making a block
on a road hex (RB X.B.2): stay on it two turns in a woods-road hex, four elsewhere; then, in
a later turn, move to an adjacent hex and roll 1-5; a retry after a failure needs one turn.
Demolishing a permanent bridge (RB X.B.1): stay three turns, then move off and roll 1-5: the
bridge is gone, a block is placed and the hex is a plain stream; a retry needs a shorter stay
(1 turn wins on 1-2, 2 on 1-4, 3 on 1-5) and a second failure restarts it all. Every engineer
on the task rolls; one success suffices (QA E3). A temporary bridge falls after two turns'
stay, automatically, with no block (RB X.C). Stays must be consecutive turns: a gap, such as
a dispersed engineer's, restarts the count (18.4). The turn an engineer unloads counts as
the first if it began that turn in the hex (QA E5).

Block and bridge work needs the engineer's designated vehicle (18.3) in or beside the work
hex and face up (QA E7, E8); a newly assigned one serves from the next turn (QA E6); mine
clearing needs none. Paratroops, rangers, commandos and engineers of an invasion or airborne
force need no vehicle but do one such task a game (QA E11).
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from . import mines
from .entering import entry
from .scenario import bridge_at, game_map, hex_named, scenario_for
from .stacking import has_room
from .state import OK, GameState, Unit
from .units import utype

TASKS = ("clear_mine", "remove_block", "make_block", "demolish")
VEHICLE_TASKS = ("remove_block", "make_block", "demolish")  # the tasks of RB X.B
RETRY = {1: 2, 2: 4, 3: 5}  # a retried demolition: turns stayed -> highest winning roll


def _illegal(msg: str, rule: str = "18") -> IllegalCommand:
    return IllegalCommand(f"engineer: {msg} ({rule})", rule=rule)


def is_engineer(u: Unit) -> bool:
    t = utype(u)
    return t.engineer or t.dual_engineer


def one_task(u: Unit) -> bool:
    """Needs no vehicle but does one block or bridge task a game (QA E11)."""
    return utype(u).dual_engineer or u.equipped


def task_of(state: GameState, unit: Unit) -> dict | None:
    return next((t for t in state.tasks if unit.id in t["units"]), None)


def interrupt(state: GameState, unit: Unit) -> None:
    """Any other action takes the engineer off its task (QA E2)."""
    for t in list(state.tasks):
        if unit.id in t["units"]:
            t["units"].remove(unit.id)
            if not t["units"]:
                state.tasks.remove(t)


def sweep(state: GameState) -> None:
    """Engineers gone from the map leave their tasks; a task with nobody left is over and
    must start again (QA E10)."""
    for t in list(state.tasks):
        t["units"] = [u for u in t["units"] if state.units[u].on_map]
        if not t["units"]:
            state.tasks.remove(t)


def vehicle_problem(state: GameState, u: Unit, label: str) -> str | None:
    """Why the engineer's designated vehicle does not serve at the work hex, or None."""
    if one_task(u):
        return "it has done its one engineering task this game (QA E11)" if u.tasks_done else None
    v = state.units.get(u.vehicle or "")
    if v is None or not v.on_map:
        return "it has no designated vehicle (18.3; QA E7)"
    if u.vehicle_from > state.turn:
        return "its newly assigned vehicle serves from its next turn (QA E6)"
    m = game_map(state)
    if v.hex != label and m.hex(v.hex) not in m.neighbors(m.hex(label)):
        return f"its vehicle {v.id} must be in or beside {label} (18.3; QA E8)"
    if v.status != OK:
        return f"its vehicle {v.id} is dispersed: the work waits (QA E8)"
    return None


def work(state: GameState, units: list[Unit], task: str, label: str, dice, events: list,
         to: str | None = None) -> None:
    """One step of an engineering task for the engineers named (in their movement phase)."""
    if task not in TASKS:
        raise _illegal(f"unknown task {task!r}")
    if not units or len({u.id for u in units}) != len(units):
        raise _illegal("name each engineer once")
    side = units[0].side
    hex_named(state, label, "engineer", "18")
    if state.phase != "move_foot" or state.active_side != side:
        raise _illegal("engineers work in their movement phase", "18.2")
    current = next((t for t in state.tasks if t["kind"] == task and t["hex"] == label
                    and t["side"] == side), None)
    for u in units:
        _ready(state, u, current)
    if current is None:
        if any(task_of(state, u) for u in units):
            raise _illegal("an engineer works at one task at a time", "RB X.A.7")
    elif sorted(u.id for u in units) != sorted(current["units"]):
        raise _illegal(f"the task is {sorted(current['units'])}'s: every one of them acts "
                       "together, and nobody joins a task under way", "QA E3, E4")
    if current and current["turn"] >= state.turn:
        raise _illegal("one step a turn", "18.2")
    if task in VEHICLE_TASKS:
        for u in units:
            why = vehicle_problem(state, u, label)
            if why:
                raise _illegal(f"{u.id}: {why}", "18.3")
    if task in ("make_block", "demolish"):
        _stay_and_roll(state, units, task, label, current, dice, events, to)
    else:
        _four_steps(state, units, task, label, current, events)


def _ready(state: GameState, u: Unit, current: dict | None) -> None:
    if not is_engineer(u) or not u.on_map:
        raise _illegal(f"{u.id} is not an engineer on the map", "18.1")
    if u.status != OK:
        raise _illegal(f"{u.id} is dispersed: the task waits", "RB X.A.5; QA E3")
    if u.fired or u.opfired or u.carried_by or u.moved:
        raise _illegal(f"{u.id} has fired, is carried or has moved", "18.1")
    if u.unloaded and u.start_hex != u.hex:
        raise _illegal(f"{u.id} unloaded here but began the turn elsewhere", "QA E5")


def _four_steps(state: GameState, units: list[Unit], task: str, label: str,
                current: dict | None, events: list) -> None:
    """Clear a minefield or remove a block: beside, invert, onto, remove (RB X.A, X.B.3)."""
    m = game_map(state)
    side = units[0].side
    present = label in state.mines if task == "clear_mine" else label in state.blocks
    if not present or (task == "clear_mine" and side not in state.mines[label]["known"]):
        raise _illegal(f"no {'minefield' if task == 'clear_mine' else 'block'} known in {label}")
    if state.units_at(label, state.enemy(side)):
        raise _illegal("an enemy unit in the work hex suspends the work", "QA E9")
    stage = current["stage"] if current else 0
    if stage == 0 and any(m.hex(label) not in m.neighbors(m.hex(u.hex)) for u in units):
        raise _illegal("the engineers start beside the hex", "RB X.A")
    if stage == 1 and label in state.mines:
        state.mines[label]["inverted"] = True
    if stage == 2:
        if not has_room(state, label, len(units)):
            raise _illegal("no room in the work hex", "5")
        for u in units:
            u.hex = label
            if label in state.mines:
                u.mine = "clearing"  # the clearing engineer is not attacked (QA E1)
    for u in units:
        u.moved = True
    if stage == 3:
        if label in state.mines:
            del state.mines[label]
            events.append({"type": "minefield_cleared", "hex": label,
                           "units": [u.id for u in units]})
        else:
            state.blocks.remove(label)
            events.append({"type": "block_removed", "hex": label, "units": [u.id for u in units]})
        _done(state, units, current, task)
        return
    _step(state, units, task, label, current, stage + 1, events)


def _step(state: GameState, units: list[Unit], task: str, label: str, current: dict | None,
          stage: int, events: list, **more) -> None:
    if current is None:
        current = {"kind": task, "hex": label, "side": units[0].side,
                   "units": sorted(u.id for u in units), "failures": 0, "failed": False}
        state.tasks.append(current)
    current.update(stage=stage, turn=state.turn, **more)
    events.append({"type": "engineering", "units": [u.id for u in units], "hex": label,
                   "task": task, "step": stage})


def _done(state: GameState, units: list[Unit], current: dict | None, task: str) -> None:
    if current in state.tasks:
        state.tasks.remove(current)
    if task in VEHICLE_TASKS:
        for u in units:
            if one_task(u):
                u.tasks_done += 1


def _stay_and_roll(state: GameState, units: list[Unit], task: str, label: str,
                   current: dict | None, dice, events: list, to: str | None) -> None:
    """Stay on the hex the turns needed, then move off and roll (RB X.B.1, X.B.2)."""
    m = game_map(state)
    h = m.hex(label)
    temporary = label in state.temp_bridges
    if task == "make_block":
        if any(u.blocks_made for u in units):
            raise _illegal("one block per engineer per situation", "RB X.B.2")
        if label in state.blocks or h not in m.road_hexes() or label in state.forts:
            raise _illegal(f"{label} is not a road hex free of blocks", "RB X.B.2")
        needed = 2 if m.terrain(h) == "woods" else 4
    else:
        if not bridge_at(state, h):
            raise _illegal(f"no standing bridge in {label}", "RB X.B.1")
        needed = 2 if temporary else 3
    stays = current["stage"] if current else 0
    failures = current["failures"] if current else 0
    retry = failures > 0
    if all(u.hex == label and not u.under_bridge for u in units) and to is None:
        most = 1 if retry and task == "make_block" else needed if not retry else 3
        if current and stays and current["turn"] != state.turn - 1 and stays < most:
            stays = 0  # not consecutive: the count starts again (18.4)
        if stays >= most:
            raise _illegal("enough turns on the hex: move off (`to`) to roll", "RB X.B")
        for u in units:
            u.moved = True
        _step(state, units, task, label, current, stays + 1, events, failures=failures)
        return
    least = 1 if retry else needed
    if not current or stays < least:
        raise _illegal(f"stay on {label} for {least} turn(s) first", "RB X.B")
    for u in units:
        _step_off(state, u, label, to, events)
    if task == "demolish" and temporary:  # automatic, and no block (RB X.C)
        del state.temp_bridges[label]
        events.append({"type": "bridge_demolished", "hex": label,
                       "units": [u.id for u in units], "roll": None})
        _done(state, units, current, task)
        return
    within = scenario_for(state.scenario_id).raw.get("demolition_within")
    if task == "demolish" and within and not any(
            u.on_map and distance(m.hex(u.hex), h) <= int(within)
            for u in state.units.values() if u.side != units[0].side):
        raise _illegal(f"the demolition roll waits until the enemy is within {within} hexes "
                       "(a situation's special rule)", "QA SC3")
    if task == "make_block":
        best = 5
    else:
        best = 5 if not retry else RETRY[min(stays, 3)]
    rolls = [dice.roll(1, f"{task} {label} {u.id}")[0] for u in units]  # each rolls (QA E3)
    if min(rolls) <= best:
        if task == "make_block":
            state.blocks.append(label)
            for u in units:
                u.blocks_made = 1
            events.append({"type": "block_made", "hex": label, "units": [u.id for u in units],
                           "rolls": rolls})
        else:
            state.blown.append(label)
            if label not in state.blocks:
                state.blocks.append(label)
            events.append({"type": "bridge_demolished", "hex": label,
                           "units": [u.id for u in units], "rolls": rolls})
        _done(state, units, current, task)
        return
    events.append({"type": "block_failed" if task == "make_block" else "demolition_failed",
                   "hex": label, "units": [u.id for u in units], "rolls": rolls})
    if task == "demolish" and failures:
        if current in state.tasks:
            state.tasks.remove(current)  # a second failure restarts the whole sequence
        return
    _step(state, units, task, label, current, 0, events, failures=failures + 1, failed=True)


def _step_off(state: GameState, unit: Unit, label: str, to: str | None, events: list) -> None:
    """The task's own move: from the work hex to an adjacent hex (QA E2 allows it)."""
    m = game_map(state)
    if unit.hex != label or to is None:
        raise _illegal(f"move off {label} to an adjacent hex (`to`) to roll", "18.4")
    th = hex_named(state, to, "engineer", "18.4")
    if th not in m.neighbors(m.hex(label)) or entry(state, unit, m.hex(label), th).cost is None:
        raise _illegal(f"{to} is not an adjacent hex the engineer can enter", "18.4")
    unit.hex = to
    unit.moved = True
    if mines.entered(state, unit, events):  # a minefield stops it there (17.1)
        unit.stopped = True


def assign_vehicle(state: GameState, engineer: Unit, vehicle: Unit, events: list) -> None:
    """Designate a truck, halftrack or carrier for an engineer whose own is lost: it serves
    from the owner's next turn (18.3; QA E6)."""
    check_assign(state, engineer, vehicle)
    engineer.vehicle = vehicle.id
    engineer.vehicle_from = state.turn + 1
    events.append({"type": "vehicle_assigned", "units": [engineer.id, vehicle.id],
                   "from_turn": engineer.vehicle_from})


def check_assign(state: GameState, engineer: Unit, vehicle: Unit) -> None:
    """assign_vehicle's refusals (IllegalCommand), changing nothing: the legal commands ask
    it of every engineer and carrier without a trial copy of the state."""
    if not is_engineer(engineer) or one_task(engineer):
        raise IllegalCommand(f"assign_vehicle: {engineer.id} needs no vehicle (18.3; QA E11)",
                             rule="18.3")
    if state.phase not in ("move_vehicles", "move_foot") or state.active_side != engineer.side:
        raise IllegalCommand("assign_vehicle: only in your movement phase (18.3)", rule="18.3")
    old = state.units.get(engineer.vehicle or "")
    if old is not None and old.on_map:
        raise IllegalCommand(f"assign_vehicle: {engineer.id} still has {old.id} (18.3)",
                             rule="18.3")
    if vehicle.side != engineer.side or not vehicle.on_map or utype(vehicle).carries != "any":
        raise IllegalCommand(f"assign_vehicle: {vehicle.id} is no truck, halftrack or carrier "
                             "of yours (18.3)", rule="18.3")
    taken = [u for u in state.units.values() if u.vehicle == vehicle.id and u.on_map]
    passenger = state.passenger_of(vehicle)
    if taken or (passenger is not None and passenger.id != engineer.id):
        raise IllegalCommand(f"assign_vehicle: {vehicle.id} serves or carries another unit "
                             "(18.3)", rule="18.3")
