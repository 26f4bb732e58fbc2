"""Double-blind through the services: every frame every audience would receive holds no canary
(D-DB-SERVER-CANARY), frames do not change when only something unseen does (D-DB-SERVER-NI),
and a snapshot plus every later patch equals the later snapshot, for every audience.

Games are played with the functions the socket and the REST API call (game_create, game_join,
command_submit, the selectors, the DRF views), with the broadcast captured where it hands
frames to the channel layer. A unit's canary is its scenario id (a side may name only its
own counters; spectators none); the game's secret and dice seed are canaries for everyone.
`PGWEB_DB_FRAMES=10000` plays until that many frames were checked (slow, opt-in); the default
run checks a few hundred.
"""

from __future__ import annotations

import json
import os
import random
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import broadcast, protocol, selectors, services
from games import engine_adapter as engine
from games.models import Game, Seat
from games.patch import apply_patch
from games.rules.panzer_grenadier.core.registry import game_map, hex_label
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.double_blind.observation import ADDITIONS as DB_ADDITIONS
from games.rules.panzer_grenadier.leakcheck import OPTION_SETS, forbidden, leaks_in
from games.rules.panzer_grenadier.views import view_for
from tests.gamekit import SCENARIO, legal_by_seat, person, random_move

pytestmark = pytest.mark.django_db

SIDES = ("ge", "su")
SPECTATORS = "public"


@dataclass
class Tally:
    frames: int = 0
    steps: int = 0
    leaks: list[str] = field(default_factory=list)


def _engine_audience(audience: str) -> tuple:
    return ("spectator", "public") if audience == engine.PUBLIC else ("side", audience[5:])


def _canaries(state: engine.GameState, audience: str) -> frozenset[str]:
    return forbidden(state, _engine_audience(audience))


