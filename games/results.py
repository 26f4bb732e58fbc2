"""A finished game's result in a player's words: who won (or a draw, or the game aborted)
and why, for the game page's banner (the view's `result.words`) and the lobby's finished
games alike, from one table.

A ruleset's result is `{"winner", "reason", ...}`. Panzer Grenadier writes its reasons as
sentences ("Soviet scored 7, needing 6 (German 2, Soviet 7)", "German resigned"); Panzer
Leader stores codes ("turns", "resigned", "no_battle") in its saved games, so a code is
worded here and anything else is shown as the ruleset wrote it. Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# A result's reason code, as a ruleset stores it, in words; `{side}` is the side named by
# the result's `resigned` (the side that resigned or ran out of time).
REASONS = {
    "turns": "after the last turn",
    "resigned": "{side} resigned",
    "no_battle": "no battle was fought",
}
# Games ended by the players' agreement (D-AGREE-1), whatever words the ruleset stored.
AGREED = {
    "draw": ("A draw", "drawn by agreement"),
    "abort": ("Game aborted", "before the first move"),
}
LEVELS = {"decisive", "tactical", "marginal"}  # Panzer Leader's levels of victory


def result_words(result: Any, side_name: Callable[[str], str]) -> dict | None:
    """{"title": "Game over: German wins", "outcome": "German wins", "reason": "after the
    last turn"} for a result (None for none); `side_name` names a side by its id. An
    aborted game's title is "Game aborted": it was never played, so nobody drew it."""
    if not isinstance(result, dict):
        return None
    agreed = AGREED.get(str(result.get("agreed")))
    if agreed is not None:
        outcome, reason = agreed
        title = outcome if result.get("agreed") == "abort" else f"Game over: {outcome}"
        return {"title": title, "outcome": outcome, "reason": reason}
    winner = result.get("winner")
    if isinstance(winner, str) and winner:
        level = result.get("level")
        outcome = f"{side_name(winner)} wins" + (f" ({level} victory)" if level in LEVELS else "")
    else:
        outcome = "A draw"
    reason = str(result.get("reason") or "")
    if reason in REASONS:
        resigned = result.get("resigned")
        reason = REASONS[reason].format(
            side=side_name(resigned) if isinstance(resigned, str) else "a side"
        )
    why = result.get("why")
    if isinstance(why, str) and why:
        reason = f"{reason}: {why}" if reason else why
    return {"title": f"Game over: {outcome}", "outcome": outcome, "reason": reason}


def with_words(result: Any, side_name: Callable[[str], str]) -> Any:
    """The result with its `words` added (a copy); anything not a result as it is."""
    words = result_words(result, side_name)
    return {**result, "words": words} if words is not None else result
