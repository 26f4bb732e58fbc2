"""Where Panzer Leader's optional rules plug into the turn: one table of named hooks the core
calls, in the shape of Panzer Grenadier's (panzer_grenadier/core/hooks.py).

The core (movement, fire, assault, the legal commands) never asks which options a game plays
with. Each optional rule is one module of `optional/` that declares a `Plugin`: the moments
and questions of the turn it takes part in. `rulebook.py` installs every plug-in in one
explicit order; each plug-in checks whether its rule is switched on for the game. A hook left
empty does nothing: with no plug-in installed the core plays the basic game (no opportunity
fire, no Quick-Time, riders never jump off, no naval support...). Panzer Leader's state is
changed in place on a copy (engine.py), so hooks that change it return nothing.

Hooks (each a list, called in install order):

- `opportunity_fire(state) -> bool`: enemies may fire at units moving in their sight (21.2).
- `quick_time(state, unit) -> bool`: the unit may move at Quick-Time (21.1).
- `fires_then_moves(state, unit) -> bool`: the unit fired and keeps half its MA (22.1).
- `riders_jump_off(state) -> bool`: riders may jump off before an overrun (21.4).
- `rider_problem(state) -> str | None`: why infantry may not ride armour in this game (24).
- `naval_support(state) -> bool`: the navy fires what the situation grants (19.4, 21.3).
- `spares_own_units(state) -> bool`: nobody fires on his own units (8.6; QA C4).
- `defence_drm(state, targets) -> (drm, reasons)`: a die modifier for the defenders.
- `result_on(state, unit, result) -> result`: a combat result as it falls on one unit.
- `overruns_into(state, hex) -> bool`: armour may overrun in woods and on slopes (24, Bell 3).
- `loses_cover(state, assaulters, defenders, label) -> bool`: the defenders' terrain gives no
  +1 against this close assault (24, Bell 2).
- `assault_apart(state, label, outside, fort, attack, lines, shift, drm, reasons) ->
  Attack | None`: the close assault as the rule divides it (24, Bell 1); the first answer wins.
- `engineering(state, unit) -> [(kind, hex label)]`: more engineering an engineer may start.
- `fire_blocked(state, unit, hex label) -> str | None`: why the unit may not fire into the hex
  (a gun's field of fire, 22.2); the first answer counts.
- `segment_begins(state, events)`: a player turn segment began (smoke lifts, 22.3).
- `segment_ends(state, side, events)`: a side's segment ended (engineers' work, 18.9).
- `smoke_problem(state, side, unit | None, hex label) -> str | None`: why smoke may not be
  aimed at the hex (by that unit; None: by the navy), 22.3; the first answer counts, and with
  no function installed smoke is refused (`refusal`).
- `smoke_lands(state, side, hex label, strength, events)`: an ordered smoke concentration
  lands (22.3).
- `commands`: command type -> (phase group, handler(state, side, command, dice, events)): a
  command only a plug-in carries out (`face` 22.2, `smoke` 22.3, `unload_cargo` 18.9); the
  phase group ("combat", "air", "movement") says when the engine takes it. With no plug-in
  the type is unknown.
- `engineer_tasks`: engineering task -> handler(state, units, hex label, to, events): a task
  of the `engineer` command only a plug-in knows (the Q&A's minefields and bridges, 18.9).
- `offers`: legal-command group -> [options(state, side, enemies) -> commands, or None when
  the rule is off (the group is then left out)], in the combat phase.
- `move_offers`: the same in the movement phases, options(state, side) (facing a gun,
  unloading cargo).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...common import plugins as plugins_
from ...common.plugins import Handler


@dataclass(frozen=True)
class Plugin:
    """What one optional rule adds to the turn; every field may be left empty."""

    name: str
    opportunity_fire: Handler | None = None
    quick_time: Handler | None = None
    fires_then_moves: Handler | None = None
    riders_jump_off: Handler | None = None
    rider_problem: Handler | None = None
    naval_support: Handler | None = None
    spares_own_units: Handler | None = None
    defence_drm: Handler | None = None
    result_on: Handler | None = None
    overruns_into: Handler | None = None
    loses_cover: Handler | None = None
    assault_apart: Handler | None = None
    engineering: Handler | None = None
    fire_blocked: Handler | None = None
    segment_begins: Handler | None = None
    segment_ends: Handler | None = None
    smoke_problem: Handler | None = None
    smoke_lands: Handler | None = None
    commands: Mapping[str, tuple[str, Handler]] = field(default_factory=dict)
    engineer_tasks: Mapping[str, Handler] = field(default_factory=dict)
    offers: Mapping[str, Handler] = field(default_factory=dict)
    move_offers: Mapping[str, Handler] = field(default_factory=dict)


_LISTS = (
    "opportunity_fire",
    "quick_time",
    "fires_then_moves",
    "riders_jump_off",
    "rider_problem",
    "naval_support",
    "spares_own_units",
    "defence_drm",
    "result_on",
    "overruns_into",
    "loses_cover",
    "assault_apart",
    "engineering",
    "fire_blocked",
    "segment_begins",
    "segment_ends",
    "smoke_problem",
    "smoke_lands",
)

OFFERS: dict[str, list[Handler]] = {}
MOVE_OFFERS: dict[str, list[Handler]] = {}
COMMANDS: dict[str, tuple[str, Handler]] = {}
ENGINEER_TASKS: dict[str, Handler] = {}
HOOKS: dict[str, list[Handler]] = {name: [] for name in _LISTS}
INSTALLED: list[str] = []


def install(plugins: tuple[Plugin, ...]) -> None:
    """Install the plug-ins in order, once (a second call with the same names does nothing)."""
    plugins_.install(plugins, _LISTS, HOOKS, OFFERS, INSTALLED, more=_tables)


def _tables(p: Plugin) -> None:
    """A plug-in's commands, engineering tasks and movement offers (one owner each)."""
    for kind, command in p.commands.items():
        _once(p, kind, COMMANDS)
        COMMANDS[kind] = command
    for task, handler in p.engineer_tasks.items():
        _once(p, task, ENGINEER_TASKS)
        ENGINEER_TASKS[task] = handler
    for group, offer in p.move_offers.items():
        MOVE_OFFERS.setdefault(group, []).append(offer)


