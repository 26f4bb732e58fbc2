"""Route websocket connections to their consumers."""

from __future__ import annotations

from django.urls import path

from games.consumers import LobbyConsumer

websocket_urlpatterns = [
    path("ws/lobby/v1/", LobbyConsumer.as_asgi()),
]
