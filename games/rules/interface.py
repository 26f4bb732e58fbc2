"""The ruleset interface: everything the server may ask of a game, and nothing more.

A ruleset is one object (Rally the Troops' rules module, boardgame.io's game object): the
Django side finds it through `games.rules.registry` by the scenario's ruleset id and never
asks which game it runs. Everything crossing this interface is plain data (str, int, dict,
list, the frozen records below) or the ruleset's own opaque state, which only the ruleset
reads: the server stores it through `encode_state`/`decode_state` and asks questions of it
through the methods here.

Audiences (`view_for`, `redact_events`): `("side", side_id)` (that side's players),
`("spectator", "public")` (what every side can see), `("full",)` (everything: the game has
ended, or a referee tool).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Step:
    """What one command did: the state after it, its events (JSON-ready dicts) and the dice."""

    state: Any
    events: tuple[dict, ...]
    dice_used: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class SideInfo:
    """A side of a scenario as players read it."""

    id: str
    name: str
    nationality: str
    briefing: str = ""
    initiative: int | None = None
    morale: int | None = None


@dataclass(frozen=True, slots=True)
class FormationInfo:
    """A formation a team side may deal out between its seats (19.0)."""

    id: str
    side: str
    name: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScenarioInfo:
    """What the lobby, the new-game page and the services know of a scenario."""

    id: str
    ruleset: str
    title: str
    description: str
    learning: bool
    turns: int
    sides: tuple[SideInfo, ...]
    default_options: frozenset[str]
    size: dict  # {"total": counters, ...}: quick match offers small scenarios first
    # A short digest of what changes play (forces, map, turns, victory, options, special
    # rules; games/rules/common/revision.py): games and arena runs are counted in a
    # scenario's balance only on the revision it has now.
    revision: str
    date: str = ""
    formations: tuple[FormationInfo, ...] = ()
    units: tuple[tuple[str, str], ...] = field(default=())  # (unit id, side id) at the start


class Ruleset(Protocol):
    id: str
    title: str

    # -- scenarios and options --------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        """The bundled scenarios by id."""

    def scenario_files(self) -> list[Any]:
        """The bundled scenario files (paths), for `manage.py load_scenarios` to check."""

    def check_scenario_file(self, path: Any) -> str:
        """Load and check one scenario file; its title, or ValueError listing its problems."""

    def check_scenario(self, doc: Any) -> list[dict]:
        """Every problem of a scenario document (the ruleset's scenario format with its boards
        drawn in it), each {"field", "hex", "rule", "message"}: the path into the document,
        the hex it stands on (or None), the rule it breaks. [] when the scenario is playable."""

    def load_document(self, doc: Any) -> ScenarioInfo:
        """Check a document and make its scenario playable under its id (a published
        revision: its id is never reused); ValueError listing its problems."""

    def counter_catalogue(self) -> dict[str, dict]:
        """Every counter type a designer may pick, as `counter_types` prints them."""

    def document_map(self, doc: Any) -> dict:
        """What the board draws of a document's boards (as `map_payload`), before the rest
        of the battle is ready; ValueError when the boards cannot be laid out."""

    def blank_document(self, columns: int, rows: int) -> dict:
        """A new scenario on one blank board of that size: where a designer starts."""

    def scenario_document(self, scenario_id: str) -> dict:
        """A scenario as a document that stands alone (its boards drawn in it): export."""

    def option_choices(self) -> list[dict]:
        """Optional rules a game may switch on, as players read them: id, name, one line of
        text, rule number, and `group` (shown only with another option, e.g. double_blind)."""

    def hidden_information(self, options: list[str]) -> bool:
        """Whether these options hide counters from the other side (faces, canaries)."""

    # -- a game's life ----------------------------------------------------------------------

    def opening_state(self, scenario_id: str, options: list[str] | None,
                      seats: dict[str, tuple[str, frozenset[str] | None]] | None) -> Any:
        """The state before the first command; `seats` maps seat id -> (side id, the units
        it commands, or None to let the ruleset deal them)."""

    def arm(self, state: Any, options: list[str], secret: str) -> Any:
        """Arm hidden information (per-game secret); open games come back unchanged."""

    def apply(self, state: Any, seat: str, command: Any, dice: Any) -> Step: ...

    def who_may_act(self, state: Any) -> tuple[str, ...]: ...

    def legal_commands(self, state: Any, seat: str) -> dict[str, list[dict]]: ...

    def may_undo(self, state: Any, seat: str) -> bool:
        """The seat may take back its last move now (nothing learned or rolled since)."""

    def result(self, state: Any) -> dict | None: ...

    def is_over(self, state: Any) -> bool: ...

    # -- what the server reads of a state ---------------------------------------------------

    def seat_sides(self, state: Any) -> dict[str, str]:
        """Seat id -> side id, for every seat of the game."""

    def seat_units(self, state: Any) -> dict[str, list[str]]:
        """Seat id -> the unit ids it commands (empty: the side's units no seat lists)."""

    def side_ids(self, state: Any) -> list[str]: ...

    def turn_marker(self, state: Any) -> tuple:
        """A value that changes whenever whose turn it is changes (the lobby's list)."""

    def turn_info(self, state: Any) -> dict:
        """Whose turn it is, as the lobby shows it: {"turn", "phase", "side", "seat"} (the
        side to act and the seat acting, or None)."""

    def stage(self, state: Any) -> tuple:
        """(turn, phase): a new stage of the turn tells every seat that may act (mails)."""

    def window_open(self, state: Any) -> bool:
        """A short decision of the side not playing is open (an opportunity-fire offer)."""

    def segments_finished(self, before: Any, after: Any) -> set[str]:
        """The sides that finished a turn segment of their own in this step (live clocks)."""

    def unit_rows(self, state: Any, only: list[str] | None = None) -> dict[str, dict]:
        """Each counter's row for the server's table: side, type_id, hex, steps, status,
        markers (a list of strings)."""

    # -- views and the log ------------------------------------------------------------------

    def view_for(self, state: Any, audience: tuple) -> dict: ...

    def redact_events(self, events: list, audience: tuple, state: Any) -> list: ...

    # -- what the board asks ----------------------------------------------------------------

    def map_payload(self, scenario_id: str) -> dict:
        """What the board draws of the map: boards, hexes, hexsides, roads."""

    def counter_types(self, scenario_id: str) -> dict[str, dict]:
        """The printed values of every counter type in the scenario."""

    def counter_faces(self, scenario_id: str, options: list[str], side: str | None) -> dict:
        """Side colours, human names and designations the board draws for one viewer (with
        hidden information, enemy counters are not named by id)."""

    def previews(self, state: Any, seat: str, unit: str) -> list[dict]:
        """What each legal command naming `unit` would cost or risk."""

    def composed_preview(self, state: Any, seat: str, command: dict) -> dict:
        """The odds of an attack the board composed; raises ValueError when malformed."""

    def why_not(self, state: Any, seat: str, units: list[str], hex_label: str) -> dict:
        """Why the units may not move to, fire at or assault a hex (rule numbers)."""

    def sight_line(self, state: Any, frm: str, to: str) -> dict:
        """Seen or blocked between two hexes, what blocks it and why."""

    # -- storage, replay and export ---------------------------------------------------------

    def encode_state(self, state: Any) -> dict: ...

    def decode_state(self, raw: dict) -> Any: ...

    def state_hash(self, state: Any) -> str: ...

    def replay(self, state: Any, seat: str, command: Any, dice: Any) -> Any:
        """The state a stored step made, applied again with its recorded dice."""

    def export(self, initial: Any, seed: str, steps: list[dict], final: Any) -> dict: ...

    def verify(self, doc: dict) -> str:
        """Replay an export; returns a summary line or raises VerifyError."""

    def playtest(self, *, games: int, seed: str, scenario_ids: list[str] | None = None,
                 max_steps: int = 20000, thorough: bool = False, out: Any = None) -> Any:
        """Random play of the bundled scenarios to the end (games.rules.playtest)."""
