"""The map: geomorphic boards laid side by side, with Panzer Leader's terrain (2.1-2.5).

A board file is our own drawing: rows of terrain letters and elevation digits, and roads and
railways as paths of (column, row) cells. A railway is drawn and nothing more: it gives no
road rate and carries nothing over a stream (PL-E28). Hexside symbols are not drawn by hand; they follow from the
hexes they separate (the way the printed boards use them, 2.3, 2.5):

- green: between a woods hex and a non-woods hex (the woods edge),
- brown: between a slope hex and a ground-level hex,
- orange: between a hilltop hex and a slope hex,
- cliff: between a hilltop hex and a ground-level hex (PL-D6: impassable).

A board file may add hexside symbols the hexes do not imply (`hexsides`: the cells on each
side and the symbols): a cliff between two hexes of any height, a slope run (brown) between
two hexes of one height, and a ridge, the brown spine where slope hexes meet without a
hilltop (RB VII.J.11.b), which sight treats as a brown hexside (PL-E24).

The small boards join whole hex to whole hex. The full-size boards (a published section's
33 by 11 hexes) join as the printed ones do: the edge rows or columns of two boards laid with
`"join": true` are half hexes that make one hex (2.2; QA G1-G3). It is named from the board
laid first and may be named from either; it must be drawn alike on both, and it is an
interior half hex: no set-up there (sea hexes apart), no objective. Labels read
`board-columnletter-row` (`A-C-5`; past Z, `AA`, `BB`...), the board letter first as on the
printed maps.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property

from ...common.hexgrid import Hex, neighbors, offset_to_axial
from .units import DATA

TERRAIN_LETTERS = {
    ".": "clear", "w": "woods", "t": "town", "x": "swamp", "~": "stream", "b": "beach",
    "=": "sea",
}
# Each terrain as the Terrain Effects Chart names it (2.4), for what players read.
TERRAIN_NAMES = {"clear": "Clear", "woods": "Woods", "town": "Town", "swamp": "Swamp",
                 "stream": "Stream", "beach": "Beach", "sea": "Sea"}
ELEVATION_NAMES = ("ground", "slope", "hilltop")
DRAWN_SYMBOLS = frozenset({"cliff", "brown", "ridge"})  # what a board file may add (2.3)


@dataclass(frozen=True, slots=True)
class HexInfo:
    terrain: str  # clear, woods, town, swamp, stream, beach, sea
    elevation: int  # 0 ground, 1 slope, 2 hilltop
    label: str
    also: str = ""  # its name on the other board, for an interior half hex (2.2)


def column_letters(c: int) -> str:
    """A board column's letters: A … Z, then AA, BB … as the printed boards run on."""
    return chr(65 + c) if c < 26 else chr(65 + c - 26) * 2


def board_label(letter: str, c: int, r: int) -> str:
    return f"{letter}-{column_letters(c)}-{r + 1}"


@dataclass(frozen=True, slots=True)
class Crossing:
    """One hexside crossed from a hex: the hex beyond and its label, whether a road runs
    across it (7.1) and its symbols (2.3, 2.5)."""

    to: Hex
    label: str
    road: bool
    symbols: frozenset[str]