class Table:
    """One double-blind game being played through the services, its frames captured."""

    def __init__(
        self,
        seed: int,
        options: tuple[str, ...],
        capture,
        tally: Tally,
        sent: list,
        scenario: str = SCENARIO,
    ):
        self.rng = random.Random(seed)
        self.capture = capture  # django_capture_on_commit_callbacks
        self.tally = tally
        tag = uuid.uuid4().hex[:8]
        self.users = {s: person(f"{s}-{tag}") for s in SIDES}
        self.watcher = person(f"watcher-{tag}")
        self.sent = sent  # filled by the patched broadcast.send
        sent.clear()
        with self.capture(execute=True):
            game = services.game_create(
                user=self.users["ge"],
                scenario=scenario,
                side="ge",
                options={
                    "double_blind": True,
                    "optional_rules": sorted(set(options) - {"double_blind"}),
                    "spectators": SPECTATORS,
                },
            )
            services.game_join(game=game, user=self.users["su"], side="su")
        self.game = Game.objects.get(pk=game.pk)
        self.seats = {
            s.seat_id: s for s in Seat.objects.filter(game=self.game).select_related("side")
        }
        self.clients = {}
        for who, user in [*self.users.items(), ("watcher", self.watcher)]:
            client = APIClient()
            client.force_authenticate(user)
            self.clients[who] = client
        self.models: dict[str, Any] = {}
        self.opening = [(self.audience_of(g), m.get("text")) for g, m in sent]
        self.take_frames()

    # -- what the audiences receive -------------------------------------------------------

    @property
    def state(self) -> engine.GameState:
        self.game.refresh_from_db()
        return engine.decode_state(self.game.pk, self.game.version, self.game.state)

    def check(self, text: str | bytes, audience: str, where: str, echoed: set[str] = frozenset()):
        """Search one frame's bytes for the audience's canaries."""
        if isinstance(text, bytes):
            text = text.decode()
        state = self.state
        self.tally.frames += 1
        if engine.is_over(state):
            return  # everything is shown after the end
        bad = leaks_in(text, _canaries(state, audience) - echoed, state.secret)
        if self.game.seed in text:
            bad.append("<seed>")
        # The canary scenario's ids end in a marker naming their side: an enemy's marker (any
        # marker for spectators) may not appear anywhere, not even inside a longer string.
        plain = text
        for e in sorted(echoed, key=len, reverse=True):
            plain = plain.replace(e, "")  # what the seat itself sent may be echoed back
        for side in SIDES:
            if marker(side) in plain and audience != engine.side_audience(side):
                bad.append(f"<{marker(side)}>")
        if bad:
            self.tally.leaks.append(f"{where} {audience}: {sorted(set(bad))[:5]} in {text[:300]}")

    def take_frames(self) -> None:
        """Check the broadcast's frames, and follow each audience's model of its view."""
        for group, message in self.sent:
            audience = self.audience_of(group)
            if audience is None:
                self.check(json.dumps(message), engine.PUBLIC, f"lobby {group}")
                continue
            text = message["text"]
            self.check(text, audience, "broadcast")
            frame = json.loads(text)
            if frame["t"] == "snapshot":
                self.models[audience] = frame["d"]
            elif frame["t"] == "patch":
                self.models[audience] = apply_patch(self.models[audience], frame["d"]["ops"])
        self.sent.clear()

    def audience_of(self, group: str) -> str | None:
        for s in SIDES:
            if group == broadcast.side_group(self.game.pk, s):
                return engine.side_audience(s)
        if group == broadcast.spectators_group(self.game.pk):
            return engine.PUBLIC
        return None  # the lobby's nudges: checked as public

    def check_models(self) -> None:
        """Snapshot plus every patch equals the later snapshot (as JSON text)."""
        for audience, model in self.models.items():
            fresh = selectors.snapshot(self.game, audience)
            assert json.dumps(model, sort_keys=True) == json.dumps(fresh["d"], sort_keys=True), (
                f"{audience} at v{self.game.version}"
            )

    def check_rest(self) -> None:
        """The REST view, legal commands, previews, history and export while the game runs."""
        base = f"/api/v1/games/{self.game.pk}"
        state = self.state
        running = not engine.is_over(state)
        for side in SIDES:
            client, audience = self.clients[side], engine.side_audience(side)
            r = client.get(f"{base}/view")
            assert r.status_code == 200
            self.check(r.content, audience, "rest view")
            other = "su" if side == "ge" else "ge"
            r = client.get(f"{base}/view", {"side": other})
            assert r.status_code == 403, "a seated player opened another audience's view"
            r = client.get(f"{base}/legal")
            self.check(r.content, audience, "rest legal")
            mine = sorted(u.id for u in state.units_on_map() if u.side == side)
            seen = [k for k, u in json.loads(client.get(f"{base}/view").content)["d"]["units"].items()
                    if not u.get("own")]  # fmt: skip
            for unit in [self.rng.choice(mine)] if mine else []:
                r = client.get(f"{base}/preview", {"unit": unit})
                self.check(r.content, audience, "rest preview")
            for handle in self.rng.sample(seen, min(1, len(seen))):
                r = client.get(f"{base}/preview", {"unit": handle})
                self.check(r.content, audience, "rest preview", {handle})
            if running:
                for what in ("history", "export"):
                    r = client.get(f"{base}/{what}")
                    assert r.status_code == 403, f"{what} opened while the game runs"
                    self.check(r.content, audience, f"rest {what}")
        r = self.clients["watcher"].get(f"{base}/view")
        self.check(r.content, engine.PUBLIC, "rest spectator view")
        if running:
            r = self.clients["watcher"].get(f"{base}/history", {"audience": "full"})
            assert r.status_code == 403

    def check_catch_up(self) -> None:
        """A socket that missed frames is healed from the log: the same frames again."""
        v = self.game.version
        for audience in [engine.side_audience(s) for s in SIDES] + [engine.PUBLIC]:
            for _, text in selectors.catch_up(self.game.pk, audience, max(1, v - 3)):
                self.check(text, audience, "catch-up")

    # -- commands -------------------------------------------------------------------------

    def submit(self, seat_id: str, command: Any, base: int | None = None) -> Any:
        seat = self.seats[seat_id]
        with self.capture(execute=True):
            outcome = services.command_submit(
                game=self.game,
                seat=seat,
                command=command,
                base_version=self.game.version if base is None else base,
                client_id=self.rng.randrange(1, 2**31),
            )
        self.game.refresh_from_db()
        return outcome

    def probe(self) -> None:
        """Commands aimed at counters a seat cannot see, by id, hex and another's handle."""
        state = self.state
        public = view_for(state, ("spectator", "public"))
        foreign = [u["id"] for u in public["units"]]
        for seat_id, seat in self.seats.items():
            side = seat.side.side_id
            audience = engine.side_audience(side)
            enemies = [u for u in state.units_on_map() if u.side != side]
            mine = sorted(u.id for u in state.units_on_map() if u.side == side)
            if not enemies or not mine:
                continue
            u = self.rng.choice(enemies)
            label = hex_label(state, u.hex)
            name = self.rng.choice(foreign) if foreign else u.id
            probes = [
                {"type": "fire", "firers": [self.rng.choice(mine)], "target": label},
                {
                    "type": "fire",
                    "firers": [self.rng.choice(mine)],
                    "target": label,
                    "fire_type": "anti_tank",
                    "target_unit": u.id,
                },  # fmt: skip
                {"type": "assault", "units": [self.rng.choice(mine)], "target": label},
                {"type": "bombard", "firers": [self.rng.choice(mine)], "target": label},
                {"type": "opportunity_fire", "firers": [self.rng.choice(mine)], "target": name},
                {"type": "activate", "kind": "unit", "unit": u.id},
                {"type": "activate", "kind": "unit", "unit": name},
            ]
            for cmd in probes:
                version = self.game.version
                outcome = self.submit(seat_id, cmd)
                echoed = {
                    x for x in (cmd.get("target_unit"), cmd.get("unit"), cmd.get("target")) if x
                }
                self.check(
                    protocol.encode(outcome.frame()), audience, f"probe {cmd['type']}", echoed
                )
                if outcome.ok:  # an illegal probe may be legal after all (a known target)
                    assert self.game.version == version + 1
                    self.take_frames()
                    return
            stale = self.submit(seat_id, {"type": "pass"}, base=self.game.version - 1)
            self.check(protocol.encode(stale.frame()), audience, "stale")

    def step(self) -> bool:
        """One random legal command through command_submit; False when the game is over."""
        state = self.state
        if engine.is_over(state):
            return False
        legal = legal_by_seat(state)
        if not any(legal.values()):
            return False
        seat_id, command = random_move(self.rng, legal)
        if command.get("type") == "move" and self.rng.random() < 0.2:
            command = {**command, "assault_on_collision": True}
        outcome = self.submit(seat_id, command)
        audience = engine.side_audience(self.seats[seat_id].side.side_id)
        self.check(protocol.encode(outcome.frame()), audience, "ack")
        if not outcome.ok and command.get("assault_on_collision"):
            outcome = self.submit(seat_id, {k: v for k, v in command.items()
                                            if k != "assault_on_collision"})  # fmt: skip
        assert outcome.ok, (command, outcome)
        self.take_frames()
        self.tally.steps += 1
        return True

    def play(self, length: int) -> None:
        self.check_models()
        for n in range(length):
            if not self.step():
                break
            self.check_models()
            if n % 5 == 0:
                self.check_rest()
            if n % 7 == 3:
                self.probe()
                self.check_models()
            if n % 11 == 5:
                self.check_catch_up()


