"""Panzer Grenadier behind the ruleset interface: a thin delegate to games.rules.

Nothing is moved yet (other work on games/rules is landing); this object only forwards.
"""

from __future__ import annotations

from typing import Any

from ..interface import Step
from .core.los import has_los
from .core.registry import game_map, parse_hex
from .core.scenario import OPTIONAL_RULES, bundled_scenarios, initial_state
from .core.serialize import state_from_json, state_hash, state_to_json
from .double_blind import knowledge
from .double_blind.observation import ADDITIONS as DB_ADDITIONS
from .engine import apply as rules_apply
from .engine import who_may_act as rules_who_may_act
from .legal import legal_commands as rules_legal_commands
from .playtest import run as random_play
from .preview import previews
from .verify import export_game, verify
from .views import redact_events, view_for


class PanzerGrenadier:
    id = "panzer_grenadier"
    title = "Panzer Grenadier"

    def scenarios(self) -> dict[str, Any]:
        found = bundled_scenarios()
        return found if isinstance(found, dict) else {s.id: s for s in found}

    def options(self) -> dict[str, str]:
        return dict(OPTIONAL_RULES) if isinstance(OPTIONAL_RULES, dict) else {
            o: o for o in OPTIONAL_RULES}

    def opening_state(self, scenario_id, options=None, seats=None):
        plain = [o for o in options or () if o not in DB_ADDITIONS] if options is not None else None
        return initial_state(self.scenarios()[scenario_id], options=plain,
                             seats=dict(seats) if seats else None)

    def arm(self, state, options, secret):
        additions = sorted(set(options) & set(DB_ADDITIONS))
        if not (set(options) & set(knowledge.MODES)) and not additions:
            return state
        return knowledge.start(state, secret, additions)

    def apply(self, state, seat, command, dice) -> Step:
        step = rules_apply(state, seat, command, dice)
        return Step(state=step.state, events=tuple(e.to_json() for e in step.events),
                    dice_used=step.dice_used)

    def who_may_act(self, state):
        return rules_who_may_act(state)

    def legal_commands(self, state, seat):
        return rules_legal_commands(state, seat)

    def preview(self, state, seat, command):
        unit = command.get("unit") or (command.get("units") or [None])[0]
        return {"ok": True, "previews": previews(state, seat, unit)}

    def line_of_sight(self, state, a, b):
        seen = has_los(game_map(state), parse_hex(state, a), parse_hex(state, b))
        return {"from": a, "to": b, "clear": seen}

    def view_for(self, state, audience):
        return view_for(state, audience)

    def redact_events(self, events, audience, state):
        return redact_events(list(events), audience, state)

    def result(self, state):
        return dict(state.result) if state.result is not None else None

    def encode_state(self, state):
        return state_to_json(state)

    def decode_state(self, raw):
        return state_from_json(raw)

    def state_hash(self, state):
        return state_hash(state)

    def export(self, initial, seed, steps, final):
        return export_game(initial, seed, steps, final)

    def verify(self, doc):
        return verify(doc)

    def counter_faces(self, scenario_id):
        return {}  # the board still reads them through games.engine_adapter.counter_types

    def playtest(self, *, games, seed, scenario_ids=None, max_steps=20000, thorough=False,
                 out=None):
        """Random play of the bundled scenarios, every other game with the optional rules."""
        return random_play(games, seed, scenario_ids, max_steps, out=out, thorough=thorough)


RULESET = PanzerGrenadier()
