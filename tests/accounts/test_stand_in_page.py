"""The account page's "When you are away": a player chooses the bot that may stand in for
them in an untimed game, or nobody (issue 51)."""

from __future__ import annotations

import pytest

from games.botplay import standin

pytestmark = pytest.mark.django_db


def test_a_player_chooses_a_stand_in_on_the_account_page_and_can_go_back_to_nobody(ann, client):
    client.force_login(ann)
    page = client.get("/accounts/settings/").content.decode()
    assert "When you are away" in page and '<option value="" selected>Nobody</option>' in page
    done = client.post("/accounts/stand-in/", {"level": "veteran"}, follow=True)
    assert "a Veteran bot (or a stronger one" in done.content.decode()
    assert standin.stand_in_choice(ann) == "veteran"
    assert '<option value="veteran" selected>' in done.content.decode()
    refused = client.post("/accounts/stand-in/", {"level": "general"}, follow=True)
    assert standin.stand_in_choice(ann) == "veteran"  # a bad level changes nothing
    assert "class=\"message message-error\"" in refused.content.decode()
    client.post("/accounts/stand-in/", {"level": ""})
    assert standin.stand_in_choice(ann) is None


def test_only_a_signed_in_player_chooses(client):
    assert client.post("/accounts/stand-in/", {"level": "elite"}).status_code == 302
