"""The rules reference the game page shows: the charts as the game uses them (8.4, 2.4, 9.2,
20.6; PL-D1, PL-D5, PL-D16), each row with an anchor that odds lines link to, and which
chart gives which rule (`CITES`), for why-not reasons to link to.

Read from the same chart data and functions the resolution uses, so the reference and the
play cannot disagree.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from functools import cache

from .combat import crt
from .combat.air import air_wec
from .combat.wec import wec_factor
from .core.units import WEAPON_CLASSES, catalogue

SOURCE = ("The counter values, the combat results, anti-aircraft and movement tables are those "
          "of the OpenPanzerBlitz transcription of Panzer Leader (an open-source engine's data "
          "files), not checked against the printed cards; the combat results table matches "
          "the PanzerBlitz grid cell for cell. Where the transcription differs from a "
          "published rule, the rule is followed.")
ROLLS = tuple(range(-1, 8))
TERRAIN = ("clear", "woods", "town", "slope", "hilltop", "beach", "swamp", "stream")
MOVERS = ("foot", "tracked", "truck", "wagon")
NEAR = {"A": "at half range or less", "H": "at 6 hexes or less", "HI": "at 6 hexes or less"}
# The rules given by a chart here: a why-not citing one links to that chart or row.
CITES = {"2.4": "pl-tec", "4.2": "pl-tec", "8.1": "pl-crt", "8.3": "pl-crt-1-4",
         "8.4": "pl-crt", "9.2": "pl-wec", "20.4": "pl-wec", "20.6": "pl-aa"}


def anchor(table: str, row: str) -> str:
    """The id of a row of the reference ("pl-crt-2-1"), as odds lines link to it."""
    return f"pl-{table}-{row}".lower().replace(" ", "-")


def _fraction(f: Fraction | None) -> str:
    if f is None:
        return "may not attack"
    return {Fraction(1): "×1", Fraction(1, 2): "×½", Fraction(2): "×2"}.get(f, f"×{f}")


def _weapon_row(weapon: str) -> dict:
    """One weapon class's row of the Weapons Effectiveness Chart (9.2) and the air WEC
    (20.4), read from the functions the attacks use."""
    t = replace(catalogue()["de_pz4"], weapon=weapon, range=16)
    near, far = wec_factor(t, True, 1), wec_factor(t, True, 9)
    armoured = _fraction(near) if near == far else \
        f"{_fraction(near)} {NEAR[weapon]}, {_fraction(far)} beyond"
    air = "–" if weapon not in ("A", "H", "I") else \
        f"{_fraction(air_wec(weapon, True))} / {_fraction(air_wec(weapon, False))}"
    shown = "(H)" if weapon == "HI" else weapon
    return {"id": anchor("wec", shown.strip("()") + ("-indirect" if weapon == "HI" else "")),
            "weapon": shown, "armoured": armoured,
            "unarmoured": _fraction(wec_factor(t, False, 1)), "air": air}


@cache
def rules_reference() -> dict:
    """The four charts as rows: CRT by odds column, terrain, anti-aircraft, weapon types."""
    charts = crt.charts()
    columns = list(crt.columns())
    crt_rows = [{"id": anchor("crt", col), "odds": col,
                 "results": [crt.result(i, die) for die in ROLLS]}
                for i, col in enumerate(columns)]
    drm = charts["drm"]
    tec = []
    for terrain in TERRAIN:
        costs = []
        for mover in MOVERS:
            cost = charts["movement"][mover].get("clear" if terrain in ("beach",) else terrain)
            costs.append("no" if cost is None else f"{cost:g}")
        tec.append({"id": anchor("tec", terrain), "terrain": terrain, "costs": costs,
                    "drm": f"{drm[terrain]:+d}" if terrain in drm else "0"})
    tec.append({"id": anchor("tec", "road"), "terrain": "along a road",
                "costs": [f"{charts['road_cost']:g}"] * len(MOVERS), "drm": "0"})
    aa = [{"id": anchor("aa", str(band[0])), "strength": f"{band[0]}+", "results": band[1:]}
          for band in charts["aa_table"]["bands"]]
    wec = [_weapon_row(w) for w in WEAPON_CLASSES]
    modifiers = [{"id": anchor("drm", k), "name": k.replace("_", " "), "value": f"{v:+d}"}
                 for k, v in drm.items()]
    return {"source": SOURCE, "rolls": list(ROLLS), "crt": crt_rows, "movers": list(MOVERS),
            "tec": tec, "aa": aa, "wec": wec, "modifiers": modifiers, "cites": dict(CITES)}
