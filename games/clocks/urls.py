"""Route the clocks' API (mounted under /api/v1/)."""

from __future__ import annotations

from django.urls import path

from games.clocks import api

urlpatterns = [
    path("games/<str:game_id>/clock", api.ClockView.as_view(), name="api-game-clock"),
    path(
        "games/<str:game_id>/clock/<str:outcome>",
        api.OutcomeView.as_view(),
        name="api-game-clock-outcome",
    ),
    path(
        "games/<str:game_id>/seats/<str:seat_id>/command",
        api.ActForView.as_view(),
        name="api-game-act-for",
    ),
    path("vacation", api.VacationView.as_view(), name="api-vacation"),
]
