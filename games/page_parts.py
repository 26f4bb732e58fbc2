"""Parts other apps add to the games app's pages, which never import them: each page keeps a
list of (template, subject -> the part's data, or None for no part), filled at start-up
(the community app: a tournament game's line, the lobby's tournaments, a scenario's play
counts), and renders what `filled` returns with `{% include part.template with
data=part.data %}`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PartHooks = list[tuple[str, Callable[[Any], dict | None]]]


def filled(hooks: PartHooks, subject: Any) -> list[dict]:
    """Each hook's part for this subject (a game, a request, a scenario id), in order; a hook
    answering None adds nothing."""
    parts = []
    for template, data_of in hooks:
        data = data_of(subject)
        if data is not None:
            parts.append({"template": template, "data": data})
    return parts
