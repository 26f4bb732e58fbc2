"""Route the planning API (mounted under /api/v1/)."""

from __future__ import annotations

from django.urls import path

from games.planning import api

urlpatterns = [
    path("games/<str:game_id>/orders", api.StandingOrdersView.as_view(), name="api-game-orders"),
    path("games/<str:game_id>/drawings", api.DrawingsView.as_view(), name="api-game-drawings"),
    path("games/<str:game_id>/drawings/<str:drawing_id>", api.DrawingView.as_view(),
         name="api-game-drawing"),
]
