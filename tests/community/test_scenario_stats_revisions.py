"""The rated games' side balance on a scenario's page follows the balance's rule: only games
played on the scenario's current revision count; the others are said to be left out, while
the play counts above it still count every game played there."""

from __future__ import annotations

import pytest

from games.community import ratings
from games.community.selectors.scenarios import scenario_stats
from games.models import Game
from tests.community.kit import rated_game, resign
from tests.gamekit import SCENARIO
from tests.revisionkit import rebalanced

pytestmark = pytest.mark.django_db


def played(ge, su, loser):
    game = rated_game(ge, su)
    resign(game, loser)
    ratings.rate_game(game.pk)
    return game


def test_rated_games_on_earlier_forces_leave_the_table_and_are_counted_apart(client, members):
    ann, bob = members("ann", "bob")
    played(ann, bob, bob)
    played(bob, ann, bob)
    stats = scenario_stats(SCENARIO)
    assert stats["counted"] == 2 and stats["left_out"] == 0
    with rebalanced():
        stats = scenario_stats(SCENARIO)
        page = client.get(f"/scenarios/{SCENARIO}/").content.decode()
        assert stats["rated"] == 2 and stats["counted"] == 0 and stats["left_out"] == 2
        assert all(row["wins"] + row["draws"] + row["losses"] == 0 for row in stats["sides"])
        assert "2 games finished" in page and "2 of them rated" in page
        assert 'id="rated-left-out">2 rated games on earlier versions of the scenario not ' \
               "counted in the table (none on this version yet)." in page
        assert "rated-balance" not in page
        newer = played(ann, bob, ann)
        assert Game.objects.get(pk=newer.pk).scenario_revision != Game.objects.exclude(
            pk=newer.pk).first().scenario_revision
        stats = scenario_stats(SCENARIO)
        assert stats["counted"] == 1 and stats["left_out"] == 2
        german = next(r for r in stats["sides"] if r["side"] == "ge")
        assert (german["wins"], german["losses"], german["score"]) == (0, 1, 0)
        page = client.get(f"/scenarios/{SCENARIO}/").content.decode()
        assert "<th>German</th><td>0</td><td>0</td><td>1</td><td>0 %</td>" in page
        assert "2 rated games on earlier versions of the scenario not counted in the table." \
            in page
