"""Route the clocks' pages (mounted at the site's root)."""

from __future__ import annotations

from django.urls import path

from games.clocks import pages

urlpatterns = [path("vacation/", pages.vacation_page, name="vacation")]
