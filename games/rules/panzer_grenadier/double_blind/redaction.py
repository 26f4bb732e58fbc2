"""The log and commands under hidden information (D-DB-LOG, D-DB-VALID): events as a viewer
may read them, and commands and legal commands translated between a side's handles for enemy
counters and the engine's ids (18.0, 17.8, 17.9)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ...common.errors import IllegalCommand
from ...common.handles import resolve
from ..core import state as st
from ..core.commands import Command, Event, as_event
from ..core.registry import parse_hex
from . import observation
from .knowledge import UNSEEN, event_names, known_enemies, names

_ID_RE: list[Any] = [None, None]


def _id_pattern(state: st.GameState):
    ids = tuple(sorted(state.units, key=len, reverse=True))
    if _ID_RE[0] != ids:
        alt = "|".join(re.escape(i) for i in ids) or "(?!)"
        _ID_RE[:] = [ids, re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])")]
    return _ID_RE[1]


MOVE_EVENTS = frozenset(
    {
        "deployed",  # set-up (D-SETUP-3)
        "undeployed",
        "moved",
        "stopped",
        "loaded",
        "unloaded",
        "activated",
        "activation_ended",
        "reinforcements_available",
        "entered",
        "flee",
        "undone",  # taking back a move the other side never saw tells it nothing (D-UNDO-1)
    }
)


def redact(
    events: Iterable[Any], viewer: str, own_side: str | None, state: st.GameState
) -> list[dict]:
    """The log as the viewer may read it (D-DB-LOG): own ids kept, known enemies by handle,
    other counters as "unseen"; events about unseen counters only (except an attack's "fire"
    line, whose firers read "unseen") and enemy movement left out; a text naming an unseen
    counter replaced whole; the count of markers removed dropped."""
    red_ = _Redactor(_id_pattern(state), event_names(state, viewer), state.units, own_side)
    out = []
    for raw in events:
        data = raw.to_json() if isinstance(raw, Event) else as_event(raw).to_json()
        red_.flags = {"own": False, "known": False, "secret": False}
        flags = red_.flags
        red = red_.walk(data)
        etype = data.get("type")
        if flags["secret"] and not (flags["own"] or flags["known"]) and etype != "fire":
            continue  # an attack is heard (its firers stay "unseen"); the rest is not
        if etype in MOVE_EVENTS and data.get("side") != own_side:
            continue
        if etype == "markers_removed":
            red.pop("counters", None)
        out.append(red)
    return out


def for_side(state: st.GameState, side: str, value: Any) -> Any:
    """Any JSON value (odds, a preview) as the side may read it: its own ids kept, enemy
    counters by its handles, the unseen as "unseen" (as the log is, D-DB-LOG)."""
    return _Redactor(_id_pattern(state), event_names(state, side), state.units, side).walk(value)


class _Redactor:
    """Rewrites unit ids in one event's JSON for a viewer, noting what kinds it met."""

    def __init__(self, pattern, known: Mapping[str, str], units, own_side: str | None):
        self.pattern, self.known, self.units, self.own_side = pattern, known, units, own_side
        self.flags = {"own": False, "known": False, "secret": False}

    def own(self, uid: str) -> bool:
        return self.own_side is not None and self.units[uid].side == self.own_side

    def name(self, uid: str) -> str:
        if self.own(uid):
            self.flags["own"] = True
            return uid
        if uid in self.known:
            self.flags["known"] = True
            return self.known[uid]
        self.flags["secret"] = True
        return UNSEEN

    def walk(self, v: Any) -> Any:
        if isinstance(v, str):
            if v in self.units:
                return self.name(v)
            found = self.pattern.findall(v)
            if not found:
                return v
            if any(not self.own(x) and x not in self.known for x in found):
                self.flags["secret"] = True
                return UNSEEN  # a text naming an unseen counter goes whole
            return self.pattern.sub(lambda m: self.name(m.group(0)), v)
        if isinstance(v, dict):
            return {self.walk(k) if isinstance(k, str) else k: self.walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [self.walk(x) for x in v]
        return v


def command_in(state: st.GameState, side: str, cmd):
    """A command as the engine reads it: enemy handles turned into ids; fire and assault only
    at hexes the side knows hold enemy counters, refused alike for any other hex
    (D-DB-VALID); blind bombardment needs a spotting leader (18.8)."""
    args = dict(cmd.args)
    if cmd.type in ("fire", "air_strike", "air_attack") and args.get("target_unit") is not None:
        args["target_unit"] = resolve(names(state, side), args["target_unit"], cmd.type)
    if cmd.type == "opportunity_fire":
        args["target"] = resolve(names(state, side), args["target"], "opportunity_fire")
    if cmd.type in ("fire", "assault", "bombard"):
        try:
            h = parse_hex(state, args["target"])
        except ValueError:
            h = None
        hexes, _ = known_enemies(state, side)
        if h is not None and h not in hexes:
            if cmd.type == "bombard":
                if observation.is_on(state) and args.get("spotter") is None:
                    raise IllegalCommand(
                        f"bombard: blind fire at {args['target']} needs a spotting leader with "
                        "line of sight (18.8)",
                        rule="18.8",
                    )
            else:
                rule = "12.1" if cmd.type == "assault" else "10.0"
                raise IllegalCommand(
                    f"{cmd.type}: no enemy unit you can see in {args['target']} ({rule})", rule=rule
                )
    return Command(cmd.type, tuple((k, args[k]) for k, _ in cmd.args))


def legal_out(state: st.GameState, side: str, groups: Mapping[str, list[dict]]) -> dict:
    """Legal commands as the seat sees them: enemy ids replaced by handles."""
    nm = names(state, side)
    out = {}
    for k, cmds in groups.items():
        fixed = []
        for c in cmds:
            c = dict(c)
            if k in ("fire", "air_strike", "air_attack") and c.get("target_unit") is not None:
                if c["target_unit"] not in nm:
                    continue
                c["target_unit"] = nm[c["target_unit"]]
            if k == "opportunity_fire":
                if c["target"] not in nm:
                    continue
                c["target"] = nm[c["target"]]
            fixed.append(c)
        if fixed:
            out[k] = fixed
    return out
