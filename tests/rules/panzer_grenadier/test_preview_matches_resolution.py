"""Property: for every attack random play makes, the preview's column and shifts are the
resolution's (7.0, 9.4, 10.3, 11.1, 12.4, 13.0, 15.1, 17.3, 17.5, 18.8).

Random games of three bundled scenarios of every size, with the scenario's own options,
with every optional rule the engine implements, and double-blind; before each attack the
preview's odds are computed (from the full state: the preview hides them from a side that may not know the
hex, but the numbers are the same), then the command is applied and the resolution's
"fire", "shift" and "column" events (or the anti-tank "result") are compared.

Size: PGWEB_PREVIEW_GAMES games per scenario and option set (default 1), each at most
PGWEB_PREVIEW_STEPS steps (default 250). A larger run:
`PGWEB_PREVIEW_GAMES=10 PGWEB_PREVIEW_STEPS=3000 pytest tests/rules/panzer_grenadier/test_preview_matches_resolution.py`.
"""

from __future__ import annotations

import hashlib
import os
import random
from dataclasses import dataclass, field

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.hexgrid import distance
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.acting import known_enemies
from games.rules.panzer_grenadier.core.attacks import is_assault
from games.rules.panzer_grenadier.core.registry import hex_label, parse_hex
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.playtest import EXTRA_OPTIONS, GROUP_WEIGHTS
from games.rules.panzer_grenadier.preview import attack_odds

GAMES = int(os.environ.get("PGWEB_PREVIEW_GAMES", "1"))
STEPS = int(os.environ.get("PGWEB_PREVIEW_STEPS", "200"))
ATTACKS = ("fire", "bombard", "opportunity_fire", "assault", "air_strike")
# Attacks are what this property is about: random play picks them whenever it may.
WEIGHTS = {**GROUP_WEIGHTS, **{g: 4.0 for g in ATTACKS}, "assault": 200.0, "move": 4.0, "pass": 0.5}
# The property is the rules', not the scenarios': the learning game, the two-board combined-arms
# battle and the six-board one meet every attack kind; every other bundled scenario is
# random-played by test_playtest.py and test_player_text.py.
PREVIEWED = ("meeting-at-kessel", "melnitsa-bridgehead", "sosna-line")
OPTION_SETS = {
    "scenario": None,
    "optional": EXTRA_OPTIONS,
    "double_blind": EXTRA_OPTIONS - {"hidden_units"} | {"double_blind"},
}


def _shift(e) -> tuple:
    return (e.data["shift"], e.data["reason"], e.data.get("rule"))


def _preview_shifts(odds: dict) -> list[tuple]:
    return [(s["shift"], s["reason"], s.get("rule")) for s in odds["shifts"]]


def fire_resolution(events, kind: str) -> dict | None:
    """The first attack of `kind` in a resolution: value, shifts, column (or AT modifier)."""
    out = None
    for e in events:
        if out is None:
            if e.type == "fire" and e.data.get("kind") == kind:
                out = {"value": e.data["value"], "shifts": []}
            continue
        if e.type == "shift":
            out["shifts"].append(_shift(e))
        elif e.type == "column":
            out["column"] = e.data["column"]
            out["net_shift"] = e.data["net_shift"]
        elif e.type == "result":
            out["modifier"] = e.data.get("modifier")
            return out
    return out


def assault_resolution(events) -> dict | None:
    """Each side's value, shifts and column in the first assault round, if nothing happened
    on the way in (opportunity fire, drumfire, mire or a collision change the state the
    preview was computed from). The side firing second in a defender-first round is left
    out when the first fire had an effect: its value comes from the state after it."""
    sides: dict[str, dict] = {}
    order, side, first_code = None, None, None
    for e in events:
        if order is None:
            if e.type == "assault_round":
                order = e.data["order"]
            elif e.type not in ("moved", "extended_assault"):
                return None
            continue
        if e.type == "fire" and e.data.get("kind") == "assault":
            if order == "defender first" and sides and first_code not in (None, "-"):
                break
            side = e.side
            sides[side] = {"value": e.data["value"], "shifts": []}
        elif e.type == "shift" and side:
            sides[side]["shifts"].append(_shift(e))
        elif e.type == "column" and side:
            sides[side]["column"] = e.data["column"]
        elif e.type == "result" and side:
            first_code = e.data["code"] if first_code is None else first_code
            side = None
        elif e.type == "assault_round" and e.data.get("order") == "end":
            break
    return sides if order else None


