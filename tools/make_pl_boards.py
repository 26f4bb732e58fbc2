"""Draw the four full-size Panzer Leader boards E, F, G and H (games/data/panzer_leader/boards).

Each is an original geomorphic board the size of a published section: 33 columns (lettered
A … Z, AA … GG down its length) by 11 rows (numbered across). The edges are what makes them
geomorphic (2.1): every edge hex is clear ground, except where a road crosses (columns H and
X on both long edges, row 6 on both short edges), so any long edge meets any long edge and
any short edge any short edge, and the half hexes there make whole hexes (2.2). Board H's
south long edge is the sea and joins nothing.

Deterministic: run `python tools/make_pl_boards.py` and the files come out the same.
"""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

from games.rules.common.hexgrid import axial_to_offset, distance, neighbors, offset_to_axial

OUT = Path(__file__).resolve().parents[1] / "games" / "data" / "panzer_leader" / "boards"
COLUMNS, ROWS = 33, 11
LONG_ROADS = (7, 23)  # columns where roads cross the long edges
SHORT_ROAD = 5  # the row where a road crosses the short edges


class Drawing:
    def __init__(self, board_id: str, title: str):
        self.id, self.title = board_id, title
        self.t = [["."] * COLUMNS for _ in range(ROWS)]
        self.e = [["0"] * COLUMNS for _ in range(ROWS)]
        self.roads: list[list[list[int]]] = []
        self.hexsides: list[dict] = []
        self.sea_edge = False

    def cells(self):
        return [(c, r) for r in range(ROWS) for c in range(COLUMNS)]

    def interior(self, c: int, r: int) -> bool:
        last_r = ROWS - 1 if not self.sea_edge else ROWS + 5
        return 0 < c < COLUMNS - 1 and 0 < r < last_r

    def near(self, c0: int, r0: int, radius: int):
        centre = offset_to_axial(c0, r0)
        return [(c, r) for c, r in self.cells()
                if distance(offset_to_axial(c, r), centre) <= radius and self.interior(c, r)]

    def paint(self, cells, letter: str | None = None, level: int | None = None):
        for c, r in cells:
            if letter is not None:
                self.t[r][c] = letter
            if level is not None:
                self.e[r][c] = str(level)

    def hill(self, c: int, r: int, top: int, slope: int):
        """A hill: slope hexes round a hilltop (2.5)."""
        self.paint(self.near(c, r, top + slope), level=1)
        if top >= 0:
            self.paint(self.near(c, r, top), level=2)

    def path(self, a: tuple[int, int], b: tuple[int, int], avoid=()):
        """The shortest chain of cells from a to b (breadth first, neighbours in order)."""
        start, goal = offset_to_axial(*a), offset_to_axial(*b)
        seen = {start: None}
        todo = deque([start])
        while todo:
            h = todo.popleft()
            if h == goal:
                break
            for n in neighbors(h):
                c, r = axial_to_offset(n)
                if n not in seen and 0 <= c < COLUMNS and 0 <= r < ROWS and (c, r) not in avoid:
                    seen[n] = h
                    todo.append(n)
        out, h = [], goal
        while h is not None:
            out.append(list(axial_to_offset(h)))
            h = seen[h]
        return out[::-1]

    def road(self, *stops):
        cells: list[list[int]] = []
        for a, b in zip(stops, stops[1:], strict=False):
            leg = self.path(a, b)
            cells += leg if not cells else leg[1:]
        self.roads.append(cells)
        return cells

    def stream(self, *stops):
        for a, b in zip(stops, stops[1:], strict=False):
            for c, r in self.path(a, b):
                if self.interior(c, r):
                    self.t[r][c] = "~"
                    self.e[r][c] = "0"

    def side(self, a, b, *features):
        self.hexsides.append({"a": list(a), "b": list(b), "features": list(features)})

    def standard_roads(self):
        """The roads that cross the edges where every board's roads do (2.1)."""
        return [(LONG_ROADS[0], 0), (LONG_ROADS[0], ROWS - 1), (LONG_ROADS[1], 0),
                (LONG_ROADS[1], ROWS - 1), (0, SHORT_ROAD), (COLUMNS - 1, SHORT_ROAD)]

    def save(self):
        for c, r in self.cells():  # edges stay clear ground (2.1), the sea edge apart
            if not self.interior(c, r) and self.t[r][c] not in ("=", "b"):
                self.t[r][c], self.e[r][c] = ".", "0"
        out = {"id": self.id, "title": self.title, "columns": COLUMNS, "rows": ROWS,
               "terrain": ["".join(row) for row in self.t],
               "elevation": ["".join(row) for row in self.e],
               "roads": self.roads, "hexsides": self.hexsides,
               "note": "An original full-size geomorphic board drawn for pgweb (tools/"
                       "make_pl_boards.py): a published section's 33 by 11 hexes, clear edges "
                       "with roads crossing at the same places on every board."}
        if self.sea_edge:
            out["sea_edge"] = "south"
        (OUT / f"{self.id}.json").write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