CANARY_SCENARIO = "canary-kessel"


def marker(side: str) -> str:
    return f"zq{side}canary"


@pytest.fixture
def canary_scenario(monkeypatch):
    """The learning scenario with every unit id ending in its side's marker string."""
    from pathlib import Path

    from games.rules.panzer_grenadier.core import registry
    from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR, load_scenario

    raw = json.loads(Path(SCENARIO_DIR, f"{SCENARIO}.json").read_text())
    renamed = {u["id"]: f"{u['id']}-{marker(u['side'])}" for u in raw["units"]}

    def walk(x):
        if isinstance(x, str):
            return renamed.get(x, x)
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x

    scen = load_scenario({**walk(raw), "id": CANARY_SCENARIO})
    registry.register_scenario(scen)  # the Panzer Grenadier ruleset now offers it too
    yield CANARY_SCENARIO
    registry.unregister_scenario(CANARY_SCENARIO)


@pytest.fixture
def sent(monkeypatch):
    """The messages the broadcast hands to the channel layer, in order."""
    box: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send", lambda messages: box.extend(messages))
    return box


def _play(seed: int, length: int, capture, sent: list, tally: Tally, scenario: str) -> None:
    Table(seed, OPTION_SETS[seed % len(OPTION_SETS)], capture, tally, sent, scenario).play(length)


def _run(
    examples: int, max_length: int, capture, sent: list, tally: Tally, scenario: str = SCENARIO
) -> None:
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(seed=st.integers(0, 2**32 - 1), length=st.integers(5, max_length))
    def game(seed: int, length: int) -> None:
        _play(seed, length, capture, sent, tally, scenario)

    game()


