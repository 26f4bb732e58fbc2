"""What a loaded scenario is: sides, placements, formations, victory conditions, rules (0.0).

Plain frozen data built by `scenario_checks.build` once a file has passed every check;
`scenario.py` loads, `victory.py` scores, `initial_state` sets up from these.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...common.hexgrid import Hex
from ...common.setup_areas import SetupArea  # D-SETUP-1: one shape for both rulesets
from .maps import Map
from .units import Catalogue, catalogue

# The optional rules a game may switch on (17, 18).
OPTIONAL_RULES: tuple[str, ...] = (
    "consolidation",
    "drumfire",
    "efficient_move_fire",
    "excess_initiative",
    "extended_assault",
    "fog_of_war",
    "formation_activation",
    "hidden_units",
    "limited_intelligence",
    "logistics",
    "mire",
    "double_blind",
    "sector_command",
    "takebacks",  # not a rule of the game: the players' agreement (D-TAKEBACK-1)
)
# How the new-game page presents each: a name, one line of explanation, its rule number.
OPTIONAL_RULE_INFO: dict[str, tuple[str, str, str]] = {
    "consolidation": ("Consolidation", "Two reduced units of one type merge into one full-strength unit, led by a Major or higher.", "17.1"),
    "drumfire": ("Drumfire", "Artillery that bombards the hex it hit last turn also strikes every unit moving into it.", "17.2"),
    "efficient_move_fire": ("Efficient move and fire", "An efficient AFV may move up to half its movement and fire once, at −1.", "17.3"),
    "excess_initiative": ("Excess initiative", "Win the initiative by three segments or more and bank one, to play later as a double segment.", "17.4"),
    "extended_assault": ("Extended assault", "AFVs led by a tank leader may assault from two or three hexes away.", "17.5"),
    "fog_of_war": ("Fog of war", "Once each side has had three segments, a 3d6 roll of 16 or more ends the turn at once.", "17.6"),
    "sector_command": ("Sector command", "Team games: each player commands the units in his own band of the map, not whole formations.", "19"),
    "formation_activation": ("Formation activation", "A senior leader may activate a whole formation on a 2d6 morale roll.", "17.7"),
    "hidden_units": ("Hidden units", "Units may set up hidden; the enemy spots them only at a quarter of the usual range.", "17.8"),
    "limited_intelligence": ("Limited intelligence", "You see only the top counter of an enemy stack unless it is adjacent to your units or spotted.", "17.9"),
    "logistics": ("Logistics and supply", "A fog-of-war roll of 3 or 4 brings a supply shortfall; a second one, a critical shortage.", "17.10"),
    "mire": ("Mire", "Vehicles entering woods, swamp and other mire terrain may bog down for several turns.", "17, Part II"),
    "double_blind": ("Double-blind", "Each side sees only what its observation points see; the rest of the map stays dark.", "18"),
    "takebacks": ("Take-backs", "A player may ask to take back his last activation; it is undone if the opponent agrees (unrated games).", "D-TAKEBACK-1"),
}
# Rules that divide a side among its seats: nothing to choose for a game one seat a side.
TEAM_RULES = frozenset({"sector_command"})
EDGES = ("N", "E", "S", "W")


class ScenarioError(ValueError):
    """A scenario is invalid; `problems` lists every problem, each prefixed by its path."""

    def __init__(self, problems: Iterable[str], source: str = "scenario"):
        self.problems: tuple[str, ...] = tuple(problems)
        self.source = source
        count = len(self.problems)
        head = f"{source}: {count} problem{'s' if count != 1 else ''}"
        super().__init__(head + "".join(f"\n  {p}" for p in self.problems))


# -- the loaded scenario ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Side:
    """One side: its nationality and the scenario's initiative and morale for it (3.0, 14.0)."""

    id: str
    name: str
    nationality: str
    initiative: int
    morale: int
    sets_up: str | None = None
    briefing: str = ""


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a counter starts: a hex, a reinforcement turn and edge, or aboard a transport."""

    id: str
    type_id: str
    side: str
    hex: Hex | None = None  # on the map at set-up (a carried unit: its carrier's hex)
    label: str | None = None
    entry_turn: int | None = None  # reinforcements (16.5); a carried unit: its carrier's
    entry_edge: str | None = None
    entry_hex: Hex | None = None
    carried_by: str | None = None
    steps: int = 2
    formation: str | None = None
    hidden: bool = False
    dug_in: bool = False
    name: str | None = None

    @property
    def is_reinforcement(self) -> bool:
        return self.entry_turn is not None


@dataclass(frozen=True, slots=True)
class Formation:
    """A named group of units; team games divide a side's units by formation."""

    id: str
    name: str
    side: str
    units: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HexObjective:
    """A victory hex: points to whoever holds it at the end; `holder` holds it at the start."""

    hex: Hex
    label: str
    points: int
    holder: str | None
    name: str = ""
    sides: tuple[str, ...] = ()  # sides that score it; empty = every side