@dataclass
class Map:
    """A situation's playing area: hexes, roads, railways and the hexside symbols."""

    hexes: dict[Hex, HexInfo]
    roads: frozenset[frozenset[Hex]]
    railways: frozenset[frozenset[Hex]] = frozenset()  # drawn only (PL-E28)
    boards: list[dict] = field(default_factory=list)
    drawn: dict = field(default_factory=dict)  # frozenset((a, b)) -> symbols a board file adds
    _by_label: dict[str, Hex] = field(default_factory=dict)
    _road_cells: frozenset[Hex] = frozenset()
    los_cache: dict = field(default_factory=dict)  # (a, b) -> why blocked; maps never change
    _symbols: dict = field(default_factory=dict)  # (a, b) -> hexside symbols, computed once
    # Computed once a hex: a unit's path planner asks them of every hex it reaches.
    _neighbours: dict = field(default_factory=dict, repr=False, compare=False)
    _crossings: dict = field(default_factory=dict, repr=False, compare=False)
    # Each hex as the map's own key, so that lookups with what neighbours() returns find
    # the very key and need not compare coordinates.
    _own: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_label = {info.label: h for h, info in self.hexes.items()}
        self._by_label.update({info.also: h for h, info in self.hexes.items() if info.also})
        self._road_cells = frozenset(h for pair in self.roads for h in pair)
        self._own = {h: h for h in self.hexes}

    def contains(self, h: Hex) -> bool:
        return h in self.hexes

    def label(self, h: Hex) -> str:
        return self.hexes[h].label

    def hex(self, label: str) -> Hex:
        """The hex a label names; ValueError if the map has none."""
        try:
            return self._by_label[label]
        except KeyError:
            raise ValueError(f"{label!r} is not a hex of this map") from None

    def terrain(self, h: Hex) -> str:
        return self.hexes[h].terrain

    def interior_half(self, h: Hex) -> bool:
        """Two boards' half hexes made one (2.2): no set-up there, no objective."""
        return bool(self.hexes[h].also)

    def elevation(self, h: Hex) -> int:
        return self.hexes[h].elevation

    def is_road(self, a: Hex, b: Hex) -> bool:
        """Does a road run from a to the adjacent b (7.1)?"""
        return frozenset((a, b)) in self.roads

    def is_railway(self, a: Hex, b: Hex) -> bool:
        """Does a railway run from a to the adjacent b? It moves nothing (PL-E28)."""
        return frozenset((a, b)) in self.railways

    def road_hexes(self) -> frozenset[Hex]:
        return self._road_cells

    def is_bridge(self, h: Hex) -> bool:
        """A stream hex a road crosses: a permanent bridge (2.3)."""
        return self.terrain(h) == "stream" and h in self._road_cells

    @cached_property
    def bridge_labels(self) -> frozenset[str]:
        """The labels of the permanent bridges (is_bridge)."""
        return frozenset(self.label(h) for h in self._road_cells
                         if h in self.hexes and self.is_bridge(h))

    def is_cover(self, h: Hex) -> bool:
        """Woods and town hexes: units there must be spotted (12.2)."""
        return self.terrain(h) in ("woods", "town")

    def symbols(self, a: Hex, b: Hex) -> frozenset[str]:
        """The hexside symbols between two adjacent hexes (derived, see the module doc)."""
        key = (a, b)
        if key not in self._symbols:
            self._symbols[key] = self._derive_symbols(a, b)
        return self._symbols[key]

    def _derive_symbols(self, a: Hex, b: Hex) -> frozenset[str]:
        if a not in self.hexes or b not in self.hexes:
            return frozenset()
        ea, eb = self.elevation(a), self.elevation(b)
        out = set()
        if {ea, eb} == {0, 2}:
            out.add("cliff")
        elif {ea, eb} == {1, 2}:
            out.add("orange")
        elif {ea, eb} == {0, 1}:
            out.add("brown")
        if (self.terrain(a) == "woods") != (self.terrain(b) == "woods"):
            out.add("green")
        drawn = self.drawn.get(frozenset((a, b)), ())
        out.update(drawn)
        if "ridge" in drawn:
            out.add("brown")  # sight reads a ridge as a brown hexside (PL-E24)
        return frozenset(out)

    def green_level(self, a: Hex, b: Hex) -> int:
        """The elevation of the woods whose edge the a-b hexside is (J.11.c)."""
        woods = a if self.terrain(a) == "woods" else b
        return self.elevation(woods)

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """The adjacent hexes on the map, in direction order (hexgrid.neighbors)."""
        found = self._neighbours.get(h)
        if found is None:
            own = self._own
            found = self._neighbours[h] = tuple(own[n] for n in neighbors(h) if n in own)
        return found

    def crossings(self, h: Hex) -> tuple[Crossing, ...]:
        """The hexsides from h into each of its neighbours, in neighbours() order."""
        found = self._crossings.get(h)
        if found is None:
            found = self._crossings[h] = tuple(
                Crossing(n, self.label(n), self.is_road(h, n), self.symbols(h, n))
                for n in self.neighbors(h))
        return found


