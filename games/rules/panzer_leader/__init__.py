"""Panzer Leader (Avalon Hill, 1974) for pgweb: a pure, deterministic rules engine.

Rules cited by section number ("PL 9.7"); open questions decided in DECISIONS.md. Importing
the package plugs the optional rules into the core (rulebook.py), so the engine, the legal
commands, the bots' imagined positions and a test calling one module all meet the same rules.
"""

from . import rulebook  # noqa: F401  (installs the optional rules' plug-ins)
