"""Panzer Leader (Avalon Hill, 1974) for pgweb: a pure, deterministic rules engine.

Rules from the Panzer Leader rules digest (pl-digest.md); open questions decided in DECISIONS.md.
"""
