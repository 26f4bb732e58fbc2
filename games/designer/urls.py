"""Route the designer's pages: /battles/ (the catalogue), /battles/<id>/, /design/."""

from __future__ import annotations

from django.urls import path

from games.designer import pages

urlpatterns = [
    path("battles/", pages.battles, name="battles"),
    path("battles/<str:slug>/", pages.battle, name="battle"),
    path("battles/<str:slug>/report", pages.report, name="battle-report"),
    path("battles/<str:slug>/hide", pages.hide, name="battle-hide"),
    path("design/", pages.design, name="design"),
    path("design/<str:slug>/", pages.design, name="design-battle"),
]
