"""Route the community's pages and API (included before games.urls: /players/<name>/ is here)."""

from __future__ import annotations

from django.urls import path, register_converter

from . import api, views


class PlayerAction:
    """The buttons of a player's page; a fixed set, so a name may hold any character."""

    regex = "mute|unmute|block|unblock|report"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(PlayerAction, "player_action")

# A name is matched as a path: the site's sign-up allows only word characters, but an
# account made by an operator (or an older rule) may hold a slash and its page must still
# open rather than break every page that links to it.
urlpatterns = [
    path("players/<path:username>/<player_action:action>", views.player_action,
         name="player-action"),
    path("players/<path:username>/", views.player, name="player"),
    path("moderation/warnings/<int:warning_id>/read", views.warning_read, name="warning-read"),
    path("leaderboards/", views.leaderboard_index, name="leaderboards"),
    path("leaderboards/<str:ruleset>/<str:pace>/", views.leaderboard, name="leaderboard"),
    path("tournaments/", views.tournament_index, name="tournaments"),
    path("tournaments/new", views.tournament_new, name="tournament-new"),
    path("tournaments/<int:tournament_id>/", views.tournament_page, name="tournament"),
    path("tournaments/<int:tournament_id>/<str:action>", views.tournament_action,
         name="tournament-action"),
    path("api/v1/tournaments", api.TournamentListView.as_view(), name="api-tournaments"),
    path("api/v1/tournaments/<int:tournament_id>", api.TournamentView.as_view(),
         name="api-tournament"),
    path("api/v1/tournaments/<int:tournament_id>/<str:action>", api.TournamentActionView.as_view(),
         name="api-tournament-action"),
    path("api/v1/leaderboards/<str:ruleset>/<str:pace>", api.LeaderboardView.as_view(),
         name="api-leaderboard"),
    path("api/v1/players/<str:username>/ratings", api.PlayerRatingsView.as_view(),
         name="api-player-ratings"),
    path("api/v1/players/<str:username>/mute", api.RelationView.as_view(relation="mute"),
         name="api-player-mute"),
    path("api/v1/players/<str:username>/block", api.RelationView.as_view(relation="block"),
         name="api-player-block"),
    path("api/v1/reports", api.ReportView.as_view(), name="api-reports"),
]
