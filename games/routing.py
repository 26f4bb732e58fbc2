"""Route websocket connections to their consumers."""

from __future__ import annotations

from django.urls import path, re_path

from games.consumers import GameConsumer
from games.lobby.consumer import LobbyConsumer
from games.notifications.consumer import NotificationConsumer

websocket_urlpatterns = [
    path("ws/lobby/v1/", LobbyConsumer.as_asgi()),
    path("ws/notifications/v1/", NotificationConsumer.as_asgi()),
    # Any protocol number routes here, so that an unsupported one is closed with 4409.
    re_path(r"^ws/games/(?P<game_id>[^/]+)/v(?P<protocol>\d{1,4})/$", GameConsumer.as_asgi()),
]
