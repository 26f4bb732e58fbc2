"""The designer's tables in the admin: moderators read reports and hide battles here too."""

from __future__ import annotations

from django.contrib import admin

from .models import Board, Revision, Scenario, ScenarioReport


@admin.register(Scenario)
class ScenarioAdmin(admin.ModelAdmin):
    list_display = ("slug", "ruleset", "title", "author", "bundled", "hidden")
    list_filter = ("ruleset", "bundled", "hidden")
    search_fields = ("slug", "title")


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("scenario", "number", "published_at", "engine_id")
    readonly_fields = ("document", "published_at", "engine_id", "revision")


@admin.register(ScenarioReport)
class ScenarioReportAdmin(admin.ModelAdmin):
    list_display = ("scenario", "reporter", "reason", "created_at", "closed")
    list_filter = ("closed",)


admin.site.register(Board)