@cache
def board_file(board_id: str) -> dict:
    return json.loads((DATA / "boards" / f"{board_id}.json").read_text(encoding="utf-8"))


def build_map(layout: list[dict], own: dict | None = None) -> Map:
    """Lay boards out: each entry names a board file and its offset in whole columns/rows.

    Column offsets are even so odd-q offset coordinates line up across board edges. An entry
    with `"join": true` overlaps the boards already laid by its edge row or column: those
    half hexes make one hex each (2.2), drawn alike on both boards. `own` holds the boards a
    designer drew in the situation itself, by id; they are found before the bundled files.
    """
    hexes: dict[Hex, HexInfo] = {}
    roads: set[frozenset[Hex]] = set()
    railways: set[frozenset[Hex]] = set()
    drawn: dict[frozenset[Hex], set[str]] = {}
    own = own or {}
    for entry in layout:
        # A test may draw a board inline in its layout entry; a designer under `boards`.
        raw = entry.get("drawing") or own.get(entry["board"]) or board_file(entry["board"])
        letter = entry.get("label", raw["id"])
        dc, dr = entry.get("at", (0, 0))
        if dc % 2:
            raise ValueError(f"board {letter}: column offset {dc} must be even")
        rows_t, rows_e = raw["terrain"], raw["elevation"]
        last_r, last_c = len(rows_t) - 1, len(rows_t[0]) - 1
        for r, (trow, erow) in enumerate(zip(rows_t, rows_e, strict=True)):
            for c, (t, e) in enumerate(zip(trow, erow, strict=True)):
                h = offset_to_axial(c + dc, r + dr)
                info = HexInfo(TERRAIN_LETTERS[t], int(e), board_label(letter, c, r))
                if h in hexes:
                    edge = r in (0, last_r) or c in (0, last_c)
                    old = hexes[h]
                    if not entry.get("join") or not edge or old.also:
                        raise ValueError(f"board {letter} overlaps another at column {c}, row {r}")
                    if (old.terrain, old.elevation) != (info.terrain, info.elevation):
                        raise ValueError(f"half hexes {old.label} and {info.label} are drawn "
                                         "differently (2.2)")
                    hexes[h] = HexInfo(old.terrain, old.elevation, old.label, also=info.label)
                    continue
                hexes[h] = info
        for kind, links in (("road", roads), ("railway", railways)):
            for path in raw.get(f"{kind}s", ()):
                cells = [offset_to_axial(c + dc, r + dr) for c, r in path]
                for a, b in zip(cells, cells[1:], strict=False):
                    if b not in neighbors(a):
                        raise ValueError(f"board {letter}: {kind} step {a}->{b} is not "
                                         "between neighbours")
                    links.add(frozenset((a, b)))
        for side in raw.get("hexsides", ()):
            a, b = (offset_to_axial(c + dc, r + dr) for c, r in (side["a"], side["b"]))
            if b not in neighbors(a):
                raise ValueError(f"board {letter}: hexside {side} is not between neighbours")
            unknown = set(side["features"]) - DRAWN_SYMBOLS
            if unknown:
                raise ValueError(f"board {letter}: unknown hexside symbols {sorted(unknown)}")
            drawn.setdefault(frozenset((a, b)), set()).update(side["features"])
    boards = [{"board": e["board"], "label": e.get("label", e["board"]),
               "at": list(e.get("at", (0, 0))), **({"join": True} if e.get("join") else {}),
               "rows": len(d["terrain"]), "columns": len(d["terrain"][0])}
              for e in layout
              for d in (e.get("drawing") or own.get(e["board"]) or board_file(e["board"]),)]
    return Map(hexes=hexes, roads=frozenset(roads), railways=frozenset(railways), boards=boards,
               drawn={k: frozenset(v) for k, v in drawn.items()})
