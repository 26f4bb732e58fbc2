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
    front: str = ""  # an id of games/rules/common/fronts.py, "" when the file names none
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

    def load_document(self, doc: Any, play_id: str | None = None) -> ScenarioInfo:
        """Check a document and make its scenario playable under `play_id` (a published
        revision's `<id>.r<n>`: never reused) or its own id; ValueError listing its
        problems."""

    def counter_catalogue(self) -> dict[str, dict]:
        """Every counter type a designer may pick, as `counter_types` prints them."""

    def aircraft_catalogue(self) -> dict[str, dict]:
        """The aircraft counters a designer may give a side's air support, by type id: name,
        nationality, `observer`, and the `ordnance` it may carry; {} where a ruleset's air
        support is no counter of its own."""

    def document_map(self, doc: Any) -> dict:
        """What the board draws of a document's boards (as `map_payload`), before the rest
        of the battle is ready; ValueError when the boards cannot be laid out."""

    def blank_document(self, columns: int, rows: int) -> dict:
        """A new scenario on one blank board of that size: where a designer starts."""

    def scenario_document(self, scenario_id: str) -> dict:
        """A scenario as a document that stands alone (its boards drawn in it): export."""

    def option_choices(self) -> list[dict]:
        """Optional rules a game may switch on, as players read them: id, name, one line of
        text, rule number; `double_blind` when it is offered only with double-blind, `teams`
        when it matters only with several seats a side (both absent means False)."""

    def hidden_information(self, options: list[str]) -> bool:
        """Whether these options hide counters from the other side (faces, canaries)."""

    # -- a game's life ----------------------------------------------------------------------

    def opening_state(self, scenario_id: str, options: list[str] | None,
                      seats: dict[str, tuple[str, frozenset[str] | None]] | None) -> Any:
        """The state before the first command; `seats` maps seat id -> (side id, the units
        it commands, or None to let the ruleset deal them)."""

    def arm(self, state: Any, options: list[str], secret: str) -> Any:
        """Arm hidden information (per-game secret); open games come back unchanged."""

    def apply(self, state: Any, seat: str, command: Any, dice: Any) -> Step:
        """Play one command: the one way a game's state changes (PG 3.0, PL 4).

        `seat` is the seat id sending it, `command` the JSON object it sent, `dice` the
        source of every roll (SeededDice in play, ScriptedDice in a replay). Returns the
        Step: the new state (the given one is not changed), its events, the dice used.
        Raises InvalidCommand when the command is malformed and IllegalCommand when the rules
        do not allow it now (both RulesError, naming the rule); either way nothing changed."""

    def who_may_act(self, state: Any) -> tuple[str, ...]:
        """The seat ids that may send a command now, in seat order; () once the game is over.
        Raises nothing."""

    def legal_commands(self, state: Any, seat: str) -> dict[str, list[dict]]:
        """Every command `seat` may send now, complete JSON objects `apply` accepts, grouped
        by kind ("move", "fire", "end", ...) in the ruleset's order; {} when the seat may not
        act (an id that is no seat of the game included). What the board offers and the bots
        choose from. Raises nothing."""

    def may_undo(self, state: Any, seat: str) -> bool:
        """The seat may take back its last move now (nothing learned or rolled since)."""

    def result(self, state: Any) -> dict | None:
        """How the game ended, JSON-ready: {"winner": side id or None for a draw, and the
        ruleset's own fields (points, victory level, why)}; None while it goes on."""

    def is_over(self, state: Any) -> bool:
        """The game has ended (a result is decided); no command is accepted after."""

    # -- what the server reads of a state ---------------------------------------------------

    def seat_sides(self, state: Any) -> dict[str, str]:
        """Seat id -> side id, for every seat of the game."""

    def seat_units(self, state: Any) -> dict[str, list[str]]:
        """Seat id -> the unit ids it commands (empty: the side's units no seat lists)."""

    def side_ids(self, state: Any) -> list[str]:
        """The game's side ids in the scenario's order."""

    def turn_marker(self, state: Any) -> tuple:
        """A value that changes whenever whose turn it is changes (the lobby's list)."""

    def turn_info(self, state: Any) -> dict:
        """Whose turn it is, as the lobby shows it: {"turn", "phase", "side", "seat"} (the
        side to act and the seat acting, or None)."""

    def stage(self, state: Any) -> tuple:
        """(turn, phase): a new stage of the turn tells every seat that may act (mails)."""

    def window_open(self, state: Any) -> bool:
        """A short decision of the side not playing is open (an opportunity-fire offer)."""

    def orders_may_answer(self, state: Any) -> bool:
        """A decision that standing orders may answer waits for a side not playing: an open
        window, or another answer the ruleset asks of it (an offer to take back a move)."""

    # -- standing orders (DESIGN.md, "Reactions and plans as hidden information") ------------

    def check_standing_order(self, state: Any, side: str, order: Any) -> dict:
        """One standing order of `side` in its normal form, or ValueError saying what is wrong.
        An order is the ruleset's own plain data: which units answer, at what, when, and
        whether to fire, decline or ask the player."""

    def standing_order_answer(self, state: Any, seat: str, orders: list[dict]) -> dict | None:
        """The command the side's checked orders give `seat` in the open window, built from
        what that side may know only; None leaves the window to the player."""

    def standing_order_choices(self, state: Any, side: str) -> dict:
        """What an order of `side` may name (formations, unit types, answers), for the form."""

    def segments_finished(self, before: Any, after: Any) -> set[str]:
        """The sides that finished a turn segment of their own in this step (live clocks)."""

    def unit_rows(self, state: Any, only: list[str] | None = None) -> dict[str, dict]:
        """Each counter's row for the server's table: side, type_id, hex, steps, status,
        markers (a list of strings)."""

    # -- views and the log ------------------------------------------------------------------

    def view_for(self, state: Any, audience: tuple) -> dict:
        """The state as one audience may see it (module docstring: audiences), JSON-ready;
        what the socket's snapshot and patches are built from. Hidden counters the audience
        may not see are left out or shown as the rules allow, never by their ids. `audience`
        must be one of the three above (Panzer Grenadier raises ValueError for another).
        A side's (or seat's) view carries `previewed`: the command types whose `previews` and
        `composed_preview` give costs or odds, so the board asks for no other."""

    def redact_events(self, events: list, audience: tuple, state: Any) -> list:
        """The step's events (JSON-ready dicts) as one audience may read them, in `state` (the
        state after the step): events about counters it may not see are dropped or stripped
        of what would tell them apart. Returns a new list; `events` is not changed."""

    # -- what the board asks ----------------------------------------------------------------

    def map_payload(self, scenario_id: str) -> dict:
        """What the board draws of the map: boards, hexes, hexsides, roads."""

    def terrain_chart(self) -> dict[str, dict]:
        """Every terrain a map of this game may hold, by id: its name as players read it and
        the colour the board fills it with (`{"name": "Heavy woods", "fill": "#7d9c58"}`),
        for the problems a designer reads and the maps drawn outside the board."""

    def rules_reference(self) -> dict | None:
        """The charts the game page shows beside the board, as the rules read them (Panzer
        Leader's terrain and combat charts with their source); None when the ruleset shows
        none on the page. Raises nothing."""

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

    def encode_state(self, state: Any) -> dict:
        """The state as a JSON-ready dict for the database; `decode_state` reads it back
        equal (same `state_hash`)."""

    def decode_state(self, raw: dict) -> Any:
        """The state `encode_state` wrote. Raises ValueError or KeyError for a dict it did
        not write."""

    def state_hash(self, state: Any) -> str:
        """A hex digest of the whole state (hidden information included): two states with the
        same hash are the same game position. Replays and exports compare it."""

    def replay(self, state: Any, seat: str, command: Any, dice: Any) -> Any:
        """The state a stored step made, applied again with its recorded dice."""

    def export(self, initial: Any, seed: str, steps: list[dict], final: Any) -> dict:
        """A finished game as one JSON document anyone can check with `verify`: the opening
        state, the dice seed, every step (seat, command, dice) and the final state's hash."""

    def verify(self, doc: dict) -> str:
        """Replay an export; returns a summary line or raises VerifyError."""

    def invariant_problems(self, state: Any) -> list[str]:
        """Everything wrong with a state that no play by the rules can make (over-stacking,
        steps and statuses out of range, a counter in two places), one line each; [] for a
        sound state. The random-play check asks it after every step (rules/randomplay.py)."""

    def playtest(self, *, games: int, seed: str, scenario_ids: list[str] | None = None,
                 max_steps: int = 20000, thorough: bool = False, out: Any = None) -> Any:
        """Random play of the bundled scenarios to the end (games.rules.playtest)."""
