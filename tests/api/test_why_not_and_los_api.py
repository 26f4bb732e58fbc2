"""The "why not" and line-of-sight endpoints: players only for why-not, the wire shapes the
board reads, bad input refused, and nothing of an unseen counter in either answer (18.0)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from django.test import Client

from games import engine_adapter as engine
from games.models import Game
from games.rules.common.dice import ScriptedDice
from games.rules.common.hexgrid import distance
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import hex_label, scenario_for
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from tests.gamekit import SCENARIO, signed_in

pytestmark = pytest.mark.django_db


def started(axis: Client, allied: Client, **options) -> str:
    body = {"scenario": SCENARIO, "side": "ge"}
    if options:
        body["options"] = options
    created = axis.post("/api/v1/games", body, content_type="application/json")
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    joined = allied.post(f"/api/v1/games/{game_id}/join", {"side": "su"},
                         content_type="application/json")
    assert joined.status_code == 200
    return game_id


def state_of(game_id: str):
    game = Game.objects.get(pk=game_id)
    return engine.decode_state(game.pk, game.version, game.state)


def store(game_id: str, state) -> None:
    """Put a state in the game as a new version (the decode cache is keyed by version)."""
    game = Game.objects.get(pk=game_id)
    Game.objects.filter(pk=game_id).update(
        state=engine.encode_state(state), version=game.version + 1
    )


def activated(state):
    """The state once the Germans have activated one of their units (3.1), dice scripted."""
    seat = {s.side: s.id for s in state.seats}
    while state.phase == st.INITIATIVE:
        state = apply(state, who_may_act(state)[0], {"type": "roll_initiative"},
                      ScriptedDice.of(6, 1, 6, 1)).state
    while state.activation is None or state.activation.side != "ge":
        acting = who_may_act(state)[0]
        legal = legal_commands(state, acting)
        if acting == seat["ge"] and "activate" in legal:
            cmd = next(c for c in legal["activate"] if c.get("kind") == "unit")
        else:
            cmd = (legal.get("pass") or legal.get("end_activation"))[0]
        state = apply(state, acting, cmd, ScriptedDice.of(*[3] * 20)).state
    mine = state.units[sorted(state.activation.units)[0]]
    return state, mine


@pytest.fixture
def players():
    return signed_in("axis"), signed_in("allied")


def test_why_not_answers_every_action_with_reasons_citing_rules(players):
    axis, allied = players
    game_id = started(axis, allied)
    state = state_of(game_id)
    mine = next(u for u in state.units_on_map() if u.side == "ge")
    far = next(u for u in state.units_on_map() if u.side == "su")
    got = axis.get(f"/api/v1/games/{game_id}/why_not",
                   {"units": mine.id, "hex": hex_label(state, far.hex)})
    assert got.status_code == 200, got.content
    body = got.json()
    assert body["hex"] == hex_label(state, far.hex)
    assert [a["action"] for a in body["actions"]] == ["move", "fire", "assault", "bombard"]
    for action in body["actions"]:
        assert set(action) == {"action", "ok", "reasons"}
        assert action["ok"] is False  # the initiative has not been rolled
        for r in action["reasons"]:
            assert set(r) == {"code", "message", "rule"} and r["code"] and r["rule"]


def test_why_not_is_for_players_of_the_game_and_refuses_bad_input(players):
    axis, allied = players
    game_id = started(axis, allied)
    state = state_of(game_id)
    mine = next(u for u in state.units_on_map() if u.side == "ge")
    url = f"/api/v1/games/{game_id}/why_not"
    assert signed_in("stranger").get(url, {"units": mine.id, "hex": "A0101"}).status_code == 403
    assert Client().get(url, {"units": mine.id, "hex": "A0101"}).status_code in (401, 403)
    bad = axis.get(url, {"units": mine.id, "hex": "Z9999"})
    assert bad.status_code == 400 and bad.json()["code"] == "hex/invalid"
    assert axis.get(url, {"hex": "A0101"}).json()["code"] == "units/missing"
    assert axis.get("/api/v1/games/00000000-0000-0000-0000-000000000000/why_not",
                    {"units": mine.id, "hex": "A0101"}).status_code == 404


def test_why_not_in_double_blind_is_byte_for_byte_the_answer_for_an_empty_hex_18_0(players):
    """An unseen enemy counter moved into a hex changes nothing in the answer for that hex."""
    axis, allied = players
    game_id = started(axis, allied, double_blind=True)
    state, mine = activated(state_of(game_id))
    assert knowledge.in_force(state)
    _, seen = knowledge.known_enemies(state, "ge")
    unseen = next(u for u in state.units_on_map() if u.side == "su" and u.id not in seen)
    occupied = {u.hex for u in state.units_on_map()}
    near = sorted(
        (h for h in scenario_for(SCENARIO).map.hexes if h not in occupied),
        key=lambda h: (distance(h, mine.hex), h.q, h.r),
    )
    url = f"/api/v1/games/{game_id}/why_not"
    answers = []
    for h in near[1:4]:  # hexes next to ours: in range and sight, so unit checks run
        label = hex_label(state, h)
        store(game_id, replace(state, units={**state.units, unseen.id: unseen}))
        empty = axis.get(url, {"units": mine.id, "hex": label}).content
        store(game_id, replace(state, units={**state.units, unseen.id: replace(unseen, hex=h)}))
        assert knowledge.known_enemies(state_of(game_id), "ge")[1] == seen
        hidden = axis.get(url, {"units": mine.id, "hex": label}).content
        assert hidden == empty
        answers.append(json.loads(hidden))
    # The unit checks ran: moving there is allowed (the move would collide, 18.7).
    assert any(a["actions"][0]["ok"] for a in answers)


def test_line_of_sight_names_the_path_and_the_blocking_hex_with_its_rule(players):
    axis, allied = players
    game_id = started(axis, allied)
    state = state_of(game_id)
    m = scenario_for(SCENARIO).map
    hexes = sorted(m.hexes, key=lambda h: (h.q, h.r))
    url = f"/api/v1/games/{game_id}/los"
    answers = []
    for a in hexes[::37][:6]:
        for b in hexes[::53][:6]:
            got = axis.get(url, {"from": hex_label(state, a), "to": hex_label(state, b)})
            assert got.status_code == 200
            answers.append(got.json())
    for body in answers:
        assert set(body) == {"from", "to", "seen", "path", "blocked_by"}
        assert body["path"][0] == body["from"] and body["path"][-1] == body["to"]
        if body["seen"]:
            assert body["blocked_by"] is None
        else:
            blocked = body["blocked_by"]
            assert set(blocked) == {"hex", "hexside", "terrain", "reason", "rule"}
            assert blocked["hex"] in body["path"] and blocked["rule"].startswith(("8.", "D18"))
    assert any(b["seen"] for b in answers) and any(not b["seen"] for b in answers)
    bad = axis.get(url, {"from": "A0101", "to": "nowhere"})
    assert bad.status_code == 400 and bad.json()["code"] == "hex/invalid"


def test_line_of_sight_is_the_same_whatever_units_stand_on_the_map(players):
    """It reads the map and its smoke only: moving counters about changes no byte."""
    axis, allied = players
    game_id = started(axis, allied, double_blind=True)
    state = state_of(game_id)
    m = scenario_for(SCENARIO).map
    hexes = sorted(m.hexes, key=lambda h: (h.q, h.r))
    a, b = hex_label(state, hexes[10]), hex_label(state, hexes[-10])
    url = f"/api/v1/games/{game_id}/los"
    before = axis.get(url, {"from": a, "to": b}).content
    enemy = next(u for u in state.units_on_map() if u.side == "su")
    store(game_id, replace(state, units={**state.units, enemy.id: replace(enemy, hex=hexes[20])}))
    assert axis.get(url, {"from": a, "to": b}).content == before
    assert allied.get(url, {"from": a, "to": b}).content == before


def test_the_schema_lists_why_not_and_los(client):
    paths = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"
    ]
    assert "/api/v1/games/{game_id}/why_not" in paths
    assert "/api/v1/games/{game_id}/los" in paths
