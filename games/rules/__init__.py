"""The Panzer Grenadier rules engine: pure Python, deterministic, no Django."""

from __future__ import annotations

from .engine import Step, apply, who_may_act
from .legal import legal_commands
from .views import redact_events, view_for

__all__ = ["Step", "apply", "legal_commands", "redact_events", "view_for", "who_may_act"]