def test_no_frame_of_a_double_blind_game_holds_a_canary_d_db_server_canary(
    django_capture_on_commit_callbacks, sent, canary_scenario
):
    """Random legal double-blind games through the services: snapshots, patches, ticks and
    their log lines, acks and rejections of probes naming unseen counters, catch-up frames,
    and the REST view, legal, preview, history and export hold no canary of the audience;
    every audience's snapshot plus patches equals the later snapshot (D-DB-SERVER-CANARY)."""
    tally = Tally()
    target = int(os.environ.get("PGWEB_DB_FRAMES", "0"))
    _run(3, 40, django_capture_on_commit_callbacks, sent, tally, canary_scenario)
    while tally.frames < target:
        _run(10, 400, django_capture_on_commit_callbacks, sent, tally, canary_scenario)
    print(
        f"double-blind service frames={tally.frames} steps={tally.steps} leaks={len(tally.leaks)}"
    )
    assert not tally.leaks, tally.leaks[:5]
    assert tally.frames >= max(target, 100)


# -- non-interference -------------------------------------------------------------------------


def _lockstep(capture, sent, monkeypatch, side: str, seed: int) -> int:
    """Play two games differing only in where one counter `side` cannot see stands; return
    how many of `side`'s frames were compared (each must be byte-identical)."""
    monkeypatch.setattr("secrets.token_hex", lambda n=32: "ab" * n)
    opening = engine.opening_state
    moved: dict[str, Any] = {}

    def shifted(scenario_id, options, seats):
        state = opening(scenario_id, options, seats)
        if not moved:
            return state
        u = state.units[moved["unit"]]
        return replace(state, units={**state.units, u.id: replace(u, hex=moved["hex"])})

    monkeypatch.setattr(engine, "opening_state", shifted)
    a = Table(seed, ("double_blind",), capture, Tally(), sent)
    moved.update(_unseen_move(a.state, side, seed))
    if not moved:
        return 0
    b = Table(seed, ("double_blind",), capture, Tally(), sent)
    assert b.state.units[moved["unit"]].hex != a.state.units[moved["unit"]].hex
    Game.objects.filter(pk=b.game.pk).update(seed=a.game.seed)
    b.game.refresh_from_db()
    mine = engine.side_audience(side)
    assert [t for x, t in a.opening if x == mine] == [t for x, t in b.opening if x == mine]
    compared = 1
    rng = random.Random(seed)
    for _ in range(60):
        sa, sb = a.state, b.state
        if engine.is_over(sa) or not _still_unseen(sa, sb, side, moved["unit"]):
            break
        la, lb = legal_by_seat(sa), legal_by_seat(sb)
        shared = {
            s: {g: [c for c in cs if c in lb.get(s, {}).get(g, []) and moved["unit"] not in
                    json.dumps(c)] for g, cs in groups.items()}
            for s, groups in la.items()
        }  # fmt: skip
        shared = {s: {g: cs for g, cs in gs.items() if cs} for s, gs in shared.items()}
        if not any(shared.values()):
            break
        seat_id, command = random_move(rng, shared)
        frames = []
        for t in (a, b):
            sent.clear()
            assert t.submit(seat_id, command).ok
            frames.append(
                [m["text"] for g, m in sent if t.audience_of(g) == engine.side_audience(side)]
            )
        if a.game.dice_position != b.game.dice_position:
            break  # the unseen counter changed the dice drawn: the games part here
        if not _still_unseen(a.state, b.state, side, moved["unit"]):
            break
        assert frames[0] == frames[1], (command, frames)
        ra = a.clients[side].get(f"/api/v1/games/{a.game.pk}/view").content
        rb = b.clients[side].get(f"/api/v1/games/{b.game.pk}/view").content
        assert ra == rb
        compared += len(frames[0]) + 1
    return compared


def _unseen_move(state: engine.GameState, side: str, seed: int) -> dict:
    """An enemy counter `side` does not see and an empty hex it may stand in unseen, such that
    `side`'s view of the opening is the same (so nothing it can know differs)."""
    rng = random.Random(seed)
    aud = ("side", side)
    mine = view_for(state, aud)
    enemies = [u for u in state.units_on_map() if u.side != side
               and u.id not in state.intel.get(side, knowledge.st.Intel()).contact]  # fmt: skip
    occupied = {u.hex for u in state.units_on_map()}
    hexes = sorted(game_map(state).hexes - occupied)
    rng.shuffle(enemies)
    for u in enemies[:6]:
        for h in rng.sample(hexes, min(40, len(hexes))):
            trial = replace(state, units={**state.units, u.id: replace(u, hex=h)})
            trial = knowledge.after_step(trial, trial, ())
            if u.id in trial.intel.get(side, knowledge.st.Intel()).contact:
                continue
            if view_for(trial, aud) == mine:
                return {"unit": u.id, "hex": h}
    return {}


