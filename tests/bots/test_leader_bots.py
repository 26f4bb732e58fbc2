"""The Panzer Leader bots play for the objectives (issue 18): units due to enter come on
before their phase ends, attackers move towards the objectives over the ground, defenders
on an objective stay on it, fire goes to the enemy guns that hurt most, and the path
distances follow the terrain. Each example is a decision built from a real situation's
view, as the arena builds it."""

from __future__ import annotations

import pytest

from games.bots import arena, harness, levels
from games.bots.facts import public_facts
from games.bots.panzer_leader import (
    board as leader_board,
)
from games.bots.panzer_leader import (
    recruit as leader_recruit,
)
from games.bots.panzer_leader import (
    veteran as leader_veteran,
)
from games.bots.panzer_leader.board import LeaderBoard
from games.bots.panzer_leader.danger import Danger, weapon_factor
from games.bots.panzer_leader.paths import FAR, path_cost
from games.rules.common.dice import SeededDice
from games.rules.common.hexgrid import distance, neighbors
from games.rules.panzer_leader.core.los import has_los
from games.rules.panzer_leader.core.scenario import scenario_for
from games.rules.registry import for_scenario


def _decision(scenario_id: str, side: str, phase: str, seed: str = "t", group: str = ""):
    """The first decision of `side` in `phase` (with a legal command of `group`, if named),
    the game played so far by random play."""
    rules = for_scenario(scenario_id)
    options = sorted(rules.scenarios()[scenario_id].default_options)
    state = rules.arm(rules.opening_state(scenario_id, options, None), options, "secret")
    facts = public_facts(scenario_id, options)
    dice = SeededDice(arena.derive(seed, "dice"))
    sides = rules.seat_sides(state)
    for n in range(400):
        seat = rules.who_may_act(state)[0]
        d = harness.decision_for(rules, state, seat, f"{seed}:{n}")
        if sides[seat] == side and d.view["phase"] == phase and (not group or group in d.legal):
            return d, facts
        state = rules.apply(state, seat, levels.decide("random", d, facts), dice).state
    raise AssertionError(f"{side} never reached {phase}")


