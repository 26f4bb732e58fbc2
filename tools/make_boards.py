"""Generate pgweb's own geomorphic boards into games/data/boards/*.json (deterministic).

Run from the repository root: `python tools/make_boards.py` (add `--show` to print them).
The recipes are here, the drawing tools in tools/pg_board_drawing.py: each board is a seed
and a few strokes (towns, woods, hills, water, roads), so the files are the same on every run.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.pg_board_drawing import (  # noqa: E402  (path set above so the tool runs from anywhere)
    PORT_E,
    PORT_N,
    PORT_S,
    PORT_W,
    RIVER_E,
    RIVER_W,
    ROWS,
    Board,
    show,
)

OUT = ROOT / "games" / "data" / "boards"


# -- the Sosna boards ---------------------------------------------------------------------------


def kessel() -> Board:
    b = Board(
        "kessel",
        "Kesselbach Crossroads",
        1101,
        "A farming village at a crossroads, a wooded knoll to the north-east"
        " and a stream with a ford to the west.",
    )
    b.town([(9, 5), (10, 5), (9, 6), (10, 6), (8, 5), (11, 6)])
    b.town([(10, 7), (8, 6)])
    b.fields((16, 10), 8)
    b.fields((7, 1), 8)
    b.woods((12, 1), 6)
    b.fields((6, 8), 14)
    b.fields((13, 9), 12)
    b.fields((4, 2), 9)
    b.fields((15, 3), 7)
    b.hill((15, 2), (16, 6))
    b.woods((16, 2), 10, heavy=3)
    b.woods((3, 9), 9)
    b.woods((17, 9), 6)
    b.stream(3, range(0, ROWS), ford_row=9)
    b.road("road", [PORT_W, (9, 5), PORT_E])
    b.road("road", [PORT_N, (9, 6), PORT_S])
    b.town([(13, 10)])
    b.road("trail", [(10, 6), (13, 10)])
    b.road("trail", [(9, 5), (5, 1), (1, 0)])
    b.road("trail", [(9, 6), (2, 10), (0, 11)])
    return b


def ridge() -> Board:
    b = Board(
        "ridge",
        "Height 212",
        2202,
        "A long wooded ridge rising to three levels, a hamlet on the saddle and fields below.",
    )
    b.hill((8, 4), (46, 22, 7))
    b.hill((16, 8), (12, 5))
    b.woods((7, 3), 16, heavy=6)
    b.woods((17, 8), 7, heavy=2)
    b.woods((2, 9), 8)
    b.fields((12, 9), 12)
    b.fields((4, 7), 8)
    b.fields((15, 1), 8)
    b.town([(12, 4), (13, 5), (12, 5)])
    b.fields((2, 2), 8)
    b.woods((18, 4), 6)
    b.stream(15, range(0, 6))
    b.road("road", [PORT_W, (12, 5), PORT_E])
    b.road("road", [PORT_N, (12, 4), PORT_S])
    b.road("trail", [(12, 5), (9, 2), (4, 1), (0, 1)])
    b.road("trail", [(12, 5), (16, 10), (19, 11)])
    return b


def birchwood() -> Board:
    b = Board(
        "birchwood",
        "Birch Forest",
        3303,
        "Deep forest with heavy stands, a clearing village, a bog and forest trails.",
    )
    b.woods((4, 3), 34, heavy=12)
    b.woods((15, 8), 30, heavy=10)
    b.woods((16, 2), 14, heavy=3)
    b.woods((4, 10), 10)
    b.swamp((8, 9), 8)
    b.town([(10, 4), (10, 5), (11, 5)])
    b.fields((12, 3), 8)
    b.hill((1, 10), (6,))
    b.road("road", [PORT_W, (10, 5), PORT_E])
    b.road("road", [PORT_N, (10, 4), PORT_S])
    b.road("trail", [(10, 5), (4, 3), (0, 0)])
    b.road("trail", [(10, 6), (15, 9), (19, 11)])
    return b


def mill() -> Board:
    b = Board(
        "mill",
        "Melnitsa Mill",
        4404,
        "The Sosna river, bridged at the mill village; fields on both banks"
        " and a low rise to the south.",
    )
    b.water_path(RIVER_W, RIVER_E, "river")
    b.town([(9, 6), (9, 5), (8, 6), (10, 9), (9, 9)])
    b.town([(8, 9), (10, 10)])
    b.woods((13, 1), 6)
    b.fields((3, 9), 6)
    b.fields((4, 3), 12)
    b.fields((15, 3), 12)
    b.fields((14, 10), 8)
    b.woods((2, 10), 7, heavy=2)
    b.woods((17, 1), 7)
    b.hill((5, 10), (10, 3))
    b.stream(13, range(0, 5), ford_row=2)
    b.road("road", [PORT_W, (9, 5), PORT_E])
    b.road("road", [PORT_N, (9, 6), (9, 9), PORT_S])
    b.road("trail", [(9, 9), (16, 10), (19, 10)])
    return b


def marsh() -> Board:
    b = Board(
        "marsh",
        "Chernaya Marsh",
        5505,
        "The Sosna winds through a wide bog; a causeway road, a hamlet and alder woods.",
    )
    b.water_path(RIVER_W, RIVER_E, "river", wiggle=0.6)
    b.swamp((6, 9), 14)
    b.swamp((13, 6), 9)
    b.woods((16, 10), 9, heavy=2)
    b.woods((3, 2), 8)
    b.fields((11, 2), 12)
    b.town([(9, 4), (10, 4), (9, 5)])
    b.fields((4, 4), 8)
    b.woods((18, 5), 6)
    b.hill((16, 2), (8, 3))
    b.road("road", [PORT_W, (9, 5), PORT_E])
    b.road("road", [PORT_N, (9, 4), PORT_S])
    b.road("trail", [(9, 4), (16, 2), (19, 1)])
    return b


def ferry() -> Board:
    b = Board(
        "ferry",
        "Tikhaya Ferry",
        6606,
        "The Sosna meets the broad Tikhaya; a ferry village on the near bank and woods beyond.",
    )
    major = b.water_path((19, 3), (12, 11), "major_river", wiggle=0.2)
    # The Sosna runs into the Tikhaya: route it to a bank hex, then repaint the big river.
    b.water_path(RIVER_W, major[len(major) // 2], "river")
    for c in major:
        b.terrain[c] = "major_river"
    landing = b.route(PORT_N, major[len(major) // 2 - 2], lambda c: 1.0)[-2]
    b.town([(9, 5), (10, 5), (10, 4)])
    b.town([(8, 5), (9, 6)])
    b.fields((16, 4), 6)
    b.woods((2, 7), 6)
    b.fields((5, 3), 12)
    b.fields((4, 10), 8)
    b.woods((16, 8), 9, heavy=3)
    b.woods((14, 1), 8)
    b.swamp((8, 10), 5)
    b.hill((4, 2), (10, 4))
    b.road("road", [PORT_W, (9, 5), (19, 1)])
    b.road("road", [PORT_N, (10, 5), landing])
    b.road("trail", [(9, 5), (9, 9), (4, 11)])
    return b


# -- boards of the library's other battles ------------------------------------------------------


def steppe() -> Board:
    b = Board(
        "steppe",
        "Kurgan 118",
        7707,
        "Open steppe under wheat, an ancient burial mound, two dry gullies (balkas)"
        " and a kolkhoz with its tree belts.",
    )
    b.hill((13, 4), (9, 3))
    b.fields((4, 3), 18)
    b.fields((15, 9), 16)
    b.fields((6, 9), 12)
    b.fields((16, 2), 10)
    b.town([(8, 6), (9, 6), (8, 7)])
    b.woods((10, 8), 5)
    b.woods((3, 6), 4)
    b.woods((18, 6), 4)
    b.stream(5, range(0, 6), ford_row=2)
    b.stream(15, range(6, ROWS), ford_row=9)
    b.road("road", [PORT_W, (9, 6), PORT_E])
    b.road("trail", [PORT_N, (9, 6), PORT_S])
    b.road("trail", [(9, 6), (13, 4), (19, 1)])
    return b


def bluffs() -> Board:
    b = Board(
        "bluffs",
        "The High Bank",
        8808,
        "A broad river under a high wooded bank: one road bridge, a low meadow"
        " of bog and willow on the far side, a river town and a ravine.",
    )
    b.water_path((0, 3), (19, 3), "major_river", wiggle=0.2)
    b.swamp((4, 1), 7)
    b.swamp((15, 0), 5)
    b.woods((11, 1), 5)
    b.hill((6, 8), (30, 14, 5))
    b.hill((16, 8), (12, 4))
    b.woods((6, 8), 14, heavy=5)
    b.woods((16, 9), 8, heavy=2)
    b.town([(9, 5), (10, 5), (9, 6), (10, 6)])
    b.fields((13, 6), 10)
    b.fields((2, 10), 8)
    b.stream(12, range(6, ROWS), ford_row=10)
    b.road("road", [PORT_N, (9, 5), PORT_S])
    b.road("road", [(9, 6), PORT_W])
    b.road("trail", [(10, 5), (16, 6), PORT_E])
    return b


def works() -> Board:
    b = Board(
        "works",
        "The Tractor Works",
        9909,
        "A factory district on the edge of a river city: workshops and workers' blocks,"
        " a ravine with a stream, gardens and a water tower hill.",
    )
    b.town([(c, r) for c in range(7, 13) for r in range(3, 7)])
    b.town([(3, 2), (4, 2), (3, 3), (15, 8), (16, 8), (16, 9), (14, 2), (15, 2)])
    # Workers' blocks around the works.
    b.town([(1, 0), (2, 0), (1, 1), (14, 6), (15, 6), (14, 7), (7, 9), (8, 9), (7, 10), (16, 1)])
    b.hill((17, 3), (7, 2))
    b.fields((4, 9), 10)
    b.woods((2, 6), 6)
    b.woods((12, 10), 5)
    b.stream(5, range(0, ROWS), ford_row=8)
    b.road("road", [PORT_W, (9, 5), PORT_E])
    b.road("road", [PORT_N, (10, 4), PORT_S])
    b.road("trail", [(12, 6), (16, 9), (19, 10)])
    return b


BOARDS = (kessel, ridge, birchwood, mill, marsh, ferry, steppe, bluffs, works)


def main(argv: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for make in BOARDS:
        data = make().to_json()
        text = json.dumps(data, indent=1, ensure_ascii=False)
        # One row of the terrain per line keeps diffs and eyeballing easy.
        (OUT / f"{data['id']}.json").write_text(text + "\n", encoding="utf-8")
        if "--show" in argv:
            print(show(data))
            print()


if __name__ == "__main__":
    main(sys.argv[1:])
