"""What a notification says, built for one recipient from what their side may see.

Everything here reads the game through the same per-audience functions as the live frames
(`engine.events_for`, the side's view): a step's events are redacted for the recipient's side
before a word is written, so a notification cannot carry what its recipient may not know.
The message is plain data (title, text, lines, url) that every channel renders.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse

from games import engine_adapter as engine
from games.notifications.kinds import GAME_OVER, KIND_LABELS, TIME_RUNNING_OUT, YOUR_MOVE

MAX_LINES = 6


def game_url(game_id: Any) -> str:
    return settings.SITE_URL + reverse("game", args=[str(game_id)])


def scenario_title(scenario_id: str) -> str:
    try:
        return engine.scenario(scenario_id).title
    except KeyError:
        return scenario_id


def _words(name: str) -> str:
    return str(name).replace("_", " ")


def event_line(event: dict, side_names: dict[str, str]) -> str:
    """One redacted log event in words: who did what, and where (never which counter)."""
    side = side_names.get(str(event.get("side") or ""), "")
    line = _words(event.get("type", "event"))
    if event.get("from") and event.get("to"):
        line += f" {event['from']} to {event['to']}"
    else:
        for key in ("hex", "target_hex"):
            if isinstance(event.get(key), str):
                line += f" at {event[key]}"
                break
    return f"{side}: {line}" if side else line


def step_lines(events: list[dict], after: engine.GameState, side_id: str, names: dict) -> list[str]:
    """What the recipient's side saw happen in a step, in words, at most MAX_LINES."""
    visible = engine.events_for(events, after, engine.side_audience(side_id))
    lines: list[str] = []
    for event in visible:
        line = event_line(event, names)
        if not lines or lines[-1] != line:
            lines.append(line)
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], f"... and {len(lines) - MAX_LINES + 1} more"]
    return lines


def _result_words(result: dict | None, names: dict[str, str]) -> str:
    if not result:
        return "The game has ended."
    winner = result.get("winner")
    if result.get("agreed") == "abort":
        return "It was aborted before its first move (not rated)."
    if result.get("agreed") == "draw":
        return "The players agreed a draw."
    if not winner:
        return "The game has ended in a draw."
    level = result.get("level")
    return f"{names.get(winner, winner)} won" + (f" ({_words(level)})." if level else ".")


def message(
    *,
    kind: str,
    game_id: Any,
    scenario_id: str,
    side_id: str,
    side_names: dict[str, str],
    after: engine.GameState | None = None,
    events: list[dict] | None = None,
    remaining: str = "",
    flagged: str = "",
    draw_offered_by: str = "",
) -> dict:
    """The message of one notification for a player on side `side_id`. `flagged`: the name
    of a side that has just run out of time (its own players are told it ran out; the
    others that it is their decision). `draw_offered_by`: the name of a side whose draw offer
    this player is asked to answer."""
    title = scenario_title(scenario_id)
    turn = getattr(after, "turn", None)
    lines: list[str] = []
    label = KIND_LABELS.get(kind, "")
    if flagged and kind == TIME_RUNNING_OUT:
        label = "Out of time"
        text = (
            f"Your side ({flagged}) ran out of time in {title}. You may play on: your opponent "
            "may claim the win, give you more time or wait, and a partner may take over."
        )
    elif draw_offered_by and kind == YOUR_MOVE:
        label = "Draw offered"
        text = f"The {draw_offered_by} side offers a draw in {title}: accept or decline it."
    elif flagged and kind == YOUR_MOVE:
        text = f"{flagged} ran out of time in {title}: claim the win, give more time or wait."
    elif kind == YOUR_MOVE:
        text = f"It is your move in {title}" + (f", turn {turn}." if turn else ".")
        if after is not None and events:
            lines = step_lines(events, after, side_id, side_names)
    elif kind == TIME_RUNNING_OUT:
        text = f"Your time is running out in {title}" + (
            f": {remaining} left." if remaining else "."
        )
    elif kind == GAME_OVER:
        text = f"{title} is over. " + _result_words(
            engine.result_of(after) if after else None, side_names
        )
    else:
        raise ValueError(f"unknown notification kind {kind!r}")
    return {
        "kind": kind,
        "title": f"{label}: {title}",
        "text": text,
        "lines": lines,
        "url": game_url(game_id),
        "game": str(game_id),
        "turn": turn,
    }


def plain_text(msg: dict) -> str:
    """The message as a few lines of text (mail body, webhook content)."""
    body = [msg["text"]]
    if msg.get("lines"):
        body += ["", *(f"- {line}" for line in msg["lines"])]
    body += ["", msg["url"]]
    return "\n".join(body)
