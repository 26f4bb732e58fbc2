"""Route the lobby's pages (the lobby itself is `/`, in games.urls)."""

from __future__ import annotations

from django.urls import path

from games.lobby import account_views, views

urlpatterns = [
    path("new-game/", views.new_game, name="new-game"),
    path("accounts/signup/", views.signup, name="signup"),
    path("accounts/login/", views.signin, name="login"),
    path("accounts/logout/", views.signout, name="logout"),
    path("accounts/claim/", views.claim, name="claim"),
    path("accounts/settings/", account_views.settings_page, name="account-settings"),
    path("accounts/email/", account_views.email_change, name="account-email"),
    path(
        "accounts/email/confirm/<str:token>/",
        account_views.email_confirm,
        name="account-email-confirm",
    ),
    path("accounts/stand-in/", account_views.stand_in, name="account-stand-in"),
    path("accounts/export.json", account_views.export, name="account-export"),
    path("accounts/delete/", account_views.delete, name="account-delete"),
    *account_views.password_reset_urls,
    path("scenarios/<str:scenario_id>/thumbnail.svg", views.thumbnail, name="scenario-thumbnail"),
]
