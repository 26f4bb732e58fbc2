"""Generate pgweb's own geomorphic boards into games/data/boards/*.json (deterministic).

Run from the repository root: `python tools/make_boards.py` (add `--show` to print them).
Every board is 20 columns x 12 rows, flat-topped hexes in odd-q offset (odd 0-based
columns shoved down), labels 'CCRR' 1-based. Each board is drawn from a fixed seed and a
short recipe (towns, woods, hills, water), so running it again gives the same files.

Roads meet the board edges at the same hexes on every board (west/east edge row 06,
north/south edge column 10), so boards placed side by side or one above the other join
their roads across the seam. The minor river of the south-row boards leaves and enters at
row 08 of the west/east edges for the same reason.
"""

from __future__ import annotations

import heapq
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.rules.common.hexgrid import (  # noqa: E402  (path set above so the tool runs from anywhere)
    DIRECTION_NAMES,
    axial_to_offset,
    direction_between,
    neighbors,
    offset_to_axial,
)

OUT = ROOT / "games" / "data" / "boards"
COLS, ROWS = 20, 12
# Edge hexes where roads and the minor river cross a seam (0-based col, row).
PORT_W, PORT_E = (0, 5), (COLS - 1, 5)
PORT_N, PORT_S = (9, 0), (9, ROWS - 1)
RIVER_W, RIVER_E = (0, 7), (COLS - 1, 7)

LEGEND = {
    ".": "clear",
    "f": "field",
    "w": "light_woods",
    "W": "heavy_woods",
    "t": "town",
    "s": "swamp",
    "r": "river",
    "R": "major_river",
}
CHAR = {v: k for k, v in LEGEND.items()}

Cell = tuple[int, int]  # 0-based (col, row)


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < COLS and 0 <= c[1] < ROWS


def adj(c: Cell) -> list[Cell]:
    """Neighbouring cells on the board, in direction order N, NE, SE, S, SW, NW."""
    out = []
    for h in neighbors(offset_to_axial(*c)):
        o = axial_to_offset(h)
        if on_board(o):
            out.append(o)
    return out


def side_name(a: Cell, b: Cell) -> str:
    """Which hexside of a faces the adjacent cell b."""
    return DIRECTION_NAMES[direction_between(offset_to_axial(*a), offset_to_axial(*b))]


def label(c: Cell) -> str:
    return f"{c[0] + 1:02d}{c[1] + 1:02d}"


