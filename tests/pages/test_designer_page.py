"""The designer's page (games/designer/pages.py) opens in the game it is asked for; a game
pgweb does not have is refused, never swapped for another one."""

from __future__ import annotations

import pytest

from games.rules import registry
from tests.gamekit import person

pytestmark = pytest.mark.django_db


@pytest.fixture
def designer(client):
    client.force_login(person("designer_of_pages"))
    return client


def test_the_designer_opens_in_the_game_asked_for(designer):
    page = designer.get("/design/?ruleset=panzer_leader")
    assert page.status_code == 200
    assert page.context["boot"]["ruleset"] == "panzer_leader"


def test_without_a_game_named_the_designer_opens_in_the_registrys_default(designer):
    assert designer.get("/design/").context["boot"]["ruleset"] == registry.DEFAULT


def test_a_game_pgweb_does_not_have_is_refused(designer):
    page = designer.get("/design/?ruleset=squad_leader")
    assert page.status_code == 404
