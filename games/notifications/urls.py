"""Route the notification pages."""

from __future__ import annotations

from django.urls import path

from games.notifications import views

urlpatterns = [
    path("notifications/", views.settings_page, name="notifications-settings"),
    path(
        "notifications/unsubscribe/<str:token>/",
        views.unsubscribe,
        name="notifications-unsubscribe",
    ),
    path("notifications/push/subscribe", views.push_subscribe, name="notifications-push-subscribe"),
    path(
        "notifications/push/unsubscribe",
        views.push_unsubscribe,
        name="notifications-push-unsubscribe",
    ),
    path("notifications/verify/", views.verify_again, name="notifications-verify-again"),
    path("notifications/verify/<str:token>/", views.verify_address, name="notifications-verify"),
    path("notifications/sw.js", views.service_worker, name="notifications-sw"),
]
