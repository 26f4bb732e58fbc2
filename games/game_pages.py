"""Render the game page (play, watch or coach), a side's coach link and the replay page; the
board fills them in."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods

from games import engine_adapter as engine
from games import selectors, spectating
from games.game_gate import Gate, Way, gate_for, missing_game, sign_in_way
from games.models import ABANDONED, ACTIVE, FINISHED, SPECTATE_COACH, CoachInvite, Game
from games.page_parts import PartHooks, filled
from games.player_names import player_name
from games.roster import commanders, seat_roster
from games.services import spectators
from games.services.endings import abort_refusal
from games.services.errors import ServiceError

DOUBLE_BLIND_WATCH_NOTE = (
    "A double-blind game: spectators see the public view, only what both sides have "
    "spotted, so most counters are hidden until the end. After the end the replay shows "
    "everything."
)


# Other apps' lines about a game above its board and replay (games/page_parts.py): the
# community app names a tournament game's tournament and round.
GAME_NOTES: PartHooks = []


def _gate_page(request: HttpRequest, gate: Gate, game: Game | None = None) -> HttpResponse:
    # engine.scenario, not the bundled list: a designer's battle or trial loads on demand.
    title = engine.scenario(game.scenario).title if game else ""
    context = {"gate": gate, "scenario_title": title}
    return render(request, "games/gate.html", context, status=gate.status)


def watch_note(game: Game, audience: str | None, seat_id: str | None, coach: str = "") -> str:
    """What a spectator should know about what they see: a coach's side and that a coach
    never acts; a delay behind the players; why a double-blind public map is nearly empty."""
    if coach:
        return (
            f"You coach {coach}: you see the game as its players do, live, and talk with them "
            "on their side chat. A coach never acts."
        )
    if seat_id or audience != engine.PUBLIC or game.status in (FINISHED, ABANDONED):
        return ""
    notes = []
    if game.status == ACTIVE and game.spectator_delay:
        notes.append(
            f"Spectators watch this game {game.spectator_delay} commands behind its players; "
            "the delay lifts when it ends."
        )
    if game.options.get("double_blind"):
        notes.append(DOUBLE_BLIND_WATCH_NOTE)
    return " ".join(notes)


def _boot(request: HttpRequest, game: Game, **extra: object) -> dict:
    """What the page's script starts from: who is looking, the map and the counter types."""
    member = selectors.membership(game, request.user, request.GET.get("side"))
    sides = [{"id": s.side_id, "name": s.name} for s in game.sides.order_by("pk")]
    return {
        "game": str(game.pk),
        "scenario": game.scenario,
        # Which game's words the board uses for its log (static/games/js/game/vocabulary.js).
        "ruleset": engine.scenario(game.scenario).ruleset,
        "status": game.status,
        # A delayed public sees the version of that many commands ago (games/spectating.py).
        "version": selectors.watched_version(game, member.audience),
        "seat": member.seat_id,
        "side": member.side_id,
        "audience": member.audience,
        "coach": member.coach,  # an invited coach: the side's view, never a command
        # A player of a game whose players allowed coaches may invite them (coaches.js).
        "coaching": member.is_player and game.spectators == SPECTATE_COACH and not ended(game),
        "user": request.user.get_username() if request.user.is_authenticated else None,
        "sides": sides,
        "api": f"/api/v1/games/{game.pk}",
        "lobby": reverse("lobby"),
        "map": engine.map_payload(game.scenario),
        "types": engine.counter_types(game.scenario),
        "faces": engine.faces_for(game.scenario, game.options or {}, member.side_id),
        "title": engine.scenario(game.scenario).title,
        # Team games: who sits where and commands what; which seat commands each own unit.
        "seats": seat_roster(game, request.user),
        "commanders": commanders(game, member.side_id),
        # Why this game is never aborted (a tournament game), so its page does not offer an
        # abort before the first move (endings.js); None where aborting is the players' call.
        "abort_refused": _abort_refused(game, member.seat_id),
        **extra,
    }


