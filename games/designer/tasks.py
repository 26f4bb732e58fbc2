"""Publishing in the background: the bot-vs-bot game a draft must finish before it is
published runs in `manage.py worker` (django-tasks, the queue the clocks' sweep and the
notifications use), not in the designer's request. The draft reads "checking" until then."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django_tasks import task

from . import services
from .models import Revision, Scenario


@task()
def publish_draft(revision_id: int, token: str) -> dict:
    """Play the draft's bot game and publish it, or keep its error (services.finish_publishing)."""
    return services.finish_publishing(revision_id=revision_id, token=token)


def ask_to_publish(*, scenario: Scenario, user: Any) -> Revision:
    """Check the draft now and queue its bot game for the worker; refusals (not yours, no
    draft, the check's problems) are ServiceErrors, and nothing is queued. The queue is a
    table of the same database: the task's row commits with the draft's token, or neither."""
    with transaction.atomic():
        draft = services.start_publishing(scenario=scenario, user=user)
        publish_draft.enqueue(draft.pk, draft.checking)
    return draft
