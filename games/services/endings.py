"""End a game by a player's choice: resign, a draw every seat agrees to, or an abort.

A draw is offered by a side: its seats agree one by one, and only that side sees the offer
until all of them have; then the other sides see it, and it becomes a draw when every seat
of theirs has accepted too. Any seat that sees an offer may decline it (its own side's seats
withdraw it so); it is gone for everyone who saw it. An abort ends a game no seat has moved
in yet (still at its opening version): no winner, and no rating (games.community.ratings).

The game ends through one engine step (`end_agreed`, D-AGREE-1; `resign`, D-RESIGN-1),
stored and broadcast as every step is; offers are announced with `offer` frames to the side
groups that may see them, after the commit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, protocol, steplog
from games import engine_adapter as engine
from games.models import ACTIVE, FINISHED, DrawOffer, Game, GameStep, Seat, Side
from games.partner_acts import acted_by
from games.services import hooks
from games.services.errors import ServiceError

OFFER = "offer"
ACCEPT = "accept"
DECLINE = "decline"
ANSWERS = (OFFER, ACCEPT, DECLINE)

# Commands a browser may send on the game socket (or to /commands) that this module answers:
# they are agreements between the seats, not moves of the game.
COMMANDS = {"offer_draw": OFFER, "accept_draw": ACCEPT, "decline_draw": DECLINE, "abort": None}
# The engine's command for an agreed end: only this module sends it (D-AGREE-1).
ENGINE_COMMAND = "end_agreed"


def seats_by_side(game_id: Any) -> dict[str, list[str]]:
    """The seated seat ids of each side (a seat with nobody in it has no say)."""
    out: dict[str, list[str]] = {}
    rows = Seat.objects.filter(game_id=game_id, user__isnull=False).values_list(
        "side__side_id", "seat_id"
    )
    for side_id, seat_id in rows.order_by("seat_id"):
        out.setdefault(side_id, []).append(seat_id)
    return out


def stands(offer: DrawOffer, seats: dict[str, list[str]]) -> bool:
    """Whether every seat of the offering side has agreed: only then may others see it."""
    return set(seats.get(offer.side_id, [])) <= set(offer.agreed)


def is_visible(offer: DrawOffer, side_id: str, seats: dict[str, list[str]]) -> bool:
    """A side sees its own offer from the first yes, another side's once it stands."""
    return offer.side_id == side_id or stands(offer, seats)


def offers_view(offers: list[DrawOffer], side_id: str, seats: dict[str, list[str]]) -> list[dict]:
    """The draw offers a side's players and coaches may see, each with who said yes."""
    return [
        {
            "by": o.side_id,
            "stands": stands(o, seats),
            "agreed": sorted(o.agreed),
            "waiting": [s for side in sorted(seats) for s in seats[side] if s not in o.agreed],
        }
        for o in sorted(offers, key=lambda o: o.side_id)
        if is_visible(o, side_id, seats)
    ]


def draw_offers_for(*, game: Game | Any, side_id: str | None) -> dict:
    """What a side's seats and coaches know of the game's draw offers (none once it ended)."""
    game_id = getattr(game, "pk", game)
    offers = list(DrawOffer.objects.filter(game_id=game_id, game__status=ACTIVE))
    if not side_id or not offers:
        return {"offers": []}
    return {"offers": offers_view(offers, side_id, seats_by_side(game_id))}


def _announce(
    game_id: Any,
    sides: set[str],
    offers: list[DrawOffer],
    seats: dict,
    declined: Callable[[str], dict | None] | None = None,
) -> None:
    """After the commit, each side that saw an offer before or sees one now gets its view
    (and, after a decline, `declined(side)`: who declined, in that side's words)."""
    messages = [
        (
            broadcast.side_group(game_id, side_id),
            broadcast.text_message(
                protocol.encode(
                    protocol.offer_frame(
                        offers_view(offers, side_id, seats),
                        declined(side_id) if declined is not None else None,
                    )
                )
            ),
        )
        for side_id in sorted(sides)
    ]
    transaction.on_commit(partial(broadcast.send, messages))


def _ask(game_id: Any, offer: DrawOffer, seats: dict[str, list[str]]) -> None:
    """After the commit, tell the seats asked to answer the offer (hooks.DRAW_OFFERED): its
    side's partners while it is being agreed, every other seat once it stands; once each."""
    standing = stands(offer, seats)
    audience = set(seats) if standing else {offer.side_id}
    asked = {s for side in audience for s in seats[side] if s not in offer.agreed}
    if not asked or not hooks.DRAW_OFFERED:
        return
    key = f"{game_id}:draw:{offer.side_id}:{offer.made_at.isoformat()}:{int(standing)}"
    for hook in hooks.DRAW_OFFERED:
        transaction.on_commit(partial(hook, game_id, offer.side_id, asked, key))


def _seeing(offers: list[DrawOffer], seats: dict[str, list[str]]) -> set[str]:
    return {side for side in seats for o in offers if is_visible(o, side, seats)}


def _side_names(game_id: Any) -> dict[str, str]:
    return dict(Side.objects.filter(game_id=game_id).values_list("side_id", "name"))


def declined_words(gone: list[str], seat: Seat, names: dict[str, str], side_id: str) -> dict | None:
    """What a side is told of the draw offers `gone` that `seat` declined (or withdrew, from
    the offering side): {"seat", "text"}; None for a side none of them concerns. The
    offering side reads "Soviet declined your draw offer."; the decliner's partners read
    who of them did."""
    mine = seat.side.side_id
    offered = next((s for s in gone if s == side_id), None) or next(
        (s for s in gone if side_id == mine), None
    )
    if offered is None:
        return None
    who = seat.user.get_username() if seat.user_id else seat.seat_id
    if offered == mine:
        text = f"Your partner {who} withdrew your side's draw offer."
    elif side_id == offered:
        text = f"{names.get(mine, mine)} declined your draw offer."
    else:
        text = f"Your partner {who} declined {names.get(offered, offered)}'s draw offer."
    return {"seat": seat.seat_id, "text": text}


