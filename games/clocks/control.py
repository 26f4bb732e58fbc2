"""Time controls: what a game's creator may choose, checked and normalised (plain data).

- untimed: `{"kind": "untimed"}` (no clock; the default).
- live: `{"kind": "live", "base": seconds, "increment": seconds, "window": seconds}`: a
  bank per side, the increment added each time the decision passes from that side, and a
  short timer for an opportunity-fire offer that declines it when it runs out.
- correspondence: `{"kind": "correspondence", "days": N}` with N in CORRESPONDENCE_DAYS:
  each decision within N days; the bank refills at each decision.
"""

from __future__ import annotations

from typing import Any

from games.services.errors import ServiceError

UNTIMED, LIVE, CORRESPONDENCE = "untimed", "live", "correspondence"
KINDS = (UNTIMED, LIVE, CORRESPONDENCE)
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
DAY = 86_400.0

# Bounds for a live game: from a one-minute blitz to a four-hour session.
LIVE_BASE = (60, 4 * 3600)
LIVE_INCREMENT = (0, 600)
LIVE_WINDOW = (5, 300)
LIVE_DEFAULTS = {"base": 1800, "increment": 20, "window": 30}

# What the new-game page and quick match offer (the API takes any valid control).
PRESETS: dict[str, dict] = {
    "untimed": {"kind": UNTIMED},
    "live-15+10": {"kind": LIVE, "base": 900, "increment": 10, "window": 30},
    "live-30+20": {"kind": LIVE, "base": 1800, "increment": 20, "window": 30},
    "live-60+30": {"kind": LIVE, "base": 3600, "increment": 30, "window": 45},
    **{f"days-{n}": {"kind": CORRESPONDENCE, "days": n} for n in CORRESPONDENCE_DAYS},
}


def choices() -> list[tuple[str, str]]:
    """The presets as (name, what a player reads), untimed first."""
    out = []
    for name, control in PRESETS.items():
        text = label(control)
        out.append((name, f"Live, {text}" if control["kind"] == LIVE else text.capitalize()))
    return out


def _bad(message: str) -> ServiceError:
    return ServiceError("time_control/invalid", message)


def _seconds(raw: dict, key: str, bounds: tuple[int, int]) -> int:
    value = raw.get(key, LIVE_DEFAULTS[key])
    if not isinstance(value, int) or isinstance(value, bool):
        raise _bad(f"live {key} must be a whole number of seconds")
    low, high = bounds
    if not low <= value <= high:
        raise _bad(f"live {key} must be {low} to {high} seconds, not {value}")
    return value


def normalize(raw: Any) -> dict:
    """A checked time control with every default filled in; ServiceError when malformed.

    Accepts a preset name ("live-30+20", "days-3"), an object, or None (untimed), and is
    idempotent: a normalised control comes back unchanged.
    """
    if raw is None or raw == "":
        return {"kind": UNTIMED}
    if isinstance(raw, str):
        if raw not in PRESETS:
            raise _bad(f"unknown time control {raw!r}; choose one of {', '.join(PRESETS)}")
        return dict(PRESETS[raw])
    if not isinstance(raw, dict):
        raise _bad("time_control must be a preset name or an object with a 'kind'")
    kind = raw.get("kind")
    if kind not in KINDS:
        raise _bad(f"time_control kind must be one of {', '.join(KINDS)}, not {kind!r}")
    allowed = {UNTIMED: {"kind"}, LIVE: {"kind", *LIVE_DEFAULTS}, CORRESPONDENCE: {"kind", "days"}}
    unknown = sorted(set(raw) - allowed[kind])
    if unknown:
        raise _bad(f"a {kind} time control has no {', '.join(unknown)}")
    if kind == UNTIMED:
        return {"kind": UNTIMED}
    if kind == LIVE:
        return {
            "kind": LIVE,
            "base": _seconds(raw, "base", LIVE_BASE),
            "increment": _seconds(raw, "increment", LIVE_INCREMENT),
            "window": _seconds(raw, "window", LIVE_WINDOW),
        }
    days = raw.get("days")
    if days not in CORRESPONDENCE_DAYS or isinstance(days, bool):
        raise _bad(
            f"correspondence days must be one of {', '.join(map(str, CORRESPONDENCE_DAYS))}, "
            f"not {days!r}"
        )
    return {"kind": CORRESPONDENCE, "days": days}


def bank(control: dict) -> float:
    """A side's time at the start, in seconds (0 for untimed)."""
    if control["kind"] == LIVE:
        return float(control["base"])
    if control["kind"] == CORRESPONDENCE:
        return control["days"] * DAY
    return 0.0


def label(control: dict) -> str:
    """A short human name: "untimed", "30 min + 20 s", "3 days a move"."""
    if control["kind"] == LIVE:
        return f"{control['base'] // 60} min + {control['increment']} s"
    if control["kind"] == CORRESPONDENCE:
        n = control["days"]
        return f"{n} day{'s' if n != 1 else ''} a move"
    return "untimed"


def reminder_at(control: dict) -> float:
    """Seconds left when a side is reminded its time is running out."""
    if control["kind"] == LIVE:
        return min(60.0, control["base"] / 10)
    return min(DAY, bank(control) / 4)
