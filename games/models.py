"""Store games (the game server issue adds Game, Side, Seat, Unit and GameStep)."""

from __future__ import annotations
