"""Where a command's CPU goes, outside a profiler: each part's own CPU time, summed.

cProfile (bench/profile_command.py) counts every call and inflates small Python functions
several times over; this wraps only the parts named below with `time.process_time`, so the
figures add up to the command as `bench/broadcast.py`'s `service:` line times it. A part
called inside another is counted in both (none of these is, in a Panzer Grenadier command).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any


class CommandParts:
    """Install timers around the parts of a command; `line` gives ms per command."""

    def __init__(self, clock: Callable[[], float] = time.process_time) -> None:
        self.spent: dict[str, float] = {}
        self.clock = clock  # CPU seconds of this process

    def wrap(self, owner: Any, name: str, part: str) -> None:
        fn = getattr(owner, name)
        spent, clock = self.spent, self.clock
        spent.setdefault(part, 0.0)

        @functools.wraps(fn)
        def timed(*args: Any, **kwargs: Any) -> Any:
            start = clock()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[part] += clock() - start

        setattr(owner, name, timed)

    def install(self) -> None:
        """Time the rules' parts and the server's (Django is set up)."""
        from django.urls import get_resolver

        from games import broadcast, protocol
        from games import engine_adapter as engine
        from games.rules import registry

        # The URLconf is imported at the first notification's link (a daphne process has it
        # from its first page): once per process, not a command's cost.
        get_resolver().reverse_dict  # noqa: B018
        self.wrap(engine, "apply_command", "apply")
        self.wrap(engine, "encode_state", "encode_state")
        self.wrap(engine, "events_for", "events")
        for ruleset in {type(r) for r in registry.RULESETS.values()}:
            self.wrap(ruleset, "legal_commands", "legal")
            self.wrap(ruleset, "view_for", "views")
        self.wrap(broadcast, "view_patch", "patches")
        self.wrap(protocol, "encode", "frame_json")
        self.wrap(broadcast, "run_step_hooks", "step_hooks")

    def reset(self) -> None:
        for part in self.spent:
            self.spent[part] = 0.0

    def line(self, commands: int, total_ms: float) -> str:
        """`parts: total=… apply=… … rest=…`, CPU ms per command; `rest` is the command's
        time outside the parts (the transaction's statements, the state's JSON text, glue)."""
        each = {part: s * 1000 / max(commands, 1) for part, s in self.spent.items()}
        rest = total_ms / max(commands, 1) - sum(each.values())
        fields = " ".join(f"{part}={ms:.2f}" for part, ms in each.items())
        return f"parts: total={total_ms / max(commands, 1):.2f} {fields} rest={rest:.2f}"