def _once(p: Plugin, key: str, table: Mapping[str, Any]) -> None:
    if key in table:
        raise RuntimeError(f"{p.name}: {key!r} is already another plug-in's")


def each(name: str) -> list[Handler]:
    """The functions installed on a hook, in install order."""
    return HOOKS[name]


def any_says(name: str, *args: Any) -> bool:
    """Some function on a yes/no hook says yes (no function: no)."""
    return plugins_.any_says(HOOKS[name], *args)


def first(name: str, *args: Any) -> Any:
    """The first answer other than None of a hook's functions (no function: None)."""
    return plugins_.first(HOOKS[name], *args)


def refusal(name: str, absent: str, *args: Any) -> str | None:
    """The first answer other than None of a why-not hook, or `absent` when no function is
    installed on it (the rule it asks about is then not in the game at all)."""
    if not HOOKS[name]:
        return absent
    return plugins_.first(HOOKS[name], *args)


def offers(*args: Any) -> dict[str, list[dict]]:
    """The plug-ins' combat commands by group, for the groups whose rule is in play (an offer
    answers None when its rule is off, [] when it is on and nothing may be done)."""
    return _offered(OFFERS, args)


def move_offers(*args: Any) -> dict[str, list[dict]]:
    """The plug-ins' movement commands by group, as `offers`."""
    return _offered(MOVE_OFFERS, args)


def _offered(table: dict[str, list[Handler]], args: tuple) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for group, fns in table.items():
        found = [cmds for cmds in (fn(*args) for fn in fns) if cmds is not None]
        if found:
            out[group] = [c for cmds in found for c in cmds]
    return out