def _still_unseen(sa, sb, side: str, unit: str) -> bool:
    """The moved counter is unknown to `side` in both games, and the enemy knows the same of
    `side`'s counters in both (which `side` is told as its counters' `revealed` flags)."""
    st_ = knowledge.st
    enemy = "su" if side == "ge" else "ge"
    for s in (sa, sb):
        if unit in s.intel.get(side, st_.Intel()).contact:
            return False
    own = {u.id for u in sa.units.values() if u.side == side}
    ca = {k for k in sa.intel.get(enemy, st_.Intel()).contact if k in own}
    cb = {k for k in sb.intel.get(enemy, st_.Intel()).contact if k in own}
    return ca == cb


@pytest.mark.parametrize("side", SIDES)
def test_moving_an_unseen_enemy_elsewhere_unseen_changes_no_frame_d_db_server_ni(
    django_capture_on_commit_callbacks, sent, monkeypatch, side
):
    """Two games identical but for where one counter stands that `side` sees in neither:
    `side`'s broadcast frames and REST view are byte-identical step by step (D-DB-SERVER-NI)."""
    compared = 0
    for seed in range(6):
        compared += _lockstep(django_capture_on_commit_callbacks, sent, monkeypatch, side, seed)
        if compared >= 30:
            break
    print(f"non-interference {side}: frames compared={compared}")
    assert compared >= 30, compared


# -- opportunity-fire windows with nothing to fire ---------------------------------------------


def test_a_window_offering_only_decline_waits_for_its_player_d_db_opfire_server(
    django_capture_on_commit_callbacks, sent
):
    """In double-blind a window opens for every seen mover, even when no unit may fire
    (D-DB-OPFIRE). The server never declines one for the player: an answer at machine speed
    only when nothing can fire would tell the mover so. The window waits, its only legal
    command `decline`, and the game version stays where the mover's command left it."""
    found = 0
    for seed in range(40):
        table = Table(seed, ("double_blind",), django_capture_on_commit_callbacks, Tally(), sent)
        for _ in range(150):
            if not table.step():
                break
            state = table.state
            if state.opfire is None:
                continue
            offered = {
                c["type"]
                for s in state.seats
                if s.side == state.opfire.side
                for cs in legal_by_seat(state)[s.id].values()
                for c in cs
            }
            if offered == {"decline"}:
                version = table.game.version
                sent.clear()
                table.game.refresh_from_db()
                assert table.game.version == version and table.state.opfire is not None
                found += 1
                break
        if found:
            break
    assert found, "no window offering only decline came up"


# -- arming ------------------------------------------------------------------------------------


def test_a_hidden_information_game_is_armed_at_its_start_with_its_own_secret_d_db_server_secret(
    sent,
):
    """Each double-blind game gets a fresh 256-bit secret, kept in its stored state only; the
    double-blind additions are accepted as optional rules; open games get none."""
    from tests.gamekit import started_game, state_of

    a, b, c, d = (person(f"{n}-{uuid.uuid4().hex[:6]}") for n in "abcd")
    first = state_of(started_game(a, b, double_blind=True,
                                  optional_rules=["db_generic_markers"]))  # fmt: skip
    second = state_of(started_game(c, d, double_blind=True))
    assert len(first.secret) == 64 and first.secret != second.secret
    assert {"double_blind", "db_generic_markers"} <= first.options
    assert knowledge.in_force(first) and first.intel  # the opening contact is made
    e, f = person(f"e-{uuid.uuid4().hex[:6]}"), person(f"f-{uuid.uuid4().hex[:6]}")
    assert state_of(started_game(e, f)).secret == ""


def test_the_create_page_offers_each_hidden_information_rule_and_double_blind_addition(client):
    """Hidden units, limited intelligence and the double-blind additions are switchable per game."""
    page = client.get("/new-game/").content.decode()
    for rule in ("hidden_units", "limited_intelligence", *DB_ADDITIONS):
        assert f'name="optional_rules" value="{rule}"' in page, rule