@pytest.mark.parametrize("level", [leader_recruit, leader_veteran])
def test_units_due_to_enter_come_on_before_the_phase_ends(level):
    d, facts = _decision("pl-1940-semois-ford", "german", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    due = {p.id for p in b.pieces if b.due(p)}
    assert due, "the German advance guard enters on turn 1"
    for k in range(8):
        cmd = level.choose(d.__class__(d.view, d.legal, d.previews, f"seed{k}"), facts)
        assert cmd["type"] == "move" and cmd["unit"] in due, cmd


def test_a_landing_force_lands_instead_of_ending_the_phase():
    d, facts = _decision("pl-seeufer-landing", "allied", "move_foot", group="land")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    assert any(b.due(b.by_id[c["unit"]]) for c in d.legal["land"])
    for level in (leader_recruit, leader_veteran):
        assert level.choose(d, facts)["type"] == "land"


def test_a_defender_on_an_objective_stays_there():
    d, facts = _decision("pl-hollenbach", "german", "move_foot")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    on_objective = {p.id for p in b.mine() if p.hex in b.objective_at}
    assert on_objective
    moves_off = [c for c in d.legal.get("move", ()) if c["unit"] in on_objective
                 and facts.hex(c["to"]) not in b.objective_at]
    assert moves_off
    assert all(leader_veteran.score(b, c) < 0 for c in moves_off)
    cmd = leader_veteran.choose(d, facts)
    assert not (cmd.get("unit") in on_objective and facts.hex(cmd.get("to")) not in
                b.objective_at), cmd


def test_an_attacker_moves_towards_the_objectives_over_the_ground():
    d, facts = _decision("pl-hollenbach", "allied", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    cmd = leader_veteran.choose(d, facts)
    assert cmd["type"] == "move", cmd
    p = b.by_id[cmd["unit"]]
    move = "foot" if not b.printed(p).get("vehicle") else "tracked"

    def nearest(h):
        return min(path_cost(facts, move, h, i) for i in range(len(facts.objectives)))

    assert nearest(facts.hex(cmd["to"])) < nearest(p.hex)


def test_path_costs_follow_the_terrain_and_never_cross_the_sea():
    facts = public_facts("pl-seeufer-landing")
    terrain = facts.map.terrain_of
    for i, o in enumerate(facts.objectives):
        assert path_cost(facts, "foot", o.hex, i) == 0
    # A sea hex with only sea around it is nowhere near any objective by land.
    deep = [h for h, t in terrain.items() if t == "sea"
            and all(terrain.get(n, "sea") == "sea" for n in neighbors(h))]
    assert deep
    assert all(path_cost(facts, "foot", h, 0) >= FAR for h in deep)
    # A truck pays more than a man on foot to cross clear ground.
    far_hex = max((h for h in terrain if path_cost(facts, "foot", h, 0) < FAR),
                  key=lambda h: path_cost(facts, "foot", h, 0))
    assert path_cost(facts, "truck", far_hex, 0) > path_cost(facts, "foot", far_hex, 0)


def test_the_gun_that_reaches_across_the_map_is_the_target_worth_most():
    d, facts = _decision("pl-river-assault", "german", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    assert b.target_worth(b.by_id["al-how105-1"]) > b.target_worth(b.by_id["al-rifle-1"])
    assert b.target_worth(b.by_id["al-truck-1"]) < b.target_worth(b.by_id["al-rifle-1"])


def test_an_overrun_is_judged_by_the_table_on_printed_values():
    d, facts = _decision("pl-1940-semois-ford", "german", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    truck = b.by_id["al-truck-1"]
    weak = {"type": "overrun", "units": ["ge-pz1-1"], "target": facts.label(truck.hex)}
    strong = {"type": "overrun", "units": ["ge-pz1-1", "ge-pz3_40-1", "ge-pz3_40-2"],
              "target": facts.label(truck.hex)}
    assert 0 < b.overrun_effect(weak) <= b.overrun_effect(strong) <= 1
    empty = {"type": "overrun", "units": ["ge-pz1-1"], "target": "B-A-1"}
    assert b.overrun_effect(empty) == 0


# -- the Veteran's reckoning of danger, ground and fire (bots/panzer_leader/danger.py, bots/panzer_leader/veteran.py)

def test_the_weapons_chart_decides_what_a_firer_can_hurt():
    facts = public_facts("pl-hollenbach")
    rifle, tank, mortar = (facts.unit_type(t) for t in ("de_rifle", "de_pz4", "us_mortar81"))
    assert weapon_factor(rifle, armored=True, dist=1) == 0  # infantry weapons never hurt armour
    assert weapon_factor(rifle, armored=False, dist=2) == 1
    assert weapon_factor(rifle, armored=False, dist=4) == 0.5  # 2*: double range at half
    assert weapon_factor(rifle, armored=False, dist=5) == 0
    assert weapon_factor(tank, armored=False, dist=3) == 0.5  # armour piercing on soft targets
    assert weapon_factor(tank, armored=True, dist=4) == 2  # on armour at half range (8)
    assert weapon_factor(tank, armored=True, dist=5) == 1
    assert weapon_factor(tank, armored=True, dist=9) == 0
    assert weapon_factor(mortar, armored=True, dist=10) == 0.5


def test_open_ground_before_enemy_armour_is_where_overruns_hurt():
    d, facts = _decision("pl-hollenbach", "allied", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    tank = next(e for e in b.enemies() if e.type_id == "de_pz4")
    near = [h for h in facts.map.terrain_of if 1 < distance(h, tank.hex) <= 4]
    clear = next(h for h in near if facts.map.terrain_of[h] == "clear")
    woods = next(h for h in near if facts.map.terrain_of[h] == "woods")
    assert danger.overrun(clear) > 0 and danger.overrun(woods) == 0
    m4 = next(p for p in b.mine() if p.type_id == "us_m4")
    assert danger.loss(m4, clear, []) > danger.loss(m4, woods, [])


def test_opportunity_fire_on_the_way_counts_only_over_open_ground():
    d, facts = _decision("pl-1940-semois-ford", "german", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    truck = b.by_id["ge-truck-1"]
    terrain = facts.map.terrain_of
    ford = facts.hex("B-H-4")
    assert terrain[ford] == "clear" and danger.fire(ford, False) > 0
    assert danger.transit(truck, None, ford) > 0  # entering the map into their sights
    assert danger.transit(truck, ford, ford) == 0  # staying put crosses nothing
    woods = facts.hex("B-F-9")
    assert terrain[woods] == "woods" and danger.transit(truck, None, woods) == 0


def test_the_march_pulls_as_hard_far_from_the_objectives_as_near_them():
    """The Board's pull falls off steeply with distance, so a unit some turns away gained
    next to nothing by walking and stayed put; the Veteran's march adds as much for each
    movement point saved wherever the unit is, so long as the game leaves time to arrive."""
    d, facts = _decision("pl-hollenbach", "allied", "move_foot")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    rifle = next(p for p in b.mine() if p.type_id == "us_rifle")
    best = {}
    for h in facts.map.terrain_of:
        cost = min(path_cost(facts, "foot", h, i) for i in range(len(facts.objectives)))
        if cost in (2, 3, 6, 7):
            best.setdefault(cost, h)
    march = {c: leader_veteran.march(b, rifle, h) for c, h in best.items()}
    pull = {c: b.pull(rifle, h) for c, h in best.items()}
    near, far = march[2] - march[3], march[6] - march[7]
    assert near > 0 and far > 0 and abs(near - far) < 0.05 * near
    assert pull[6] - pull[7] < 0.5 * (pull[2] - pull[3])


def test_a_firer_with_a_good_shot_elsewhere_is_not_spent_on_a_joint_shot_that_adds_little():
    d, facts = _decision("pl-seeufer-landing", "allied", "combat", group="fire")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    f1, f2 = [p.id for p in b.mine() if b.printed(p).get("attack")][:2]
    t1, t2 = [e.id for e in b.enemies() if b.controls(e)][:2]
    assert b.by_id[t1].hex != b.by_id[t2].hex

    def fire(units, target):
        return {"type": "fire", "units": units, "targets": [target]}

    shots = [fire([f1], t1), fire([f1], t2), fire([f2], t2), fire([f1, f2], t1)]
    kill = ["1/2", "1/3", "1/2", "11/20"]  # the joint shot adds a twentieth to f1's own
    previews = [{"command": c, "attack": {"chances": {"X": x, "-": "1/2"}}}
                for c, x in zip(shots, kill, strict=True)]
    legal = {"fire": shots, "end_phase": [{"type": "end_phase"}]}
    decision = d.__class__(d.view, legal, previews, "joint")
    b = LeaderBoard(d.view, d.side, facts, previews)
    plain = {leader_board.command_key(c): leader_veteran.score(b, c) for c in shots}
    assert max(plain, key=plain.get) == leader_board.command_key(shots[3])  # greedy alone
    cmd = leader_veteran.choose(decision, facts)
    assert cmd != shots[3] and cmd["type"] == "fire", cmd


def test_a_unit_is_drawn_to_where_it_can_hit_and_infantry_to_where_it_can_assault():
    d, facts = _decision("pl-hollenbach", "allied", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    m4 = next(p for p in b.mine() if p.type_id == "us_m4")
    rifle = next(p for p in b.mine() if p.type_id == "us_rifle")
    village = facts.hex("A-L-2")  # a town hex: armoured for the Weapons Effectiveness Chart
    assert any(e.hex == village for e in b.enemies())
    terrain = facts.map.terrain_of
    enemy_hexes = {e.hex for e in b.enemies()}
    near = next(h for h in terrain if distance(h, village) == 3
                and all(distance(h, e) >= 3 for e in enemy_hexes))
    beside = next(h for h in terrain if distance(h, village) == 1 and h not in enemy_hexes)
    far = next(h for h in terrain if min(distance(h, e) for e in enemy_hexes) > 10)
    assert danger.offense(m4, near) > danger.offense(m4, far) == 0
    # A rifle cannot fire into a town (9.2), but it can assault it from next door: a lone
    # American rifle (2) does nothing to the German rifle (8) in the house, so the house
    # holds a gun crew (defence 2) here.
    assert rifle.type_id == "us_rifle"
    gun = Danger(_board(facts, "allied", [("ge-gun", "de_at75", "german", "A-L-2"),
                                          ("al-rifle-1", "us_rifle", "allied", "A-C-3")]))
    lone = gun.b.by_id["al-rifle-1"]
    assert gun.offense(lone, near) == 0 < gun.offense(lone, beside)


def test_loaded_trucks_wait_out_of_reach_of_the_french_rifles_at_the_ford():
    """A loaded truck defends at 1 (6.6): one shot takes its riders too. At Semois the trucks
    drove to the ford under the French rifles and cavalry and lost three rifle platoons on
    turn 1; the riders' ground counts only if they arrive, so they stay back until the tanks
    have cleared the way."""
    d, facts = _decision("pl-1940-semois-ford", "german", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    truck = b.by_id["ge-truck-1"]
    assert b.passengers(truck)
    moves = [c for c in d.legal["move"] if c["unit"] == truck.id]
    best = max(moves, key=lambda c: leader_veteran.score(b, c, danger))
    riflemen = [e for e in b.enemies() if b.printed(e).get("weapon") == "I"
                and b.printed(e).get("attack")]
    assert riflemen
    # In the woods, or out of the reach of every French infantry weapon (2*: double range
    # at half).
    to = facts.hex(best["to"])
    assert facts.map.terrain_of[to] == "woods" or all(
        distance(to, e.hex) > 4 for e in riflemen), best
    ford = next(c for c in moves if c["to"] == "B-H-4")
    assert leader_veteran.score(b, ford, danger) < leader_veteran.score(b, best, danger)


def test_the_navy_fires_at_units_in_the_open_not_in_the_woods_or_the_town():
    """At Seeufer the Allied navy has 60 points a turn (19.4) at any range against units in
    the open, halved against armour; woods and the village hide a unit from the sea. A German
    rifle far from every Allied unit is still in danger on open ground."""
    d, facts = _decision("pl-seeufer-landing", "german", "move_foot")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    assert danger.navy == 60
    terrain = facts.map.terrain_of
    rifle = next(p for p in b.mine() if p.type_id == "de_rifle")
    enemy = [e.hex for e in b.enemies()]
    far = [h for h in terrain if all(distance(h, e) > 12 for e in enemy)] if enemy else \
        list(terrain)
    clear = next(h for h in far if terrain[h] == "clear")
    cover = next(h for h in far if terrain[h] in ("woods", "town"))
    assert danger.naval(clear, armored=False) == 60 and danger.naval(clear, armored=True) == 30
    assert danger.naval(cover, armored=False) == 0
    assert danger.loss(rifle, clear, []) > danger.loss(rifle, cover, [])


def test_a_bunker_held_from_inside_draws_a_defender_onto_its_top():
    """Units inside a fort do not keep the enemy off it: an enemy may drive on top and so
    take the hex, unless a friend stands on top (RB IX.C.10). At Seeufer the rifles inside the
    bunker on the bluff lost it to the first DD tank ashore; the Veteran sends a unit to
    stand on top, where the Recruit counts the bunker as held."""
    d, facts = _decision("pl-seeufer-landing", "german", "move_foot")
    fort = facts.hex("C-I-5")
    recruit_view = LeaderBoard(d.view, d.side, facts, d.previews)
    b = leader_veteran.board(d, facts)
    assert [p.id for p in b.at[fort] if p.in_fort] == ["ge-rifle-1"]
    assert recruit_view.holders(fort) == 1 and b.holders(fort) == 0
    mg = b.by_id["ge-mg-1"]
    danger = Danger(b)
    moves = [c for c in d.legal["move"] if c["unit"] == mg.id]
    best = max(moves, key=lambda c: leader_veteran.score(b, c, danger))
    # The machine gun sets off for the bunker's top rather than end the phase where it is.
    assert distance(facts.hex(best["to"]), fort) < distance(mg.hex, fort), best
    assert leader_veteran.score(b, best, danger) > 0


def test_a_halftrack_with_riders_aboard_is_not_driven_up_to_the_village_guns():
    """Riders go down with their carrier: at Hollenbach the halftrack drove the rifle
    platoon up to the village on turn 1 and lost both, two points. A carrier's loss weighs
    its riders' as well as its own."""
    d, facts = _decision("pl-hollenbach", "allied", "move_vehicles")
    b = leader_veteran.board(d, facts)
    danger = Danger(b)
    carrier = b.by_id["al-halftrack-1"]
    assert [q.id for q in b.passengers(carrier)] == ["al-rifle-1"]
    assert leader_veteran.unit_worth(b, carrier) == 2
    moves = [c for c in d.legal["move"] if c["unit"] == carrier.id]
    best = max(moves, key=lambda c: leader_veteran.score(b, c, danger))
    assert danger.loss(carrier, facts.hex(best["to"]), []) < 0.5, best


def test_a_unit_that_could_climb_onto_an_unguarded_bunker_does_not_fire_instead():
    """A unit that fires may not move that turn. A German machine gun beside the bunker,
    which the rifles inside do not keep the enemy off (RB IX.C.10), climbs on top rather
    than fire at the beach: the shot is charged for the step it gives up. A gun far from
    the bunker gives up no such step."""
    # seed "u": a random game in which the machine gun is still in play by then
    d, facts = _decision("pl-seeufer-landing", "german", "combat", seed="u", group="fire")
    view = dict(d.view, units=[dict(u, hex="C-H-4") if u["id"] == "ge-mg-1" else u
                               for u in d.view["units"]])
    b = LeaderBoard(view, d.side, facts, d.previews, inside_holds=False)
    assert leader_veteran.open_ground(b, "ge-mg-1") > 0.5
    assert leader_veteran.open_ground(b, "ge-at75-1") == 0  # it cannot move at all
    target = next(e.id for e in b.enemies() if b.controls(e))
    shot = {"type": "fire", "units": ["ge-mg-1"], "targets": [target]}
    preview = [{"command": shot, "attack": {"chances": {"X": "1/3", "D": "1/3", "-": "1/3"}}}]
    legal = {"fire": [shot], "end_phase": [{"type": "end_phase"}]}
    decision = d.__class__(view, legal, preview, "bunker")
    assert leader_veteran.score(LeaderBoard(view, d.side, facts, preview), shot) > 0
    assert leader_veteran.choose(decision, facts)["type"] == "end_phase"


def test_only_fire_that_sees_the_hex_counts_and_none_from_afar_into_unspotted_woods():
    """The boards' lines of sight are public, so the Veteran counts only the enemy units that
    see a hex (2.6); and a unit in woods or a town is fired on from afar only when an enemy
    stands beside it (12.2: the enemy fires before it moves). At Hollenbach the guns in the
    village read as reaching almost every hex in range, so a hex behind the hill looked as
    deadly as one in front of it."""
    d, facts = _decision("pl-hollenbach", "allied", "move_vehicles")
    b = LeaderBoard(d.view, d.side, facts, d.previews)
    danger = Danger(b)
    sight = scenario_for("pl-hollenbach").map
    terrain = facts.map.terrain_of

    def in_range(h, armored):
        return [e for e, pr in danger.foes if weapon_factor(pr, armored, distance(e.hex, h))]

    hidden = [h for h in terrain if terrain[h] == "clear" and in_range(h, True)
              and not any(has_los(sight, e.hex, h) for e in in_range(h, True))]
    assert hidden, "a clear hex in range of the village that no enemy sees"
    assert all(danger.fire(h, True) == 0 for h in hidden)
    # Where some see the hex and some do not, those that see it count, at full weight.
    for h in terrain:
        firers = in_range(h, True)
        seeing = [e for e in firers if has_los(sight, e.hex, h)]
        if terrain[h] == "clear" and 0 < len(seeing) < len(firers):
            break
    else:
        raise AssertionError("a clear hex some of the enemy see and some do not")
    printed = dict(danger.foes)
    assert danger.fire(h, True) == sum(
        printed[e].get("attack") * weapon_factor(printed[e], True, distance(e.hex, h))
        for e in seeing) > 0
    # Woods in range and in sight of the enemy, with no enemy beside them: safe from afar.
    woods = [h for h in terrain if terrain[h] == "woods" and not danger.spotted(h)
             and any(has_los(sight, e.hex, h) for e in in_range(h, False))]
    assert woods and all(danger.fire(h, False) == 0 for h in woods)
    rifle = next(p for p in b.mine() if p.type_id == "us_rifle")
    assert all(danger.loss(rifle, h, []) == 0 for h in woods)
    # Beside an enemy the woods are spotted, and its fire counts.
    beside = next(h for h in terrain if terrain[h] == "woods" and danger.spotted(h))
    assert danger.fire(beside, False) > 0


def _board(facts, side: str, units: list[tuple[str, str, str, str]],
           dispersed: tuple[str, ...] = ()) -> LeaderBoard:
    """A board read from a view holding only these units: (id, type, side, hex), those in
    `dispersed` dispersed."""
    view = {"turn": 3, "turns": 8, "phase": "move_foot", "units": [
        {"id": i, "type": t, "side": s, "hex": h,
         "status": "dispersed" if i in dispersed else "ok"} for i, t, s, h in units]}
    return LeaderBoard(view, side, facts, [])


def test_a_rifle_is_worth_more_beside_a_house_other_rifles_already_stand_beside():
    """Every unit beside a hex may join one close assault on it (15.2), so a rifle platoon
    adds more where two others wait beside the same village house than where it would go in
    alone: alone it assaults a German gun crew (2) in a town at 1 to 1, with two others at 3 to 1.
    What it adds is the gain of the joint assault over the others' without it."""
    facts = public_facts("pl-hollenbach")
    house, beside, other = facts.hex("A-L-2"), facts.hex("A-K-2"), facts.hex("A-K-3")
    assert facts.map.terrain_of[house] == "town"
    assert distance(beside, house) == distance(other, house) == 1
    enemy = [("ge-gun-1", "de_at75", "german", "A-L-2")]
    newcomer = ("al-rifle-1", "us_rifle", "allied", "A-C-3")
    alone = Danger(_board(facts, "allied", [*enemy, newcomer]))
    party = [("al-rifle-2", "us_rifle", "allied", "A-K-3"),
             ("al-rifle-3", "us_rifle", "allied", "A-K-3")]
    together = Danger(_board(facts, "allied", [*enemy, newcomer, *party]))
    p = together.b.by_id["al-rifle-1"]
    assert together.assault_party(house, but=p.id) == 4
    assert together.offense(p, beside) > alone.offense(alone.b.by_id["al-rifle-1"], beside) > 0
    # Dispersed friends cannot join.
    dazed = _board(facts, "allied", [*enemy, newcomer, *party], dispersed=("al-rifle-2",
                                                                          "al-rifle-3"))
    assert Danger(dazed).assault_party(house, but=p.id) == 0


def test_a_gun_may_count_on_a_shot_into_the_village_only_with_a_fresh_spotter_beside_it():
    """A unit in a town is fired on from afar only when spotted (12.2): a Sherman that sees
    the village house counts on a shot at the German rifle inside only while a rifle platoon
    of ours stands beside the house, and not while that platoon is dispersed (12.3)."""
    facts = public_facts("pl-hollenbach")
    sight = scenario_for("pl-hollenbach").map
    house, beside = facts.hex("A-L-2"), facts.hex("A-K-2")
    post = next(h for h in sorted(facts.map.terrain_of, key=lambda x: (x.q, x.r))
                if 3 <= distance(h, house) <= 5 and has_los(sight, h, house)
                and distance(h, beside) > 1)
    enemy = ("ge-rifle-1", "de_rifle", "german", "A-L-2")
    tank = ("al-m4-1", "us_m4", "allied", facts.label(post))
    spotter = ("al-rifle-1", "us_rifle", "allied", "A-K-2")

    def shot(units, dispersed=()):
        b = _board(facts, "allied", units, dispersed)
        danger = Danger(b)
        return danger.offense(b.by_id["al-m4-1"], post)

    assert shot([enemy, tank]) == 0
    assert shot([enemy, tank, spotter]) > 0
    assert shot([enemy, tank, spotter], dispersed=("al-rifle-1",)) == 0
