"""A side's drawings on the map: arrows, circles, hex highlights and short labels, in the
drawing seat's colour, kept per turn, sent live to the side's group (its seats and coaches)
and to nobody else; after the end, the replay shows each side's."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import broadcast, protocol, steplog
from games import engine_adapter as engine
from games.models import ACTIVE, Seat
from games.services.errors import ServiceError

from .access import planner
from .models import Drawing

# One colour per seat of a side, in seat order: distinct from the sides' counter colours.
PALETTE = ("#e4572e", "#2e86ab", "#9c27b0", "#ff9f1c")
MAX_TEXT = 40
MAX_PER_TURN = 60  # a side's drawings in one turn


def drawings_read(*, game: Any, user: Any, turn: int | None = None) -> dict:
    """The drawings the viewer may see: their side's (of one turn, or every turn), or after
    the end every side's."""
    p = planner(game, user)
    rows = Drawing.objects.filter(game=p.game).select_related("seat", "author")
    if p.side_id is not None:
        rows = rows.filter(side_id=p.side_id)
    if turn is not None:
        rows = rows.filter(turn=turn)
    return {"side": p.side_id, "turn": _turn(p.game), "may_draw": p.may_write,
            "drawings": [d.to_json() for d in rows]}


def drawing_add(*, game: Any, user: Any, kind: Any, hexes: Any, text: Any = "") -> dict:
    """Draw one mark for the side, in this turn; refused with nothing stored if malformed."""
    p = planner(game, user, write=True)
    if p.game.status != ACTIVE:
        raise ServiceError("game/over", f"the game is {p.game.status}", 409)
    want = {Drawing.ARROW: 2, Drawing.CIRCLE: 1, Drawing.HEX: 1, Drawing.LABEL: 1}
    if kind not in want:
        raise ServiceError("drawing/invalid", f"kind must be one of {', '.join(want)}")
    if not isinstance(hexes, list) or len(hexes) != want[kind]:
        raise ServiceError("drawing/invalid", f"a {kind} names {want[kind]} hex(es)")
    labels = _labels(p.game.scenario)
    for h in hexes:
        if not isinstance(h, str) or h not in labels:
            raise ServiceError("drawing/invalid", f"{h!r} is not a hex of this map")
    text = text if isinstance(text, str) else ""
    text = text.strip()
    if kind == Drawing.LABEL and not text:
        raise ServiceError("drawing/invalid", "a label needs its text")
    if len(text) > MAX_TEXT:
        raise ServiceError("drawing/invalid", f"a label is at most {MAX_TEXT} characters")
    turn = _turn(p.game)
    with transaction.atomic():
        if Drawing.objects.filter(game=p.game, side_id=p.side_id, turn=turn).count() \
                >= MAX_PER_TURN:
            raise ServiceError("drawing/too_many", f"at most {MAX_PER_TURN} drawings a turn")
        row = Drawing.objects.create(
            game=p.game, side_id=p.side_id, seat=p.seat, author=user, turn=turn, kind=kind,
            hexes=hexes, text=text if kind == Drawing.LABEL else "",
            colour=_colour(p.seat))
        _tell(p.game.pk, p.side_id, protocol.drawing_frame("add", row.to_json()))
    return row.to_json()


def drawing_remove(*, game: Any, user: Any, drawing_id: Any) -> None:
    """Remove a drawing: only the one who drew it may."""
    p = planner(game, user, write=True)
    row = Drawing.objects.filter(game=p.game, side_id=p.side_id, pk=_int(drawing_id)).first()
    if row is None:
        raise ServiceError("drawing/not_found", "no such drawing of your side", 404)
    if row.author_id != user.pk:
        raise ServiceError("drawing/not_yours", "only the one who drew it removes it", 403)
    with transaction.atomic():
        row.delete()
        _tell(p.game.pk, p.side_id, protocol.drawing_frame(
            "remove", {"id": _int(drawing_id), "side": p.side_id, "turn": row.turn}))


def _tell(game_id: Any, side_id: str, frame: dict) -> None:
    message = broadcast.text_message(protocol.encode(frame))
    group = broadcast.side_group(game_id, side_id)
    transaction.on_commit(lambda: broadcast.send([(group, message)]))


def _int(raw: Any) -> int:
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise ServiceError("drawing/not_found", "no such drawing of your side", 404) from None


def _turn(game: Any) -> int:
    state = steplog.state_at(game.pk, game.version) if game.version else None
    return int(engine.turn_info(state)["turn"]) if state is not None else 0


def _colour(seat: Seat | None) -> str:
    if seat is None:
        return PALETTE[0]
    ids = list(Seat.objects.filter(game_id=seat.game_id, side_id=seat.side_id)
               .order_by("seat_id").values_list("seat_id", flat=True))
    return PALETTE[ids.index(seat.seat_id) % len(PALETTE)]


def _labels(scenario_id: str) -> frozenset[str]:
    return frozenset(h["hex"] for h in engine.map_payload(scenario_id)["hexes"])
