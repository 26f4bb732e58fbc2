"""What a side's log says its standing orders did in a double-blind window (`said`): the
mover and the hex as that side's own view of the window shows them, and its own firers.

Every string the answer carries to the side (the stored line, the REST read, the frame on
its channel) is checked byte for byte against the side's view of the window the orders
answered; and no counter id the view does not hold (the mover's true id, any hidden enemy's)
appears in it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games import broadcast, steplog
from games import engine_adapter as engine
from games.planning import standing
from games.planning.models import OrderAnswer
from tests.gamekit import legal_by_seat, person, started_game
from tests.planning.kit import Captured, line_to_window, play
from tests.planning.test_other_windows_served import deciding_side, no_shot_window


def shot_window(state: Any) -> bool:
    """An opportunity-fire window in which a seat of the deciding side has a shot."""
    if state.opfire is None:
        return False
    return any(groups.get("opportunity_fire") for seat_id, groups in legal_by_seat(state).items()
               if engine.seat_sides(state)[seat_id] == state.opfire.side)


def answered(tag: str, wanted, orders: list, django_capture_on_commit_callbacks, captured):
    """A double-blind game played to the window `wanted`, its side's `orders` answering it:
    (the answer's line, the side's view of the window, the side, the state at the window)."""
    users = {"ge": person(f"axis{tag}w"), "su": person(f"allies{tag}w")}
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(users["ge"], users["su"], double_blind=True)
    line = line_to_window(game, wanted)
    side = deciding_side(game, line)
    with django_capture_on_commit_callbacks(execute=True):
        standing.standing_orders_set(game=game, user=users[side], orders=orders)
    game.refresh_from_db()
    window = game.version + len(line)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, users, line)
    answer = OrderAnswer.objects.get(game=game, version=window + 1)
    state = steplog.state_at(game.pk, window)
    view = engine.audience_view(game.pk, window, state, engine.side_audience(side))
    frames = [t for g, t in captured.sent if g == broadcast.side_group(game.pk, side)
              and '"order_answer"' in t]
    read = standing.standing_orders_read(game=game, user=users[side])["sides"][side]["answered"]
    return answer, view, side, state, frames, read


@pytest.mark.parametrize(("wanted", "orders", "did"), [
    (no_shot_window, [{"window": "no_shot", "answer": "never"}], "no_shot"),
    (shot_window, [{"answer": "never"}], "held_fire"),
    (shot_window, [{"answer": "fire", "min_chance": 0}], "fired"),
], ids=["no-shot", "held-fire", "fired"])
def test_the_answer_says_only_what_the_sides_view_of_the_window_shows(
        wanted, orders, did, db, monkeypatch, django_capture_on_commit_callbacks):
    captured = Captured(monkeypatch)
    answer, view, side, state, frames, read = answered(
        did[:3], wanted, orders, django_capture_on_commit_callbacks, captured)
    said = answer.said
    assert said["did"] == did
    # The mover and its hex are the view's, entry for entry.
    assert said["hex"] == view["opfire"]["hex"]
    mover = view["opfire"]["mover"]
    if mover is None:
        assert said["mover"] is None
    else:
        entry = view["units"][mover]
        assert said["mover"] == {k: entry[k] for k in said["mover"]}
        assert said["mover"]["id"] == mover
    assert said["turn"] == view["turn"]
    if did == "fired":
        assert set(said["firers"]) <= {u for u, e in view["units"].items() if e["own"]}

    # Byte for byte: each field the record holds is, as the view holds it, in the side's view
    # of the window (the mover's fields in its counter's entry), but the code of what the
    # orders did; the side's frame and its REST read carry that record.
    held = json.dumps(view, sort_keys=True)
    pairs = [("hex", said["hex"]), ("turn", said["turn"]), *(said["mover"] or {}).items()]
    pairs += [("id", firer) for firer in said.get("firers", [])]
    for key, value in pairs:
        assert f"{json.dumps(key)}: {json.dumps(value)}" in held, f"{key}: {value!r}"
    assert set(said) <= {"did", "turn", "hex", "mover", "firers", "leader"}
    [frame] = [f for f in frames if json.loads(f)["d"]["v"] == answer.version]
    [listed] = [a for a in read if a["v"] == answer.version]
    assert json.loads(frame)["d"]["said"] == said == listed["said"]
    # No enemy counter's own id: under double-blind the side knows enemies by handles only.
    wire = " ".join([frame, json.dumps(read), answer.text])
    assert not [uid for uid, u in state.units.items()
                if u.side != side and (f'"{uid}"' in wire or f" {uid}" in wire)]
