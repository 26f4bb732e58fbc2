"""A scenario and its revisions, boards a designer keeps, and players' reports (issue 48).

A scenario is a line of revisions of one document (the ruleset's scenario format with its
boards drawn in it). The revision without `published_at` is the draft, at most one a
scenario, edited in place; a published revision never changes: editing makes a new draft,
and games keep the revision (its `engine_id`) they were opened with.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

DRAFT, PUBLISHED, HIDDEN = "draft", "published", "hidden"


class Scenario(models.Model):
    """One battle: its id (the document's), its ruleset, its author (none: bundled)."""

    slug = models.CharField(max_length=80, unique=True)
    ruleset = models.CharField(max_length=40, db_index=True)
    title = models.CharField(max_length=200)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="designed_scenarios")
    bundled = models.BooleanField(default=False)
    hidden = models.BooleanField(default=False)
    hidden_reason = models.CharField(max_length=300, blank=True, default="")
    hidden_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return f"{self.slug} ({self.state})"

    @property
    def state(self) -> str:
        """draft (never published), published, or hidden (by a moderator)."""
        if self.hidden:
            return HIDDEN
        return PUBLISHED if self.revisions.filter(published_at__isnull=False).exists() else DRAFT


class Revision(models.Model):
    """One revision of a scenario's document: the draft, or a published one (immutable)."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    document = models.JSONField()
    published_at = models.DateTimeField(null=True, blank=True)
    # The id a game of this revision is opened with: the bundled id, or `<slug>.r<number>`.
    engine_id = models.CharField(max_length=100, unique=True, null=True, blank=True)
    # The ruleset's digest of what plays (ScenarioInfo.revision): balance counts per revision.
    revision = models.CharField(max_length=64, blank=True, default="")
    problems = models.JSONField(default=list)  # the check's answer when it was last saved
    bot_game = models.JSONField(null=True, blank=True)  # the bot-vs-bot game before publishing
    # The token of the publishing check queued for the worker ("" when none is waiting): an
    # edit of the draft clears it, so a check of a document that changed publishes nothing.
    checking = models.CharField(max_length=32, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["scenario", "number"]
        constraints = [
            models.UniqueConstraint(fields=["scenario", "number"], name="designer_revision_number"),
            models.UniqueConstraint(fields=["scenario"], condition=Q(published_at__isnull=True),
                                    name="designer_one_draft"),
        ]

    def __str__(self) -> str:
        return f"{self.scenario.slug} r{self.number}{'' if self.published_at else ' (draft)'}"

    @property
    def is_draft(self) -> bool:
        return self.published_at is None

    @property
    def publishing(self) -> str:
        """Where publishing the draft stands: "checking" (the bot game is queued or playing),
        "failed" (it ended in an engine error), or "" (not asked, or published)."""
        if not self.is_draft:
            return ""
        if self.checking:
            return "checking"
        return "failed" if self.bot_game and not self.bot_game.get("ok") else ""


class Board(models.Model):
    """A board a designer keeps for reuse: one drawing in the ruleset's board format."""

    ruleset = models.CharField(max_length=40)
    board_id = models.CharField(max_length=40)
    name = models.CharField(max_length=200)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                               on_delete=models.SET_NULL, related_name="designed_boards")
    bundled = models.BooleanField(default=False)
    drawing = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["ruleset", "board_id"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "author", "board_id"],
                                               name="designer_board_id")]

    def __str__(self) -> str:
        return f"{self.ruleset} board {self.board_id}"


class ScenarioReport(models.Model):
    """A player's report of a scenario to the moderators."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="+")
    reason = models.CharField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)
    closed = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["scenario", "reporter"],
                                               name="designer_one_report_each")]


class Trial(models.Model):
    """A draft as it stood when its designer tried it against a bot (Try it): the private
    game plays this copy, whatever the draft becomes."""

    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="trials")
    engine_id = models.CharField(max_length=100, unique=True)
    document = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)
