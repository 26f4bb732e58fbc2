"""The drawing tools of pgweb's geomorphic boards (tools/make_boards.py holds the recipes).

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
