"""The one place the Django side calls the rules: it finds a game's ruleset through the
registry (games.rules.registry) and asks only the ruleset interface (games/rules/interface.py),
so the server never knows which game it runs.

A state is the ruleset's own object; the adapter finds its ruleset from its scenario
(`state.scenario_id`) and a stored state's from the `ruleset` key the adapter writes beside
it (states stored before there were two games have none: they are Panzer Grenadier).

Decoded states and audience views are cached by (game, version), which is safe because a
version's state never changes once committed.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games import results
from games.rules import registry
from games.rules.common.dice import SeededDice, commitment, new_seed
from games.rules.common.errors import RulesError
from games.rules.interface import Ruleset, ScenarioInfo

__all__ = [
    "FULL",
    "PUBLIC",
    "Applied",
    "GameState",
    "RulesError",
    "apply_command",
    "arm",
    "audience_view",
    "commitment",
    "decode_state",
    "encode_state",
    "events_for",
    "legal_for",
    "map_payload",
    "new_seed",
    "opening_state",
    "scenario",
    "scenarios",
    "unit_rows",
]

GameState = Any  # a ruleset's own state object; only its ruleset reads it

# Audience keys, as strings so they can cross the channel layer and name a cache entry:
# "side:<side id>" (that side's view, with its seats' legal commands), "public", "full".
PUBLIC = "public"
FULL = "full"


def side_audience(side_id: str) -> str:
    return f"side:{side_id}"


# -- rulesets and scenarios ---------------------------------------------------------------------


def rules_for(scenario_id: str) -> Ruleset:
    """The ruleset a scenario belongs to; KeyError when no ruleset has it."""
    return registry.for_scenario(scenario_id)


def rules_of(state: GameState) -> Ruleset:
    return registry.for_scenario(state.scenario_id)


def scenarios() -> dict[str, ScenarioInfo]:
    """Every bundled scenario of every ruleset by id, grouped by game."""
    return {s.id: s for _, s in registry.all_scenarios()}


def scenario(scenario_id: str) -> ScenarioInfo:
    """One bundled scenario; KeyError when there is none by that id."""
    return rules_for(scenario_id).scenarios()[scenario_id]


def most_seats_a_side(scenario_id: str) -> int:
    """How many seats a side of a scenario may have: a side's seats divide its units by its
    formations, so one seat per formation of the side with fewest, and at least one (a
    Panzer Leader situation has no formations: one seat a side). KeyError for no scenario."""
    scen = scenario(scenario_id)
    return max(1, min(sum(1 for f in scen.formations if f.side == s.id) for s in scen.sides))


def side_namer(scenario_id: str) -> Callable[[str], str]:
    """A scenario's side names by side id (the id itself for a side it does not name)."""
    try:
        names = {s.id: s.name for s in scenario(scenario_id).sides}
    except KeyError:
        names = {}
    return lambda side: names.get(side, side)


def scenario_summary(scen: ScenarioInfo) -> dict:
    """A scenario as the API and the pages show it."""
    return {
        "id": scen.id,
        "ruleset": scen.ruleset,
        "game": registry.ruleset(scen.ruleset).title,
        "title": scen.title,
        "date": scen.date,
        "description": scen.description,
        "learning": scen.learning,
        "turns": scen.turns,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "nationality": s.nationality,
                "initiative": s.initiative,
                "morale": s.morale,
                "briefing": s.briefing,
            }
            for s in scen.sides
        ],
        "optional_rules": sorted(scen.default_options),
        "size": scen.size,
    }


def games_list() -> list[dict]:
    """The games pgweb referees, each with its id and title (the lobby groups by them)."""
    return [{"id": r.id, "title": r.title} for r in registry.RULESETS.values()]


def option_choices(ruleset_id: str | None = None) -> list[dict]:
    """The options a new game of one game may switch on, as players read them (Panzer
    Grenadier's when no game is named)."""
    return registry.ruleset(ruleset_id).option_choices()


def option_ids(scenario_id: str) -> set[str]:
    return {c["id"] for c in rules_for(scenario_id).option_choices()}


def hidden_information(scenario_id: str, options: list[str]) -> bool:
    return rules_for(scenario_id).hidden_information(options)


# -- a game's life --------------------------------------------------------------------------------


def opening_state(scenario_id: str, options: list[str], seats: Mapping[str, str]) -> GameState:
    """The state before the first command, with `seats` mapping seat id -> side id."""
    return rules_for(scenario_id).opening_state(
        scenario_id, options, {seat: (side, None) for seat, side in seats.items()}
    )


def divided_opening_state(
    scenario_id: str, options: list[str], seats: Mapping[str, tuple[str, frozenset[str]]]
) -> GameState:
    """The opening state with each seat's own units: seat id -> (side id, unit ids)."""
    return rules_for(scenario_id).opening_state(scenario_id, options, dict(seats))


