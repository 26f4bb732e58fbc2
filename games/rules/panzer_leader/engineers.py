"""Engineers (18): clearing minefields, removing and making blocks.

Clearing a minefield or removing a block takes four turns (RB X.A, X.B.3): beside it (1),
invert it (2), move onto it, unharmed by the mine (3; QA E1), remove it (4). Making a block
on a road hex (RB X.B.2): stay on it two turns in a woods-road hex, four elsewhere, then move
to an adjacent hex and roll 1-5; a retry after a failure needs one turn. Each step is one
`engineer` command in a movement phase of a later turn; the task is the engineer's only
action: moving or firing otherwise restarts it (QA E2); dispersal only pauses it (RB X.A.5);
an enemy unit in the work hex suspends it (QA E9).

Demolishing a bridge (RB X.B.1): begin and end three consecutive own movement phases on it,
then (a later turn) move to an adjacent hex and roll 1-5: the bridge is gone, a block is
placed and the hex is a plain stream hex. A retry needs a shorter stay: 1 turn wins on 1-2,
2 on 1-4, 3 on 1-5; a second failure restarts the whole sequence.

Not yet: designated engineer vehicles (18.3), several engineers on one task (QA E3), the
Q&A's experimental emplacing rules (18.9).
"""

from __future__ import annotations

from ..common.errors import IllegalCommand
from .movement import entry, utype
from .scenario import board_of, bridge_at, hex_named
from .stacking import has_room
from .state import OK, GameState, Unit

TASKS = ("clear_mine", "remove_block", "make_block", "demolish")
# a retry after a failed demolition: turns stayed -> highest winning roll (RB X.B.1)
RETRY = {1: 2, 2: 4, 3: 5}


def _illegal(msg: str, rule: str = "18") -> IllegalCommand:
    return IllegalCommand(f"engineer: {msg} ({rule})", rule=rule)


def work(state: GameState, unit: Unit, task: str, label: str, dice, events: list,
         to: str | None = None) -> None:
    """One step of an engineering task, in the engineer's movement phase; `to` is the
    adjacent hex an engineer moves off to for the roll that ends a block or demolition."""
    t = utype(unit)
    if not (t.engineer or t.dual_engineer):
        raise _illegal(f"{unit.id} is not an engineer", "18.1")
    if state.phase != "move_foot" or state.active != unit.side:
        raise _illegal("engineers work in their movement phase", "18.2")
    if unit.status != OK or unit.fired or unit.opfired or unit.carried_by or unit.moved:
        raise _illegal(f"{unit.id} is dispersed, has fired, is carried or has moved", "18.1")
    if task not in TASKS:
        raise _illegal(f"unknown task {task!r}")
    m = board_of(state)
    h = hex_named(state, label, "engineer", "18")
    current = unit.task if unit.task and unit.task["kind"] == task and unit.task["hex"] == label \
        else None
    if current and current["turn"] >= state.turn:
        raise _illegal("one step a turn", "18.2")
    if task == "make_block":
        _make_block(state, unit, label, current, dice, events, to)
        return
    if task == "demolish":
        _demolish(state, unit, label, current, dice, events, to)
        return
    present = label in state.mines if task == "clear_mine" else label in state.blocks
    if not present or (task == "clear_mine" and unit.side not in state.mines[label]["known"]):
        raise _illegal(f"no {'minefield' if task == 'clear_mine' else 'block'} known in {label}")
    if state.units_at(label, state.enemy(unit.side)):
        raise _illegal("an enemy unit in the work hex suspends the work", "QA E9")
    stage = current["stage"] if current else 0
    if stage == 0:
        if h not in m.neighbours(m.hex(unit.hex)):
            raise _illegal("the engineer starts beside the hex", "RB X.A")
    elif stage == 1:
        if label in state.mines:
            state.mines[label]["inverted"] = True
    elif stage == 2:
        if not has_room(state, label):
            raise _illegal("no room in the work hex", "5")
        unit.hex = label
        unit.mine = "clearing" if label in state.mines else unit.mine  # not attacked (QA E1)
    else:
        if label in state.mines:
            del state.mines[label]
            events.append({"type": "minefield_cleared", "hex": label, "units": [unit.id]})
        else:
            state.blocks.remove(label)
            events.append({"type": "block_removed", "hex": label, "units": [unit.id]})
        unit.task = None
        unit.moved = True
        return
    unit.task = {"kind": task, "hex": label, "stage": stage + 1, "turn": state.turn}
    unit.moved = True
    events.append({"type": "engineering", "units": [unit.id], "hex": label, "task": task,
                   "step": stage + 1})


