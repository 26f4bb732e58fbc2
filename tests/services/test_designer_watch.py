"""Try it, bot against bot (issue 48): the designer watches a private game of the draft with
bots of a chosen level in every seat (games/designer/services.py watch_draft,
games/botplay/seats.py bots_play)."""

from __future__ import annotations

import pytest

from games.botplay.accounts import is_bot
from games.designer import library
from games.designer import services as designer
from games.designer.models import Trial
from games.models import Game, Seat
from games.services.errors import ServiceError
from tests.designkit import pg_battle, pl_situation
from tests.gamekit import person


@pytest.fixture
def designer_player(db):
    return person("designer_player")


@pytest.mark.parametrize("ruleset,doc", [("panzer_leader", pl_situation(id="outpost")),
                                         ("panzer_grenadier", pg_battle(id="outpost"))])
def test_bots_of_the_chosen_level_take_every_seat_and_the_designer_none(designer_player,
                                                                         ruleset, doc):
    draft = designer.draft_save(author=designer_player, ruleset_id=ruleset, document=doc)
    game = designer.watch_draft(scenario=draft.scenario, user=designer_player, level="veteran")
    assert game.scenario.startswith("outpost.try-") and game.status == "active"
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    assert len({s.side_id for s in seats}) == 2
    assert all(is_bot(s.user) and s.user.username.startswith("VeteranBot") for s in seats)
    assert not Seat.objects.filter(game=game, user=designer_player).exists()
    assert game.created_by == designer_player
    assert draft.scenario.state == "draft"  # nothing is published
    assert library.find_published(game.scenario)[0] == ruleset


def test_only_the_designer_may_watch_a_draft_tried(designer_player):
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_leader",
                                document=pl_situation(id="outpost"))
    with pytest.raises(ServiceError) as err:
        designer.watch_draft(scenario=draft.scenario, user=person("stranger"))
    assert err.value.status == 403 and not Game.objects.exists()


def test_a_draft_that_fails_its_check_or_an_unknown_level_opens_nothing(designer_player):
    broken = pl_situation(id="outpost")
    broken["forces"] = []
    draft = designer.draft_save(author=designer_player, ruleset_id="panzer_leader",
                                document=broken)
    with pytest.raises(ServiceError, match="problem"):
        designer.watch_draft(scenario=draft.scenario, user=designer_player)
    fixed = designer.draft_update(scenario=draft.scenario, user=designer_player,
                                  document=pl_situation(id="outpost"))
    with pytest.raises(ServiceError, match="level"):
        designer.watch_draft(scenario=fixed.scenario, user=designer_player, level="grandmaster")
    assert not Game.objects.exists() and not Trial.objects.exists()
