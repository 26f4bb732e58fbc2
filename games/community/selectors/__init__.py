"""Read-only queries for the community pages: players, leaderboards, tournaments, scenarios.

They show results and public facts only (who played what, on which side, with what result
and rating), never anything of a game's state: a running double-blind game shows on a
player's or a tournament's page exactly as an open one does.
"""
