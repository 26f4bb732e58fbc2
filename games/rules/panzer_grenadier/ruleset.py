"""Panzer Grenadier behind the ruleset interface (games/rules/interface.py): the one object the
server knows of this package. Each method hands the question to the module that owns it."""

from __future__ import annotations

from functools import cache

from .. import randomplay
from ..common.dice import Roll, ScriptedDice
from ..interface import ScenarioInfo, Step
from . import presentation
from .core import hooks
from .core import state as st
from .core.registry import register_scenario, registered_scenarios, scenario_for
from .core.scenario import SCENARIO_DIR, bundled_scenarios, initial_state, load_scenario
from .core.scenario_document import (
    blank_document,
    check_scenario,
    document_of,
    map_of,
    scenario_from_document,
)
from .core.scenario_model import Scenario
from .core.serialize import state_from_json, state_hash, state_to_json
from .core.undo import may_undo
from .double_blind import knowledge
from .double_blind.observation import ADDITIONS as DB_ADDITIONS
from .engine import apply, who_may_act
from .legal import legal_commands
from .playtest import invariant_problems
from .playtest import player as random_player
from .preview import composed_preview, previews
from .sight_line import sight_line
from .standing_orders import check_standing_order, standing_order_answer, standing_order_choices
from .verify import export_game, verify
from .views import redact_events, view_for
from .why_not import why_not


@cache
def _bundled_infos() -> dict[str, ScenarioInfo]:
    return {sid: presentation.scenario_info(s) for sid, s in bundled_scenarios().items()}


_INFOS: dict[int, tuple] = {}


def _info(scen: Scenario) -> ScenarioInfo:
    """A registered scenario's info, worked out once (a registered id never changes)."""
    hit = _INFOS.get(id(scen))
    if hit is None or hit[0] is not scen:
        hit = _INFOS[id(scen)] = (scen, presentation.scenario_info(scen))
    return hit[1]


