"""The Panzer Grenadier rules engine: pure Python, deterministic, no Django."""

from __future__ import annotations

from .panzer_grenadier.double_blind.knowledge import start as start_knowledge
from .panzer_grenadier.engine import Step, apply, who_may_act
from .panzer_grenadier.legal import legal_commands
from .panzer_grenadier.views import redact_events, view_for

__all__ = [
    "Step",
    "apply",
    "legal_commands",
    "redact_events",
    "start_knowledge",
    "view_for",
    "who_may_act",
]
