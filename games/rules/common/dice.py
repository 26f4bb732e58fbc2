"""Dice you can verify: a seeded stream of six-sided dice, recorded roll by roll.

The service owns one `SeededDice` per game. Its seed stays on the server until the game
ends; the commitment (SHA-256 of the seed) is published when the game starts, so after the
end anyone can check that every roll came from the committed seed.

The stream is HMAC-SHA256(seed, counter) read byte by byte with rejection sampling, so it is
the same on every Python version and machine (unlike `random.Random`, whose algorithms may
change), and a verifier needs nothing but hashlib to reproduce it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol


class Dice(Protocol):
    """What the rules engine rolls with."""

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        """Roll `n` six-sided dice for `purpose` (recorded with the step)."""
        ...


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded throw: why it was made and what came up."""

    purpose: str
    values: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.values)

    def to_json(self) -> dict:
        return {"purpose": self.purpose, "values": list(self.values)}

    @classmethod
    def from_json(cls, raw: dict) -> Roll:
        return cls(purpose=str(raw["purpose"]), values=tuple(int(v) for v in raw["values"]))


def new_seed() -> str:
    """A fresh secret seed (hex) for a new game."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The public commitment to a seed: SHA-256 of its hex text."""
    return hashlib.sha256(seed.encode()).hexdigest()


@dataclass
class SeededDice:
    """Deterministic dice from a seed, starting at byte `position` of the stream.

    `position` is how many bytes of the stream earlier steps consumed, so a game's dice
    continue across steps without keeping the generator in memory: the service stores the
    position with the game and builds a new SeededDice for each command.
    """

    seed: str
    position: int = 0
    rolls: list[Roll] = field(default_factory=list)
    _block: bytes = b""
    _block_index: int = -1

    def _byte(self, index: int) -> int:
        block_index, offset = divmod(index, 32)
        if block_index != self._block_index:
            self._block = hmac.new(
                self.seed.encode(), block_index.to_bytes(8, "big"), hashlib.sha256
            ).digest()
            self._block_index = block_index
        return self._block[offset]

    def _die(self) -> int:
        # Rejection sampling: 252 is the largest multiple of 6 below 256, so bytes 252-255
        # are skipped and every face is equally likely.
        while True:
            b = self._byte(self.position)
            self.position += 1
            if b < 252:
                return b % 6 + 1

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        values = tuple(self._die() for _ in range(n))
        self.rolls.append(Roll(purpose, values))
        return values


class DiceExhausted(RuntimeError):
    """A scripted or replayed dice list ran out: the step used more rolls than recorded."""


class DiceMismatch(RuntimeError):
    """A replayed roll was asked for a different purpose or count than was recorded."""


@dataclass
class ScriptedDice:
    """Dice that return given values in order: for tests, and for replaying a recorded step.

    With `expect` (recorded Rolls), each roll must match the recorded purpose and count,
    which is how the verifier tells exactly which roll of which step differs.
    """

    values: list[int] = field(default_factory=list)
    expect: list[Roll] | None = None
    rolls: list[Roll] = field(default_factory=list)

    @classmethod
    def of(cls, *values: int) -> ScriptedDice:
        return cls(values=list(values))

    @classmethod
    def replaying(cls, recorded: Iterable[Roll]) -> ScriptedDice:
        recorded = list(recorded)
        return cls(values=[v for r in recorded for v in r.values], expect=recorded)

    def roll(self, n: int, purpose: str) -> tuple[int, ...]:
        if self.expect is not None:
            i = len(self.rolls)
            if i >= len(self.expect):
                raise DiceExhausted(f"roll {i + 1} ({purpose}) was not recorded")
            want = self.expect[i]
            if want.purpose != purpose or len(want.values) != n:
                raise DiceMismatch(
                    f"roll {i + 1}: recorded {want.purpose!r} x{len(want.values)}, "
                    f"replay asked {purpose!r} x{n}"
                )
        if len(self.values) < n:
            raise DiceExhausted(f"no dice left for {purpose!r} (needed {n})")
        values = tuple(self.values[:n])
        del self.values[:n]
        for v in values:
            if not 1 <= v <= 6:
                raise ValueError(f"a die shows 1-6, not {v}")
        self.rolls.append(Roll(purpose, values))
        return values
