"""The Panzer Leader ruleset object (games/rules/interface.py): the one thing the registry
knows of this package. Each method hands the question to the module that owns it."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .. import randomplay, replay
from ..common.dice import Roll, ScriptedDice
from ..interface import ScenarioInfo, Step
from . import (
    answers,
    engine,
    invariants,
    legal,
    playtest,
    presentation,
    reference,
    scenario_check,
    standing_orders,
    views,
)
from .core import setup
from .core.scenario import (
    bundled_scenarios,
    opening_state,
    register,
    registered,
    scenario_for,
    scenario_from_dict,
)
from .core.state import ENDED, from_json, state_hash, to_json
from .core.units import DATA


@cache
def _bundled_infos() -> dict[str, ScenarioInfo]:
    return {sid: presentation.scenario_info(s) for sid, s in bundled_scenarios().items()}


_INFOS: dict[int, tuple] = {}


def _info(sit) -> ScenarioInfo:
    """A registered situation's info, worked out once (a registered id never changes)."""
    hit = _INFOS.get(id(sit))
    if hit is None or hit[0] is not sit:
        hit = _INFOS[id(sit)] = (sit, presentation.scenario_info(sit))
    return hit[1]


class PanzerLeader:
    id = "panzer_leader"
    title = "Panzer Leader"

    # -- scenarios and options --------------------------------------------------------------

    def scenarios(self) -> dict[str, ScenarioInfo]:
        """The bundled situations, and any registered (a designer's published revision)."""
        extra = {sid: _info(sit) for sid, sit in registered().items()}
        return {**_bundled_infos(), **extra} if extra else _bundled_infos()

    def scenario_files(self):
        return sorted((DATA / "situations").glob("*.json"))

    def check_scenario_file(self, path):
        """A situation loads, its counters and markers stand where they may (17), and its
        set-up keeps out of the enemy's sight as 23.2 asks (setup.problems)."""
        sit = scenario_from_dict(json.loads(Path(path).read_text(encoding="utf-8")))
        found = setup.problems(sit)
        if found:
            raise ValueError("; ".join(found))
        return sit.title

    def check_scenario(self, doc):
        """Every problem of a situation document (field, hex, rule, message); [] if playable."""
        return scenario_check.check_scenario(doc)

    def load_document(self, doc, play_id=None):
        """Check a document and make its situation playable under `play_id` (a published
        revision's) or its own id; ValueError listing its problems."""
        sit = scenario_check.scenario_from_document(doc, play_id)
        register(sit)
        return _info(sit)

    def counter_catalogue(self):
        """Every counter type a designer may pick, as the board draws it."""
        return presentation.counter_catalogue()

    def aircraft_catalogue(self):
        """The aircraft a situation's air support flies (20)."""
        return presentation.aircraft_catalogue()

    def document_map(self, doc):
        """What the board draws of a document's boards; ValueError when it cannot."""
        return presentation.document_map(doc)

    def blank_document(self, columns, rows):
        """A new scenario on one blank board of clear ground (the designer's start)."""
        return scenario_check.blank_document(columns, rows)

    def scenario_document(self, scenario_id):
        """A situation as a document, with every board it is laid on drawn in it."""
        return scenario_check.document_of(scenario_for(scenario_id))

    def option_choices(self):
        return presentation.option_choices()

    def hidden_information(self, options):
        return False  # counters are open; orders and unfound mines are filtered by the views

    # -- a game's life ----------------------------------------------------------------------

    def opening_state(self, scenario_id, options=None, seats=None):
        """Every seat of a side commands the whole side (team members share it)."""
        plain = {seat: side for seat, (side, _) in seats.items()} if seats else None
        return opening_state(scenario_for(scenario_id), options=options, seats=plain)

    def arm(self, state, options, secret):
        """Arm hidden information: the game's secret makes the handles of face-down units
        afloat opaque (19.3, hidden.py). The secret is in no view."""
        armed = state.copy()
        armed.secret = secret
        return armed

    def apply(self, state, seat, command, dice) -> Step:
        before = len(getattr(dice, "rolls", []))
        new, events = engine.apply(state, seat, command, dice)
        used = getattr(dice, "rolls", [])[before:]
        return Step(state=new, events=tuple(events),
                    dice_used=tuple(r.to_json() for r in used))

    def who_may_act(self, state):
        return engine.who_may_act(state)

    def legal_commands(self, state, seat):
        return legal.legal_commands(state, seat)

    def may_undo(self, state, seat):
        return False  # no take-backs in Panzer Leader (PL-D decisions keep moves final)

    def result(self, state):
        return dict(state.result) if state.result else None

    def is_over(self, state):
        return state.phase == ENDED

    # -- what the server reads of a state ---------------------------------------------------

    def seat_sides(self, state):
        return {s["id"]: s["side"] for s in state.seats}

    def seat_units(self, state):
        return {s["id"]: [] for s in state.seats}

    def side_ids(self, state):
        return list(state.sides)

    def turn_marker(self, state):
        return (state.turn, state.phase, state.active_side, bool(state.pending))

    def turn_info(self, state):
        side = state.enemy(state.active_side) if state.pending else state.active_side
        return {"turn": state.turn, "phase": state.phase, "side": side, "seat": None}

    def stage(self, state):
        return (state.turn, state.phase)

    def check_standing_order(self, state, side, order):
        return standing_orders.check_standing_order(state, side, order)

    def standing_order_answer(self, state, seat, orders):
        return standing_orders.standing_order_answer(state, seat, orders)

    def standing_order_choices(self, state, side):
        return standing_orders.standing_order_choices(state, side)

    def window_open(self, state):
        return bool(state.pending)  # an opportunity-fire window during a move (21.2)

    def orders_may_answer(self, state):
        return self.window_open(state)  # Panzer Leader asks nothing else of a side not moving

    def segments_finished(self, before, after):
        """The side whose player turn ended in this step (its assault phase is over)."""
        if before is None or before.active_side == after.active_side and before.turn == after.turn:
            return set()
        return {before.active_side}

    def unit_rows(self, state, only=None):
        return presentation.unit_rows(state, only)

    # -- views and the log ------------------------------------------------------------------

    def view_for(self, state, audience):
        return views.view_for(state, audience)

    def redact_events(self, events, audience, state):
        return views.redact_events(list(events), audience, state)

    # -- what the board asks ----------------------------------------------------------------

    def map_payload(self, scenario_id):
        return presentation.map_payload(scenario_id)

    def terrain_chart(self):
        return presentation.terrain_chart()

    def rules_reference(self):
        """The charts as the game uses them, for the game page (reference.py)."""
        return reference.rules_reference()

    def counter_types(self, scenario_id):
        return presentation.counter_types(scenario_id)

    def counter_faces(self, scenario_id, options, side):
        return presentation.board_faces(scenario_id)

    def previews(self, state, seat, unit):
        return answers.previews(state, seat, unit)

    def composed_preview(self, state, seat, command):
        return answers.composed_preview(state, seat, command)

    def why_not(self, state, seat, units, hex_label):
        return answers.why_not(state, seat, units, hex_label)

    def sight_line(self, state, frm, to):
        return answers.sight_line(state, frm, to)

    # -- storage, replay and export ---------------------------------------------------------

    def encode_state(self, state):
        return to_json(state)

    def decode_state(self, raw):
        return from_json(raw)

    def state_hash(self, state):
        return state_hash(state)

    def replay(self, state, seat, command, dice):
        recorded = ScriptedDice.replaying(Roll.from_json(r) for r in dice or [])
        new, _ = engine.apply(state, seat, command, recorded)
        return new

    def export(self, initial, seed, steps, final):
        return replay.export(self, initial, seed, steps, final)

    def verify(self, doc):
        return replay.verify(self, doc)

    def invariant_problems(self, state):
        return invariants.problems(state)

    def playtest(self, *, games, seed, scenario_ids=None, max_steps=20000, thorough=False,
                 out=None):
        """Random play of every situation through the interface; `thorough` also plays each
        with the experimental rules on (playtest.py)."""
        return randomplay.run(self, playtest.player(self, thorough), games, seed, scenario_ids,
                              max_steps, out=out)


RULESET = PanzerLeader()
