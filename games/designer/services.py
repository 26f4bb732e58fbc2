"""The only writers of designed scenarios: drafts, publishing, reports, hiding (issue 48).

A draft is saved whatever its check says (a designer saves half-made battles) and its
problems are stored with it; publishing needs the check to pass and a bot-vs-bot game of the
revision to finish without an engine error. The game takes seconds to minutes, so it is
played by the background worker (tasks.py), not in the request. Bad input (not a JSON object, too big, an id
taken by another scenario or the wrong shape of id) is refused with a `ServiceError` naming
the field, and nothing changes.
"""

from __future__ import annotations

import json
import re
import unicodedata
import uuid
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from games.botplay.seats import bots_play, play_against_bot
from games.rules import registry
from games.rules.common.scenario_problems import SCENARIO_ID_WORDS
from games.services.errors import ServiceError

from . import library
from .models import Board, Revision, Scenario, ScenarioReport, Trial

MAX_DOCUMENT_BYTES = 512 * 1024  # a 3 v 3 battle on six boards is under 200 KB
MAX_BOARD_BYTES = 64 * 1024
# A scenario's id: its published revisions are played as `<id>.r<n>`, so no dots in it
# (the schemas' pattern for a document's id says the same: SCENARIO_ID_WORDS).
SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")
SLUG_LENGTH = 60
BOT_LEVEL = "random"  # the publishing game only proves the engine plays it to the end


def _ruleset(ruleset_id: Any) -> Any:
    try:
        return registry.ruleset(ruleset_id if isinstance(ruleset_id, str) else "?")
    except KeyError:
        raise ServiceError("designer/unknown_ruleset",
                           f"ruleset: unknown ruleset {ruleset_id!r}; one of "
                           f"{', '.join(sorted(registry.RULESETS))}") from None


def check_size(doc: Any, limit: int = MAX_DOCUMENT_BYTES, what: str = "document") -> None:
    if not isinstance(doc, dict):
        raise ServiceError("designer/not_an_object", f"{what}: expected a JSON object")
    size = len(json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode())
    if size > limit:
        raise ServiceError("designer/too_large",
                           f"{what}: {size} bytes, more than the limit of {limit}", 413)


def _slug(doc: dict) -> str:
    slug = doc.get("id")
    if not isinstance(slug, str) or not SLUG.match(slug):
        raise ServiceError("designer/bad_id",
                           f"id: {slug!r} is not a battle id: an id is {SCENARIO_ID_WORDS}")
    return slug


def unchosen_id(ruleset_id: str) -> str:
    """The id a blank document carries (`new-battle`, `new-situation`): a battle saved with
    it, or with none, has no id of its designer's choosing yet, and the first save gives it
    one made from its title."""
    return registry.ruleset(ruleset_id).blank_document(2, 1)["id"]


def id_from_title(title: Any) -> str:
    """The title as an id: lower-case letters and digits, words joined by '-' ("The Mill at
    Dawn!" -> "the-mill-at-dawn"); "battle" when the title has no letter or digit."""
    # Letters lose their accents first ("Öder" -> "oder"), then anything else parts words.
    plain = (unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
             if isinstance(title, str) else "")
    words = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(words)[:SLUG_LENGTH].strip("-") or "battle"


def _free_ids(base: str, ruleset_id: str) -> Any:
    """`base`, then `base-2`, `base-3`... skipping the bundled library's ids (listed even
    before load_scenarios stores them); the database's unique slug settles the rest."""
    bundled = {sid for rs in registry.RULESETS.values() for sid in rs.scenarios()}
    for n in range(1, 10_000):
        tail = "" if n == 1 else f"-{n}"
        slug = base[:SLUG_LENGTH - len(tail)].rstrip("-") + tail
        if slug not in bundled:
            yield slug


def _title(doc: dict) -> str:
    title = doc.get("title")
    return title[:200] if isinstance(title, str) and title.strip() else doc["id"]


def _document_ruleset(doc: dict, ruleset_id: str) -> None:
    named = doc.get("ruleset")
    if named is not None and named != ruleset_id:
        raise ServiceError("designer/wrong_ruleset",
                           f"ruleset: the document is for {named!r}, not {ruleset_id!r}")


