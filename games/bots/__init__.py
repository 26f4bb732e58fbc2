"""Bots that play fair: strategies that see only their seat's view and legal commands.

`levels.decide(level, Decision(view, legal, previews, seed))` returns a command; `harness`
builds that Decision from a game state for whoever drives the bot. Pure Python, no Django.
"""
