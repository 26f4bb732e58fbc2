"""Names for the plain SQL of the hot paths: a model's quoted table and column names, and a
game's key as the database stores it.

The few queries every command makes are written out in SQL (games/services/commands.py,
the notifications' and the bots' step hooks): the ORM spends longer building such a small
query than the database running it (docs/benchmarks.md).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import connection

from games.models import Game


def table(model: Any) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def column(model: Any, name: str) -> str:
    return connection.ops.quote_name(model._meta.get_field(name).column)


def columns(model: Any, *names: str) -> str:
    return ", ".join(column(model, n) for n in names)


def game_key(game_id: Any) -> Any:
    """A game's id (a UUID or its text) as a query parameter."""
    return Game._meta.pk.get_db_prep_value(
        game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id)), connection
    )
