"""Route /api/v1/designer/: the designer's REST API (games/designer/api.py)."""

from __future__ import annotations

from django.urls import path

from games.designer import api

urlpatterns = [
    path("check", api.CheckView.as_view(), name="api-designer-check"),
    path("counters", api.CountersView.as_view(), name="api-designer-counters"),
    path("blank", api.BlankView.as_view(), name="api-designer-blank"),
    path("catalogue", api.CatalogueView.as_view(), name="api-designer-catalogue"),
    path("boards", api.BoardListView.as_view(), name="api-designer-boards"),
    path("scenarios", api.ScenarioListView.as_view(), name="api-designer-scenarios"),
    path("scenarios/<str:slug>", api.ScenarioDetailView.as_view(), name="api-designer-scenario"),
    path("scenarios/<str:slug>/publish", api.PublishView.as_view(),
         name="api-designer-publish"),
    path("scenarios/<str:slug>/try", api.TryView.as_view(), name="api-designer-try"),
    path("scenarios/<str:slug>/export", api.ExportView.as_view(), name="api-designer-export"),
    path("scenarios/<str:slug>/report", api.ReportView.as_view(), name="api-designer-report"),
    path("scenarios/<str:slug>/hide", api.HideView.as_view(), name="api-designer-hide"),
]
