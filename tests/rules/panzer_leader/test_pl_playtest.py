"""Random play reaches the rules a wandering player never would: overruns, Panzerblitz
Assault drop-offs, new blocks and bridge demolitions (playtest.py), and stays clean."""

from __future__ import annotations

import io
import re

from games.rules.panzer_leader.ruleset import RULESET


def exercised(text: str) -> dict[str, int]:
    line = next(x for x in text.splitlines() if x.startswith("exercised:"))
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", line)}


def test_random_play_overruns_drops_riders_and_makes_blocks_at_hollenbach():
    out = io.StringIO()
    tally = RULESET.playtest(games=3, seed="2", scenario_ids=["pl-hollenbach"], out=out)
    seen = exercised(out.getvalue())
    assert (tally.errors, tally.invariant_failures, tally.replay_mismatches) == (0, 0, 0)
    assert seen["overrun"] and seen["jumped_off"] and seen["block_made"], seen


def test_random_play_demolishes_bridges_on_the_semois():
    out = io.StringIO()
    tally = RULESET.playtest(games=2, seed="1", scenario_ids=["pl-1940-semois-ford"], out=out)
    assert (tally.errors, tally.invariant_failures, tally.replay_mismatches) == (0, 0, 0)
    assert exercised(out.getvalue())["bridge_demolished"]
