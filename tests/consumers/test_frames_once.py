"""A version's frames cost one view and one encoding per audience, however many sockets
watch: each socket forwards its group's text as is (games.broadcast, games.consumers)."""

from __future__ import annotations

from collections import Counter

import pytest

from games import engine_adapter as engine
from games import protocol
from tests.consumers.conftest import Sock, game_path
from tests.consumers.test_game_socket import ROLL, seated_game
from tests.gamekit import SCENARIO

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_version_is_viewed_and_encoded_once_per_audience_not_once_per_socket(
    app, memory_layer, monkeypatch
):
    encoded: Counter = Counter()  # version -> versioned frames encoded for it
    encode = protocol.encode

    def counted_encode(frame: dict) -> str:
        if frame.get("t") in (protocol.PATCH, protocol.TICK):
            encoded[frame["v"]] += 1
        return encode(frame)

    built: Counter = Counter()  # (state, audience) -> views built
    rules = type(engine.rules_for(SCENARIO))
    view_for = rules.view_for

    def counted_view(self, state, who):
        built[(engine.hash_of(state), who)] += 1
        return view_for(self, state, who)

    monkeypatch.setattr(protocol, "encode", counted_encode)
    monkeypatch.setattr(rules, "view_for", counted_view)
    game, cookies = await seated_game()
    path = game_path(game.pk)
    # Three audiences (the Germans, the Soviets, the spectators), seven sockets: Ann in two
    # tabs, Bob, and Sam watching in four.
    ann, ann_again = [await Sock(app, path, cookies["ann"]).open() for _ in range(2)]
    bob = await Sock(app, path, cookies["bob"]).open()
    watchers = [await Sock(app, path, cookies["sam"]).open() for _ in range(4)]
    everyone = [ann, ann_again, bob, *watchers]
    for sock in everyone:
        await sock.at_version(1)
    await ann.send({"t": "cmd", "id": 1, "v": 1, "d": ROLL})
    assert (await ann.answer(1))["t"] == "ack"
    for sock in everyone:
        await sock.at_version(2)
    assert encoded[2] == 3
    assert ann.view == ann_again.view and watchers[0].view == watchers[-1].view
    assert built and max(built.values()) == 1, [k for k, n in built.items() if n > 1]
