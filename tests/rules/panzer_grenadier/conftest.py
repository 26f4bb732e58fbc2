"""Panzer Grenadier's rules tests: the optional rules are plugged into the core's hooks before
any test runs, as the engine plugs them in (rulebook.py), so a test that calls combat or
movement directly meets the same rules in play as a game does."""

from __future__ import annotations

from games.rules.panzer_grenadier import rulebook  # noqa: F401  (installs the plug-ins)
