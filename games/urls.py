"""Route the games app's pages."""

from __future__ import annotations

from django.urls import include, path

from games import game_pages, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("healthz", views.healthz, name="healthz"),
    path("games/<str:game_id>/", game_pages.game_page, name="game"),
    path("games/<str:game_id>/replay", game_pages.replay_page, name="game-replay"),
    path("games/<str:game_id>/coach/<str:token>/", game_pages.coach_link, name="coach-link"),
    path("", include("games.lobby.urls")),
    path("", include("games.notifications.urls")),
    path("", include("games.clocks.page_urls")),
]