def _make_block(state: GameState, unit: Unit, label: str, current: dict | None, dice,
                events: list, to: str | None) -> None:
    """Stay on the road hex, then move off to an adjacent hex and roll (RB X.B.2)."""
    m = board_of(state)
    h = m.hex(label)
    if unit.blocks_made:
        raise _illegal("one block per engineer per situation", "RB X.B.2")
    if label in state.blocks or h not in m.road_hexes():
        raise _illegal(f"{label} is not a road hex free of blocks", "RB X.B.2")
    needed = 2 if m.terrain(h) == "woods" else 4
    stays = current["stage"] if current else 0
    retry = bool(current and current.get("failed"))
    if unit.hex == label and to is None:
        if stays >= needed or (retry and stays >= 1):
            raise _illegal("enough turns on the hex: move off (`to`) to roll", "RB X.B.2")
        unit.task = {"kind": "make_block", "hex": label, "stage": stays + 1,
                     "turn": state.turn, "failed": retry}
        unit.moved = True
        events.append({"type": "engineering", "units": [unit.id], "hex": label,
                       "task": "make_block", "step": stays + 1})
        return
    if not current or (stays < needed and not (retry and stays >= 1)):
        raise _illegal(f"stay on {label} for {needed} turns first", "RB X.B.2")
    _step_off(state, unit, label, to)
    (roll,) = dice.roll(1, f"block {label}")
    unit.moved = True
    if roll <= 5:
        state.blocks.append(label)
        unit.task = None
        unit.blocks_made = 1
        events.append({"type": "block_made", "hex": label, "units": [unit.id], "roll": roll})
    else:
        unit.task = {"kind": "make_block", "hex": label, "stage": 0, "turn": state.turn,
                     "failed": True}
        events.append({"type": "block_failed", "hex": label, "units": [unit.id], "roll": roll})


def _demolish(state: GameState, unit: Unit, label: str, current: dict | None, dice,
              events: list, to: str | None) -> None:
    """Stay on the bridge, then move off and roll (RB X.B.1; QA E10: a new engineer starts
    over, each engineer keeps its own task)."""
    m = board_of(state)
    h = m.hex(label)
    if not bridge_at(state, h):
        raise _illegal(f"no standing bridge in {label}", "RB X.B.1")
    stays = current["stage"] if current else 0
    failures = current.get("failures", 0) if current else 0
    needed = 3 if failures == 0 else 1
    if unit.hex == label and to is None:
        if current and current["turn"] != state.turn - 1 and stays:
            stays = 0  # not consecutive: start again
        if stays >= 3:
            raise _illegal("three turns on the bridge: move off (`to`) to roll", "RB X.B.1")
        unit.task = {"kind": "demolish", "hex": label, "stage": stays + 1, "turn": state.turn,
                     "failures": failures}
        unit.moved = True
        events.append({"type": "engineering", "units": [unit.id], "hex": label,
                       "task": "demolish", "step": stays + 1})
        return
    if stays < needed:
        raise _illegal(f"stay on {label} for {needed} turn(s) first", "RB X.B.1")
    _step_off(state, unit, label, to)
    best = 5 if failures == 0 else RETRY[min(stays, 3)]
    (roll,) = dice.roll(1, f"demolition {label}")
    unit.moved = True
    if roll <= best:
        state.blown.append(label)
        if label not in state.blocks:
            state.blocks.append(label)
        unit.task = None
        events.append({"type": "bridge_demolished", "hex": label, "units": [unit.id],
                       "roll": roll})
        return
    unit.task = None if failures else {"kind": "demolish", "hex": label, "stage": 0,
                                       "turn": state.turn, "failures": 1}
    events.append({"type": "demolition_failed", "hex": label, "units": [unit.id], "roll": roll})


def _step_off(state: GameState, unit: Unit, label: str, to: str | None) -> None:
    """The task's own move: from the work hex to an adjacent hex (QA E2 allows it)."""
    m = board_of(state)
    if unit.hex != label or to is None:
        raise _illegal(f"move off {label} to an adjacent hex (`to`) to roll", "18.4")
    th = hex_named(state, to, "engineer", "18.4")
    if th not in m.neighbours(m.hex(label)) or entry(state, unit, m.hex(label), th).cost is None:
        raise _illegal(f"{to} is not an adjacent hex the engineer can enter", "18.4")
    unit.hex = to


def interrupt(unit: Unit) -> None:
    """Any other action restarts the task (QA E2)."""
    unit.task = None

