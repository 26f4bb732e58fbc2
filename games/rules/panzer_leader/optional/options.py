"""The optional rules a Panzer Leader game may switch on or off (21, 22, 24; PL-D13).

One table: each rule's id, what it is, whether it is on unless a game says otherwise, and
whether it is experimental (22: off by default). A situation may set its own defaults (the
1940 situation plays the 1940 rules); a game may switch any of them through the ruleset's
`options()`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One optional rule as the new-game page offers it: its name, its rule number (or the
    decision that made it, PL-D…) and one line in our words of what it changes in play."""

    id: str
    name: str
    rule: str
    line: str
    default: bool = False
    experimental: bool = False


RULES = (
    Rule("opportunity_fire", "Opportunity fire", "21.2",
         "Units may fire at an enemy unit as it moves, once it has spent a quarter of its "
         "movement allowance in their sight.", default=True),
    Rule("quick_time", "Infantry Quick-Time", "21.1",
         "Foot infantry may move two hexes whatever they cost, not into woods, town, slope or "
         "stream off a road; a die roll of 4-6 then disperses them.", default=True),
    Rule("panzerblitz_assault", "Panzerblitz Assault", "21.4",
         "Infantry riding German armour may jump off before it overruns a hex, then "
         "close-assault that hex and no other.", default=True),
    Rule("naval_support", "Naval support fire", "19.4, 21.3",
         "Where the situation grants it, the navy fires its attack points each turn in lots of "
         "20 or more, at units in the open or by indirect order.", default=True),
    Rule("no_self_destruction", "No firing on your own units", "8.6; QA C4",
         "Nobody may fire at his own units, which the printed rules would let a player do.",
         default=True),
    Rule("dispersed_drm", "Dispersed defender −1", "PL-D3",
         "Fire at units that are all already dispersed gets −1 on the die, in the attacker's "
         "favour."),
    Rule("dd_escalates", "DD eliminates the dispersed", "PL-D4",
         "A DD result on a unit that is already dispersed eliminates it instead of leaving it "
         "dispersed."),
    Rule("pl1940", "Panzer Leader 1940", "24",
         "The 1940 game: no Panzerblitz Assault, no infantry riding armour, and armoured cars "
         "count as turreted (22.1)."),
    Rule("turreted_afv", "Turreted AFVs fire then move", "22.1",
         "Experimental: a turreted armoured vehicle that has fired may still move half its "
         "movement allowance, rounded down.", experimental=True),
    Rule("field_of_fire", "Artillery field of fire", "22.2",
         "Experimental: guns that cannot move themselves face one hexside and fire only into "
         "the 120° arc ahead; guns of 88 mm or more need a carrier to turn.",
         experimental=True),
    Rule("smoke", "Smoke", "22.3",
         "Experimental: artillery may fire smoke, 25 attack points or more into one hex; it "
         "harms nobody and blocks sight through the hex until the firer's combat phase two "
         "turns later.",
         experimental=True),
    Rule("qa_engineering", "Engineers lay minefields and build bridges", "18.9",
         "Experimental: a carrier brings a minefield or bridge counter, and engineers lay it "
         "over several turns in full view of both sides.", experimental=True),
    Rule("pl1940_bell", "Bell's close assault and overrun", "24",
         "Experimental, 1940 only: close assault on armour gets no −2, armour in woods or town "
         "loses its cover against assaulters in cover, and armour may overrun into woods and "
         "slopes.", experimental=True),
)

OPTIONAL_RULES = {r.id: r.name for r in RULES}
DEFAULT_OPTIONS = frozenset(r.id for r in RULES if r.default)
EXPERIMENTAL = frozenset(r.id for r in RULES if r.experimental)


def check(chosen: set[str]) -> set[str]:
    """The options a game plays with, or ValueError naming what cannot be."""
    unknown = chosen - set(OPTIONAL_RULES)
    if unknown:
        raise ValueError(f"unknown Panzer Leader options {sorted(unknown)}")
    if "pl1940_bell" in chosen and "pl1940" not in chosen:
        raise ValueError("Bell's rules are for Panzer Leader 1940 only (24): add pl1940")
    if "pl1940" in chosen:
        chosen = chosen - {"panzerblitz_assault"}  # not used in 1940 (24; QA P5)
    return chosen