def _abort_refused(game: Game, seat_id: str | None) -> str | None:
    if not seat_id or game.status != ACTIVE or game.version != 1:
        return None
    refusal = abort_refusal(game)
    return refusal.message if refusal is not None else None


@require_GET
def game_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Play (a seat) or watch (a spectator) one game; or say why not, and what to do."""
    game = selectors.game_or_none(game_id)
    if game is None:
        return _gate_page(request, missing_game())
    gate = gate_for(game, request.user, request.GET.get("side"), request.get_full_path())
    if gate is not None:
        return _gate_page(request, gate, game)
    boot = _boot(request, game)
    coached = next((s["name"] for s in boot["sides"] if boot["coach"] and s["id"] == boot["side"]), "")
    note = watch_note(game, boot["audience"], boot["seat"], coached)
    return render(request, "games/game.html", {"game": game, "boot": boot, "watch_note": note,
                                               "notes": filled(GAME_NOTES, game),
                                               "reference": engine.rules_reference(game.scenario)})


def ended(game: Game) -> bool:
    return game.status in (FINISHED, ABANDONED)


@require_http_methods(["GET", "POST"])
def coach_link(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """A side's coach link: who invites whom to coach what, and the button that accepts
    (POST). Signed out, the page offers to watch as a guest or sign in first."""
    game = selectors.game_or_none(game_id)
    if game is None:
        return _gate_page(request, missing_game())
    signed_in = request.user.is_authenticated
    here = request.get_full_path()
    if request.method == "POST" and signed_in:
        try:
            spectators.coach_accept(game=game, user=request.user, token=token)
        except ServiceError as exc:
            back = [Way("Go to the lobby", reverse("lobby"), primary=True)]
            refused = Gate("You cannot coach this side", exc.message, back, exc.status, "coach_refused")
            return _gate_page(request, refused, game)
        return redirect("game", game_id=game.pk)
    invite = (
        CoachInvite.objects.select_related("side", "invited_by")
        .filter(game=game, token=token, user__isnull=True)
        .first()
    )
    if invite is None:
        if spectating.coach_side(game, request.user) is not None:
            return redirect("game", game_id=game.pk)  # the link was theirs, already taken
        text = "It was already used, or revoked. Ask the side's players for a new one."
        ways = [Way("Go to the lobby", reverse("lobby"), primary=True)]
        return _gate_page(request, Gate("This coach link is spent", text, ways, 404, "coach_link_spent"), game)
    inviter = player_name(invite.invited_by) if invite.invited_by_id else "A player"
    side = invite.side.name
    text = (
        f"{inviter} invites you to coach {side}: you will see the game as {side}'s players "
        "see it, live, and talk with them on their side chat. A coach never acts."
    )
    if signed_in:
        ways = [Way(f"Coach {side}", here, primary=True, post=True), Way("Lobby", reverse("lobby"))]
    else:
        text += " Coaches need a name here: watch as a guest (one click), or sign in."
        ways = [Way("Watch as a guest", guest=True, primary=True), sign_in_way(here)]
    return _gate_page(request, Gate(f"Coach {side}", text, ways, reason="coach_link"), game)


@require_GET
def replay_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Step through an ended game from either side's view or the full view."""
    game = selectors.game_or_none(game_id)
    if game is None:
        return _gate_page(request, missing_game())
    if game.status not in (FINISHED, ABANDONED) or game.version < 1:
        back = Way("Back to the game", reverse("game", args=[game.pk]), primary=True)
        text = "A game can be replayed once it has ended; this one has not."
        return _gate_page(request, Gate("Nothing to replay yet", text, [back], 404, "no_replay"), game)
    if not selectors.may_review(game, request.user):
        # The game page's gate says why (the same membership refuses it after the end).
        gate = gate_for(game, request.user, None, request.get_full_path())
        refused = Gate("Not open to spectators", "This game's replay is for its players.", status=403)
        return _gate_page(request, gate or refused, game)
    boot = _boot(request, game, ended=game.status in (FINISHED, ABANDONED))
    return render(request, "games/replay.html", {"game": game, "boot": boot,
                                                 "notes": filled(GAME_NOTES, game)})
