"""How boldly a Veteran plays: a knob Elite searches over in both games, beside the
Veteran's runner-up plans.

Each game's Veteran weighs what a move gains (ground, objectives, cover) against what it
risks (the enemy fire it walks into, the chance of losing the counter). A stance scales the
risk side: `care` 1 is the Veteran as it plays on its own; a bold stance minds the risk half
as much. Which pays depends on the situation (a bold Veteran beat the steady one at
Hollenbach and the Semois and lost to it at River Assault), so Elite weighs the bold plan
beside the steady ones (panzer_grenadier/elite.py, panzer_leader/elite.py).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Stance:
    name: str
    care: float  # times the Veteran's own regard for the risk of a move


STEADY = Stance("steady", 1.0)
BOLD = Stance("bold", 0.5)
STANCES = (STEADY, BOLD)  # the Veteran's own first: its plans are played where a search is even
