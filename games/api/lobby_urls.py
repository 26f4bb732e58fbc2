"""Route the lobby's part of /api/v1/: quick match, seats before the start, rematch, claim."""

from __future__ import annotations

from django.urls import path

from games.api import lobby, matchmaking

urlpatterns = [
    path("lobby", lobby.LobbyView.as_view(), name="api-lobby"),
    path("matchmaking/seeks", matchmaking.SeekListView.as_view(), name="api-seeks"),
    path("matchmaking/seeks/<str:seek_id>", matchmaking.SeekDetailView.as_view(), name="api-seek"),
    path("auth/claim", lobby.ClaimView.as_view(), name="api-auth-claim"),
    path("games/<str:game_id>/leave", lobby.LeaveView.as_view(), name="api-game-leave"),
    path(
        "games/<str:game_id>/seats/<str:seat_id>/remove",
        lobby.RemoveView.as_view(),
        name="api-game-seat-remove",
    ),
    path("games/<str:game_id>/rematch", lobby.RematchView.as_view(), name="api-game-rematch"),
    path("games/<str:game_id>/division", lobby.DivisionView.as_view(), name="api-game-division"),
]