def _check(ruleset_id: str, doc: dict) -> list[dict]:
    return registry.ruleset(ruleset_id).check_scenario(doc)


def draft_save(*, author: Any, ruleset_id: str, document: Any) -> Revision:
    """Save a document as a draft: a new scenario under the document's id, or (when the id is
    one of the author's own scenarios) that scenario's draft, made anew after a published
    revision. An id another author or the bundled library holds is refused. A document whose
    id its designer has not chosen (none, or the blank document's) gets one made from its
    title, free at the moment it is stored (the draft's document carries it)."""
    rs = _ruleset(ruleset_id)
    check_size(document)
    _document_ruleset(document, rs.id)
    if document.get("id") in (None, "", unchosen_id(rs.id)):
        return _save_under_new_id(author, rs.id, document)
    slug = _slug(document)
    problems = _check(rs.id, document)
    with transaction.atomic():
        scenario = Scenario.objects.select_for_update().filter(slug=slug).first()
        if scenario is None:
            try:
                with transaction.atomic():
                    scenario = Scenario.objects.create(slug=slug, ruleset=rs.id, author=author,
                                                       title=_title(document))
            except IntegrityError:
                raise _taken(slug) from None
        elif scenario.bundled or scenario.author_id != author.pk or scenario.ruleset != rs.id:
            raise _taken(slug)
        return _write_draft(scenario, document, problems)


def _save_under_new_id(author: Any, ruleset_id: str, document: dict) -> Revision:
    """A new scenario under the first free id made from the title: each id is tried by
    inserting it, so two designers saving at once never get the same one."""
    base = id_from_title(document.get("title"))
    problems = _check(ruleset_id, {**document, "id": base})  # the same under any free id
    for slug in _free_ids(base, ruleset_id):
        named = {**document, "id": slug}
        try:
            with transaction.atomic():
                scenario = Scenario.objects.create(slug=slug, ruleset=ruleset_id, author=author,
                                                   title=_title(named))
                return _write_draft(scenario, named, problems)
        except IntegrityError:
            continue
    raise ServiceError("designer/bad_id", "id: no free id made from the title; choose one")


def _taken(slug: str) -> ServiceError:
    return ServiceError("designer/id_taken",
                        f"id: {slug!r} is another scenario's id; give yours an id of its own",
                        409)


def draft_update(*, scenario: Scenario, user: Any, document: Any) -> Revision:
    """Replace the scenario's draft (a new draft after its last published revision)."""
    _owner(scenario, user)
    check_size(document)
    if document.get("id") != scenario.slug:
        raise ServiceError("designer/bad_id",
                           f"id: a scenario keeps its id {scenario.slug!r}, not "
                           f"{document.get('id')!r}")
    _document_ruleset(document, scenario.ruleset)
    problems = _check(scenario.ruleset, document)
    with transaction.atomic():
        Scenario.objects.select_for_update().get(pk=scenario.pk)
        return _write_draft(scenario, document, problems)


def _write_draft(scenario: Scenario, document: dict, problems: list[dict]) -> Revision:
    """The draft holding `document`; a document the same as the last published revision's
    is that revision again (no draft: publishing it would make an identical revision), and
    the draft of edits undone back to it goes."""
    draft = scenario.revisions.filter(published_at__isnull=True).first()
    published = library.latest_published(scenario)
    if published is not None and published.document == document:
        if draft is not None:
            draft.delete()
        return published
    if draft is None:
        last = scenario.revisions.aggregate(n=Max("number"))["n"] or 0
        draft = Revision(scenario=scenario, number=last + 1)
    draft.document = document
    draft.problems = problems
    draft.bot_game = None
    draft.checking = ""  # a check queued for the old document publishes nothing
    draft.save()
    if not scenario.revisions.filter(published_at__isnull=False).exists():
        scenario.title = _title(document)
        scenario.save(update_fields=["title", "updated_at"])
    return draft


def _owner(scenario: Scenario, user: Any) -> None:
    if scenario.bundled or scenario.author_id != getattr(user, "pk", None):
        raise ServiceError("designer/not_yours", "only its designer may change a scenario", 403)


