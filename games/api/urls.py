"""Route /api/v1/: auth, scenarios, games, the OpenAPI schema and its browsable docs."""

from __future__ import annotations

from csp.decorators import csp_update
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from games.api import account, auth, coaching, endings, games, records, views

# Swagger UI sets inline styles on its elements; its script is served apart (the split view)
# so scripts stay 'self' only, and only this page relaxes style-src.
swagger_docs = csp_update({"style-src": ["'unsafe-inline'"]})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)

urlpatterns = [
    path("status/", views.StatusView.as_view(), name="api-status"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("schema/docs/", swagger_docs, name="api-docs"),
    path("auth/guest", auth.GuestView.as_view(), name="api-auth-guest"),
    path("auth/signup", auth.SignupView.as_view(), name="api-auth-signup"),
    path("auth/login", auth.LoginView.as_view(), name="api-auth-login"),
    path("auth/logout", auth.LogoutView.as_view(), name="api-auth-logout"),
    path("auth/session", auth.SessionView.as_view(), name="api-auth-session"),
    path("account/export", account.ExportView.as_view(), name="api-account-export"),
    path("account/email", account.EmailView.as_view(), name="api-account-email"),
    path("account/delete", account.DeleteView.as_view(), name="api-account-delete"),
    path("scenarios", games.ScenarioListView.as_view(), name="api-scenarios"),
    path("scenarios/<str:scenario_id>", games.ScenarioDetailView.as_view(), name="api-scenario"),
    path(
        "scenarios/<str:scenario_id>/map", games.ScenarioMapView.as_view(), name="api-scenario-map"
    ),
    path("games", games.GameListView.as_view(), name="api-games"),
    path("games/<str:game_id>", games.GameDetailView.as_view(), name="api-game"),
    path("games/<str:game_id>/join", games.JoinView.as_view(), name="api-game-join"),
    path("games/<str:game_id>/resign", games.ResignView.as_view(), name="api-game-resign"),
    path("games/<str:game_id>/draw", endings.DrawView.as_view(), name="api-game-draw"),
    path("games/<str:game_id>/abort", endings.AbortView.as_view(), name="api-game-abort"),
    path("games/<str:game_id>/view", games.ViewView.as_view(), name="api-game-view"),
    path("games/<str:game_id>/legal", games.LegalView.as_view(), name="api-game-legal"),
    path("games/<str:game_id>/preview", games.PreviewView.as_view(), name="api-game-preview"),
    path("games/<str:game_id>/why_not", games.WhyNotView.as_view(), name="api-game-why-not"),
    path("games/<str:game_id>/los", games.LineOfSightView.as_view(), name="api-game-los"),
    path("games/<str:game_id>/commands", games.CommandView.as_view(), name="api-game-commands"),
    path("games/<str:game_id>/history", records.HistoryView.as_view(), name="api-game-history"),
    path("games/<str:game_id>/export", records.ExportView.as_view(), name="api-game-export"),
    path("games/<str:game_id>/log", games.LogView.as_view(), name="api-game-log"),
    path("games/<str:game_id>/coaches", coaching.CoachesView.as_view(), name="api-game-coaches"),
    path(
        "games/<str:game_id>/coaches/<str:invite_id>",
        coaching.CoachView.as_view(),
        name="api-game-coach",
    ),
    path("designer/", include("games.designer.api_urls")),
    path("", include("games.api.lobby_urls")),
]
