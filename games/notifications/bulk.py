"""Make the deliveries of many notifications at once, in a handful of queries whatever their
number: a sweep that reminds hundreds of sides (games.notifications.clock_notices) must stay
well under a second, and a step's notification goes the same way with a list of one.

Each message is built for its recipient's side from what that side may see (content.py), as
everywhere else; the rows are bulk-inserted with their unique keys, so a notification looked
at twice (two workers, a retried task) is stored once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import broadcast, protocol
from games.models import Game, Presence, Seat, Side
from games.notifications import content, outbox
from games.notifications.kinds import EMAIL, SENT_CHANNELS, YOUR_MOVE
from games.notifications.models import DIGEST, PENDING, Delivery, NotificationSettings
from games.notifications.models import PushSubscription as Push
from games.notifications.notices import NOTICE, browser_notice, user_group
from games.selectors import PRESENCE_TTL

CHUNK = 500  # rows and keys per statement


@dataclass(frozen=True)
class Notice:
    """One notification to the players in some seats of one game. `key` names it (unique per
    game and event); `flagged` is the name of a side that ran out of time, if that is what
    it says; `after` and `events` are the step it describes, if any; `draw_offered_by` the
    name of a side whose draw offer the players are asked to answer."""

    game_id: Any
    kind: str
    seat_ids: frozenset[str]
    key: str
    remaining: str = ""
    flagged: str = ""
    after: Any = None
    events: tuple[dict, ...] = ()
    draw_offered_by: str = ""  # the name of a side offering a draw (games/services/endings.py)


@dataclass(frozen=True)
class _Person:
    user_id: Any
    seat_id: str
    side_id: str


class Facts:
    """What every message and delivery of a batch needs, read once for the whole batch."""

    def __init__(self, notices: list[Notice]) -> None:
        self.made: dict[tuple, dict] = {}
        games = {str(n.game_id) for n in notices}
        self.seats: dict[str, dict[str, _Person]] = {}
        for game_id, seat_id, user_id, side_id in Seat.objects.filter(
            game_id__in=games, user__isnull=False
        ).values_list("game_id", "seat_id", "user_id", "side__side_id"):
            self.seats.setdefault(str(game_id), {})[seat_id] = _Person(user_id, seat_id, side_id)
        self.scenario = {
            str(pk): s for pk, s in Game.objects.filter(pk__in=games).values_list("pk", "scenario")
        }
        self.names: dict[str, dict[str, str]] = {}
        for game_id, side_id, name in Side.objects.filter(game_id__in=games).values_list(
            "game_id", "side_id", "name"
        ):
            self.names.setdefault(str(game_id), {})[side_id] = name

    def people(self, notice: Notice) -> list[_Person]:
        seats = self.seats.get(str(notice.game_id), {})
        return [seats[s] for s in sorted(notice.seat_ids) if s in seats]

    def message(self, notice: Notice, person: _Person) -> dict:
        """The notice's message for this person (made once, for every channel and the page)."""
        key = (notice.key, notice.kind, person.user_id)
        if key not in self.made:
            self.made[key] = self._message(notice, person)
        return self.made[key]

    def _message(self, notice: Notice, person: _Person) -> dict:
        game = str(notice.game_id)
        return content.message(
            kind=notice.kind, game_id=notice.game_id, scenario_id=self.scenario.get(game, ""),
            side_id=person.side_id, side_names=self.names.get(game, {}), after=notice.after,
            events=list(notice.events), remaining=notice.remaining, flagged=notice.flagged,
            draw_offered_by=notice.draw_offered_by,
        )  # fmt: skip


def _settings(user_ids: set[Any]) -> dict[Any, NotificationSettings]:
    """The players' settings; a player who never saved any gets a row with the defaults."""
    found = {s.user_id: s for s in NotificationSettings.objects.filter(user_id__in=user_ids)}
    missing = [NotificationSettings(user_id=u) for u in user_ids if u not in found]
    if missing:
        NotificationSettings.objects.bulk_create(missing, ignore_conflicts=True)
        found.update(
            {s.user_id: s for s in NotificationSettings.objects.filter(user_id__in=[m.user_id for m in missing])}
        )
    return found


def _watching(pairs: set[tuple[str, Any]]) -> set[tuple[str, Any]]:
    """Of (game, player) pairs, those with the game open now (the page tells them)."""
    if not pairs:
        return set()
    rows = Presence.objects.filter(
        game_id__in={g for g, _ in pairs}, user_id__in={u for _, u in pairs},
        seen_at__gte=timezone.now() - PRESENCE_TTL,
    ).values_list("game_id", "user_id")  # fmt: skip
    return {(str(g), u) for g, u in rows} & pairs


def make(notices: Iterable[Notice], *, facts: Facts | None = None) -> list[int]:
    """Store the deliveries of these notifications (call inside a transaction); return the ids
    to send now (those held for a daily digest wait)."""
    notices = list(notices)
    if not notices:
        return []
    facts = facts or Facts(notices)
    recipients = [(n, p) for n in notices for p in facts.people(n)]
    prefs = _settings({p.user_id for _, p in recipients})
    pushes: dict[Any, list[str]] = {}
    for pk, user_id in Push.objects.filter(user_id__in=prefs).order_by("pk").values_list("pk", "user_id"):
        pushes.setdefault(user_id, []).append(str(pk))
    watching = _watching({(str(n.game_id), p.user_id) for n, p in recipients if n.kind == YOUR_MOVE})
    rows: dict[str, Delivery] = {}
    for notice, person in recipients:
        if notice.kind == YOUR_MOVE and (str(notice.game_id), person.user_id) in watching:
            continue
        mine = prefs[person.user_id]
        for channel in SENT_CHANNELS:
            if not mine.wants(channel, notice.kind):
                continue
            held = channel == EMAIL and notice.kind == YOUR_MOVE and mine.email_digest
            for target in outbox.targets(mine, channel, pushes=pushes.get(person.user_id, [])):
                key = f"{notice.key}:{person.user_id}:{channel}:{target}"[:200]
                message = facts.message(notice, person)
                rows[key] = Delivery(
                    user_id=person.user_id, game_id=notice.game_id, channel=channel,
                    kind=notice.kind, key=key, target=target, message=message,
                    status=DIGEST if held else PENDING,
                )  # fmt: skip
    made = list(rows.values())
    for start in range(0, len(made), CHUNK):
        Delivery.objects.bulk_create(made[start : start + CHUNK], ignore_conflicts=True)
    keys = [r.key for r in made if r.status == PENDING]
    ids: list[int] = []
    for start in range(0, len(keys), CHUNK):
        ids += Delivery.objects.filter(
            key__in=keys[start : start + CHUNK], status=PENDING, attempts=0
        ).values_list("pk", flat=True)
    return sorted(ids)


def tell_pages(notices: Iterable[Notice], *, facts: Facts | None = None) -> None:
    """Hand each notice to its players' open pages (their notification sockets) after the
    commit; the sockets forward only the kinds a player keeps on in the browser."""
    notices = list(notices)
    if not notices:
        return
    facts = facts or Facts(notices)
    messages = []
    for notice in notices:
        for person in facts.people(notice):
            text = protocol.encode(browser_notice(facts.message(notice, person)))
            messages.append(
                (user_group(person.user_id), {"type": NOTICE, "kind": notice.kind, "text": text})
            )
    if messages:
        transaction.on_commit(lambda: broadcast.send(messages))
