"""Reading the designed scenarios: the finder the engine asks, the bundled library stored
beside players' scenarios, and the catalogue the lobby shows (issue 48)."""

from __future__ import annotations

import json
import re
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.botplay.balance import load_library
from games.rules import registry
from games.services.errors import ServiceError

from .models import Board, Revision, Scenario, Trial

# The ids players' battles are played under: `<id>.r<n>` (a revision), `<id>.try-<hex>` (a
# trial). Any other id is never looked up in the database.
PLAY_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}\.(r[0-9]+|try-[0-9a-f]{12})$")


def find_published(engine_id: str) -> tuple[str, dict] | None:
    """(ruleset id, document) of a published revision or a trial by the id its games are
    played under; None when there is none (registry.add_finder)."""
    if not isinstance(engine_id, str) or not PLAY_ID.match(engine_id):
        return None
    row = (Revision.objects.filter(engine_id=engine_id, published_at__isnull=False,
                                   scenario__bundled=False)
           .select_related("scenario").first())
    if row is not None:
        return row.scenario.ruleset, row.document
    trial = Trial.objects.filter(engine_id=engine_id).select_related("scenario").first()
    if trial is not None:
        return trial.scenario.ruleset, trial.document
    return None


def load_bundled() -> int:
    """Store every bundled scenario and board in the designer's tables, marked bundled: a
    scenario whose file changed gets a new published revision; and the library's arena
    balance beside them, so their pages show who wins. Returns the revisions added."""
    added = 0
    for rs in registry.RULESETS.values():
        infos = rs.scenarios()
        for path in rs.scenario_files():
            sid = json.loads(path.read_text(encoding="utf-8"))["id"]
            added += _store_bundled(rs, sid, infos[sid])
    load_library()
    return added


@transaction.atomic
def _store_bundled(rs: Any, sid: str, info: Any) -> int:
    doc = rs.scenario_document(sid)
    scenario, _ = Scenario.objects.select_for_update().get_or_create(
        slug=sid, defaults={"ruleset": rs.id, "title": info.title, "bundled": True})
    if not scenario.bundled:  # a player's scenario took a bundled id before it was bundled
        return 0
    for board_id, drawing in doc.get("boards", {}).items():
        Board.objects.update_or_create(
            ruleset=rs.id, author=None, board_id=board_id,
            defaults={"bundled": True, "drawing": drawing,
                      "name": str(drawing.get("name") or drawing.get("title") or board_id)})
    last = scenario.revisions.order_by("-number").first()
    if last is not None and last.revision == info.revision and last.document == doc:
        return 0
    # The bundled id plays the file as it is now: an older revision gives its id up.
    scenario.revisions.filter(engine_id=sid).update(engine_id=None)
    number = (scenario.revisions.aggregate(n=Max("number"))["n"] or 0) + 1
    Revision.objects.create(scenario=scenario, number=number, document=doc,
                            published_at=timezone.now(), engine_id=sid,
                            revision=info.revision)
    scenario.title = info.title
    scenario.save(update_fields=["title", "updated_at"])
    return 1


def latest_published(scenario: Scenario) -> Revision | None:
    """The revision a new game of the scenario is played on."""
    return scenario.revisions.filter(published_at__isnull=False).order_by("-number").first()


def may_see(scenario: Scenario, user: Any) -> bool:
    """A draft is its designer's only; a hidden scenario its designer's and the moderators'."""
    if scenario.author_id is not None and scenario.author_id == getattr(user, "pk", None):
        return True
    if scenario.hidden:
        return bool(getattr(user, "is_staff", False))
    return scenario.revisions.filter(published_at__isnull=False).exists()


def may_open(engine_id: str, user: Any) -> None:
    """A game of a hidden battle is opened by no one but a moderator, a trial by its
    designer only (services.hooks.OPEN_CHECKS)."""
    if not isinstance(engine_id, str) or not PLAY_ID.match(engine_id):
        return
    unknown = ServiceError("scenario/unknown", f"no scenario {engine_id!r}", 404)
    if ".try-" in engine_id:
        author = Trial.objects.filter(engine_id=engine_id).values_list(
            "scenario__author_id", flat=True).first()
        if author is None or author != getattr(user, "pk", None):
            raise unknown
        return
    # A draft being published is loaded under its revision's id before its bot game: until
    # the revision is published, no game of it opens.
    revision = Revision.objects.filter(engine_id=engine_id, published_at__isnull=False
                                       ).select_related("scenario").first()
    if revision is None:
        raise unknown
    if revision.scenario.hidden and not getattr(user, "is_staff", False):
        raise ServiceError("scenario/hidden", "a moderator has hidden this battle", 403)