def draft_discard(*, scenario: Scenario, user: Any) -> None:
    """Throw the draft away; a scenario never published goes with it."""
    _owner(scenario, user)
    with transaction.atomic():
        scenario.revisions.filter(published_at__isnull=True).delete()
        if not scenario.revisions.exists():
            scenario.delete()


def play_bot_game(engine_id: str, seed: str) -> dict:
    """A bot-vs-bot game of a playable scenario to its end: its steps, winner, and any engine
    error (a refused legal command, an exception, or no end within the step cap)."""
    from games.bots.arena import play_game

    rs = registry.for_scenario(engine_id)
    sides = [s.id for s in rs.scenarios()[engine_id].sides]
    try:
        record = play_game(engine_id, {s: BOT_LEVEL for s in sides}, seed)
    except Exception as exc:  # any engine failure refuses the publishing, named
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:500], "steps": 0}
    error = "; ".join(record.refused)[:500] or (
        f"no end after {record.steps} commands" if record.capped else "")
    return {"ok": not error, "error": error, "steps": record.steps, "winner": record.winner}


def start_publishing(*, scenario: Scenario, user: Any) -> Revision:
    """Ask for the draft to be published: the check must pass now; the bot-vs-bot game is
    the worker's (tasks.publish_draft runs `finish_publishing`), and until it ends the draft
    reads "checking". Asking again while it checks queues a new check and voids the old."""
    _owner(scenario, user)
    draft = scenario.revisions.filter(published_at__isnull=True).first()
    if draft is None:
        published = library.latest_published(scenario)
        if published is not None:
            raise ServiceError("designer/unchanged", f"Nothing has changed since revision "
                               f"{published.number}: it is published as it stands", 409)
        raise ServiceError("designer/no_draft", "nothing to publish: the scenario has no draft")
    problems = _check(scenario.ruleset, draft.document)
    if problems:
        Revision.objects.filter(pk=draft.pk).update(problems=problems)
        raise ServiceError("designer/check_failed",
                           f"the check found {len(problems)} problem(s): "
                           + "; ".join(f"{p['field']}: {p['message']}" for p in problems[:5]))
    with transaction.atomic():
        row = Revision.objects.select_for_update().filter(
            pk=draft.pk, published_at__isnull=True).first()
        if row is None:
            raise ServiceError("designer/no_draft", "the draft was published already", 409)
        row.checking = uuid.uuid4().hex
        row.bot_game = None
        row.save(update_fields=["checking", "bot_game", "updated_at"])
    return row


def finish_publishing(*, revision_id: int, token: str,
                      bot_game: Callable[[str, str], dict] = play_bot_game) -> dict:
    """The worker's half of publishing: play the bot-vs-bot game of the draft as it stood
    when publishing was asked, then publish it (the revision never changes again) or keep
    the engine error on the draft for its designer. A draft edited, discarded or asked again
    meanwhile (its token changed) is left alone. Returns the bot game, or why none ran."""
    row = (Revision.objects.filter(pk=revision_id, checking=token, published_at__isnull=True)
           .select_related("scenario").first())
    if row is None:
        return {"ok": False, "error": "stale: the draft changed after publishing was asked",
                "steps": 0}
    scenario = row.scenario
    engine_id = f"{scenario.slug}.r{row.number}"
    try:
        info = registry.load_document(scenario.ruleset, row.document, engine_id)
    except ValueError as exc:  # the ruleset changed under a checked draft
        played, info = {"ok": False, "error": f"not playable: {exc}"[:500], "steps": 0}, None
    else:
        played = bot_game(engine_id, f"publish:{engine_id}")
    with transaction.atomic():
        row = Revision.objects.select_for_update().filter(
            pk=revision_id, checking=token, published_at__isnull=True).first()
        if row is None:
            return {**played, "ok": False, "error": "stale: the draft changed during its check"}
        row.checking = ""
        row.bot_game = played
        if played.get("ok") and info is not None:
            row.published_at = timezone.now()
            row.engine_id = engine_id
            row.revision = info.revision
            row.problems = []
        row.save()
        if row.published_at is not None:
            scenario.title = _title(row.document)
            scenario.save(update_fields=["title", "updated_at"])
    return played


