"""What a team player's page is told of a partner's doings: the acting side's frame of a
step names who acted and what they did (`by`, so a partner's page that had a command
proposed says why it went), and a declined draw offer is named to the side that made it."""

from __future__ import annotations

import json

import pytest

from games import broadcast, services
from games.models import Seat
from games.services.endings import declined_words
from tests.gamekit import legal_by_seat, person, started_game, started_team_game, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    box: list = []
    monkeypatch.setattr(broadcast, "send", lambda messages: box.extend(messages))
    return box


def frames_to(sent: list, group: str) -> list[dict]:
    return [json.loads(m["text"]) for g, m in sent if g == group]


def seat_of(game, seat_id: str) -> Seat:
    return Seat.objects.select_related("side", "user").get(game=game, seat_id=seat_id)


def first_move(game) -> tuple[str, dict]:
    legal = legal_by_seat(state_of(game))
    seat_id = next(s for s in sorted(legal) if legal[s])
    return seat_id, next(c for group in legal[seat_id].values() for c in group)


def test_a_team_sides_frame_says_which_partner_acted_and_the_other_sides_does_not(
    django_capture_on_commit_callbacks, sent
):
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    seat_id, command = first_move(game)
    seat = seat_of(game, seat_id)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        done = services.command_submit(game=game, seat=seat, command=command, base_version=1)
    assert done.ok
    mine = seat.side.side_id
    other = next(s for s in ("ge", "su") if s != mine)
    (frame,) = frames_to(sent, broadcast.side_group(game.pk, mine))
    by = frame["d"]["by"]
    player = seat.user.username
    assert (by["seat"], by["player"]) == (seat_id, player)
    assert by["acted_first"].startswith(f"Your partner {player} ({seat_id}) acted first: {player} ")
    assert by["acted_first"].endswith("Your proposed command was not sent: look at the board again and choose.")
    # The other side learns nothing of who acted nor what they did.
    assert all("by" not in f.get("d", {}) for f in frames_to(sent, broadcast.side_group(game.pk, other)))


def test_a_one_seat_sides_frame_carries_no_by(django_capture_on_commit_callbacks, sent):
    game = started_game(person("ann"), person("bob"))
    seat_id, command = first_move(game)
    seat = seat_of(game, seat_id)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.command_submit(game=game, seat=seat, command=command, base_version=1).ok
    assert sent and all("by" not in json.loads(m["text"]).get("d", {}) for _g, m in sent)


def test_a_declined_offer_is_named_to_the_side_that_made_it_and_to_the_decliners_partners():
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    names = {"ge": "German", "su": "Soviet"}
    cleo_seat = Seat.objects.select_related("side", "user").get(game=game, user=cleo)
    assert declined_words(["ge"], cleo_seat, names, "ge") == {
        "seat": cleo_seat.seat_id,
        "text": "Soviet declined your draw offer.",
    }
    assert declined_words(["ge"], cleo_seat, names, "su")["text"] == (
        "Your partner cleo declined German's draw offer."
    )
    ann_seat = Seat.objects.select_related("side", "user").get(game=game, user=ann)
    assert declined_words(["ge"], ann_seat, names, "ge")["text"] == (
        "Your partner ann withdrew your side's draw offer."
    )
    assert declined_words(["ge"], ann_seat, names, "su") is None  # never saw it


def test_a_decline_over_the_service_reaches_the_offering_side_in_words(
    django_capture_on_commit_callbacks, sent
):
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    seat = {u.username: Seat.objects.select_related("side", "user").get(game=game, user=u) for u in (ann, bob, cleo)}
    with django_capture_on_commit_callbacks(execute=True):
        for who in ("ann", "bob"):
            services.draw_answer(game=game, seat=seat[who], answer="offer")
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.draw_answer(game=game, seat=seat["cleo"], answer="decline")
    (to_ge,) = frames_to(sent, broadcast.side_group(game.pk, "ge"))
    assert to_ge["d"] == {
        "offers": [],
        "declined": {"seat": seat["cleo"].seat_id, "text": "Soviet declined your draw offer."},
    }
    (to_su,) = frames_to(sent, broadcast.side_group(game.pk, "su"))
    assert to_su["d"]["declined"]["text"] == "Your partner cleo declined German's draw offer."


def test_a_partner_who_resigns_for_the_side_is_named_to_the_side_as_any_deed_is(
    django_capture_on_commit_callbacks, sent
):
    """Resigning ends the game through its own path (endings.end_step); its frame says who
    of the side did it as every step's does, and as the catch-up from the log says it."""
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    bob_seat = Seat.objects.select_related("side", "user").get(game=game, user=bob)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, seat=bob_seat)
    (frame,) = frames_to(sent, broadcast.side_group(game.pk, "ge"))
    assert frame["d"]["by"]["acted_first"].startswith(f"Your partner bob ({bob_seat.seat_id}) acted first: bob resigned.")
    assert all("by" not in f.get("d", {}) for f in frames_to(sent, broadcast.side_group(game.pk, "su")))
