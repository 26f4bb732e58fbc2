"""What attack a command declares, read once for the resolution and the preview (9.0-13.0,
17.3, 17.5).

`apply` (actions.py, efficient.py) and `preview` both turn a fire, bombard, opportunity-fire
or assault command into its declaration here, then build its situation with the attack
family's one builder (combat/situation.py): what the board shows before the dice is what
the resolution rolls against.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...common.hexgrid import Hex
from ..combat.assault import AssaultSituation
from ..combat.fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration
from ..combat.opportunity_fire import opportunity_targets
from . import offboard
from . import state as st
from .registry import parse_hex


def command_type(cmd: Any) -> str:
    """A parsed `Command`'s type, or a JSON command's."""
    return cmd.type if hasattr(cmd, "type") else cmd["type"]


def _ids(value: Any) -> tuple[str, ...]:
    return tuple(value or ())


@dataclass(frozen=True, slots=True)
class FireAttack:
    """A fire command's declaration and, for opportunity direct fire, the units it attacks."""

    decl: FireDeclaration
    only: tuple[str, ...] | None = None


def fire_attack(state: st.GameState, cmd: Mapping[str, Any] | Any) -> FireAttack:
    """The declaration of a `fire` (direct or anti-tank, 10.0, 11.0; move & fire 17.3),
    `bombard` (9.0) or `opportunity_fire` (13.0) command. Raises ValueError on a bad hex."""
    ctype = command_type(cmd)
    firers = _ids(cmd.get("firers"))
    kind = ANTI_TANK if cmd.get("fire_type") == "anti_tank" else DIRECT
    if ctype == "opportunity_fire":
        mover = cmd.get("target")
        window = state.opfire
        target_hex = window.hex if window is not None else state.units[mover].hex
        decl = FireDeclaration(
            firers=firers,
            target_hex=target_hex,
            kind=kind,
            leader=cmd.get("leader"),
            opportunity=True,
            target_unit=mover if kind == ANTI_TANK else None,
        )
        only = opportunity_targets(state, mover) if kind == DIRECT else None
        return FireAttack(decl, only)
    if ctype == "bombard" and cmd.get("increments"):  # off-board artillery (9.2)
        spotter = state.units.get(cmd.get("spotter") or "")
        side = spotter.side if spotter is not None else state.active_side
        return FireAttack(offboard.declaration(state, side, cmd))
    target = parse_hex(state, cmd.get("target"))
    if ctype == "bombard":
        return FireAttack(
            FireDeclaration(
                firers=firers,
                target_hex=target,
                kind=BOMBARDMENT,
                spotter=cmd.get("spotter"),
                drumfire_alone=bool(cmd.get("drumfire_separately")),  # 17.2
            )
        )
    return FireAttack(
        FireDeclaration(
            firers=firers,
            target_hex=target,
            kind=kind,
            leader=cmd.get("leader"),
            target_unit=cmd.get("target_unit"),
            move_and_fire=bool(cmd.get("move_and_fire")),
        )
    )


def spray_attacks(state: st.GameState, cmd: Mapping[str, Any] | Any) -> tuple[FireDeclaration, ...]:
    """The attacks of a `spray_fire` command (10.1): one direct fire per target hex, each
    with the HMG's factors for it. Raises ValueError on a bad hex."""
    firer = cmd.get("firer")
    return tuple(
        FireDeclaration(firers=(firer,), target_hex=parse_hex(state, label), factors={firer: n})
        for label, n in zip(cmd.get("targets"), cmd.get("factors"), strict=True)
    )


def entered_from(state: st.GameState, movers: tuple[str, ...], path: tuple[Hex, ...]) -> Hex | None:
    """The hex the movers enter the last hex of their path from (12.4's hill shift)."""
    if len(path) >= 2:
        return path[-2]
    return state.units[movers[0]].hex if movers else None


def assault_attack(
    state: st.GameState, cmd: Mapping[str, Any] | Any
) -> tuple[AssaultSituation, tuple[str, ...]]:
    """The first round an `assault` command (12.1; a charge along a path, 17.5) or a `move`
    ending in an enemy hex (12.1) would fight, and its movers."""
    movers = (cmd.get("unit"),) if cmd.get("unit") else _ids(cmd.get("units"))
    path = tuple(parse_hex(state, x) for x in cmd.get("path") or ())
    target = parse_hex(state, cmd.get("target")) if cmd.get("target") else path[-1]
    path = path or (target,)
    frm = entered_from(state, movers, path)
    side = state.units[movers[0]].side
    sit = AssaultSituation(
        hex=target,
        attacker=side,
        first_round=True,
        entered_from=frozenset({frm}) if frm is not None else frozenset(),
    )
    return sit, movers


def is_assault(state: st.GameState, cmd: Mapping[str, Any] | Any, known: frozenset[Hex]) -> bool:
    """An `assault` command, or a `move` whose last hex holds enemy counters the side knows
    of (`known`): moving into it is an assault (12.1)."""
    ctype = command_type(cmd)
    if ctype == "assault":
        return True
    path = cmd.get("path") or ()
    return ctype == "move" and bool(path) and parse_hex(state, path[-1]) in known  # type: ignore[misc]
