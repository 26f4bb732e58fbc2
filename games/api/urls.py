"""Route /api/v1/: the OpenAPI schema, its browsable docs, and the API's views."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.api import views

urlpatterns = [
    path("status/", views.StatusView.as_view(), name="api-status"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("schema/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
]
