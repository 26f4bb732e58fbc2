"""Rules errors: each carries a stable code for the wire and a message naming the rule."""

from __future__ import annotations


class RulesError(Exception):
    """Base class: `code` is stable (clients switch on it), `message` is for people."""

    code = "command/illegal"

    def __init__(self, message: str, *, code: str | None = None, rule: str | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        if code is not None:
            self.code = code

    def to_json(self) -> dict:
        data = {"code": self.code, "message": self.message}
        if self.rule:
            data["rule"] = self.rule
        return data


class InvalidCommand(RulesError):
    """The command is malformed: wrong shape, unknown type, missing fields."""

    code = "command/invalid"


class IllegalCommand(RulesError):
    """The command is well formed but the rules do not allow it now.

    Codes: `command/illegal` (the default), `command/not_your_activation`,
    `state/stale_version`, `game/over`, `seat/none`.
    """

    code = "command/illegal"
