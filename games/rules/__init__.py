"""The rules side of pgweb: pure Python, deterministic, no Django.

`registry` finds a ruleset (the one `interface.Ruleset` object of a game) by id or by
scenario; `common` holds what every ruleset shares (hex geometry, dice, per-viewer handles,
errors); `panzer_grenadier` and `panzer_leader` are the games; `playtest` plays any of them
at random from the command line.
"""
