"""The lobby page renders from its template and the health check asks the database."""

from __future__ import annotations

import pytest


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
