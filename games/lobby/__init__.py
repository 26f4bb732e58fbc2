"""The lobby: lists of games, quick-match notices, presence, and the account and lobby pages."""
