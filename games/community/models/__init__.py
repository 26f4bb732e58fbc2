"""The community app's tables: ratings, moderation, tournaments (one module each)."""

from __future__ import annotations

from .moderation import Block, ChatPolicy, Mute, Report, Sanction
from .ratings import RatedGame, Rating, RatingChange, SeekTerms
from .tournaments import Entry, Pairing, Tournament

__all__ = [
    "Block",
    "ChatPolicy",
    "Entry",
    "Mute",
    "Pairing",
    "RatedGame",
    "Rating",
    "RatingChange",
    "Report",
    "Sanction",
    "SeekTerms",
    "Tournament",
]
