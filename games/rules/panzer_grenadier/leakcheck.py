"""Check that hidden information never leaks: random double-blind games, every frame of every
audience searched for canaries (17.8, 17.9, 18.0).

    python -m games.rules.panzer_grenadier.leakcheck --games N [--seed S] [--scenario ID] [--max-steps K]

A unit's canary is its scenario id: a side may name its own counters but knows enemy
counters only by handles, and spectators know every counter by handle, so no enemy id may
appear in a side's frames and no id at all in the public ones. The game's secret may appear
nowhere. Per step and audience one frame is checked: the view (snapshot), its patch from the
previous view (round trip through JSON text), the redacted log lines, and the seat's legal
commands; every few steps probe commands aimed at unseen counters check the rejection
messages. Handles must differ between audiences and change after contact is lost. The last
line reads `leakcheck: games=N steps=T frames=F leaks=0 errors=0`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ..common.dice import SeededDice
from ..common.errors import IllegalCommand, InvalidCommand
from .core import state as st
from .core.registry import hex_label
from .core.serialize import canonical_json
from .double_blind import knowledge
from .engine import apply, who_may_act
from .legal import legal_commands
from .views import redact_events, view_for

OPTION_SETS = (
    ("double_blind",),
    ("double_blind", "limited_intelligence"),
    ("double_blind", "hidden_units", "db_generic_markers"),
    ("double_blind", "db_moving_observers", "db_low_profile", "db_generic_markers"),
)


@dataclass
class LeakTally:
    games: int = 0
    steps: int = 0
    frames: int = 0
    leaks: int = 0
    errors: int = 0
    messages: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"leakcheck: games={self.games} steps={self.steps} frames={self.frames} "
            f"leaks={self.leaks} errors={self.errors}"
        )

    def fail(self, kind: str, msg: str) -> None:
        if kind == "leak":
            self.leaks += 1
        else:
            self.errors += 1
        if len(self.messages) < 30:
            self.messages.append(msg)


def audiences(state: st.GameState) -> list[tuple]:
    return (
        [("side", s.id) for s in state.sides]
        + [("seat", s.id) for s in state.seats]
        + [("spectator", "public")]
    )


def _side_of(state: st.GameState, aud: tuple) -> str | None:
    if aud[0] == "side":
        return aud[1]
    if aud[0] == "seat":
        return next(s.side for s in state.seats if s.id == aud[1])
    return None


_TOKEN = re.compile(r"[A-Za-z0-9_\-:]+")


def forbidden(state: st.GameState, aud: tuple) -> frozenset[str]:
    """Canaries the audience's bytes may not hold: enemy ids (every id for spectators)."""
    side = _side_of(state, aud)
    return frozenset(uid for uid, u in state.units.items() if u.side != side)


def leaks_in(text: str, canaries: frozenset[str], secret: str) -> list[str]:
    """Canaries found in a frame's text, as whole tokens (ids may prefix one another)."""
    found = []
    if secret and secret in text:
        found.append("<secret>")
    for m in re.finditer(r'"([^"\\]*(?:\\.[^"\\]*)*)"', text):
        s = m.group(1)
        if s in canaries:
            found.append(s)
            continue
        for tok in re.findall(r"[\w\-]+", s):
            if tok in canaries:
                found.append(tok)
    return found


FrameHook = Callable[[tuple, dict | None, dict, list], None]


def check_frames(
    state: st.GameState,
    events: Iterable,
    previous: dict,
    tally: LeakTally,
    where: str,
    hook: FrameHook | None = None,
) -> None:
    """Build every audience's frame for a step and search it for canaries."""
    events = list(events)
    for aud in audiences(state):
        view = view_for(state, aud)
        log = redact_events(events, aud, state)
        text = canonical_json({"view": view, "log": log})
        bad = leaks_in(text, forbidden(state, aud), state.secret)
        if bad:
            tally.fail("leak", f"{where} {aud}: {sorted(set(bad))[:5]}")
        if hook is not None:
            hook(aud, previous.get(aud), view, log)
        previous[aud] = view
        tally.frames += 1


def check_handles(state: st.GameState, seen: dict, tally: LeakTally, where: str) -> None:
    """Handles differ between viewers, and a lost contact comes back under a new handle."""
    per_unit: dict[str, set[str]] = {}
    for v in knowledge.viewers(state):
        intel = state.intel.get(v, st.Intel())
        for uid, h in knowledge.names(state, v).items():
            per_unit.setdefault(uid, set())
            if h in per_unit[uid]:
                tally.fail("leak", f"{where}: {v} shares a handle for a unit with another viewer")
            per_unit[uid].add(h)
            old = seen.get((v, uid))
            if old is not None and old[1] != intel.epochs.get(uid, 0) and old[0] == h:
                tally.fail("leak", f"{where}: {v} kept a handle across lost contact")
            seen[(v, uid)] = (h, intel.contact.get(uid))


