"""Panzer Grenadier (Fourth Edition) as a ruleset: `ruleset.RULESET` is its interface
object. Sub-packages: core (the turn, movement, fire declarations), combat, optional (one
module per optional rule, plugged in through `core.hooks`) and double_blind (hidden
information)."""
