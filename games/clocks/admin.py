"""The clocks in the admin: controls, side clocks, the time log, vacations and allowances."""

from __future__ import annotations

from django.contrib import admin

from games.clocks.models import (
    ClockEvent,
    GameClock,
    SideClock,
    StandIn,
    Vacation,
    VacationAllowance,
)


@admin.register(GameClock)
class GameClockAdmin(admin.ModelAdmin):
    list_display = ("game", "kind", "window_deadline")
    list_filter = ("kind",)


@admin.register(SideClock)
class SideClockAdmin(admin.ModelAdmin):
    list_display = ("game", "side_id", "remaining", "deadline", "paused", "flagged_at")


@admin.register(ClockEvent)
class ClockEventAdmin(admin.ModelAdmin):
    list_display = ("game", "at", "kind", "side_id", "text")


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ("user", "starts_at", "ends_at", "settled")


@admin.register(VacationAllowance)
class VacationAllowanceAdmin(admin.ModelAdmin):
    list_display = ("user", "days_per_year")


admin.site.register(StandIn)
