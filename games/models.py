"""Store games: Game, Side, Seat, Unit, GameStep (the command log), ChatMessage, CoachInvite,
Presence.

`GameStep` is the source of truth; `Game.state` and the `Unit` rows are the current state,
written in the same transaction by `games.services` (the only writer), so the admin and
queries read plain tables.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.conf import settings
from django.db import models

OPEN, ACTIVE, FINISHED, ABANDONED = "open", "active", "finished", "abandoned"
STATUSES = [(s, s) for s in (OPEN, ACTIVE, FINISHED, ABANDONED)]

SPECTATE_PUBLIC, SPECTATE_COACH, SPECTATE_AFTER_END, SPECTATE_NONE = (
    "public",
    "coach",
    "after_end",
    "none",
)
SPECTATOR_POLICIES = (SPECTATE_PUBLIC, SPECTATE_COACH, SPECTATE_AFTER_END, SPECTATE_NONE)
# Not a players' choice: a game with bots in every seat whose opener, in no seat, is its one
# spectator (botplay's bots_play under "none": a designer watching a private trial).
SPECTATE_CREATOR = "creator"

# The spectator delay of a game whose creator chose none (options["spectator_delay"] is
# None): each hook takes the game's options and returns a number of commands, or None to
# leave it to the next. The ratings app registers one delaying rated games.
SPECTATOR_DELAY_DEFAULTS: list[Callable[[dict], int | None]] = []


class Game(models.Model):
    """One game of a scenario: its options, the secret dice seed, and the current state."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    scenario = models.CharField(max_length=100)
    # The game it is (games.rules.registry): set from the scenario when the game is opened.
    ruleset = models.CharField(max_length=40, default="panzer_grenadier", db_index=True)
    # The scenario's revision when the game was opened (ScenarioInfo.revision); "" for games
    # opened before revisions were recorded. Balance counts only the current revision's.
    scenario_revision = models.CharField(max_length=64, default="", blank=True)
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    # Bumped by exactly one per accepted command (compare-and-swap); 1 is the opening state.
    version = models.PositiveIntegerField(default=0)
    options = models.JSONField(default=dict)
    seats_per_side = models.PositiveSmallIntegerField(default=1)
    # The seed stays on the server until the game ends; the commitment is public from the start.
    seed = models.CharField(max_length=128)
    commitment = models.CharField(max_length=64)
    dice_position = models.PositiveBigIntegerField(default=0)
    state = models.JSONField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.scenario} {str(self.id)[:8]} ({self.status}, v{self.version})"

    @property
    def spectators(self) -> str:
        return self.options.get("spectators", SPECTATE_PUBLIC)

    @property
    def spectator_delay(self) -> int:
        """How many commands public spectators stay behind the players while the game is
        played (0: live; games/spectating.py). The creator's choice, else the defaults'."""
        chosen = self.options.get("spectator_delay")
        if isinstance(chosen, int) and not isinstance(chosen, bool):
            return chosen
        for default in SPECTATOR_DELAY_DEFAULTS:
            found = default(self.options)
            if found is not None:
                return found
        return 0


class Side(models.Model):
    """One side of a game, named by the scenario's side id."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="sides")
    side_id = models.CharField(max_length=40)
    name = models.CharField(max_length=100)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["game", "order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side_id"], name="side_unique_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.side_id})"


class Seat(models.Model):
    """A player's place on a side, commanding some of its units (`seat_id` is the engine's)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="seats")
    seat_id = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    units = models.JSONField(default=list, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat_id"], name="seat_unique_per_game"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.seat_id} ({self.user or 'free'})"


class Unit(models.Model):
    """One counter's current state, kept in step with `Game.state` by the services."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="units")
    unit_id = models.CharField(max_length=80)
    side = models.CharField(max_length=40)
    type_id = models.CharField(max_length=80)
    hex = models.CharField(max_length=12, blank=True, default="")
    steps = models.PositiveSmallIntegerField(default=2)
    status = models.CharField(max_length=20, default="good")
    markers = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["game", "unit_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "unit_id"], name="unit_unique_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.unit_id} at {self.hex or '-'}"


class GameStep(models.Model):
    """One accepted command: the version it made, who sent it, its dice and events, and at a
    checkpoint the state after it.

    Version 1 is the opening state (no seat, no command). `client_id` is the browser's
    command id: unique per seat, so a resent command is applied once.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="steps")
    version = models.PositiveIntegerField()
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.PROTECT)
    client_id = models.BigIntegerField(null=True, blank=True)
    command = models.JSONField(null=True, blank=True)
    dice = models.JSONField(default=list, blank=True)
    events = models.JSONField(default=list, blank=True)
    # At a checkpoint, the whole state after this version as zlib-compressed JSON; null
    # between checkpoints, where it is rebuilt by replaying the commands (games/steplog.py).
    checkpoint = models.BinaryField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version"]
        constraints = [
            models.UniqueConstraint(fields=["game", "version"], name="step_version_unique"),
            models.UniqueConstraint(
                fields=["game", "seat", "client_id"],
                condition=models.Q(client_id__isnull=False),
                name="step_client_id_unique_per_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"v{self.version} {self.command and self.command.get('type')}"


class ChatMessage(models.Model):
    """A chat line: to one side, to all players, or among spectators."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    channel = models.CharField(max_length=20)
    side_id = models.CharField(max_length=40, blank=True, default="")
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]

    def __str__(self) -> str:
        return f"[{self.channel}] {self.user}: {self.text[:40]}"


class DrawOffer(models.Model):
    """A draw offered in a game being played: the seats that have said yes so far.

    One per side at a time. The offering side's seats agree first, seen by that side only;
    once all of them have, the other sides see it and accept or decline
    (games/services/endings.py)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="draw_offers")
    side_id = models.CharField(max_length=40)  # the side that offers
    agreed = models.JSONField(default=list)  # seat ids, of every side, that said yes
    made_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "side_id"], name="one_draw_offer_per_side")
        ]

    def __str__(self) -> str:
        return f"draw offered by {self.side_id} in {self.game_id}"