@transaction.atomic
def draw_answer(*, game: Game | Any, seat: Seat | None, answer: str) -> dict:
    """Offer a draw, accept one, or decline one (a side's own seat withdraws it so).

    Returns {"offers": the seat's side's view, "v": the draw's version when this answer
    ended the game, else None}. Refused with nothing changed when the game is not being
    played, the seat is not in it, or there is no offer it can see to answer. The game is
    drawn when every seated player has said yes to a draw (to its side's offer or to
    another's).
    """
    locked = _locked(game, seat)
    if answer not in ANSWERS:
        raise ServiceError("draw/invalid", f"answer must be one of {', '.join(ANSWERS)}")
    seats = seats_by_side(locked.pk)
    side_id = seat.side.side_id
    offers = list(DrawOffer.objects.select_for_update().filter(game=locked))
    seen_before = _seeing(offers, seats)
    if answer == DECLINE:
        gone = [o for o in offers if is_visible(o, side_id, seats)]
        if not gone:
            raise ServiceError("draw/no_offer", "there is no draw offer to decline", 409)
        DrawOffer.objects.filter(pk__in=[o.pk for o in gone]).delete()
        left = [o for o in offers if o not in gone]
        told = partial(declined_words, [o.side_id for o in gone], seat, _side_names(locked.pk))
        _announce(locked.pk, seen_before, left, seats, told)
        return {"offers": offers_view(left, side_id, seats), "v": None}
    if answer == ACCEPT:
        answered = [o for o in offers if o.side_id != side_id and stands(o, seats)]
        if not answered:
            raise ServiceError("draw/no_offer", "there is no draw offer to accept", 409)
    else:
        own = next((o for o in offers if o.side_id == side_id), None)
        if own is None:
            own = DrawOffer(game=locked, side_id=side_id, agreed=[])
            offers.append(own)
        answered = [own]
    for offer in answered:
        offer.agreed = sorted({*offer.agreed, seat.seat_id})
    everyone = {s for side in seats.values() for s in side}
    if everyone <= {s for o in offers for s in o.agreed}:
        version = end_step(locked, seat, {"type": ENGINE_COMMAND, "outcome": "draw"})
        return {"offers": [], "v": version}
    for offer in answered:
        offer.save()
        _ask(locked.pk, offer, seats)
    _announce(locked.pk, seen_before | _seeing(offers, seats), offers, seats)
    return {"offers": offers_view(offers, side_id, seats), "v": None}


@transaction.atomic
def game_abort(*, game: Game | Any, seat: Seat | None) -> int:
    """Abort a game before its first move: it ends with no winner and is never rated."""
    locked = _locked(game, seat)
    if locked.version != 1:
        raise ServiceError(
            "game/started", "a game can be aborted only before its first move; offer a draw", 409
        )
    refused = abort_refusal(locked)
    if refused is not None:
        raise refused
    return end_step(locked, seat, {"type": ENGINE_COMMAND, "outcome": "abort"})


def abort_refusal(game: Game | Any) -> ServiceError | None:
    """Why the other apps never let this game be aborted (ABORT_CHECKS: a tournament game
    is played out), or None; the game page asks it too, so it never offers what the server
    would refuse."""
    for check in hooks.ABORT_CHECKS:
        try:
            check(game)
        except ServiceError as exc:
            return exc
    return None


def _locked(game: Game | Any, seat: Seat | None) -> Game:
    locked = Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    if seat is None or seat.game_id != locked.pk:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    if locked.status != ACTIVE:
        raise ServiceError("game/over", f"the game is {locked.status}", 409)
    return locked


def end_step(locked: Game, seat: Seat, command: dict) -> int:
    """Apply a command that ends the game (resign, end_agreed) as the next step; return its
    version. Inside the caller's transaction, the game row locked and being played."""
    before = engine.decode_state(locked.pk, locked.version, locked.state)
    try:
        applied = engine.apply_command(
            before, seat.seat_id, command, locked.seed, locked.dice_position
        )
    except engine.RulesError as exc:
        raise ServiceError(exc.code, exc.message, 409) from None
    after, events = applied.state, applied.events
    version = locked.version + 1
    raw = engine.encode_state(after)
    GameStep.objects.create(
        game=locked,
        version=version,
        seat=seat,
        command=command,
        events=events,
        dice=applied.dice,
        checkpoint=steplog.checkpoint_of(version, after, raw),
    )
    now = timezone.now()
    Game.objects.filter(pk=locked.pk, version=locked.version).update(
        version=version,
        state=raw,
        dice_position=applied.dice_position,
        status=FINISHED,
        result=engine.result_of(after),
        finished_at=now,
    )
    DrawOffer.objects.filter(game_id=locked.pk).delete()  # the game is over: no offer stands
    hooks.after_step(hooks.StepDone(locked.pk, version, seat.seat_id, before, after, now))
    transaction.on_commit(partial(engine.remember_state, locked.pk, version, after))
    # A team side's frame says who ended it, as every step's does (partner_acts).
    by = acted_by(seat, command, before)
    publish = partial(broadcast.publish_step, locked.pk, version, before, after, events)
    transaction.on_commit(partial(publish, locked.spectators, by))
    return version