@dataclass
class Tally:
    attacks: int = 0
    compared: int = 0
    by_type: dict = field(default_factory=dict)
    mismatches: list = field(default_factory=list)


def after_declining(step, odds: dict, seat: str) -> list:
    """An assault's events, through a window opened as the movers entered the hex: under
    hidden information one opens whenever the other side sees the mover (D-DB-OPFIRE),
    and the round is fought when it closes. Declining it changes nothing in the hex."""
    w = step.state.opfire
    if w is None or hex_label(step.state, w.hex) != odds["hex"]:
        return list(step.events)
    decliner = next(s.id for s in step.state.seats if s.side == w.side)
    more = apply(step.state, decliner, {"type": "decline"}, SeededDice("decline"))
    return [*step.events, *more.events]


def check(state, seat, cmd, step, tally: Tally, where: str) -> None:
    ctype = cmd["type"]
    side = next(s.side for s in state.seats if s.id == seat)
    odds = attack_odds(state, cmd, side)
    if not odds.get("legal", True):
        tally.mismatches.append(f"{where}: legal {cmd} previewed as illegal: {odds['problems']}")
        return
    tally.attacks += 1
    if ctype in ("assault", "move"):
        events = after_declining(step, odds, seat)
        if "overrun" in odds:  # leaders alone: their survival rolls, no assault fire (6.71)
            rolled = [(e.data["unit"], e.data["morale"]) for e in events
                      if e.type == "leader_survival"]
            want = [(x["unit"], x["morale"]) for x in odds["overrun"]]
            if rolled and rolled != want:
                tally.mismatches.append(f"{where}: {cmd}: overrun {want} != {rolled}")
            tally.compared += bool(rolled)
            key = "overrun"
            tally.by_type[key] = tally.by_type.get(key, 0) + bool(rolled)
            return
        got = assault_resolution(events)
        if not got:
            return
        for side, res in got.items():
            want = odds["sides"][side]
            if want["value"] != res["value"] or _preview_shifts(want) != res["shifts"] or (
                want.get("column") != res.get("column")
            ):
                tally.mismatches.append(f"{where}: {cmd} side {side}: preview {want} != {res}")
    else:
        kind = odds["kind"]
        res = fire_resolution(step.events, kind)
        if res is None:
            return  # an air strike that did not arrive
        want = {"value": odds["value"], "shifts": _preview_shifts(odds)}
        if odds["table"] == "anti_tank":
            want["modifier"], got = odds["modifier"], {**res}
            got.pop("column", None), got.pop("net_shift", None)
        else:
            want["column"], want["net_shift"] = odds["column"], odds["net_shift"]
            got = {k: v for k, v in res.items() if k != "modifier"}
        if want != got:
            tally.mismatches.append(f"{where}: {cmd}: preview {want} != resolution {got}")
    tally.compared += 1
    tally.by_type[ctype] = tally.by_type.get(ctype, 0) + 1


def _gap(state, uid: str, at) -> int:
    """Hexes from `at` to the nearest enemy counter of unit `uid`."""
    side = state.units[uid].side
    return min(
        (distance(at, u.hex) for u in state.units_on_map() if u.side != side), default=0
    )