@dataclass(frozen=True, slots=True)
class ExitCondition:
    """Points per step of `side`'s units that leave the map through `edge`."""

    side: str
    edge: str
    points_per_step: int


@dataclass(frozen=True, slots=True)
class LossCondition:
    """Points the enemy of `side` scores for each step and leader `side` loses."""

    side: str
    per_step: int
    per_afv_step: int
    per_transport_step: int
    per_leader: int


@dataclass(frozen=True, slots=True)
class Decision:
    """How the winner is decided: most_points, threshold (side reaches at_least) or margin."""

    method: str
    side: str | None = None
    at_least: int | None = None
    draw_at_least: int | None = None


@dataclass(frozen=True, slots=True)
class Victory:
    hexes: tuple[HexObjective, ...]
    exits: tuple[ExitCondition, ...]
    losses: tuple[LossCondition, ...]
    decision: Decision
    description: str = ""


@dataclass(frozen=True, slots=True)
class Increment:
    """An off-board artillery increment (9.2)."""

    id: str
    name: str
    strength: int
    from_turn: int = 1
    to_turn: int | None = None


@dataclass(frozen=True, slots=True)
class Sortie:
    """An aircraft of an `air_support` special rule: flies once a turn in its turns (15.1)."""

    id: str
    name: str
    direct_fire: int | None = None
    anti_tank: int | None = None
    from_turn: int = 1
    to_turn: int | None = None


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A scenario special rule: a name the engine knows, its side, and the text players read."""

    rule: str
    text: str
    side: str | None = None
    increments: tuple[Increment, ...] = ()
    sorties: tuple[Sortie, ...] = ()  # air_support (15.1)


@dataclass(frozen=True, slots=True)
class ScenarioMarker:
    hex: Hex
    marker: str  # entrenchment, minefield, wire
    side: str | None = None


@dataclass(frozen=True, eq=False)
class Scenario:
    """A checked scenario: everything static about a game."""

    id: str
    title: str
    date: str
    description: str
    learning: bool
    map: Map
    boards: tuple[str, ...]
    sides: tuple[Side, ...]
    first_side: str
    turns: int
    night_turns: tuple[int, ...]
    units: tuple[Placement, ...]
    formations: tuple[Formation, ...]
    victory: Victory
    optional_rules: Mapping[str, bool]
    special_rules: tuple[SpecialRule, ...]
    markers: tuple[ScenarioMarker, ...] = ()
    setup_areas: tuple[SetupArea, ...] = ()  # D-SETUP-1; () when the scenario places all
    catalogue: Catalogue = field(default_factory=catalogue)
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)

    def side(self, side_id: str) -> Side:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def unit(self, unit_id: str) -> Placement:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    @property
    def default_options(self) -> frozenset[str]:
        """Optional rules the scenario switches on unless the game's host changes them."""
        return frozenset(k for k, on in self.optional_rules.items() if on)

    @property
    def size(self) -> dict[str, Any]:
        """Boards and counters per side (lobby listings, benchmarks)."""
        per_side = {s.id: 0 for s in self.sides}
        leaders = {s.id: 0 for s in self.sides}
        for u in self.units:
            if self.catalogue[u.type_id].is_leader:
                leaders[u.side] += 1
            else:
                per_side[u.side] += 1
        return {
            "boards": len(self.boards),
            "units": per_side,
            "leaders": leaders,
            "total": len(self.units),
        }

    def rules(self, name: str) -> tuple[SpecialRule, ...]:
        """The special rules of one kind (`dig_in_at_start`, `offboard_artillery`...)."""
        return tuple(r for r in self.special_rules if r.rule == name)
