"""What a legal command would cost or risk, for the board to show before it is sent (5.0, 9.4,
10.2, 11.1, 12.4).

The board decides no rule: for a move it shows the MP cost the movement rules find, for an
attack the column, every shift with its reason and the chance of each result, all computed
here from the same functions `apply` uses. `previews(state, seat, unit)` answers for every
legal command of the seat that names one unit (the unit the player selected).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..common.errors import InvalidCommand
from .combat.odds import assault_odds, fire_odds, fire_problems
from .combat.situation import refused
from .core import state as st
from .core.acting import known_enemies
from .core.attacks import assault_attack, fire_attack, is_assault, spray_attacks
from .core.commands import parse_command
from .core.move_offers import reach_of
from .core.move_step import move_units
from .core.registry import catalogue_for, game_map, hex_label, parse_hex
from .double_blind import knowledge, redaction
from .legal import legal_commands
from .optional.air_support import strike_odds
from .optional.drumfire import OPTION as DRUMFIRE_OPTION
from .optional.drumfire import drumfire_situations, is_drumfire_hex
from .optional.formation import OPTION as FORMATION_OPTION
from .optional.formation import roll_preview
from .presentation import in_words

PREVIEWED = ("move", "exit", "fire", "spray_fire", "bombard", "assault", "opportunity_fire")


def previewed(state: st.GameState) -> tuple[str, ...]:
    """The command types `previews` answers in this game: PREVIEWED, and with Formation
    Activation in use `activate`, whose formation roll is shown before it is made (17.7;
    other activations roll nothing and get no preview)."""
    return PREVIEWED + (("activate",) if FORMATION_OPTION in state.options else ())


def _names(cmd: dict) -> tuple[str, ...]:
    """The own units a command moves or fires with."""
    for key in ("unit", "units", "firers", "firer"):
        value = cmd.get(key)
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list):
            return tuple(value)
    return ()


def _fraction(value: Fraction) -> str:
    return str(Fraction(value))


def _move_costs(state: st.GameState, seat: st.SeatState, ids: tuple[str, ...]) -> dict:
    """Destination label -> (cost, ends_move, minimum_move), as move_options searched (5.1)."""
    reach = reach_of(state, ids)
    return {hex_label(state, h): r for h, r in reach.items()}


def attack_odds(state: st.GameState, cmd: dict, side: str | None = None) -> dict:
    """The odds of one attack command, from the declaration and situation its resolution
    uses (attacks.py, combat/situation.py): the resolution minus the dice. Computed from
    every counter in the state: callers hide it where the side may not know them. Under
    hidden information a command names enemy counters by the `side`'s handles (18.0)."""
    if side is not None and knowledge.in_force(state):
        cmd = redaction.command_in(state, side, parse_command(cmd)).to_json()
    return _named(state, _odds(state, cmd), side)


def _named(state: st.GameState, odds: dict, side: str | None) -> dict:
    """The odds' reasons (`problems`) with the side's counters by their printed names."""
    if side is None or not odds.get("problems"):
        return odds
    return {**odds, "problems": [in_words(state, side, p) for p in odds["problems"]]}


def known_odds(state: st.GameState, cmd: dict, side: str) -> dict | None:
    """Under hidden information (17.8, 17.9, 18.0): the odds as the side knows the situation,
    computed on the state with every enemy counter it is not in contact with taken off
    (`knowledge.seen_by`), marked `known_only`; None when the target hex holds a counter the
    side knows only as a marker or a stack top (its values would show in the odds). The
    resolution may then differ, by exactly what the side cannot see."""
    if side is not None and knowledge.in_force(state):
        cmd = redaction.command_in(state, side, parse_command(cmd)).to_json()
    if any(not knowledge.detail_known(state, side, h) for h in _target_hexes(state, cmd)):
        return None
    odds = _named(state, _odds(knowledge.seen_by(state, side), cmd), side)
    if knowledge.in_force(state):  # enemy counters by the side's handles (18.0)
        odds = redaction.for_side(state, side, odds)
    return {**odds, "known_only": True}


def _target_hexes(state: st.GameState, cmd: dict) -> list:
    if cmd["type"] == "opportunity_fire":
        return [state.opfire.hex] if state.opfire is not None else []
    if cmd["type"] == "move":
        return [parse_hex(state, cmd["path"][-1])] if cmd.get("path") else []
    if cmd["type"] == "spray_fire":
        return [parse_hex(state, label) for label in cmd["targets"]]
    return [parse_hex(state, cmd["target"])] if cmd.get("target") else []


def _odds(state: st.GameState, cmd: dict) -> dict:
    m, cat = game_map(state), catalogue_for(state)
    if cmd["type"] == "spray_fire":  # each part is an attack of its own (10.1)
        return {"kind": "spray", "rule": "10.1", "parts": [
            fire_odds(m, state, decl, cat) for decl in spray_attacks(state, cmd)]}
    if cmd["type"] in ("assault", "move"):
        sit, movers = assault_attack(state, cmd)
        return assault_odds(m, state, sit, cat, movers=movers)
    if cmd["type"] == "air_strike":
        return strike_odds(state, cmd)
    attack = fire_attack(state, cmd)
    if cmd.get("smoke"):  # a smoke mission: no attack, a Smoke marker (D18)
        problems = fire_problems(m, state, attack.decl, cat)
        if problems:
            return refused("smoke", problems)
        return {"kind": "smoke", "legal": True, "problems": [], "rule": "D18",
                "effect": "a Smoke marker in the hex: it blocks line of sight until removed"}
    return fire_odds(m, state, attack.decl, cat, only=attack.only)