def closing_in(state, group: str, cmds: list[dict]) -> dict:
    """Random play that seeks contact, so fire, assault and opportunity fire come early: the
    move ending nearest an enemy counter, the activation of the unit nearest one."""
    if group == "move":
        def key(c):
            # Into an adjacent enemy hex first (an assault resolved at once), then next to
            # one: a longer move into an enemy hex is mostly stopped by opportunity fire.
            uid = c.get("unit") or c["units"][0]
            gap = _gap(state, uid, parse_hex(state, c["path"][-1]))
            if gap == 0:
                gap = -1 if len(c["path"]) == 1 else 2
            return (gap, -len(c["path"]))
    else:
        def key(c):
            u = state.units.get(c.get("unit") or "")
            return _gap(state, u.id, u.hex) if u is not None and u.hex is not None else 99
    return min(cmds, key=key)


def is_attack(state, seat: str, cmd: dict) -> bool:
    """An attack with odds: fire, bombardment (not smoke), opportunity fire, assault, an air
    strike, or a move ending in an enemy hex (12.1)."""
    if cmd["type"] in ATTACKS:
        return not cmd.get("smoke")
    side = next(s.side for s in state.seats if s.id == seat)
    return cmd["type"] == "move" and is_assault(state, cmd, known_enemies(state, side)[0])


def assaults_near(state, seat: str, legal: dict, chosen: dict, digest: str, n: int):
    """(state, assault) pairs to try beside the game: the assaults offered now, and those a
    unit adjacent to an enemy would be offered once activated (at most two such units)."""
    out = [(state, c) for c in legal.get("assault", ()) if c != chosen]
    near = [c for c in legal.get("activate", ()) if c.get("unit") in state.units
            and state.units[c["unit"]].hex is not None
            and _gap(state, c["unit"], state.units[c["unit"]].hex) == 1]
    for k, act in enumerate(near[:2]):
        after = apply(state, seat, act, SeededDice(f"{digest}:{n}:act{k}")).state
        if after.activation is not None and after.opfire is None:
            out += [(after, c) for c in legal_commands(after, seat).get("assault", ())[:2]]
    return out


def play(scenario, options, seed: str, tally: Tally) -> None:
    rng = random.Random(seed)
    digest = hashlib.sha256(seed.encode()).hexdigest()
    dice = SeededDice(digest)
    state = initial_state(scenario, options=options)
    state = knowledge.start(state, hashlib.sha256(f"secret:{digest}".encode()).hexdigest())
    for n in range(STEPS):
        if state.phase == st.ENDED:
            return
        choices = [(s, lg) for s in who_may_act(state) if (lg := legal_commands(state, s))]
        seat, legal = rng.choice(choices)
        groups = sorted(legal)
        group = rng.choices(groups, weights=[WEIGHTS.get(g, 1.0) for g in groups])[0]
        cmd = rng.choice(legal[group])
        if group in ("move", "activate") and rng.random() < 0.8:
            cmd = closing_in(state, group, legal[group])
        step = apply(state, seat, cmd, dice)
        if is_attack(state, seat, cmd):
            check(state, seat, cmd, step, tally, f"{seed} step {n}")
        # Assaults are tried on the side (random play seldom picks one): every one offered,
        # and those of a unit next to an enemy had it been activated instead. The game goes
        # on from the command chosen above.
        for i, (before, other) in enumerate(assaults_near(state, seat, legal, cmd, digest, n)):
            branch = apply(before, seat, other, SeededDice(f"{digest}:{n}:{i}"))
            check(before, seat, other, branch, tally, f"{seed} step {n} branch {i}")
        state = step.state


@pytest.mark.parametrize("option_set", sorted(OPTION_SETS))
@pytest.mark.parametrize("scenario_id", PREVIEWED)
def test_every_previewed_attack_resolves_on_the_previewed_column_with_the_previewed_shifts(
    scenario_id, option_set
):
    scenario = bundled_scenarios()[scenario_id]
    options = OPTION_SETS[option_set]
    if options is not None:
        options = scenario.default_options | options
    tally = Tally()
    for g in range(GAMES):
        play(scenario, options, f"preview:{scenario_id}:{option_set}:{g}", tally)
    assert not tally.mismatches, "\n".join(tally.mismatches[:10])
    print(f"{scenario_id}/{option_set}: {tally.attacks} attacks, compared {tally.by_type}")
