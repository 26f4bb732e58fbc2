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
    id: str
    text: str
    default: bool = False
    experimental: bool = False


RULES = (
    Rule("opportunity_fire", "Opportunity fire (21.2)", default=True),
    Rule("quick_time", "Infantry Quick-Time (21.1)", default=True),
    Rule("panzerblitz_assault", "Panzerblitz Assault: riders jump off before an overrun (21.4)",
         default=True),
    Rule("naval_support", "Naval support fire where the situation grants it (19.4, 21.3)",
         default=True),
    Rule("no_self_destruction", "Nobody fires on his own units (8.6; QA C4, a player-derived "
                                "rule: Note 1)", default=True),
    Rule("dispersed_drm", "Dispersed defender -1 on the die (PL-D3)"),
    Rule("dd_escalates", "DD on an already dispersed unit eliminates it (PL-D4)"),
    Rule("pl1940", "Panzer Leader 1940: no Panzerblitz Assault, no riding on armour, armoured "
                   "cars use the turreted rule (24)"),
    Rule("turreted_afv", "Experimental: turreted AFVs fire then move half (22.1)",
         experimental=True),
    Rule("field_of_fire", "Experimental: artillery field of fire (22.2)", experimental=True),
    Rule("smoke", "Experimental: smoke shell concentrations (22.3)", experimental=True),
    Rule("qa_engineering", "Experimental: engineers lay minefields and build bridges (18.9)",
         experimental=True),
    Rule("pl1940_bell", "Experimental, 1940 only: Bell's close assault and overrun rules (24)",
         experimental=True),
)

OPTIONAL_RULES = {r.id: r.text for r in RULES}
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