class Board:
    """A board being drawn: terrain, elevation, hexsides, roads."""

    def __init__(self, board_id: str, name: str, seed: int, description: str) -> None:
        self.id = board_id
        self.name = name
        self.description = description
        self.rng = random.Random(seed)
        self.terrain: dict[Cell, str] = {(c, r): "clear" for c in range(COLS) for r in range(ROWS)}
        self.elev: dict[Cell, int] = {cell: 0 for cell in self.terrain}
        self.sides: list[tuple[Cell, Cell, str]] = []
        self.roads: list[tuple[str, list[Cell]]] = []

    # -- drawing tools --------------------------------------------------------------------

    def blob(self, center: Cell, size: int, ok=lambda cell: True) -> set[Cell]:
        """A compact random cluster of about `size` cells grown from center."""
        cells = {center}
        frontier = [n for n in adj(center) if ok(n)]
        tries = 0
        while len(cells) < size and frontier and tries < size * 40:
            tries += 1
            cand = self.rng.choice(frontier)
            inside = sum(1 for n in adj(cand) if n in cells)
            # Prefer cells already hugging the cluster: clumps, not tendrils.
            if inside >= 2 or self.rng.random() < 0.25:
                cells.add(cand)
                frontier = [n for n in frontier if n != cand]
                frontier += [n for n in adj(cand) if n not in cells and n not in frontier and ok(n)]
        return cells

    def paint(self, cells, terrain: str, over: tuple[str, ...] = ("clear", "field")) -> None:
        for cell in cells:
            if self.terrain[cell] in over:
                self.terrain[cell] = terrain

    def woods(self, center: Cell, size: int, heavy: int = 0) -> None:
        """Light woods, with a heavy core of `heavy` cells."""
        cells = self.blob(center, size, lambda c: self.terrain[c] in ("clear", "field"))
        self.paint(cells, "light_woods")
        if heavy:
            core = self.blob(center, heavy, lambda c: c in cells)
            self.paint(core, "heavy_woods", over=("light_woods",))

    def fields(self, center: Cell, size: int) -> None:
        self.paint(
            self.blob(center, size, lambda c: self.terrain[c] == "clear"), "field", over=("clear",)
        )

    def town(self, cells: list[Cell]) -> None:
        self.paint(cells, "town", over=("clear", "field", "light_woods"))

    def hill(self, center: Cell, sizes: tuple[int, ...]) -> None:
        """A hill: a blob per level, each inside the one below (20 m a level)."""
        dry = lambda c: self.terrain[c] not in ("river", "major_river", "swamp")  # noqa: E731
        prev: set[Cell] | None = None
        for level, size in enumerate(sizes, start=1):
            ok = dry if prev is None else (lambda c, p=prev: c in p)
            cells = self.blob(center, size, ok)
            for c in cells:
                self.elev[c] = max(self.elev[c], level)
            prev = cells

    def water_path(self, start: Cell, end: Cell, terrain: str, wiggle: float = 0.35) -> list[Cell]:
        """A meandering hex path of river hexes from start to end."""
        path = self.route(start, end, lambda c: 1 + self.rng.random() * wiggle * 6)
        for c in path:
            self.terrain[c] = terrain
            self.elev[c] = 0
        return path

    def swamp(self, center: Cell, size: int) -> None:
        cells = self.blob(
            center, size, lambda c: self.terrain[c] in ("clear", "field", "light_woods")
        )
        for c in cells:
            self.terrain[c] = "swamp"
            self.elev[c] = 0

    def stream(self, col: int, rows: range, ford_row: int | None = None) -> None:
        """A stream along the seam between column `col` and `col + 1` (their shared hexsides)."""
        for r in rows:
            cell = (col, r)
            for side in ("NE", "SE"):
                other = self.across(cell, side)
                if other is None:
                    continue
                self.sides.append((cell, other, "stream"))
                if ford_row == r and side == "NE":
                    self.sides.append((cell, other, "ford"))

    def across(self, cell: Cell, side: str) -> Cell | None:
        h = offset_to_axial(*cell)
        d = DIRECTION_NAMES.index(side)
        n = neighbors(h)[d]
        o = axial_to_offset(n)
        return o if on_board(o) else None

    def noise(self, scale: float) -> dict[Cell, float]:
        """A smooth random field in [0, 2*scale]: a few long waves, so paths bend, not zigzag."""
        waves = [
            (self.rng.uniform(0.15, 0.6), self.rng.uniform(0.15, 0.6), self.rng.uniform(0, 6.3))
            for _ in range(3)
        ]
        out = {}
        for c, r in self.terrain:
            y = r + 0.5 * (c & 1)
            v = sum(math.sin(kx * c + ky * y + ph) for kx, ky, ph in waves) / 3
            out[(c, r)] = scale * (1 + v) + self.rng.random() * 0.2
        return out

    def route(self, start: Cell, end: Cell, cost, bend: float = 0.3) -> list[Cell]:
        """Cheapest path of adjacent cells (Dijkstra) over a smooth random field."""
        jitter = self.noise(bend)
        dist = {start: 0.0}
        prev: dict[Cell, Cell] = {}
        heap = [(0.0, start)]
        while heap:
            d, c = heapq.heappop(heap)
            if c == end:
                break
            if d > dist[c]:
                continue
            for n in adj(c):
                nd = d + cost(n) + jitter[n]
                if nd < dist.get(n, float("inf")):
                    dist[n] = nd
                    prev[n] = c
                    heapq.heappush(heap, (nd, n))
        path = [end]
        while path[-1] != start:
            path.append(prev[path[-1]])
        return path[::-1]

    def road(self, kind: str, waypoints: list[Cell]) -> list[Cell]:
        """A road or trail through the waypoints, preferring easy, dry, level ground."""
        base = {
            "town": 0.4,
            "clear": 1.0,
            "field": 1.6,
            "light_woods": 2.5,
            "heavy_woods": 4.0,
            "swamp": 12.0,
            "river": 9.0,
            "major_river": 40.0,
        }
        on_road = {c for _, hexes in self.roads for c in hexes}

        def cost(c: Cell) -> float:
            # Reuse existing roads a little, climb reluctantly.
            return base[self.terrain[c]] * (0.7 if c in on_road else 1.0) + 0.8 * self.elev[c]

        path: list[Cell] = [waypoints[0]]
        for a, b in zip(waypoints, waypoints[1:], strict=False):
            path += self.route(a, b, cost, bend=1.2)[1:]
        self.roads.append((kind, path))
        return path

    # -- output ---------------------------------------------------------------------------

    def crossings(self) -> None:
        """Where a road crosses a stream hexside put a bridge; where a trail does, a ford."""
        streams = {frozenset((a, b)) for a, b, f in self.sides if f == "stream"}
        marked = {frozenset((a, b)) for a, b, f in self.sides if f in ("bridge", "ford")}
        for kind, hexes in self.roads:
            for a, b in zip(hexes, hexes[1:], strict=False):
                key = frozenset((a, b))
                if key in streams and key not in marked:
                    self.sides.append((a, b, "bridge" if kind == "road" else "ford"))
                    marked.add(key)

    def to_json(self) -> dict:
        self.crossings()
        hexsides = []
        seen = set()
        for a, b, feature in self.sides:
            key = (frozenset((a, b)), feature)
            if key in seen:
                continue
            seen.add(key)
            hexsides.append({"hex": label(a), "side": side_name(a, b), "feature": feature})
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "columns": COLS,
            "rows": ROWS,
            "legend": LEGEND,
            "terrain": [
                "".join(CHAR[self.terrain[(c, r)]] for c in range(COLS)) for r in range(ROWS)
            ],
            "elevation": [
                "".join(str(self.elev[(c, r)]) for c in range(COLS)) for r in range(ROWS)
            ],
            "hexsides": hexsides,
            "roads": [{"kind": k, "hexes": [label(c) for c in hexes]} for k, hexes in self.roads],
        }


# -- the six boards ---------------------------------------------------------------------------


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


BOARDS = (kessel, ridge, birchwood, mill, marsh, ferry)


def show(data: dict) -> str:
    """ASCII picture: terrain letter, elevation, '=' road, '-' trail."""
    roads: dict[str, str] = {}
    for road in data["roads"]:
        for h in road["hexes"]:
            roads[h] = "=" if road["kind"] == "road" or roads.get(h) == "=" else "-"
    lines = [f"{data['id']}: {data['name']}"]
    for r in range(ROWS):
        cells = []
        for c in range(COLS):
            t = data["terrain"][r][c]
            e = data["elevation"][r][c]
            cells.append(t + (e if e != "0" else " ") + roads.get(label((c, r)), " "))
        lines.append(" ".join(cells))
    return "\n".join(lines)


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
