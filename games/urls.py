"""Route the games app's pages."""

from __future__ import annotations

from django.urls import include, path

from games import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("healthz", views.healthz, name="healthz"),
    path("", include("games.lobby.urls")),
]
