"""Offer the time controls to every template (the new-game page and quick match)."""

from __future__ import annotations

from django.http import HttpRequest

from games.clocks.control import choices


def time_controls(request: HttpRequest) -> dict:
    return {"time_controls": choices()}
