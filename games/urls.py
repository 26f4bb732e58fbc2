"""Route the games app's pages."""

from __future__ import annotations

from django.urls import path

from games import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("healthz", views.healthz, name="healthz"),
]