def arm(state: GameState, options: list[str]) -> GameState:
    """Arm a hidden-information game with a fresh secret for its handles (D-DB-MODES).

    The secret lives only in the stored state (exported for replays after the end, like
    the seed); no view, frame or log line carries it. Open games are returned unchanged.
    """
    return rules_of(state).arm(state, options, secrets.token_hex(32))


# -- states, cached by (game, version) ----------------------------------------------------------

_CACHE_SIZE = 512

# Extra keys for every audience's view, from other apps (the clocks add `clocks`): each
# takes (game id, version) and returns what every audience may see at that version.
VIEW_EXTRAS: list[Any] = []
_states: OrderedDict[tuple[str, int], GameState] = OrderedDict()
_views: OrderedDict[tuple[str, int, str], dict] = OrderedDict()


# The sockets' command thread and their other database thread (games.dbpaths) both fill
# these caches: an entry and its eviction are changed under one lock.
_caches_lock = threading.Lock()


def _remember(cache_: OrderedDict, key: Any, value: Any) -> None:
    with _caches_lock:
        cache_[key] = value
        cache_.move_to_end(key)
        while len(cache_) > _CACHE_SIZE:
            cache_.popitem(last=False)


def encode_state(state: GameState) -> dict:
    """The state as JSON to store, stamped with its ruleset."""
    rs = rules_of(state)
    return {"ruleset": rs.id, **rs.encode_state(state)}


def decode_state(game_id: str, version: int, raw: Mapping[str, Any]) -> GameState:
    """The state of a game at a version, decoded once per process."""
    key = (str(game_id), version)
    hit = _states.get(key)
    if hit is None:
        hit = registry.ruleset(raw.get("ruleset")).decode_state(dict(raw))
        _remember(_states, key, hit)
    return hit


def cached_state(game_id: str, version: int) -> GameState | None:
    """The decoded state of a version if this process has it."""
    return _states.get((str(game_id), version))


def remember_state(game_id: str, version: int, state: GameState) -> None:
    _remember(_states, (str(game_id), version), state)


def replay_step(state: GameState, seat_id: str, command: Any, dice: list[dict]) -> GameState:
    """The state a stored step made, applied again with its recorded dice (the log is the
    truth; games.steplog rebuilds versions between checkpoints with this)."""
    return rules_of(state).replay(state, seat_id, command, dice)


@dataclass(frozen=True)
class Applied:
    """What a command did, as the service stores it."""

    state: GameState
    events: list[dict]
    dice: list[dict]
    dice_position: int


def apply_command(
    state: GameState, seat_id: str, command: Any, seed: str, position: int
) -> Applied:
    """Apply a command with the game's seeded dice; raises RulesError (with .code)."""
    dice = SeededDice(seed, position=position)
    step = rules_of(state).apply(state, seat_id, command, dice)
    return Applied(
        state=step.state,
        events=list(step.events),
        dice=list(step.dice_used),
        dice_position=dice.position,
    )


# -- what the server reads of a state ------------------------------------------------------------


def who_may_act(state: GameState) -> tuple[str, ...]:
    """The seats that may send a command now (the ruleset's answer; empty once ended)."""
    return rules_of(state).who_may_act(state)


def is_over(state: GameState) -> bool:
    return rules_of(state).is_over(state)


def result_of(state: GameState) -> dict | None:
    return rules_of(state).result(state)


def seat_sides(state: GameState) -> dict[str, str]:
    return rules_of(state).seat_sides(state)


def seat_units(state: GameState) -> dict[str, list[str]]:
    return rules_of(state).seat_units(state)


def side_ids(state: GameState) -> list[str]:
    return rules_of(state).side_ids(state)


def turn_marker(state: GameState) -> tuple:
    """Changes whenever whose turn it is changes (the lobby's list is pushed then)."""
    return rules_of(state).turn_marker(state)


def turn_info(state: GameState) -> dict:
    """Whose turn it is, as the lobby shows it: turn, phase, side to act, seat acting."""
    return rules_of(state).turn_info(state)


def stage(state: GameState) -> tuple:
    """(turn, phase): a new stage of the turn tells every seat that may act."""
    return rules_of(state).stage(state)


def deciding_sides(state: GameState) -> dict[str, tuple[str, ...]]:
    """The sides that must decide now, each with its seats that may act."""
    side_of = seat_sides(state)
    out: dict[str, tuple[str, ...]] = {}
    for seat in who_may_act(state):
        out[side_of[seat]] = (*out.get(side_of[seat], ()), seat)
    return out


def window_open(state: GameState) -> bool:
    """A short decision of the side not playing is open (an opportunity-fire offer)."""
    return rules_of(state).window_open(state)


def orders_may_answer(state: GameState) -> bool:
    """A decision a side's standing orders may answer is open (a window, an offer)."""
    return rules_of(state).orders_may_answer(state)


def segments_finished(before: GameState | None, after: GameState) -> set[str]:
    """The sides that finished a segment of their own in this step (live clock increments)."""
    return rules_of(after).segments_finished(before, after)


def unit_rows(state: GameState, only: list[str] | None = None) -> dict[str, dict]:
    """Each counter's row fields (Unit model) from a state; `only` these ids if given."""
    return rules_of(state).unit_rows(state, only)