class CoachInvite(models.Model):
    """A side's invitation to follow its view live, as a coach who may never act.

    A seated player of the side invites by user name (`user` set at once) or makes a link
    (`token`; the first signed-in person who is not a player of the game and opens it becomes
    `user`, and the token is spent). Only under the game's "coach" spectator policy, which
    every player saw before joining. One person coaches at most one side of a game. Revoked
    by deleting the row (by any player of the side, or the coach), which also closes the
    coach's open sockets (games.services.coaching).
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="coach_invites")
    side = models.ForeignKey(Side, on_delete=models.CASCADE, related_name="coach_invites")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="coaching",
    )
    token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_coaching_per_user_per_game",
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | models.Q(token__isnull=False),
                name="coach_invite_names_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"coach of {self.side.side_id}: {self.user or 'link'}"


class Presence(models.Model):
    """One open socket on a game, so every process can count who is there.

    `seen_at` is refreshed by the socket's pings: a row not seen for a while belongs to a
    process that died without saying goodbye, and is not counted.
    """

    channel_name = models.CharField(max_length=200, primary_key=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="presence")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.CASCADE)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.CASCADE)
    connected_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(auto_now=True, db_index=True)


# -- the lobby: quick-match seeks and who is in the lobby (games.services.matchmaking) -----------

WAITING, MATCHED, CANCELLED = "waiting", "matched", "cancelled"
SEEK_STATUSES = [(s, s) for s in (WAITING, MATCHED, CANCELLED)]


class Seek(models.Model):
    """A player waiting in the quick-match queue, with their preferences ("" means any)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seeks"
    )
    scenario = models.CharField(max_length=100, blank=True, default="")
    side = models.CharField(max_length=40, blank=True, default="")
    team_size = models.PositiveSmallIntegerField(default=1)
    # A time-control preset name (games.clocks.control.PRESETS); "" means any.
    time_control = models.CharField(max_length=30, blank=True, default="")
    status = models.CharField(max_length=10, choices=SEEK_STATUSES, default=WAITING, db_index=True)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # When the sweep first found the seeker with no lobby socket open (None while they have
    # one): the matched notice reaches a player only through the lobby, so a seek whose
    # player stays away leaves the queue (services.matchmaking.expire_absent_seeks).
    absent_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="waiting"),
                name="one_waiting_seek_per_user",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} seeks {self.scenario or 'any'}/{self.side or 'any'} x{self.team_size} ({self.status})"


class LobbyPresence(models.Model):
    """One open lobby socket, so every process can list who is online."""

    channel_name = models.CharField(max_length=200, primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.CASCADE)
    connected_at = models.DateTimeField(auto_now_add=True)
    # Refreshed by the page's pings and refreshes; a row not seen for a while belongs to a
    # process that died without saying goodbye, and is not counted.
    seen_at = models.DateTimeField(auto_now=True, db_index=True)


class Rematch(models.Model):
    """Links a finished game to the game its players opened to play it again, sides swapped."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rematch")
    next_game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")


class NameHold(models.Model):
    """The name of a deleted account, kept from everyone else until `until`, so nobody can
    pass for the player their opponents knew (games/services/account_life.py)."""

    name = models.CharField(max_length=150, unique=True)  # lower case
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.name} held until {self.until:%Y-%m-%d}"
