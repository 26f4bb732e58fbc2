"""Panzer Leader (Avalon Hill, 1974) for pgweb: a pure, deterministic rules engine.

Rules from /work/shared/rules/pl-digest.md; open questions decided in DECISIONS.md.
"""
