from __future__ import annotations

from django.urls import path

from . import views

urlpatterns = [
    path("bots/play", views.play_page, name="bot-play"),
    path("scenarios/<str:scenario_id>/", views.scenario_page, name="scenario"),
    path("api/v1/bots/play", views.PlayBotView.as_view(), name="api-bot-play"),
    path("api/v1/games/<str:game_id>/bot-seat", views.BotSeatView.as_view(), name="api-bot-seat"),
    path("api/v1/games/<str:game_id>/bot-stand-in", views.StandInView.as_view(),
         name="api-bot-stand-in"),
    path("api/v1/account/stand-in", views.StandInChoiceView.as_view(),
         name="api-account-stand-in"),
    path("api/v1/bots/quick-match", views.QuickMatchBotView.as_view(), name="api-bot-quick-match"),
    path("api/v1/bots/quick-match/<str:seek_id>", views.QuickMatchBotStateView.as_view(),
         name="api-bot-quick-match-state"),
    path("api/v1/bots/quick-match/<str:seek_id>/accept", views.QuickMatchBotAcceptView.as_view(),
         name="api-bot-quick-match-accept"),
    path("api/v1/scenarios/<str:scenario_id>/balance", views.BalanceView.as_view(),
         name="api-scenario-balance"),
]
