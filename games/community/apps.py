"""The community app: ratings, player pages, leaderboards, tournaments, moderation."""

from __future__ import annotations

from django.apps import AppConfig


class CommunityConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games.community"
    label = "community"
    verbose_name = "Community"

    def ready(self) -> None:
        """Plug into the games' hooks (seats, chat, quick match, the end of a game, the lobby's
        game cards and My games, the game pages' notes), the clocks' flag and the worker's
        sweep; the games app never imports this one."""
        from games import game_pages
        from games.botplay import views as botplay_views
        from games.clocks import signals as clock_signals
        from games.clocks import sweep
        from games.lobby import selectors as lobby
        from games.lobby import views as lobby_views
        from games.services import hooks

        from . import blocks, game_end, matchmaking, moderation, ratings
        from .selectors.scenarios import scenario_stats
        from .selectors.tournaments import game_tournament, lobby_cards, my_tournaments
        from .tournaments import service as tournaments

        hooks.OPTION_CHECKS["rated"] = ratings.check_rated
        for table, hook in (
            (hooks.SEAT_CHECKS, ratings.check_rated_seat),
            (hooks.SEAT_CHECKS, blocks.check_seat_blocks),
            (hooks.CHAT_CHECKS, moderation.check_chat),
            (hooks.MUTED_BY, blocks.muted_ids),
            (hooks.SEEK_STORED, matchmaking.seek_stored),
            (hooks.SEEK_FITS, matchmaking.seeks_fit),
            (hooks.SEEK_OPTIONS, matchmaking.seek_options),
            (hooks.AFTER_STEP, game_end.on_step),
            (hooks.ABORT_CHECKS, game_end.check_abort),
            (hooks.ACCOUNT_ERASERS, ratings.erase_name),
        ):
            if hook not in table:
                table.append(hook)
        if lobby_cards not in lobby.CARD_EXTRAS:
            lobby.CARD_EXTRAS.append(lobby_cards)
        line = ("community/_lobby_tournaments.html", my_tournaments)
        if line not in lobby_views.LOBBY_LINES:
            lobby_views.LOBBY_LINES.append(line)
        note = ("community/_game_tournament.html", game_tournament)
        if note not in game_pages.GAME_NOTES:
            game_pages.GAME_NOTES.append(note)
        section = ("community/scenario_stats.html", scenario_stats)
        if section not in botplay_views.SCENARIO_SECTIONS:
            botplay_views.SCENARIO_SECTIONS.append(section)
        sweep.register("community.games", game_end.sweep)
        sweep.register("community.quick_match", matchmaking.pair_waiting)
        clock_signals.clock_flagged.connect(
            tournaments.flags_received, dispatch_uid="community-tournament-flags"
        )