def board_e() -> Drawing:
    """Kornfeld: open farmland, two villages on the crossroads, a wooded hill, a stream."""
    d = Drawing("E", "Kornfeld")
    d.hill(26, 3, 0, 1)
    d.paint(d.near(27, 7, 1), "w")
    d.paint(d.near(4, 2, 1), "w")
    d.paint(d.near(14, 8, 1), "w")
    d.stream((18, 1), (17, 5), (19, 9))
    d.road((0, 5), (8, 5), (16, 5), (24, 5), (32, 5))
    d.road((7, 0), (8, 5), (7, 10))
    d.road((23, 0), (24, 5), (23, 10))
    d.paint([(8, 5), (8, 4), (9, 5), (7, 5)], "t")
    d.paint([(24, 5), (25, 5), (24, 6)], "t")
    d.paint([(11, 2), (12, 2)], "x")
    return d


def board_f() -> Drawing:
    """Lindenberg: a long ridge with a cliffed hilltop, woods on its flanks, a hamlet."""
    d = Drawing("F", "Lindenberg")
    d.hill(12, 4, 1, 1)
    d.hill(20, 6, 0, 1)
    for c, r in d.near(16, 5, 1):  # the saddle between the hills: slope
        if d.e[r][c] == "0":
            d.e[r][c] = "1"
    d.paint(d.near(5, 7, 1), "w")
    d.paint(d.near(28, 3, 1), "w")
    d.paint([(13, 2), (14, 2)], "w")
    d.road((0, 5), (6, 3), (24, 2), (32, 5))
    d.road((7, 0), (6, 3), (7, 10))
    d.road((23, 0), (24, 2), (23, 10))
    d.paint([(26, 8), (27, 8), (26, 9)], "t")
    d.road((23, 10), (26, 8))
    d.stream((2, 9), (9, 9))
    # A cliff on the hilltop's south face, a ridge spine across the saddle, a slope run.
    d.side((12, 5), (12, 6), "cliff")
    d.side((11, 5), (11, 6), "cliff")
    d.side((16, 4), (16, 5), "ridge")
    d.side((16, 5), (17, 5), "ridge")
    d.side((20, 4), (21, 4), "brown")
    return d


def board_g() -> Drawing:
    """Aue: a river down the board's length with two bridges, swamp and a market town."""
    d = Drawing("G", "Aue")
    d.stream((1, 3), (10, 4), (20, 3), (31, 2))
    d.paint([(5, 6), (6, 6), (5, 7)], "x")
    d.paint(d.near(27, 7, 1), "w")
    d.paint(d.near(14, 7, 1), "w")
    d.road((0, 5), (8, 6), (16, 6), (32, 5))
    d.road((7, 0), (8, 6), (7, 10))
    d.road((23, 0), (23, 10))
    d.paint([(16, 6), (16, 5), (17, 6), (15, 6)], "t")
    d.road((16, 6), (16, 1))
    d.hill(29, 9, -1, 1)
    return d


def board_h() -> Drawing:
    """Seestrand: a beach and the sea on its south edge, dunes, a headland, a resort town."""
    d = Drawing("H", "Seestrand")
    d.sea_edge = True
    for c in range(COLUMNS):
        d.t[10][c] = "="
        d.t[9][c] = "="
        d.t[8][c] = "b"
    d.hill(4, 5, 0, 1)
    d.paint(d.near(14, 5, 1), "w")
    d.paint([(20, 6), (21, 6), (22, 6)], "w")
    d.road((0, 5), (10, 4), (24, 4), (32, 5))
    d.road((7, 0), (10, 4))
    d.road((23, 0), (24, 4), (24, 7))
    d.paint([(24, 4), (25, 4), (24, 5), (23, 4)], "t")
    d.paint([(28, 2), (29, 2)], "x")
    d.side((4, 6), (4, 7), "cliff")
    d.side((3, 6), (3, 7), "cliff")
    return d


def main() -> None:
    for make in (board_e, board_f, board_g, board_h):
        make().save()


if __name__ == "__main__":
    main()