def drumfire_odds(state: st.GameState, ids: tuple[str, ...], path: list[str]) -> list[dict]:
    """The drumfire attacks the movers would take entering each drumfire hex of the path
    (17.2), each as the resolution builds it with the movers in the hex."""
    m, cat = game_map(state), catalogue_for(state)
    out = []
    for label in path:
        h = parse_hex(state, label)
        if not is_drumfire_hex(state, h):
            continue
        attacks = drumfire_situations(m, move_units(state, list(ids), h), h, cat)
        if attacks:
            out.append({"hex": label, "attacks": [a.to_json() for a in attacks]})
    return out


def _hides_enemies(state: st.GameState, cmd: dict, side: str) -> bool:
    """Whether a target hex holds an enemy counter the side may not see (17.8): odds
    computed with it would tell the player it is there."""
    if cmd["type"] == "opportunity_fire":
        return False  # the target is the mover, seen moving
    labels = cmd["targets"] if cmd["type"] == "spray_fire" else [cmd["target"]]
    return any(u.hidden and u.side != side
               for label in labels for u in state.units_at(parse_hex(state, label)))


def previews(
    state: st.GameState, seat_id: str, unit: str, kinds: tuple[str, ...] | None = None
) -> list[dict]:
    """For each legal command of the seat naming `unit`: the command and what it would cost
    (`cost`, MP as a fraction string, for a move or exit) or risk (`odds`, for an attack; a
    formation activation's `formation_roll`, 17.7).

    `kinds` narrows the answer to some command types (a bot asks only for its attacks).

    Under hidden information (17.8, 17.9, 18.0) an attack's odds are the side's own
    (`known_odds`: computed without the counters it cannot see, `known_only: true`), or
    null when the target's values are not known to it; costs stay.
    """
    groups = legal_commands(state, seat_id)
    if not groups:
        return []
    seat = next(s for s in state.seats if s.id == seat_id)
    hiding = knowledge.in_force(state)
    side = state.units[unit].side if unit in state.units else seat.side
    known, _ = known_enemies(state, side)
    out: list[dict] = []
    reach_by_group: dict[tuple[str, ...], dict] = {}
    for ctype in previewed(state):
        if kinds is not None and ctype not in kinds:
            continue
        for cmd in groups.get(ctype, ()):
            ids = _names(cmd)
            if unit not in ids:
                continue
            entry: dict[str, Any] = {"command": cmd}
            if ctype == "activate":
                if cmd.get("kind") != "formation":
                    continue  # no roll: the command's `units` say all it does (3.1)
                # The roll's number, modifiers and chance, from what `attempt` rolls against.
                entry["formation_roll"] = roll_preview(state, seat_id, cmd["formation"])
            elif ctype in ("move", "exit"):
                if ids not in reach_by_group:
                    reach_by_group[ids] = _move_costs(state, seat, ids)
                path = cmd.get("path") or []
                dest = path[-1] if path else None
                r = reach_by_group[ids].get(dest) if dest else None
                if r is not None:
                    entry["cost"] = _fraction(r.cost)
                    entry["ends_move"] = bool(r.ends_move)
                    entry["minimum_move"] = bool(r.minimum_move)
                if ctype == "move" and is_assault(state, cmd, known):
                    entry["odds"] = known_odds(state, cmd, side) if hiding else attack_odds(
                        state, cmd, side)
                if ctype == "move" and not hiding and DRUMFIRE_OPTION in state.options:
                    entry["drumfire"] = drumfire_odds(state, ids, cmd.get("path") or [])
            elif hiding or _hides_enemies(state, cmd, side):
                entry["odds"] = known_odds(state, cmd, side)
            else:
                entry["odds"] = attack_odds(state, cmd, side)
            out.append(entry)
    return out


def composed_preview(state: st.GameState, seat_id: str, raw: Any) -> dict:
    """The odds of an attack the player composed on the board, which legal_commands does not
    list (D-LEGAL-1): fire from several hexes joined by a leader (10.1, D4), bombardment by
    the guns he picked (9.3), spray fire split his way (10.1). The same odds its resolution's
    declarations give; `legal: false` with the reasons if the rules refuse it. Own firers
    only; under hidden information the side's own odds, as `previews`."""
    cmd = parse_command(raw).to_json()
    if cmd["type"] not in ("fire", "bombard", "spray_fire"):
        raise InvalidCommand("only fire, bombard and spray_fire are composed on the board",
                             rule="type")
    seat = next((s for s in state.seats if s.id == seat_id), None)
    if seat is None:
        raise InvalidCommand(f"no seat {seat_id!r}", rule="seat")
    named = [*cmd.get("firers", ()), *([cmd["firer"]] if cmd.get("firer") else []),
             *([cmd["leader"]] if cmd.get("leader") else []),
             *([cmd["spotter"]] if cmd.get("spotter") else [])]
    mine = [state.units.get(f) for f in named]
    if any(u is None or u.side != seat.side for u in mine):
        raise InvalidCommand(
            f"{cmd['type']}: name only your own units as firers, leader and spotter", rule="firers"
        )
    try:
        for label in cmd.get("targets") or [cmd["target"]]:
            parse_hex(state, label)
    except ValueError as exc:
        raise InvalidCommand(f"{cmd['type']}: {exc}", rule="target") from None
    if knowledge.in_force(state) or _hides_enemies(state, cmd, seat.side):
        return {"command": cmd, "odds": known_odds(state, cmd, seat.side)}
    return {"command": cmd, "odds": attack_odds(state, cmd, seat.side)}
