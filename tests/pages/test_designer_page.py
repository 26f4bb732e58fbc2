"""The designer's page (games/designer/pages.py) opens in the game it is asked for; a game
pgweb does not have is refused, never swapped for another one. Its start form offers an
import, and lists the designer's battles with their ids and a Delete for each draft. A
new battle opens with the battle to copy named (a battle's page links to it)."""

from __future__ import annotations

import pytest

from games.designer import services
from games.rules import registry
from tests.designkit import pg_battle
from tests.gamekit import person

pytestmark = pytest.mark.django_db


@pytest.fixture
def designer(client):
    client.user = person("designer_of_pages")
    client.force_login(client.user)
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


def test_the_start_form_offers_an_import_and_a_new_battle_has_no_id_chosen(designer):
    page = designer.get("/design/")
    assert b'id="start-import"' in page.content
    boot = page.context["boot"]
    assert boot["unchosen_ids"] == {"panzer_grenadier": "new-battle",
                                    "panzer_leader": "new-situation"}
    assert boot["user"] == designer.user.pk and boot["limit"] == services.MAX_DOCUMENT_BYTES


def test_your_battles_show_their_ids_and_a_delete_for_each_draft(designer):
    for slug in ("mill", "mill-2"):
        services.draft_save(author=designer.user, ruleset_id="panzer_grenadier",
                            document=pg_battle(id=slug, title="The mill"))
    page = designer.get("/design/").content.decode()
    assert '<code class="battle-id">mill</code>' in page
    assert '<code class="battle-id">mill-2</code>' in page
    assert 'data-slug="mill-2" data-title="The mill" data-published="0"' in page
    assert page.count('class="delete-draft"') == 2


def test_the_designer_opens_with_the_battle_to_copy_named_unless_it_opens_one_of_yours(designer):
    assert designer.get("/design/?copy=meeting-at-kessel").context["boot"]["copy"] == "meeting-at-kessel"
    assert designer.get("/design/").context["boot"]["copy"] is None
    services.draft_save(author=designer.user, ruleset_id="panzer_grenadier",
                        document=pg_battle(id="mill", title="The mill"))
    assert designer.get("/design/mill/?copy=meeting-at-kessel").context["boot"]["copy"] is None
