"""The ruleset interface: everything the server may ask of a game, and nothing more.

A ruleset is one object (Rally the Troops' rules module, boardgame.io's game object): the
Django side finds it through `games.rules.registry` by the scenario's ruleset id and never
asks which game it runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Step:
    """What one command did: the state after it, its events (JSON-ready dicts) and the dice."""

    state: Any
    events: tuple[dict, ...]
    dice_used: tuple[Any, ...]


class Ruleset(Protocol):
    id: str
    title: str

    def scenarios(self) -> dict[str, Any]:
        """The bundled scenarios by id (each with .id, .title, .default_options)."""

    def options(self) -> dict[str, str]:
        """Optional rules a game may switch on: id -> description."""

    def opening_state(self, scenario_id: str, options: list[str] | None,
                      seats: dict[str, str] | None) -> Any:
        """The state before the first command; `seats` maps seat id -> side id."""

    def arm(self, state: Any, options: list[str], secret: str) -> Any:
        """Arm hidden information (per-game secret); open games come back unchanged."""

    def apply(self, state: Any, seat: str, command: Any, dice: Any) -> Step: ...

    def who_may_act(self, state: Any) -> tuple[str, ...]: ...

    def legal_commands(self, state: Any, seat: str) -> dict[str, list[dict]]: ...

    def preview(self, state: Any, seat: str, command: dict) -> dict:
        """Costs, odds (marked provisional where the chart is), or why not."""

    def line_of_sight(self, state: Any, a: str, b: str) -> dict: ...

    def view_for(self, state: Any, audience: tuple) -> dict: ...

    def redact_events(self, events: list, audience: tuple, state: Any) -> list: ...

    def result(self, state: Any) -> dict | None: ...

    def encode_state(self, state: Any) -> dict: ...

    def decode_state(self, raw: dict) -> Any: ...

    def state_hash(self, state: Any) -> str: ...

    def export(self, initial: Any, seed: str, steps: list[dict], final: Any) -> dict: ...

    def verify(self, doc: dict) -> str:
        """Replay an export; returns a summary line or raises VerifyError."""

    def counter_faces(self, scenario_id: str) -> dict[str, dict]: ...
