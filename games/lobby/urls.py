"""Route the lobby's pages (the lobby itself is `/`, in games.urls)."""

from __future__ import annotations

from django.urls import path

from games.lobby import views

urlpatterns = [
    path("new-game/", views.new_game, name="new-game"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.signin, name="login"),
    path("accounts/logout/", views.signout, name="logout"),
    path("accounts/claim/", views.claim, name="claim"),
    path("scenarios/<str:scenario_id>/thumbnail.svg", views.thumbnail, name="scenario-thumbnail"),
]
