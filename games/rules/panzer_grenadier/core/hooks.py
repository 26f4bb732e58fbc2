"""Where optional rules plug into the turn: one table of named hooks the core calls.

The core (movement, fire, the sequence of play) never imports an optional rule. Each optional
rule is one module that declares a `Plugin`: the commands it adds, the extra legal commands it
offers, and the moments of the turn it takes part in. `rulebook.py` installs every plug-in in
one explicit order, so the rules in play are listed in one place and dice are always rolled
in the same order (replays depend on it). A hook left empty does nothing: with no plug-in
installed the core plays the basic game.

Hooks (each a list, called in install order):

- `commands`: command type -> handler(state, seat, cmd, dice) -> (state, events).
- `variants`: (command type, flag) -> handler; a core command carrying that flag is handed
  to the plug-in (`fire` with `move_and_fire`, `assault` with a `path`).
- `offers`: legal-command group -> [options(state, seat) -> list of commands], appended to
  the core's own offers for that group.
- `on_entering(state, movers, stopped, dice, first, frm) -> (state, events, newly stopped)`:
  a moving stack entered a hex (after opportunity fire could not yet answer).
- `after_firing(state, game_map, firers, dice, catalogue) -> (state, events)`: units fired.
- `bombardment_recorded(state, game_map, decl) -> (state, events)`: a bombardment was
  resolved against a hex.
- `assault_round(state, hex) -> state`: an assault round is about to be fought in a hex.
- `marker_removal(state, dice) -> (state, events)`: the Marker Removal Phase, after the
  Moved/Fired and Smoke markers.
- `may_opportunity_fire(state, firer, mover_id) -> bool`: all must agree before a unit may
  opportunity-fire at a mover.
- `unload_problem(state, passenger_id) -> (reason, rule) | None`: why a passenger may not
  unload now.
- `activation_choices(state, seat_id) -> list of commands`: more ways to activate.
- `reveals_hex(state, hex) -> bool`: something in the hex shows the enemy where it is
  (drumfire's Spotted markers, for hidden-information games).
- `after_step(state) -> state`: after every command, what an optional rule settles at once
  (drumfire's Spotted markers lift as soon as their firer is eliminated or demoralized).
- `path_rolls(state, game_map, movers, path, entering) -> hexes`: the hexes of a path where
  the movers will roll on entering (mire, 17 Part II), for the move's preview.
- `allowance(state, unit, counter_type, ma) -> ma`: a unit's movement allowance as the
  rule changes it (a logistics shortfall, 17.10), passed through each in turn.
- `initiative_cut(state, side_id) -> int`: points off a side's initiative rating beyond its
  losses (a logistics shortfall, 17.10), added up.
- `fog_of_war_rolled(state, side, seat, natural) -> (state, events)`: a side's Fog of War
  roll was made (its natural 3d6 total) before the turn may end by it (logistics, 17.10).
- `segment_ended(state, side, dice, seat) -> (state, events, turn over)`: a side's segment
  ended; True ends the turn at once (Fog of War, 17.6).
- `combined_fire(state, hexes) -> problems | None`: whether units in these hexes may
  combine their fire without a leader (formation activation, 17.7); the first answer other
  than None counts, and with none they combine only through a leader (10.1).
- `agreements`: command type -> handler(state, seat, command type) -> (state, events): a
  command the players settle between them before any step is taken (no dice, no undo point,
  nothing recomputed): offering, accepting or declining a take-back (D-TAKEBACK-1).
- `answering_side(state) -> side | None`: a side that alone may act now, to answer an offer;
  the first answer counts, and while one stands no other command is taken.
- `step_taken(before, after, command type, seat) -> after`: after each step, what a plug-in
  keeps of it (the point a take-back goes back to), passed through each in turn.
- `standing_offers(state, seat) -> groups`: commands a seat may send in or out of turn (a
  take-back offer or its answer), merged.
- `fire_checks`: declaration flag -> checker(state, decl, unit, catalogue) -> problems; a
  fire declaration carrying that flag is judged by the plug-in, not by the core's Moved/Fired
  rule (`move_and_fire`, 17.3). A flag no plug-in checks is refused.
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
    commands: Mapping[str, Handler] = field(default_factory=dict)
    variants: Mapping[tuple[str, str], Handler] = field(default_factory=dict)
    offers: Mapping[str, Handler] = field(default_factory=dict)
    on_entering: Handler | None = None
    after_firing: Handler | None = None
    bombardment_recorded: Handler | None = None
    assault_round: Handler | None = None
    marker_removal: Handler | None = None
    may_opportunity_fire: Handler | None = None
    unload_problem: Handler | None = None
    activation_choices: Handler | None = None
    reveals_hex: Handler | None = None
    after_step: Handler | None = None
    path_rolls: Handler | None = None
    allowance: Handler | None = None
    initiative_cut: Handler | None = None
    fog_of_war_rolled: Handler | None = None
    combined_fire: Handler | None = None
    segment_ended: Handler | None = None
    answering_side: Handler | None = None
    step_taken: Handler | None = None
    standing_offers: Handler | None = None
    agreements: Mapping[str, Handler] = field(default_factory=dict)
    fire_checks: Mapping[str, Handler] = field(default_factory=dict)


_LISTS = (
    "on_entering",
    "after_firing",
    "bombardment_recorded",
    "assault_round",
    "marker_removal",
    "may_opportunity_fire",
    "unload_problem",
    "activation_choices",
    "reveals_hex",
    "after_step",
    "path_rolls",
    "allowance",
    "initiative_cut",
    "fog_of_war_rolled",
    "combined_fire",
    "segment_ended",
    "answering_side",
    "step_taken",
    "standing_offers",
)

COMMANDS: dict[str, Handler] = {}
VARIANTS: dict[tuple[str, str], Handler] = {}
OFFERS: dict[str, list[Handler]] = {}
FIRE_CHECKS: dict[str, Handler] = {}
AGREEMENTS: dict[str, Handler] = {}
HOOKS: dict[str, list[Handler]] = {name: [] for name in _LISTS}
INSTALLED: list[str] = []


def install(plugins: tuple[Plugin, ...]) -> None:
    """Install the plug-ins in order, once (a second call with the same names does nothing)."""
    plugins_.install(plugins, _LISTS, HOOKS, OFFERS, INSTALLED, more=_tables)


def _tables(p: Plugin) -> None:
    """A plug-in's commands, command variants and fire checks (Panzer Grenadier's own)."""
    for kind, handler in p.commands.items():
        if kind in COMMANDS:
            raise RuntimeError(f"{p.name}: command {kind!r} is already {COMMANDS[kind]}")
        COMMANDS[kind] = handler
    VARIANTS.update(p.variants)
    FIRE_CHECKS.update(p.fire_checks)
    AGREEMENTS.update(p.agreements)


def variant(kind: str, cmd: Any) -> Handler | None:
    """The plug-in handling this command instead of the core, by a flag it carries."""
    for (k, flag), handler in VARIANTS.items():
        if k == kind and cmd.get(flag):
            return handler
    return None


def offers(group: str, state: Any, seat: Any) -> list[dict]:
    """The plug-ins' extra legal commands of a group."""
    return [c for offer in OFFERS.get(group, ()) for c in offer(state, seat)]


def each(name: str) -> list[Handler]:
    """The functions installed on a hook, in install order."""
    return HOOKS[name]


def all_agree(name: str, *args: Any) -> bool:
    """Every function on a yes/no hook says yes (no function: yes)."""
    return plugins_.all_agree(HOOKS[name], *args)


def any_says(name: str, *args: Any) -> bool:
    """Some function on a yes/no hook says yes (no function: no)."""
    return plugins_.any_says(HOOKS[name], *args)


def first(name: str, *args: Any) -> Any:
    """The first answer other than None of a hook's functions (no function: None)."""
    return plugins_.first(HOOKS[name], *args)


def thread(name: str, state: Any, *args: Any) -> tuple[Any, list]:
    """Pass the state through every function of a (state, ...) -> (state, events) hook."""
    events: list = []
    for fn in HOOKS[name]:
        state, more = fn(state, *args)
        events += more
    return state, events
