"""The counter faces the board draws: each side's colour, every counter's human name, its
short designation and the kind of NATO symbol it carries.

Pure data in and out, the same for every ruleset: the caller hands in the scenario's sides,
its counters in scenario order, the catalogue's types and, if it has them, the short
designations its counters print (by type id). Everything here is read off the public scenario card (the
order of battle both players know before play), so it may go to every viewer; where a
counter stands is never part of a face. Colours follow the nationality, not the viewer:
Germans are field grey and Soviets earth brown for players and spectators alike; whether a
counter is "mine" is the board's outline, never the fill.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

# Fill, ink (text and symbol) and edge of each nationality's counters, as the printed
# counter sheets colour them. Ink is dark on every fill so values read at small sizes.
SIDE_COLOURS: Mapping[str, Mapping[str, str]] = {
    "german": {"fill": "#a9b0a0", "ink": "#16191a", "edge": "#3b4238", "label": "field grey"},
    "soviet": {"fill": "#c99a6b", "ink": "#1d1410", "edge": "#6a3b22", "label": "earth brown"},
    "american": {"fill": "#a7ae6a", "ink": "#17190c", "edge": "#4b5222", "label": "olive drab"},
    "british": {"fill": "#d2bf8c", "ink": "#1c170b", "edge": "#6d5a2b", "label": "khaki"},
    "italian": {"fill": "#8fb7a0", "ink": "#0f1a14", "edge": "#35584a", "label": "grey green"},
    "finnish": {"fill": "#c6cfd8", "ink": "#101418", "edge": "#4a5866", "label": "pale blue grey"},
}
SIDE_COLOURS = {**SIDE_COLOURS, "us": SIDE_COLOURS["american"]}
# A nationality the table does not know still gets a distinct, readable face.
FALLBACK_COLOURS = ({"fill": "#d8c9e0", "ink": "#161118", "edge": "#5b4866", "label": "lilac"},
                    {"fill": "#e2d38a", "ink": "#19160a", "edge": "#6b5f22", "label": "sand"})

SHORT_MAX = 10

# Leaders get a surname, as the printed leader counters carry one: the n-th leader of a
# side in scenario order takes the n-th name of its nationality's list.
SURNAMES: Mapping[str, tuple[str, ...]] = {
    "german": ("Becker", "Krause", "Vogel", "Hartmann", "Keller", "Brandt", "Lange", "Roth",
               "Adler", "Seidel", "Winter", "Kuhn"),
    "soviet": ("Petrov", "Sokolov", "Orlov", "Belov", "Zaitsev", "Volkov", "Morozov", "Titov",
               "Lebedev", "Kozlov", "Frolov", "Gusev"),
}
FALLBACK_SURNAMES = ("Able", "Baker", "Charlie", "Dog", "Easy", "Fox", "George", "How")

_RATINGS = re.compile(r"\s*\([^)]*\)\s*$")


class CounterType(NamedTuple):
    """What a face needs of a catalogue type."""

    name: str
    kind: str
    is_leader: bool


class Counter(NamedTuple):
    """One counter of the scenario, in scenario order, with the name its scenario gives it
    (a leader's, typed in the designer), if any."""

    id: str
    side: str
    type_id: str
    name: str | None = None


def side_colours(sides: Iterable[tuple[str, str]]) -> dict[str, dict[str, str]]:
    """Each side's counter colours from its nationality ((side id, nationality) pairs).

    Two sides of an unknown or the same nationality still get different fills."""
    out: dict[str, dict[str, str]] = {}
    used: set[str] = set()
    spare = iter(FALLBACK_COLOURS)
    for side_id, nationality in sides:
        colours = SIDE_COLOURS.get(nationality)
        if colours is None or colours["fill"] in used:
            colours = next(spare, FALLBACK_COLOURS[-1])
        used.add(colours["fill"])
        out[side_id] = {"nationality": nationality, **colours}
    return out


def type_label(name: str) -> str:
    """A type's name without the ratings some names carry: "Hauptmann (9-1-1)" -> "Hauptmann"."""
    return _RATINGS.sub("", name).strip() or name


def short_designation(type_id: str, name: str, short: Mapping[str, str] | None = None) -> str:
    """The few characters a counter prints as its designation, never cut mid-word by the board:
    the ruleset's own (`short`, by type id), else the type's name when it is short, else its
    first word."""
    if short and type_id in short:
        return short[type_id]
    label = type_label(name)
    if len(label) <= SHORT_MAX:  # "Pz IV" reads better whole than "Pz"
        return label
    words = label.split()
    first = words[0] if words else type_id
    return first if len(first) <= SHORT_MAX else first[: SHORT_MAX - 1] + "."


def ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unit_faces(
    counters: Iterable[Counter],
    types: Mapping[str, CounterType],
    nationality: Mapping[str, str],
    short: Mapping[str, str] | None = None,
) -> dict[str, dict[str, str]]:
    """Every counter's human name and short designation, by unit id.

    Platoons of a type are numbered in scenario order when a side has several ("2nd Grenadier
    platoon", short "Gren 2"); a lone one keeps its type's name. Leaders take a surname
    ("Hauptmann Becker", short "Becker"). A name the scenario gives a counter wins over
    both (`own_face`)."""
    counters = list(counters)
    of_type: dict[tuple[str, str], int] = {}
    for c in counters:
        of_type[(c.side, c.type_id)] = of_type.get((c.side, c.type_id), 0) + 1
    seen: dict[tuple[str, str], int] = {}
    leaders: dict[str, int] = {}
    out: dict[str, dict[str, str]] = {}
    for c in counters:
        t = types[c.type_id]
        label = type_label(t.name)
        own = own_face(c, t, short)
        if t.is_leader:
            n = leaders.get(c.side, 0)
            leaders[c.side] = n + 1
            if own:  # its own name; the next unnamed leader keeps the surname it had
                out[c.id] = own
                continue
            names = SURNAMES.get(nationality.get(c.side, ""), FALLBACK_SURNAMES)
            surname = names[n % len(names)] + ("" if n < len(names) else f" {n // len(names) + 1}")
            out[c.id] = {"name": f"{label} {surname}", "short": surname}
            continue
        designation = short_designation(c.type_id, t.name, short)
        n = seen.get((c.side, c.type_id), 0) + 1
        seen[(c.side, c.type_id)] = n
        if own:  # numbered all the same, so the others keep their numbers
            out[c.id] = own
        elif of_type[(c.side, c.type_id)] == 1:
            out[c.id] = {"name": label, "short": designation}
        else:
            out[c.id] = {"name": f"{ordinal(n)} {label}", "short": f"{designation} {n}"}
    return out


def own_face(c: Counter, t: CounterType, short: Mapping[str, str] | None = None) -> dict | None:
    """The face of a counter its scenario names, None when it names none. A leader named
    by one word is that surname under its rank ("Weber" -> "Hauptmann Weber"), and prints
    its surname; another counter prints its type's designation under the name given."""
    words = (c.name or "").split()
    if not words:
        return None
    if not t.is_leader:
        return {"name": " ".join(words), "short": short_designation(c.type_id, t.name, short)}
    name = " ".join(words if len(words) > 1 else [type_label(t.name), *words])
    surname = words[-1]
    return {"name": name,
            "short": surname if len(surname) <= SHORT_MAX else surname[: SHORT_MAX - 1] + "."}


def type_faces(
    types: Mapping[str, CounterType], short: Mapping[str, str] | None = None
) -> dict[str, dict[str, str]]:
    """Each type's label, short designation and NATO symbol kind (for counters known only
    by their type, such as an enemy seen under double-blind)."""
    return {
        tid: {"label": type_label(t.name), "short": short_designation(tid, t.name, short),
              "symbol": "leader" if t.is_leader else t.kind}
        for tid, t in sorted(types.items())
    }


def board_faces(
    sides: Iterable[tuple[str, str]],
    counters: Iterable[Counter],
    types: Mapping[str, CounterType],
    short: Mapping[str, str] | None = None,
) -> dict:
    """Everything the board draws a counter's face from: {sides, types, units}."""
    sides = list(sides)
    return {
        "sides": side_colours(sides),
        "types": type_faces(types, short),
        "units": unit_faces(counters, types, dict(sides), short),
    }