class PanzerGrenadier:
    id = "panzer_grenadier"
    title = "Panzer Grenadier"

    # -- scenarios and options --------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        """The bundled scenarios, and any registered for a verification or a test."""
        extra = {sid: _info(s) for sid, s in registered_scenarios().items()
                 if isinstance(s, Scenario)}  # a test's bare turn fixture is no scenario
        return {**_bundled_infos(), **extra} if extra else _bundled_infos()

    def scenario_files(self):
        return sorted(SCENARIO_DIR.glob("*.json"))

    def check_scenario_file(self, path):
        return load_scenario(path).title

    def check_scenario(self, doc):
        """Every problem of a scenario document (field, hex, rule, message); [] if playable."""
        return check_scenario(doc)

    def load_document(self, doc, play_id=None):
        """Check a document and make its scenario playable under `play_id` (a published
        revision's) or its own id; ValueError listing its problems."""
        scen = scenario_from_document(doc, play_id)
        register_scenario(scen)
        return _info(scen)

    def counter_catalogue(self):
        """Every counter type a designer may pick, as the board draws it."""
        return presentation.counter_catalogue()

    def aircraft_catalogue(self):
        """None: air support is a sortie of a special rule, not a counter (designer's panel)."""
        return {}

    def document_map(self, doc):
        """What the board draws of a document's boards; ValueError when it cannot."""
        return presentation.payload_of(map_of(doc), doc)

    def blank_document(self, columns, rows):
        """A new scenario on one blank board of clear ground (the designer's start)."""
        return blank_document(columns, rows)

    def scenario_document(self, scenario_id):
        """A scenario as a document, with every board it is laid on drawn in it."""
        return document_of(scenario_for(scenario_id))

    def option_choices(self) -> list[dict]:
        return presentation.option_choices()

    def hidden_information(self, options):
        return presentation.hidden_information(options)

    # -- a game's life ----------------------------------------------------------------------

    def opening_state(self, scenario_id, options=None, seats=None):
        """`options` may name the double-blind additions: they take effect when armed."""
        plain = None if options is None else [o for o in options if o not in DB_ADDITIONS]
        if seats and any(units is not None for _, units in seats.values()):
            dealt = tuple(st.SeatState(id=seat, side=side, units=frozenset(units or ()))
                          for seat, (side, units) in seats.items())
            return initial_state(scenario_for(scenario_id), options=plain, seats=dealt)
        plain_seats = {seat: side for seat, (side, _) in seats.items()} if seats else None
        return initial_state(scenario_for(scenario_id), options=plain, seats=plain_seats)

    def arm(self, state, options, secret):
        additions = sorted(set(options) & set(DB_ADDITIONS))
        if not (set(options) & set(knowledge.MODES)) and not additions:
            return state
        return knowledge.start(state, secret, additions)

    def apply(self, state, seat, command, dice) -> Step:
        step = apply(state, seat, command, dice)
        return Step(state=step.state, events=tuple(e.to_json() for e in step.events),
                    dice_used=tuple(r.to_json() for r in step.dice_used))

    def who_may_act(self, state):
        return who_may_act(state)

    def legal_commands(self, state, seat):
        return legal_commands(state, seat)

    def may_undo(self, state, seat):
        return may_undo(state, seat)

    def result(self, state):
        return dict(state.result) if state.result is not None else None

    def is_over(self, state):
        return state.phase == st.ENDED

    # -- what the server reads of a state ---------------------------------------------------

    def seat_sides(self, state):
        return {s.id: s.side for s in state.seats}

    def seat_units(self, state):
        return {s.id: sorted(s.units) for s in state.seats}

    def side_ids(self, state):
        return [s.id for s in state.sides]

    def turn_marker(self, state):
        a = state.activation
        return (state.turn, state.phase, state.active_side, a.seat if a is not None else None,
                state.opfire.side if state.opfire is not None else None)  # 13.0 window

    def turn_info(self, state):
        a = state.activation
        return {"turn": state.turn, "phase": state.phase, "side": state.active_side,
                "seat": a.seat if a is not None else None}

    def stage(self, state):
        return (state.turn, state.phase)

    def window_open(self, state):
        return state.opfire is not None  # an opportunity-fire offer (13.0)

    def orders_may_answer(self, state):
        # An opportunity-fire window (13.0) or an offer to take back an activation
        # (D-TAKEBACK-1): the two decisions the engine asks of a side not playing.
        return state.opfire is not None or hooks.first("answering_side", state) is not None

    def check_standing_order(self, state, side, order):
        return check_standing_order(state, side, order)

    def standing_order_answer(self, state, seat, orders):
        return standing_order_answer(state, seat, orders)

    def standing_order_choices(self, state, side):
        return standing_order_choices(state, side)

    def segments_finished(self, before, after):
        """Sides that finished an action segment: an activation, or a pass (3.0; automatic
        passes do not count)."""
        if before is None:
            return set()
        was = before.played_segment
        return {side for side, n in after.played_segment.items() if was.get(side) != n}

    def unit_rows(self, state, only=None):
        return presentation.unit_rows(state, only)

    # -- views and the log ------------------------------------------------------------------

    def view_for(self, state, audience):
        view = view_for(state, audience)
        view.update(presentation.command_of(state, audience[1] if audience[0] == "side" else None))
        return view

    def redact_events(self, events, audience, state):
        return redact_events([presentation.event_from_json(e) for e in events], audience, state)

    # -- what the board asks ----------------------------------------------------------------

    def map_payload(self, scenario_id):
        return presentation.map_payload(scenario_id)

    def terrain_chart(self):
        return presentation.terrain_chart()

    def rules_reference(self):
        return None  # the game page shows no chart of its own: the rulebook's are printed

    def counter_types(self, scenario_id):
        return presentation.counter_types(scenario_id)

    def counter_faces(self, scenario_id, options, side):
        return presentation.faces_for(scenario_id, options, side)

    def previews(self, state, seat, unit):
        return previews(state, seat, unit)

    def composed_preview(self, state, seat, command):
        return composed_preview(state, seat, command)

    def why_not(self, state, seat, units, hex_label):
        return why_not(state, seat, units, hex_label)

    def sight_line(self, state, frm, to):
        return sight_line(state, frm, to)

    # -- storage, replay and export ---------------------------------------------------------

    def encode_state(self, state):
        return state_to_json(state)

    def decode_state(self, raw):
        return state_from_json(raw)

    def state_hash(self, state):
        return state_hash(state)

    def replay(self, state, seat, command, dice):
        recorded = ScriptedDice.replaying(Roll.from_json(r) for r in dice or [])
        return apply(state, seat, command, recorded).state

    def export(self, initial, seed, steps, final):
        return export_game(initial, seed, steps, final)

    def verify(self, doc):
        return verify(doc)

    def invariant_problems(self, state):
        return invariant_problems(state)

    def playtest(self, *, games, seed, scenario_ids=None, max_steps=20000, thorough=False,
                 out=None):
        """Random play of the bundled scenarios, every other game with the optional rules."""
        return randomplay.run(self, random_player(thorough), games, seed, scenario_ids,
                              max_steps, out=out)


RULESET = PanzerGrenadier()

