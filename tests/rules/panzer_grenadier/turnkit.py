"""Small hand-built games for the turn engine's tests: a one-board map, two sides, counters."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.maps import Map, load_board
from games.rules.panzer_grenadier.core.registry import register_scenario
from games.rules.panzer_grenadier.core.serialize import canonical_json, state_to_json

BOARDS = "games/data/boards"


@dataclass
class TurnScenario:
    """Just enough of a Scenario for the turn engine: id, map, turn record."""

    id: str = "test-turn"
    map: Any = None
    night_turns: tuple[int, ...] = ()
    victory: Any = None
    extra: dict = field(default_factory=dict)


_MAPS: dict[str, Map] = {}


def board_map(board: str = "birchwood") -> Map:
    if board not in _MAPS:
        _MAPS[board] = Map.from_board(load_board(f"{BOARDS}/{board}.json"), "A")
    return _MAPS[board]


def scenario(board: str = "birchwood", **kw) -> TurnScenario:
    s = TurnScenario(map=board_map(board), **kw)
    register_scenario(s)
    return s


def at(label: str):
    return board_map().parse_label(label)


def unit(uid: str, type_id: str, side: str, hex_label: str | None, **kw) -> st.UnitState:
    steps = kw.pop("steps", 2 if not type_id.startswith(("ge_ldr", "su_ldr")) else 1)
    h = at(hex_label) if hex_label else None
    return st.UnitState(id=uid, type_id=type_id, side=side, hex=h, steps=steps, **kw)


def game(
    units: list[st.UnitState],
    *,
    seats=None,
    ge_init=3,
    su_init=2,
    turn=1,
    last_turn=3,
    options=(),
    scenario_id="test-turn",
    board="birchwood",
    **kw,
) -> st.GameState:
    scenario(id=scenario_id, board=board)
    if seats is None:
        seats = (st.SeatState("ge-1", "ge", frozenset()), st.SeatState("su-1", "su", frozenset()))
    return st.GameState(
        scenario_id=scenario_id,
        turn=turn,
        last_turn=last_turn,
        phase=kw.pop("phase", st.INITIATIVE),
        sides=(
            st.SideState("ge", "Germans", "german", ge_init, 8),
            st.SideState("su", "Soviets", "soviet", su_init, 7),
        ),
        seats=tuple(seats),
        units={u.id: u for u in units},
        options=frozenset(options),
        **kw,
    )


def frozen_form(state: st.GameState) -> str:
    return canonical_json(state_to_json(state))


def label(h) -> str:
    return board_map().label(h)


def step_from(hex_label: str, *directions: int) -> str:
    """The label reached from a hex by walking the given directions (0 N, 1 NE, ... 5 NW)."""
    from games.rules.common.hexgrid import neighbor

    h = at(hex_label)
    for d in directions:
        h = neighbor(h, d)
    return label(h)


def started(units, dice=(6, 1), **kw):
    """A game in its action phase, the Germans holding the initiative by default."""
    from games.rules.common.dice import ScriptedDice
    from games.rules.panzer_grenadier.engine import apply

    s = game(units, **kw)
    return apply(s, s.seats[0].id, {"type": "roll_initiative"}, ScriptedDice.of(*dice)).state
