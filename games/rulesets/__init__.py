"""Rulesets: each game behind one interface (interface.py), found through registry.py."""
