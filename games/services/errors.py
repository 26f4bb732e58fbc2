"""The error every service raises when it refuses: a stable code, a message, an HTTP status."""

from __future__ import annotations


class ServiceError(Exception):
    """A refused request: `code` is stable (clients switch on it), `message` is for people;
    `extra` holds facts a page needs to say what to do next (the games in the way, say)."""

    def __init__(self, code: str, message: str, status: int = 400, extra: dict | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.extra = extra or {}

    def to_json(self) -> dict:
        return {**self.extra, "code": self.code, "message": self.message}


def not_started() -> ServiceError:
    """What a request that needs the game's state is answered while the game still waits for
    its seats (it has no state yet)."""
    return ServiceError("game/not_started", "the game starts when every seat is taken", 409)
