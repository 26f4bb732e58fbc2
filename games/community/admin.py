"""The admin: reports arrive with the game's chat and a link to the game; staff warn,
silence for a time or ban from a report (actions), and edit the chat policy."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from games.services.errors import ServiceError

from . import moderation
from .models import (
    Block,
    ChatPolicy,
    Entry,
    Mute,
    Pairing,
    RatedGame,
    Rating,
    RatingChange,
    Report,
    Sanction,
    Tournament,
)


def _act(modeladmin: admin.ModelAdmin, request: Any, queryset: Any, do: Any, done: str) -> None:
    count = 0
    for report in queryset.select_related("reported"):
        try:
            do(report)
            count += 1
        except ServiceError as exc:
            modeladmin.message_user(request, f"{report.reported}: {exc.message}", messages.ERROR)
    if count:
        modeladmin.message_user(request, f"{done}: {count}.", messages.SUCCESS)


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "reported", "reason", "reporter", "game_link", "status")
    list_filter = ("status", "reason")
    search_fields = ("reported__username", "reporter__username", "text")
    readonly_fields = ("reporter", "reported", "game_link", "reason", "text", "chat_lines",
                       "created_at", "handled_by", "handled_at", "sanctions_given")
    fields = readonly_fields + ("status",)
    actions = ("warn_reported", "silence_reported_a_day", "ban_reported", "close_reports")

    @admin.display(description="game")
    def game_link(self, report: Report) -> str:
        if report.game_id is None:
            return "–"
        return format_html('<a href="{}">{}</a> · <a href="/games/{}/">page</a> · '
                           '<a href="/games/{}/replay">replay</a>',
                           reverse("admin:games_game_change", args=[report.game_id]),
                           report.game, report.game_id, report.game_id)

    @admin.display(description="chat of the game (when reported)")
    def chat_lines(self, report: Report) -> str:
        if not report.chat:
            return "no chat"
        return format_html(
            '<table class="report-chat"><tr><th>at</th><th>who</th><th>channel</th><th>text'
            "</th></tr>{}</table>",
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", (
                (line.get("at", "")[:19], line.get("user") or "?", line.get("channel", ""),
                 line.get("text", "")) for line in report.chat)))

    @admin.display(description="sanctions")
    def sanctions_given(self, report: Report) -> str:
        rows = report.sanctions.all()
        return ", ".join(str(s) for s in rows) or "none"

    @admin.action(description="Warn the reported players")
    def warn_reported(self, request: Any, queryset: Any) -> None:
        _act(self, request, queryset, lambda r: moderation.warn(
            user=r.reported, by=request.user, reason=r.get_reason_display(), report_row=r),
             "Warned")

    @admin.action(description="Silence the reported players' chat for 24 hours")
    def silence_reported_a_day(self, request: Any, queryset: Any) -> None:
        _act(self, request, queryset, lambda r: moderation.silence(
            user=r.reported, by=request.user, hours=24, reason=r.get_reason_display(),
            report_row=r), "Silenced for a day")

    @admin.action(description="Ban the reported players' accounts")
    def ban_reported(self, request: Any, queryset: Any) -> None:
        _act(self, request, queryset, lambda r: moderation.ban(
            user=r.reported, by=request.user, reason=r.get_reason_display(), report_row=r),
             "Banned")

    @admin.action(description="Close without action")
    def close_reports(self, request: Any, queryset: Any) -> None:
        _act(self, request, queryset, lambda r: moderation.close(report_row=r, by=request.user),
             "Closed")


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    list_display = ("created_at", "user", "kind", "until", "created_by", "seen_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "reason")
    readonly_fields = ("created_by", "created_at", "seen_at", "report")

    def save_model(self, request: Any, obj: Sanction, form: Any, change: bool) -> None:
        """A ban given here deactivates the account like the report action does."""
        if not change and obj.kind == "ban":
            moderation.ban(user=obj.user, by=request.user, reason=obj.reason)
            return
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)


@admin.register(ChatPolicy)
class ChatPolicyAdmin(admin.ModelAdmin):
    list_display = ("__str__", "max_length", "updated_at")

    def has_add_permission(self, request: Any) -> bool:
        return not ChatPolicy.objects.exists()


@admin.register(Mute, Block)
class RelationAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at")
    search_fields = ("user__username",)


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "ruleset", "pace", "rating", "deviation", "games", "rated_at")
    list_filter = ("ruleset", "pace")
    search_fields = ("user__username",)


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ("game", "ruleset", "pace", "status", "reason", "rated_at")
    list_filter = ("status", "pace")


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("at", "user", "ruleset", "pace", "rating_before", "rating_after", "score")
    search_fields = ("user__username",)


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    readonly_fields = ("user", "seed", "joined_at")


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    readonly_fields = ("round", "board", "first", "second", "scenario", "game", "finished_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "status", "current_round", "rounds", "created_at")
    list_filter = ("status", "kind")
    inlines = (EntryInline, PairingInline)
