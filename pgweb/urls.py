"""Route pgweb's pages, API and admin."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.botplay.urls")),
    path("", include("games.designer.urls")),  # battles: the catalogue, pages, the designer
    path("", include("games.community.urls")),  # players, leaderboards, tournaments
    path("", include("games.urls")),
    path("api/v1/", include("games.api.urls")),
    path("api/v1/", include("games.clocks.urls")),
    path("api/v1/", include("games.planning.urls")),
    path("admin/", admin.site.urls),
]