def legal_for(state: GameState, seat_id: str) -> list[dict]:
    """Every command a seat may send now, complete objects, in the ruleset's group order."""
    return [c for cs in rules_of(state).legal_commands(state, seat_id).values() for c in cs]


def hash_of(state: GameState) -> str:
    return rules_of(state).state_hash(state)


def export_document(initial: GameState, seed: str, steps: list[dict], final: GameState) -> dict:
    """The verifier's export document (the ruleset's `export`)."""
    return rules_of(initial).export(initial, seed, steps, final)


# -- views and the log ---------------------------------------------------------------------------


def _ruleset_audience(state: GameState, audience: str) -> tuple:
    if audience == FULL or is_over(state):
        return ("full",)
    if audience == PUBLIC:
        return ("spectator", "public")
    kind, _, side = audience.partition(":")
    if kind != "side":
        raise ValueError(f"unknown audience {audience!r}")
    return ("side", side)


def audience_view(game_id: str, version: int, state: GameState, audience: str) -> dict:
    """An audience's view at a version (cached): the ruleset's view plus, for a side, the legal
    commands of each of its seats that may act, keyed by seat id, and the seats that may take
    back their last move. Once the game has ended, every audience sees everything."""
    key = (str(game_id), version, audience)
    hit = _views.get(key)
    if hit is not None:
        return hit
    rs = rules_of(state)
    who = _ruleset_audience(state, audience)
    view = rs.view_for(state, who)
    # On the wire, units are keyed by id: a patch then touches the counters that changed, not
    # the whole list (games/patch.py replaces arrays whole).
    view["units"] = {u["id"]: u for u in view["units"]}
    if who[0] == "side":
        mine = [seat for seat, side in rs.seat_sides(state).items() if side == who[1]]
        legal = {seat: groups for seat in mine if (groups := rs.legal_commands(state, seat))}
        view["legal"] = legal
        undoable = [seat for seat in mine if rs.may_undo(state, seat)]
        if undoable:
            view["undo"] = undoable
    if isinstance(view.get("result"), dict):
        # The result in words, from the one table the lobby's cards use too (games/results.py).
        view["result"] = results.with_words(view["result"], side_namer(state.scenario_id))
    for extra in VIEW_EXTRAS:
        view.update(extra(game_id, version))
    _remember(_views, key, view)
    return view


def events_for(events: list[dict], state: GameState, audience: str) -> list[dict]:
    """The events of a step an audience may see (`state` is the state after the step)."""
    return rules_of(state).redact_events(events, _ruleset_audience(state, audience), state)


# -- what the board asks --------------------------------------------------------------------------


def map_payload(scenario_id: str) -> dict:
    """What the board draws of the map: boards, hexes, hexsides, roads."""
    return rules_for(scenario_id).map_payload(scenario_id)


def terrain_chart(scenario_id: str) -> dict[str, dict]:
    """Each terrain of the scenario's game: its name and the board's fill."""
    return rules_for(scenario_id).terrain_chart()


def rules_reference(scenario_id: str) -> dict | None:
    """The charts a ruleset shows on its game page, or None where it shows none."""
    return rules_for(scenario_id).rules_reference()


def counter_types(scenario_id: str) -> dict[str, dict]:
    """The printed values of every counter type of a scenario, for the board to draw."""
    return rules_for(scenario_id).counter_types(scenario_id)


def counter_faces(scenario_id: str) -> dict:
    """Side colours, human names and short designations of every counter (open games)."""
    return rules_for(scenario_id).counter_faces(scenario_id, [], None)


def game_options(options: Mapping[str, Any]) -> list[str]:
    """The rules a stored game plays with: its optional rules, and double-blind when on."""
    chosen = set(options.get("optional_rules") or ())
    if options.get("double_blind"):
        chosen.add("double_blind")
    return sorted(chosen)


def faces_for(scenario_id: str, options: Mapping[str, Any], side: str | None) -> dict:
    """The counter faces one viewer's page carries (with hidden information, enemy counters
    are not named by id)."""
    return rules_for(scenario_id).counter_faces(scenario_id, game_options(options), side)


def previews_for(state: GameState, seat_id: str, unit: str) -> list[dict]:
    """What each of the seat's legal commands naming `unit` would cost or risk."""
    return rules_of(state).previews(state, seat_id, unit)


def composed_preview_for(state: GameState, seat_id: str, command: Any) -> dict:
    """The odds of an attack the board composed."""
    return rules_of(state).composed_preview(state, seat_id, command)


def why_not_for(state: GameState, seat_id: str, units: list[str], hex_label: str) -> dict:
    """Why the seat's units may not act against a hex; ValueError for a label not on the map."""
    return rules_of(state).why_not(state, seat_id, units, hex_label)


def sight_line_for(state: GameState, frm: str, to: str) -> dict:
    """Line of sight between two hexes from the map alone; ValueError for a bad label."""
    return rules_of(state).sight_line(state, frm, to)
