"""Admin pages for games; the state and the command log are shown, never edited here."""

from __future__ import annotations

from django.contrib import admin

from games.models import ChatMessage, Game, GameStep, Presence, Seat, Side, Unit


class SideInline(admin.TabularInline):
    model = Side
    extra = 0


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ["units"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "scenario", "status", "version", "created_by", "created_at"]
    list_filter = ["status", "scenario"]
    search_fields = ["id", "scenario"]
    # The state is written only by the services; the seed stays secret until the end.
    readonly_fields = [
        "id", "version", "state", "result", "commitment", "dice_position", "created_at",
        "started_at", "finished_at",
    ]  # fmt: skip
    exclude = ["seed"]
    inlines = [SideInline, SeatInline]


@admin.register(Side)
class SideAdmin(admin.ModelAdmin):
    list_display = ["game", "side_id", "name", "order"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["game", "seat_id", "side", "user", "joined_at"]
    readonly_fields = ["units"]


@admin.register(Unit)
class UnitAdmin(admin.ModelAdmin):
    list_display = ["game", "unit_id", "side", "hex", "steps", "status"]
    list_filter = ["side", "status"]
    readonly_fields = ["game", "unit_id", "side", "type_id", "hex", "steps", "status", "markers"]


@admin.register(GameStep)
class GameStepAdmin(admin.ModelAdmin):
    list_display = ["game", "version", "seat", "client_id", "created_at"]
    readonly_fields = [
        "game", "version", "seat", "client_id", "command", "dice", "events", "checkpoint", "created_at",
    ]  # fmt: skip


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ["game", "channel", "user", "text", "created_at"]


@admin.register(Presence)
class PresenceAdmin(admin.ModelAdmin):
    list_display = ["channel_name", "game", "user", "seat", "connected_at"]