def probe_rejections(state: st.GameState, rng: random.Random, tally: LeakTally, where: str) -> None:
    """Commands aimed at counters a seat cannot see: the rejection names none of them."""
    for seat in who_may_act(state):
        side = next(s.side for s in state.seats if s.id == seat)
        canaries = forbidden(state, ("side", side))
        enemies = [u for u in state.units_on_map() if u.side != side]
        mine = sorted(u.id for u in state.units_on_map() if u.side == side)
        if not enemies or not mine:
            continue
        u = rng.choice(enemies)
        label = hex_label(state, u.hex)
        probes = [
            {"type": "fire", "firers": [rng.choice(mine)], "target": label},
            {
                "type": "fire",
                "firers": [rng.choice(mine)],
                "target": label,
                "fire_type": "anti_tank",
                "target_unit": u.id,
            },
            {"type": "assault", "units": [rng.choice(mine)], "target": label},
            {"type": "bombard", "firers": [rng.choice(mine)], "target": label},
            {"type": "opportunity_fire", "firers": [rng.choice(mine)], "target": u.id},
            {"type": "activate", "kind": "unit", "unit": u.id},
            {"type": "move", "unit": rng.choice(mine), "path": [label]},
        ]
        for cmd in probes:
            dice = SeededDice("probe")
            try:
                apply(state, seat, cmd, dice)
            except (IllegalCommand, InvalidCommand) as exc:
                text = json.dumps({"code": exc.code, "message": exc.message})
                # The command's own text may be echoed back: the seat sent it.
                echoed = {
                    x for x in (cmd.get("target_unit"), cmd.get("target"), cmd.get("unit")) if x  # type: ignore[attr-defined]
                }
                bad = [b for b in leaks_in(text, canaries - echoed, state.secret)]
                if bad:
                    tally.fail("leak", f"{where} probe {cmd['type']}: {exc.message}")  # type: ignore[index]
                tally.frames += 1
            except Exception as exc:  # noqa: BLE001 - counted and reported
                tally.fail("error", f"{where} probe {cmd}: {type(exc).__name__}: {exc}")


def play(
    scenario,
    game_seed: str,
    options: Iterable[str],
    tally: LeakTally,
    max_steps: int,
    hook: FrameHook | None = None,
    probe_every: int = 7,
) -> st.GameState:
    """One random double-blind game through the engine, every frame checked."""
    from .core.scenario import initial_state
    from .double_blind.observation import ADDITIONS

    options = set(options)
    rng = random.Random(game_seed)
    seed = hashlib.sha256(game_seed.encode()).hexdigest()
    dice = SeededDice(seed)
    state = initial_state(scenario, options=scenario.default_options | (options - set(ADDITIONS)))
    state = knowledge.start(
        state, hashlib.sha256(f"secret:{seed}".encode()).hexdigest(), options & set(ADDITIONS)
    )
    tally.games += 1
    previous: dict = {}
    handles_seen: dict = {}
    where = f"{scenario.id} {game_seed}"
    check_frames(state, (), previous, tally, f"{where} start", hook)
    n = 0
    while state.phase != st.ENDED and n < max_steps:
        choices = [(s, lg) for s in who_may_act(state) if (lg := legal_commands(state, s))]
        if not choices:
            tally.fail("error", f"{where} step {n}: nobody has a legal command")
            break
        seat, legal = rng.choice(choices)
        command = rng.choice(legal[rng.choice(sorted(legal))])
        if command["type"] == "move" and rng.random() < 0.3:
            command = {**command, "assault_on_collision": True}  # 18.7, a player's choice
        try:
            step = apply(state, seat, command, dice)
        except Exception as exc:  # noqa: BLE001
            tally.fail("error", f"{where} step {n}: {command}: {type(exc).__name__}: {exc}")
            break
        n += 1
        tally.steps += 1
        state = step.state
        check_frames(state, step.events, previous, tally, f"{where} step {n}", hook)
        check_handles(state, handles_seen, tally, f"{where} step {n}")
        if probe_every and n % probe_every == 0:
            probe_rejections(state, rng, tally, f"{where} step {n}")
    return state


def patch_hook(tally: LeakTally) -> FrameHook:
    """Snapshot plus patch equals the next snapshot, through JSON text (games/patch.py)."""
    from games.patch import apply_patch, make_patch  # pure Python, outside the engine

    def hook(aud, before, after, log):
        if before is None:
            return
        patch = json.loads(canonical_json(make_patch(before, after)))
        rebuilt = apply_patch(json.loads(canonical_json(before)), patch)
        if canonical_json(rebuilt) != canonical_json(after):
            tally.fail("error", f"patch for {aud} does not rebuild the view")

    return hook


def run(
    games: int, seed: str, scenario_ids: list[str] | None, max_steps: int, out=sys.stdout
) -> LeakTally:
    from .core.scenario import bundled_scenarios

    bundled = bundled_scenarios()
    tally = LeakTally()
    hook = patch_hook(tally)
    for sid in scenario_ids or sorted(bundled):
        for g in range(games):
            opts = OPTION_SETS[g % len(OPTION_SETS)]
            play(bundled[sid], f"{seed}:{sid}:{g}", opts, tally, max_steps, hook)
        print(f"{sid}: frames so far {tally.frames}", file=out)
    for m in tally.messages[:20]:
        print(m, file=out)
    print(tally.line(), file=out)
    return tally


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.rules.panzer_grenadier.leakcheck")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", default="1")
    p.add_argument("--scenario", action="append")
    p.add_argument("--max-steps", type=int, default=400)
    a = p.parse_args(argv)
    tally = run(a.games, a.seed, a.scenario, a.max_steps)
    return 1 if tally.leaks or tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
