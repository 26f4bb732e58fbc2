"""Bell's close assault and overrun rules for Panzer Leader 1940, an experimental rule (24):

1. Close assault does not get the -2 against armour; the rest of the hex, and a fort, are
   assaulted apart with it.
2. Armour alone in woods or town, assaulted from adjacent woods, slope or town hexes, gets no
   +1 for its cover.
3. Armour may overrun unarmoured units in woods and on slopes.
"""

from __future__ import annotations

from fractions import Fraction

from ..combat import crt
from ..combat.assault import hex_attack
from ..combat.attack_sheet import Attack
from ..core.hooks import Plugin
from ..core.scenario import game_map
from ..core.state import GameState
from ..core.units import utype

OPTION = "pl1940_bell"


def overruns_into(state: GameState, th) -> bool:
    """Bell 3: armour may overrun unarmoured units in woods and on slopes."""
    m = game_map(state)
    return OPTION in state.options and (m.terrain(th) == "woods" or m.elevation(th) == 1)


def loses_cover(state: GameState, assaulters: list, defenders: list, label: str) -> bool:
    """Bell 2: armour alone in woods or town, assaulted from adjacent woods, slope or town
    hexes, gets no +1 for its cover."""
    if OPTION not in state.options or not defenders:
        return False
    if not all(utype(d).armored and utype(d).vehicle for d in defenders):
        return False
    m = game_map(state)
    return all(m.terrain(m.hex(u.hex)) in ("woods", "town") or m.elevation(m.hex(u.hex)) == 1
               for u in assaulters)


def assault_apart(state: GameState, label: str, outside: list, fort: bool, attack: Fraction,
                  lines: list, shift: int, drm: int, reasons: list) -> Attack | None:
    """Bell 1: no -2 against armour; the rest, and a fort, are assaulted apart with it."""
    armour = [d for d in outside if utype(d).armored]
    if OPTION not in state.options or not armour:
        return None
    soft = [d for d in outside if not utype(d).armored]
    main = hex_attack(state, label, [d.id for d in armour], armour, 0, attack, lines, shift,
                      drm, reasons)
    rest = [d.id for d in soft] + ([f"fort:{label}"] if fort else [])
    if rest:
        main.extra.append(hex_attack(state, label, rest, soft, state.forts[label]["defense"]
                                     if fort else 0, attack, lines, shift,
                                     drm + crt.drm("close_assault"),
                                     [*reasons, "close assault -2"]))
    return main


PLUGIN = Plugin("pl1940_bell", overruns_into=overruns_into, loses_cover=loses_cover,
                assault_apart=assault_apart)
