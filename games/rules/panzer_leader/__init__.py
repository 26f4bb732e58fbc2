"""Panzer Leader (Avalon Hill, 1974) for pgweb: a pure, deterministic rules engine.

Rules cited by section number ("PL 9.7"); open questions decided in DECISIONS.md.
"""