# A trial of a draft is its designer's: not listed, nobody else watches it or reads its
# record (the draft is unpublished); the designer plays in it, or watches bots play it.
TRIAL_OPTIONS = {"private": True, "spectators": "none"}


def _trial(scenario: Scenario, user: Any) -> str:
    """The draft as it stands, playable under a trial id of its own (only its designer opens
    a game of it, library.may_open); the check must pass, nothing is published."""
    _owner(scenario, user)
    draft = scenario.revisions.filter(published_at__isnull=True).first()
    if draft is None:
        raise ServiceError("designer/no_draft", "nothing to try: the scenario has no draft")
    problems = _check(scenario.ruleset, draft.document)
    if problems:
        raise ServiceError("designer/check_failed",
                           f"the check found {len(problems)} problem(s); fix them to try it")
    trial = Trial.objects.create(scenario=scenario, document=draft.document,
                                 engine_id=f"{scenario.slug}.try-{uuid.uuid4().hex[:12]}")
    registry.load_document(scenario.ruleset, draft.document, trial.engine_id)
    return trial.engine_id


def try_draft(*, scenario: Scenario, user: Any, side: Any, level: Any = "recruit") -> Any:
    """Try it: a private game of the draft as it stands, the designer on `side` against bots
    of `level`; the check must pass, nothing is published. Returns the game."""
    with transaction.atomic():
        return play_against_bot(user=user, scenario=_trial(scenario, user), side=side,
                                level=level, options=dict(TRIAL_OPTIONS))


def watch_draft(*, scenario: Scenario, user: Any, level: Any = "recruit") -> Any:
    """Try it, bot against bot: a private game of the draft with bots of `level` in every
    seat, which the designer watches as a spectator. Returns the game."""
    with transaction.atomic():
        return bots_play(user=user, scenario=_trial(scenario, user), level=level,
                         options=dict(TRIAL_OPTIONS))


def report(*, scenario: Scenario, user: Any, reason: Any) -> ScenarioReport:
    """A player reports a scenario to the moderators (once each)."""
    if not isinstance(reason, str) or not reason.strip():
        raise ServiceError("designer/no_reason", "reason: say what is wrong with it")
    try:
        with transaction.atomic():
            return ScenarioReport.objects.create(scenario=scenario, reporter=user,
                                                 reason=reason.strip()[:500])
    except IntegrityError:
        raise ServiceError("designer/reported", "you have reported this scenario already",
                           409) from None


def hide(*, scenario: Scenario, by: Any, reason: str = "", hidden: bool = True) -> Scenario:
    """A moderator hides a scenario from the lobby and the catalogue (or shows it again);
    games of it in progress go on."""
    if not getattr(by, "is_staff", False):
        raise ServiceError("designer/not_moderator", "only a moderator may hide a scenario", 403)
    with transaction.atomic():
        scenario.hidden = hidden
        scenario.hidden_reason = (reason or "")[:300] if hidden else ""
        scenario.hidden_by = by if hidden else None
        scenario.save(update_fields=["hidden", "hidden_reason", "hidden_by", "updated_at"])
        if hidden:
            scenario.reports.update(closed=True)
    return scenario


def board_save(*, author: Any, ruleset_id: str, drawing: Any) -> Board:
    """Keep a board for reuse in other scenarios (the ruleset's board format)."""
    rs = _ruleset(ruleset_id)
    check_size(drawing, MAX_BOARD_BYTES, "board")
    board_id = drawing.get("id")
    if not isinstance(board_id, str) or not re.match(r"^[A-Za-z0-9_-]{1,40}$", board_id):
        raise ServiceError("designer/bad_id", f"id: {board_id!r} is not a board id")
    # The board is checked as the ruleset checks it: inside a blank document.
    doc = rs.blank_document(2, 1)
    doc["boards"] = {board_id: drawing}
    problems = [p for p in rs.check_scenario(doc) if p["field"].startswith("boards")]
    if problems:
        raise ServiceError("designer/bad_board",
                           "; ".join(f"{p['field']}: {p['message']}" for p in problems[:5]))
    name = drawing.get("name") or drawing.get("title") or board_id
    board, _ = Board.objects.update_or_create(
        ruleset=rs.id, author=author, board_id=board_id,
        defaults={"name": str(name)[:200], "drawing": drawing})
    return board
