"""The Panzer Leader ruleset object: the one thing the registry knows of this package."""

from __future__ import annotations

from typing import Any

from .. import randomplay, replay
from ..interface import Step
from . import engine, invariants, legal, markers, preview, views
from .options import OPTIONAL_RULES
from .scenario import opening_state, situation, situations
from .state import from_json, state_hash, to_json


class PanzerLeader:
    id = "panzer_leader"
    title = "Panzer Leader"

    def scenarios(self) -> dict[str, Any]:
        return situations()

    def options(self) -> dict[str, str]:
        return dict(OPTIONAL_RULES)

    def opening_state(self, scenario_id, options=None, seats=None):
        return opening_state(situation(scenario_id), options=options, seats=seats)

    def arm(self, state, options, secret):
        """Arm hidden information: the game's secret makes the handles of face-down units
        afloat opaque (19.3, hidden.py). The secret is in no view."""
        armed = state.copy()
        armed.secret = secret
        return armed

    def apply(self, state, seat, command, dice) -> Step:
        before = len(getattr(dice, "rolls", []))
        new, events = engine.apply(state, seat, command, dice)
        return Step(state=new, events=tuple(events),
                    dice_used=tuple(getattr(dice, "rolls", [])[before:]))

    def who_may_act(self, state):
        return engine.who_may_act(state)

    def legal_commands(self, state, seat):
        return legal.legal_commands(state, seat)

    def preview(self, state, seat, command):
        return preview.preview(state, seat, command)

    def line_of_sight(self, state, a, b):
        return preview.line_of_sight(state, a, b)

    def view_for(self, state, audience):
        return views.view_for(state, audience)

    def redact_events(self, events, audience, state):
        return views.redact_events(list(events), audience, state)

    def result(self, state):
        return dict(state.result) if state.result else None

    def encode_state(self, state):
        return to_json(state)

    def decode_state(self, raw):
        return from_json(raw)

    def state_hash(self, state):
        return state_hash(state)

    def export(self, initial, seed, steps, final):
        return replay.export(self, initial, seed, steps, final)

    def verify(self, doc):
        return replay.verify(self, doc)

    def invariant_problems(self, state):
        return invariants.problems(state)

    def counter_faces(self, scenario_id):
        """Each counter type's face, and under "markers" how each marker looks (the board
        places them where the view's "markers" say)."""
        used = {u.type_id for u in self.opening_state(scenario_id).units.values()}
        faces = {t: views.face(t) for t in sorted(used)}
        return {**faces, "markers": {k: dict(v) for k, v in markers.FACES.items()}}

    def playtest(self, *, games, seed, scenario_ids=None, max_steps=20000, thorough=False,
                 out=None):
        """Random play of every situation through the interface (`thorough` changes nothing)."""
        return randomplay.run(self, games, seed, scenario_ids, max_steps, out=out)


RULESET = PanzerLeader()
