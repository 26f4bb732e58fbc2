"""The lobby page renders from its template and the health check asks the database."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string


@pytest.mark.django_db  # the lobby lists the players' published battles
def test_the_lobby_page_is_titled_and_links_to_the_api(client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>pgweb — lobby</title>" in html
    assert 'href="/api/v1/schema/docs/"' in html
    assert "/static/games/css/pgweb.css" in html


@pytest.mark.django_db
def test_the_health_check_answers_ok_when_the_database_answers(client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/bots/play", "/tournaments/new", "/accounts/logout/"])
def test_a_forms_address_opened_on_its_own_is_a_page_with_a_way_on(client, path) -> None:
    """Back from a game, a reload or a bookmark opens the address a form posts to: the answer
    stays 405 with its Allow header, as a page with the site's links, not a blank one."""
    response = client.get(path)
    assert response.status_code == 405 and response["Allow"] == "POST"
    html = response.content.decode()
    assert "Nothing to show here" in html and 'href="/"' in html and "Lobby" in html


@pytest.mark.django_db
def test_the_api_keeps_its_own_answer_for_a_method_it_does_not_take(
        client, django_user_model) -> None:
    client.force_login(django_user_model.objects.create_user("ann"))
    response = client.get("/api/v1/bots/play")
    assert response.status_code == 405
    assert response.json()["code"] and "Nothing to show here" not in response.content.decode()


@pytest.mark.django_db
def test_a_missing_page_has_the_sites_links_when_debug_is_off(client, settings) -> None:
    settings.DEBUG = False
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "No such page" in html and 'href="/"' in html and "Leaderboards" in html


def test_the_server_error_page_needs_no_context() -> None:
    """Django renders 500.html with an empty context (the database may be what failed)."""
    html = render_to_string("500.html")
    assert "Something went wrong" in html and 'href="/"' in html
