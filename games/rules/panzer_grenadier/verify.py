"""Verify an exported game: replay it from its scenario, seed and command log (dice you can verify).

    python -m games.rules.panzer_grenadier.verify GAME.json

checks that the seed matches the commitment published at the start, that every recorded
roll is the one the seeded dice give at that point, that each step's state hash matches,
and that the final state's hash matches. It prints `OK ...` or names the first difference
(`step 12: roll 2 differs: recorded ... replay ...`, `step 12: state differs`) and exits 1.
No Django: only the rules engine and the export file.

Export format (schema 1):
{"schema": 1, "scenario": <bundled id or embedded scenario dict>, "options": [...],
 "seats": [{"id", "side", "units": [...]}], "seed": "...", "commitment": "...",
 "initial_state": <optional state JSON, for scenarios that cannot be loaded>,
 "steps": [{"version", "seat", "command", "dice": [{"purpose", "values"}], "state_hash"}],
 "final_state_hash": "..."}
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..common.dice import Roll, SeededDice, commitment
from ..common.errors import RulesError
from .core import state as st
from .core.registry import register_scenario, scenario_for
from .core.scenario import initial_state, load_scenario
from .core.serialize import SCHEMA, encode, state_from_json, state_hash, state_to_json
from .double_blind.knowledge import start
from .double_blind.observation import ADDITIONS
from .engine import apply


class VerifyError(Exception):
    """The export does not replay: the message names the step (and roll) that differs."""


def seats_to_json(seats: Iterable[st.SeatState]) -> list[dict]:
    return [{"id": s.id, "side": s.side, "units": sorted(s.units)} for s in seats]


def seats_from_json(raw: Sequence[Mapping[str, Any]]) -> tuple[st.SeatState, ...]:
    return tuple(st.SeatState(r["id"], r["side"], frozenset(r.get("units", ()))) for r in raw)


def export_game(
    initial: st.GameState,
    seed: str,
    steps: Sequence[Mapping[str, Any]],
    final: st.GameState,
    scenario: Any = None,
) -> dict:
    """An export document for a game: steps are dicts with seat, command, dice (Rolls) and
    the state after them. `scenario`: a dict to embed; default the state's scenario id."""
    return {
        "schema": SCHEMA,
        "scenario": scenario if scenario is not None else initial.scenario_id,
        "options": sorted(initial.options),
        "seats": seats_to_json(initial.seats),
        "seed": seed,
        "commitment": commitment(seed),
        "initial_state": state_to_json(initial),
        "steps": [
            {
                "version": i + 1,
                "seat": s["seat"],
                "command": s["command"],
                "dice": [r.to_json() if isinstance(r, Roll) else r for r in s["dice"]],
                "state_hash": s.get("state_hash") or state_hash(s["state"]),
            }
            for i, s in enumerate(steps)
        ],
        "final_state_hash": state_hash(final),
    }


def initial_state_of(doc: Mapping[str, Any]) -> st.GameState:
    """The game's opening state, rebuilt from its scenario where the scenario can be loaded."""
    ref = doc["scenario"]
    seats = seats_from_json(doc.get("seats", []))
    options = doc.get("options", [])
    scen = None
    if isinstance(ref, Mapping):
        scen = load_scenario(ref)
        register_scenario(scen)
    else:
        try:
            scen = scenario_for(ref)
        except KeyError:
            scen = None
    if scen is not None and hasattr(scen, "units") and hasattr(scen, "turns"):
        embedded = doc.get("initial_state")
        plain = [o for o in options if o not in ADDITIONS]
        state = initial_state(scen, options=plain, seats=seats or None)
        secret = (embedded or {}).get("state", {}).get("secret", "")
        if secret or len(plain) != len(options):  # hidden information (knowledge.start)
            state = start(state, secret, [o for o in options if o in ADDITIONS])
        if embedded is not None and state_hash(state_from_json(embedded)) != state_hash(state):
            raise VerifyError("initial state differs from the scenario's opening state")
        return state
    if doc.get("initial_state") is None:
        raise VerifyError(f"unknown scenario {ref!r} and no initial_state in the export")
    return state_from_json(doc["initial_state"])


@dataclass
class _CheckedDice:
    """Seeded dice that compare each roll with the recorded one as it is made."""

    seeded: SeededDice
    recorded: list[Roll]
    step: int

    @property
    def rolls(self) -> list[Roll]:
        return self.seeded.rolls

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        k = len(self.seeded.rolls) - self._start
        values = self.seeded.roll(n, purpose)
        replay = Roll(purpose, values)
        want = self.recorded[k] if k < len(self.recorded) else None
        if want != replay:
            raise VerifyError(
                f"step {self.step}: roll {k + 1} differs: recorded "
                f"{_roll_text(want)} replay {_roll_text(replay)}"
            )
        return values

    def __post_init__(self) -> None:
        self._start = len(self.seeded.rolls)


def _roll_text(r: Roll | None) -> str:
    return "nothing" if r is None else f"{r.purpose} {list(r.values)}"


def verify(doc: Mapping[str, Any]) -> st.GameState:
    """Replay an export; returns the final state or raises VerifyError naming the difference."""
    if doc.get("schema") != SCHEMA:
        raise VerifyError(f"export schema {doc.get('schema')!r}, this verifier reads {SCHEMA}")
    seed = doc.get("seed")
    if not seed:
        raise VerifyError("the export has no seed: the game has not ended")
    if commitment(seed) != doc.get("commitment"):
        raise VerifyError("the seed does not match the commitment published at the start")
    state = initial_state_of(doc)
    seeded = SeededDice(seed)
    for i, raw in enumerate(doc["steps"], start=1):
        recorded = [Roll.from_json(r) for r in raw.get("dice", [])]
        dice = _CheckedDice(seeded, recorded, i)
        try:
            step = apply(state, raw["seat"], raw["command"], dice)
        except RulesError as exc:
            raise VerifyError(f"step {i}: command refused on replay: {exc.message}") from None
        if len(step.dice_used) != len(recorded):
            raise VerifyError(
                f"step {i}: recorded {len(recorded)} rolls, replay used {len(step.dice_used)}"
            )
        state = step.state
        if raw.get("state_hash") and state_hash(state) != raw["state_hash"]:
            raise VerifyError(f"step {i}: state differs")
    if doc.get("final_state_hash") and state_hash(state) != doc["final_state_hash"]:
        raise VerifyError("final state differs")
    return state


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m games.rules.panzer_grenadier.verify GAME.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as fh:
        doc = json.load(fh)
    try:
        final = verify(doc)
    except VerifyError as exc:
        print(str(exc))
        return 1
    result = encode(final.result) if final.result is not None else None
    print(
        f"OK: {len(doc['steps'])} steps, every roll and state verified; result {json.dumps(result)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
