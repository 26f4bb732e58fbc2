"""Small battles built from a blank board, the way a designer starts one (issue 48)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from games.rules.common.dice import SeededDice
from games.rules.registry import ruleset


def pg_battle(**changes) -> dict:
    """A small playable Panzer Grenadier battle on a blank 8x6 board: two rifle platoons a
    side and a village worth 3 points."""
    doc = ruleset("panzer_grenadier").blank_document(8, 6)
    doc["units"] = [
        {"id": "ge-1", "type": "ge_rifle", "side": "attacker", "hex": "A0102"},
        {"id": "ge-2", "type": "ge_rifle", "side": "attacker", "hex": "A0103"},
        {"id": "su-1", "type": "su_rifle", "side": "defender", "hex": "A0703"},
        {"id": "su-2", "type": "su_rifle", "side": "defender", "hex": "A0704"},
    ]
    doc["victory"]["hexes"] = [{"hex": "A0604", "name": "The village", "points": 3,
                                "holder": "defender"}]
    doc["turns"] = 3
    doc.update(changes)
    return doc


def pl_situation(**changes) -> dict:
    """A small playable Panzer Leader situation on a blank 8x6 board: Shermans behind a wood
    (column D) against a German outpost in a village (columns A-H, rows 1-6)."""
    doc = ruleset("panzer_leader").blank_document(8, 6)
    doc["boards"]["N"]["terrain"] = ["...w...."] * 3 + ["...w..t."] + ["...w...."] * 2
    doc["forces"] = [
        {"side": "allied", "type": "us_m4", "at": ["N-A-2", "N-A-3"], "count": 2},
        {"side": "allied", "type": "us_rifle", "count": 2, "entry_turn": 2,
         "entry": ["N-A-1", "N-A-2", "N-A-3"]},
        {"side": "german", "type": "de_rifle", "at": ["N-G-4"], "count": 1},
        {"side": "german", "type": "de_mg", "at": ["N-G-4"], "count": 1},
    ]
    doc["control"] = {"N-G-4": "german"}
    doc["victory"]["objectives"] = ["N-G-4"]
    doc["victory"]["levels"] = {"decisive": 4, "tactical": 3, "marginal": 2}
    doc.update(changes)
    return doc


def pl_situation_with_special_rules(**changes) -> dict:
    """`pl_situation` with every field a Panzer Leader situation may carry beside its forces:
    a stream (row 6) below a beach (N-A-5) and the sea (N-A-6), a drawn cliff, a railway, a
    truck carrying an engineer with a bridge counter, a gun in a fort, a DD tank afloat,
    mines, blocks, exits, aircraft, naval fire, a temporary bridge and the special rules
    (invasion, DD survival, demolition, armour carrying, boards barred, sectors). A strip of
    clear ground, board S, lies east of N: the Germans may not enter it."""
    doc = pl_situation(id="special-rules")
    board = doc["boards"]["N"]
    board["terrain"] = ["...w...."] * 3 + ["...w..t."] + ["b..w...."] + ["=~~~~~~~"]
    board["hexsides"] = [{"a": [5, 0], "b": [5, 1], "features": ["cliff"]}]
    board["railways"] = [[[0, 3], [1, 3]]]
    doc["boards"]["S"] = {"id": "S", "title": "East strip", "columns": 2, "rows": 6,
                          "terrain": [".."] * 6, "elevation": ["00"] * 6, "roads": []}
    doc["map"][0]["join"] = False
    doc["map"].append({"board": "S", "at": [8, 0]})
    doc["forces"] += [
        {"side": "allied", "type": "us_truck", "at": ["N-B-1"], "count": 1},
        {"side": "allied", "type": "us_engineer", "at": ["N-B-1"], "count": 1, "equipped": True},
        {"side": "german", "type": "de_at75", "at": ["N-H-2"], "count": 1, "inside": True,
         "under_bridge": False},
        {"side": "allied", "type": "us_m4_dd", "at": ["N-A-6"], "count": 1, "afloat": True,
         "land_turn": 2},
    ]
    doc["loaded"] = [{"carrier": "al-truck-1", "passenger": "al-engineer-1"}]
    doc["engineer_vehicles"] = {"al-engineer-1": "al-truck-1"}
    doc.update({
        "cargo": [{"id": "al-truck-bridge", "kind": "truck_bridge", "carrier": "al-truck-1"}],
        "temporary_bridges": [{"hex": "N-C-6", "kind": "truck", "defense": 8}],
        "naval": [{"side": "allied", "points": 40, "first": 1, "last": 3}],
        "forts": [{"hex": "N-H-2", "defense": 8}],
        "mines": [{"hex": "N-F-1", "owner": "german"}],
        "blocks": ["N-E-5"],
        "exits": {"german": ["N-A-5"]},
        "aircraft": [{"side": "allied", "type": "us_p47", "count": 1, "first": 1, "last": 2,
                      "ordnance": "bombs"}],
        "options": ["naval_support", "opportunity_fire"],
        "setup_last": "allied", "invasion": False, "dd_survival": 4, "demolition_within": 3,
        "armour_carries": ["allied"], "no_entry": {"german": ["S"]},
        "sectors": [{"units": ["al-m4-1"], "boards": ["N"]}],
        "source": "Made up for the tests", "note": "Every field at once", "date": "1944-09-01",
        "front": "west",
    })
    doc.update(changes)
    return doc


def pg_setup_battle(**changes) -> dict:
    """`pg_battle` where both sides place their forces (D-SETUP-1): the defender first, its
    two platoons anywhere in the village area (columns 6-7, rows 3-4), then the attacker
    its two on the west edge (column 1, rows 1-3)."""
    doc = pg_battle()
    for u in doc["units"]:
        del u["hex"]
    attacker, defender = doc["sides"]
    defender["sets_up"], attacker["sets_up"] = "first", "second"
    defender["setup_areas"] = [{"name": "Village", "hexes": ["A0603", "A0604", "A0703",
                                                            "A0704"],
                                "units": ["su-1", "su-2"]}]
    attacker["setup_areas"] = [{"name": "West edge", "hexes": ["A0101", "A0102", "A0103"],
                                "units": ["ge-1", "ge-2"]}]
    doc["id"] = "setup-battle"
    doc.update(changes)
    return doc


def pl_setup_situation(**changes) -> dict:
    """`pl_situation` where both sides place their units (PL-E1): the German defender first,
    its rifle and machine-gun anywhere in the village area (N-G-3, N-G-4, N-H-4), then the
    Allied attacker, who sets up last, its two Shermans west of the wood (N-A-2, N-A-3)."""
    doc = pl_situation()
    doc["forces"][0] = {"side": "allied", "type": "us_m4", "count": 2}
    doc["forces"][2] = {"side": "german", "type": "de_rifle", "count": 1}
    doc["forces"][3] = {"side": "german", "type": "de_mg", "count": 1}
    allied, german = doc["sides"]
    german["setup_areas"] = [{"name": "Village", "hexes": ["N-G-3", "N-G-4", "N-H-4"],
                              "units": ["ge-rifle-1", "ge-mg-1"]}]
    allied["setup_areas"] = [{"name": "West", "hexes": ["N-A-2", "N-A-3"],
                              "units": ["al-m4-1", "al-m4-2"]}]
    doc["id"] = "pl-setup-situation"
    doc.update(changes)
    return doc


def played(rules, start, commands, seed: str = "replayed"):
    """Play `commands` ((seat, command) pairs) from `start` on dice of `seed`, as a game's log
    records them; return the steps an export takes and the last state."""
    state, steps, position = start, [], 0
    for seat, command in commands:
        dice = SeededDice(seed, position)
        step = rules.apply(state, seat, command, dice)
        position, state = dice.position, step.state
        steps.append({"seat": seat, "command": command, "dice": list(step.dice_used),
                      "state": state})
    return steps, state


def json_paths(doc, prefix: tuple = (), first: int | None = None) -> Iterator[tuple]:
    """Every path into a JSON document: each key of an object and each index of a list (only
    the `first` items of each list when given), depth first."""
    if isinstance(doc, dict):
        items = list(doc.items())
    elif isinstance(doc, list):
        items = list(enumerate(doc[:first]))
    else:
        items = []
    for key, inner in items:
        yield prefix + (key,)
        yield from json_paths(inner, prefix + (key,), first)


def replaced(doc: dict, where: tuple, value) -> dict:
    """A copy of `doc` with the field at path `where` (from `json_paths`) set to `value`."""
    out = json.loads(json.dumps(doc))
    here = out
    for step in where[:-1]:
        here = here[step]
    here[where[-1]] = value
    return out


def without(doc: dict, where: tuple) -> dict:
    """A copy of `doc` with the field at path `where` (from `json_paths`) taken out."""
    out = json.loads(json.dumps(doc))
    here = out
    for step in where[:-1]:
        here = here[step]
    del here[where[-1]]
    return out
