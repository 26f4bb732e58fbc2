"""Bots that play fair: strategies that see only their seat's view, its legal commands and
the game's public facts.

`levels.decide(level, Decision(view, legal, previews, seed), facts)` returns a command. On the
referee's side, `harness.decision_for` builds the Decision from a game state through the
ruleset interface and `facts.public_facts` the facts from the scenario (never its set-up);
no strategy module imports either. Pure Python, no Django.
"""
