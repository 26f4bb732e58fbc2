"""How strong each bot level is on the players' rating scale, from the measured scores of
the levels against each other (docs/bots.md, "Strength": `bench/bots.py`, 40 games a
scenario a pairing, sides swapped), and so the weakest level that may stand in for a player
of a given rating.

The measurements give the gaps between levels; where the scale sits is a choice: the
Veteran is put at the rating every player starts with (1500), the ordinary player it was
built to be. No game between a person and a bot is rated (bots sit only in unrated games),
so there is nothing to anchor it on yet.
"""

from __future__ import annotations

import math

from games.bots.levels import PLAYABLE
from games.community.glicko2 import DEFAULT_RATING as STARTING_RATING

# The stronger level's score against the weaker, all 320 games of each pairing.
MEASURED_SCORES = (("veteran", "recruit", 0.84), ("elite", "veteran", 0.60))


def rating_gap(score: float) -> float:
    """The rating difference that expects this score (the logistic curve Glicko-2 uses for
    opponents of known strength)."""
    return 400.0 * math.log10(score / (1.0 - score))


def level_ratings() -> dict[str, float]:
    """Each level's estimated rating: the Veteran at the starting rating, the others by the
    measured gaps."""
    out = {"veteran": STARTING_RATING}
    for stronger, weaker, score in MEASURED_SCORES:
        if stronger in out:
            out[weaker] = out[stronger] - rating_gap(score)
        else:
            out[stronger] = out[weaker] + rating_gap(score)
    return {level: round(out[level]) for level in PLAYABLE}


LEVEL_RATINGS = level_ratings()  # recruit 1212, veteran 1500, elite 1570


def floor_for(rating: float | None) -> str:
    """The weakest level that may stand in for a player so rated: the strongest level whose
    estimated rating the player's reaches (a Recruit with no rating yet)."""
    if rating is None:
        return PLAYABLE[0]
    reached = [level for level in PLAYABLE if rating >= LEVEL_RATINGS[level]]
    return reached[-1] if reached else PLAYABLE[0]
