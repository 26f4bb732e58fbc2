"""`bench/broadcast.py --parts`: each wrapped part's own CPU time, and the command's rest,
per command (bench/apps/command_parts.py)."""

from __future__ import annotations

from types import SimpleNamespace

from bench.apps.command_parts import CommandParts


def test_a_wrapped_part_counts_its_cpu_and_still_answers():
    readings = iter([10.0, 10.5, 11.0, 11.25])  # the clock before and after each call
    rules = SimpleNamespace(apply=lambda command: f"applied {command}")
    parts = CommandParts(clock=lambda: next(readings))
    parts.wrap(rules, "apply", "apply")
    assert rules.apply("move") == "applied move"
    assert rules.apply("fire") == "applied fire"
    assert parts.spent == {"apply": 0.75}


def test_the_line_gives_each_part_and_the_rest_per_command():
    parts = CommandParts()
    parts.spent.update(apply=0.004, patches=0.001)  # seconds, over two commands
    line = parts.line(2, total_ms=10.0)
    assert line == "parts: total=5.00 apply=2.00 patches=0.50 rest=2.50"


def test_reset_starts_every_part_again_from_nothing():
    parts = CommandParts()
    parts.spent.update(apply=0.5, legal=0.25)
    parts.reset()
    assert parts.spent == {"apply": 0.0, "legal": 0.0}
