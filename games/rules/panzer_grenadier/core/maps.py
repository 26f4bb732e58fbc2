"""The playing map: boards joined in a grid, terrain, elevation, hexsides, roads, labels.

A board file (games/data/boards/<id>.json, schema games/rules/panzer_grenadier/data/board.schema.json)
holds one geomorphic board in odd-q offset rows. A scenario's map spec places boards
in a grid of equal-size boards: board `at = [x, y]` starts at global column
x * columns and row y * rows. Boards must have an even number of columns so that
odd-q parity is the same on every board.

Hex labels are board label + 2-digit column + 2-digit row, 1-based within the board
("A0305").
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...common.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    Hex,
    axial_to_offset,
    direction_between,
    offset_to_axial,
)
from ...common.scenario_problems import dict_items
from .terrain import TERRAIN, TerrainType

_SCHEMA_PATH = Path(__file__).parents[1] / "data" / "board.schema.json"
_LABEL_RE = re.compile(r"^([A-Za-z]+)(\d{2})(\d{2})$")
_BOARD_LABEL_RE = re.compile(r"^[A-Za-z]+$")
EDGES: tuple[str, ...] = ("N", "E", "S", "W")


class MapError(ValueError):
    """A board, map spec or hex label is invalid; `problems` lists every problem by path."""

    def __init__(self, problems: Iterable[str]):
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("\n".join(self.problems))


@lru_cache(maxsize=1)
def _schema_validator() -> Any:
    import jsonschema

    schema = json.loads(_SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _json_path(parts: Iterable[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else f".{p}"
    return out


def _local_hex(label: str, columns: int, rows: int) -> tuple[int, int] | None:
    """'CCRR' inside a board to 0-based (col, row), or None if off the board."""
    if len(label) != 4 or not (label.isascii() and label.isdigit()):  # "²" is a digit too
        return None
    c, r = int(label[:2]) - 1, int(label[2:]) - 1
    if 0 <= c < columns and 0 <= r < rows:
        return c, r
    return None


def validate_board(board: Any) -> list[str]:
    """Every problem with a board dict, each prefixed by its path (`ridge.terrain[3]: ...`)."""
    name = (
        board.get("id") if isinstance(board, dict) and isinstance(board.get("id"), str) else "board"
    )
    problems = [
        f"{name}{_json_path(e.absolute_path)}: {e.message}"
        for e in sorted(
            _schema_validator().iter_errors(board), key=lambda e: list(map(str, e.absolute_path))
        )
    ]
    if not isinstance(board, dict):
        return problems or [f"{name}: not an object"]
    columns, rows = board.get("columns"), board.get("rows")
    if not (isinstance(columns, int) and isinstance(rows, int)):
        return problems
    legend = board.get("legend") if isinstance(board.get("legend"), dict) else {}
    for key in ("terrain", "elevation"):
        grid = board.get(key)
        if not isinstance(grid, list):
            continue
        if len(grid) != rows:
            problems.append(f"{name}.{key}: has {len(grid)} rows, expected {rows}")
        for i, line in enumerate(grid):
            if not isinstance(line, str):
                continue
            if len(line) != columns:
                problems.append(
                    f"{name}.{key}[{i}]: row has {len(line)} columns, expected {columns}"
                )
            if key == "terrain":
                unknown = sorted({ch for ch in line if ch not in legend})
                if unknown:
                    problems.append(
                        f"{name}.terrain[{i}]: characters not in legend: {''.join(unknown)!r}"
                    )
    for i, side in dict_items(board, "hexsides"):
        if not isinstance(side.get("hex"), str):
            continue
        where = f"{name}.hexsides[{i}]"
        local = _local_hex(side["hex"], columns, rows)
        if local is None:
            problems.append(f"{where}.hex: {side['hex']!r} is not on a {columns}x{rows} board")
        elif side.get("side") in DIRECTION_NAMES:
            h = offset_to_axial(*local)
            d = DIRECTIONS[DIRECTION_NAMES.index(side["side"])]
            if axial_to_offset(h + d) not in _board_cells(columns, rows):
                problems.append(
                    f"{where}.side: {side['side']} side of {side['hex']} leads off the board"
                )
    for i, road in dict_items(board, "roads"):
        if not isinstance(road.get("hexes"), list):
            continue
        where = f"{name}.roads[{i}].hexes"
        prev: Hex | None = None
        for j, label in enumerate(road["hexes"]):
            local = _local_hex(label, columns, rows) if isinstance(label, str) else None
            if local is None:
                problems.append(f"{where}[{j}]: {label!r} is not on a {columns}x{rows} board")
                prev = None
                continue
            h = offset_to_axial(*local)
            if prev is not None and (h - prev) not in DIRECTIONS:
                problems.append(f"{where}[{j}]: {label} is not adjacent to {road['hexes'][j - 1]}")
            prev = h
    return problems


@lru_cache(maxsize=32)
def _board_cells(columns: int, rows: int) -> frozenset[tuple[int, int]]:
    return frozenset((c, r) for c in range(columns) for r in range(rows))


def load_board(path: str | Path) -> dict:
    """Read and validate one board file; MapError lists every problem."""
    path = Path(path)
    try:
        board = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise MapError([f"{path.name}: not valid JSON: {exc}"]) from None
    problems = validate_board(board)
    if problems:
        raise MapError(problems)
    return board


class Map:
    """An assembled map. Build once with `Map.from_spec`; treat as immutable.

    Derived data (line-of-sight tables, ...) is cached per map via `cached()`.
    """

    def __init__(
        self,
        *,
        columns: int,
        rows: int,
        placements: Mapping[str, tuple[int, int]],
        terrain: Mapping[Hex, str],
        elevation: Mapping[Hex, int],
        hexsides: Mapping[frozenset[Hex], frozenset[str]],
        roads: Mapping[frozenset[Hex], str],
        road_ends: Iterable[tuple[Hex, str, int]],
    ):
        self.board_columns = columns
        self.board_rows = rows
        self.placements = dict(placements)  # board label -> (x, y) grid position
        self._origin_label = {xy: label for label, xy in self.placements.items()}
        self._terrain_key = dict(terrain)
        self._terrain = {h: TERRAIN[k] for h, k in terrain.items()}
        self._elevation = dict(elevation)
        self._hexsides = dict(hexsides)
        self._roads = dict(roads)
        self.hexes: frozenset[Hex] = frozenset(terrain)
        self._cells = frozenset(axial_to_offset(h) for h in self.hexes)
        self._link_seam_roads(road_ends)
        kinds_at: dict[Hex, set[str]] = {}
        for pair, kind in self._roads.items():
            for h in pair:
                kinds_at.setdefault(h, set()).add(kind)
        self._road_kinds = {h: frozenset(k) for h, k in kinds_at.items()}
        self.max_elevation = max(self._elevation.values(), default=0)
        self._hills = frozenset(
            h
            for h in self.hexes
            if any(self._elevation[n] < self._elevation[h] for n in self.neighbors(h))
        )
        self._cache: dict[Any, Any] = {}

    # --- construction -------------------------------------------------------------

    @classmethod
    def from_spec(cls, map_spec: Mapping[str, Any], boards: Mapping[str, Mapping[str, Any]]) -> Map:
        """Assemble a map from a scenario's map spec and boards by id.

        Raises MapError listing every problem by path (`boards[1].board: unknown board 'x'`).
        """
        problems: list[str] = []
        entries = map_spec.get("boards") if isinstance(map_spec, Mapping) else None
        if not isinstance(entries, list) or not entries:
            raise MapError(["boards: expected a non-empty list of board placements"])
        used: dict[str, Mapping[str, Any]] = {}
        labels: dict[str, int] = {}
        spots: dict[tuple[int, int], int] = {}
        placed: list[tuple[str, tuple[int, int], Mapping[str, Any]]] = []
        for i, entry in enumerate(entries):
            where = f"boards[{i}]"
            if not isinstance(entry, Mapping):
                problems.append(f"{where}: expected an object with board, label, at")
                continue
            board_id, label, at = entry.get("board"), entry.get("label"), entry.get("at")
            board = None
            if not isinstance(board_id, str):
                problems.append(f"{where}.board: expected a board id")
            elif board_id not in boards:
                problems.append(f"{where}.board: unknown board {board_id!r}")
            else:
                board = boards[board_id]
            if not isinstance(label, str) or not _BOARD_LABEL_RE.match(label):
                problems.append(f"{where}.label: expected letters, got {label!r}")
            elif label in labels:
                problems.append(f"{where}.label: {label!r} already used by boards[{labels[label]}]")
            else:
                labels[label] = i
            if not (
                isinstance(at, list)
                and len(at) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in at)
            ):
                problems.append(
                    f"{where}.at: expected [x, y] with non-negative integers, got {at!r}"
                )
                at = None
            elif tuple(at) in spots:
                problems.append(f"{where}.at: {at} already used by boards[{spots[tuple(at)]}]")
                at = None
            else:
                spots[tuple(at)] = i
            if board is not None and board_id not in used:
                used[board_id] = board
                problems.extend(validate_board(board))
            if board is not None and isinstance(label, str) and at is not None:
                placed.append((label, (at[0], at[1]), board))
        sizes = {(b.get("columns"), b.get("rows")) for b in used.values() if isinstance(b, Mapping)}
        if len(sizes) > 1:
            listed = ", ".join(
                f"{bid} {b.get('columns')}x{b.get('rows')}" for bid, b in used.items()
            )
            problems.append(f"boards: all boards of a map must be the same size ({listed})")
        if problems:
            raise MapError(problems)
        return cls._assemble(placed)

    @classmethod
    def from_board(cls, board: Mapping[str, Any], label: str = "A") -> Map:
        """A map of one board (tests, editors)."""
        return cls.from_spec(
            {"boards": [{"board": board["id"], "label": label, "at": [0, 0]}]}, {board["id"]: board}
        )

    @classmethod
    def _assemble(cls, placed: list[tuple[str, tuple[int, int], Mapping[str, Any]]]) -> Map:
        columns, rows = placed[0][2]["columns"], placed[0][2]["rows"]
        terrain: dict[Hex, str] = {}
        elevation: dict[Hex, int] = {}
        hexsides: dict[frozenset[Hex], set[str]] = {}
        roads: dict[frozenset[Hex], str] = {}
        road_ends: list[tuple[Hex, str, int]] = []
        for _label, (x, y), board in placed:
            c0, r0 = x * columns, y * rows

            def to_hex(local: str, c0: int = c0, r0: int = r0) -> Hex:
                return offset_to_axial(c0 + int(local[:2]) - 1, r0 + int(local[2:]) - 1)

            legend = board["legend"]
            grids = zip(board["terrain"], board["elevation"], strict=True)
            for r, (tline, eline) in enumerate(grids):
                for c, (ch, level) in enumerate(zip(tline, eline, strict=True)):
                    h = offset_to_axial(c0 + c, r0 + r)
                    terrain[h] = legend[ch]
                    elevation[h] = int(level)
            for side in board.get("hexsides") or []:
                h = to_hex(side["hex"])
                other = h + DIRECTIONS[DIRECTION_NAMES.index(side["side"])]
                feats = hexsides.setdefault(frozenset((h, other)), set())
                feats.add(side["feature"])
                # A ford or bridge is a crossing point on a stream hexside.
                if side["feature"] in ("ford", "bridge"):
                    feats.add("stream")
            for road in board.get("roads") or []:
                kind = road["kind"]
                hexes = [to_hex(lab) for lab in road["hexes"]]
                for a, b in zip(hexes, hexes[1:], strict=False):
                    key = frozenset((a, b))
                    if roads.get(key) != "road":  # a road beats a trail on the same hexside
                        roads[key] = kind
                # Each end with the direction the road was heading when it stopped.
                road_ends.append((hexes[-1], kind, direction_between(hexes[-2], hexes[-1])))
                road_ends.append((hexes[0], kind, direction_between(hexes[1], hexes[0])))
        return cls(
            columns=columns,
            rows=rows,
            placements={label: xy for label, xy, _ in placed},
            terrain=terrain,
            elevation=elevation,
            hexsides={k: frozenset(v) for k, v in hexsides.items()},
            roads=roads,
            road_ends=road_ends,
        )

    def _link_seam_roads(self, road_ends: Iterable[tuple[Hex, str, int]]) -> None:
        """Join roads drawn per board where their ends meet across a board seam (D-MAP-1).

        An end joins the adjacent end of the same kind on another board that best continues
        its heading; each end joins at most one other. A road never joins a trail.
        """
        ends = sorted(road_ends)
        by_hex: dict[tuple[Hex, str], int] = {(h, k): d for h, k, d in ends}
        linked: set[tuple[Hex, str]] = set()
        for h, kind, heading in ends:
            if (h, kind) in linked:
                continue
            best: tuple[int, Hex] | None = None
            for n in self.neighbors(h):
                if (n, kind) not in by_hex or (n, kind) in linked:
                    continue
                if self.game_map(n) == self.game_map(h):
                    continue
                turn = abs(direction_between(h, n) - heading) % 6
                turn = min(turn, 6 - turn)
                if turn <= 1 and (best is None or (turn, n) < best):
                    best = (turn, n)
            if best is not None:
                n = best[1]
                self._roads.setdefault(frozenset((h, n)), kind)
                linked.update({(h, kind), (n, kind)})

    # --- queries ------------------------------------------------------------------

    def contains(self, h: Hex) -> bool:
        return h in self._terrain

    def terrain(self, h: Hex) -> TerrainType:
        """The chart entry for the hex's terrain."""
        return self._terrain[h]

    def terrain_key(self, h: Hex) -> str:
        return self._terrain_key[h]

    def elevation(self, h: Hex) -> int:
        """Height in levels of 20 m (8.3)."""
        return self._elevation[h]

    def is_hill(self, h: Hex) -> bool:
        """True if the hex contains an elevation line: some neighbour is lower (5.1, 8.2, 10.3)."""
        return h in self._hills

    def neighbors(self, h: Hex) -> tuple[Hex, ...]:
        """On-map neighbours in direction order."""
        return tuple(n for n in (h + d for d in DIRECTIONS) if n in self._terrain)

    def hexside_features(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features of the hexside between adjacent a and b: stream, ford, bridge, elevation_line.

        A ford or bridge hexside also reports 'stream'; 'elevation_line' is derived
        from differing hex levels.
        """
        feats = self._hexsides.get(frozenset((a, b)), frozenset())
        if (
            a in self._elevation
            and b in self._elevation
            and self._elevation[a] != self._elevation[b]
        ):
            feats = feats | {"elevation_line"}
        return feats

    def road_between(self, a: Hex, b: Hex) -> str | None:
        """'road' or 'trail' if one runs directly from a to b, else None (5.2)."""
        return self._roads.get(frozenset((a, b)))

    def road_kinds(self, h: Hex) -> frozenset[str]:
        """Road kinds that enter or leave the hex."""
        return self._road_kinds.get(h, frozenset())

    def offset(self, h: Hex) -> tuple[int, int]:
        """Global 0-based odd-q (col, row)."""
        return axial_to_offset(h)

    def game_map(self, h: Hex) -> str:
        """Label of the board that holds the hex."""
        col, row = axial_to_offset(h)
        try:
            return self._origin_label[(col // self.board_columns, row // self.board_rows)]
        except KeyError:
            raise MapError([f"{h!r}: not on the map"]) from None

    def label(self, h: Hex) -> str:
        """'A0305': board label, 1-based column and row within the board."""
        if h not in self._terrain:
            raise MapError([f"{h!r}: not on the map"])
        col, row = axial_to_offset(h)
        board = self._origin_label[(col // self.board_columns, row // self.board_rows)]
        return f"{board}{col % self.board_columns + 1:02d}{row % self.board_rows + 1:02d}"

    def parse_label(self, text: str) -> Hex:
        """The hex named by a label like 'A0305'; MapError says why if it is not on the map."""
        m = _LABEL_RE.match(text) if isinstance(text, str) else None
        if not m:
            raise MapError(
                [
                    f"{text!r}: not a hex label "
                    "(board letter, 2-digit column, 2-digit row, e.g. A0305)"
                ]
            )
        board, col, row = m.group(1), int(m.group(2)), int(m.group(3))
        if board not in self.placements:
            raise MapError(
                [
                    f"{text!r}: no board {board!r} on this map "
                    f"(boards: {', '.join(sorted(self.placements))})"
                ]
            )
        if not (1 <= col <= self.board_columns and 1 <= row <= self.board_rows):
            raise MapError(
                [
                    f"{text!r}: board {board} has columns 01-{self.board_columns:02d} "
                    f"and rows 01-{self.board_rows:02d}"
                ]
            )
        x, y = self.placements[board]
        return offset_to_axial(x * self.board_columns + col - 1, y * self.board_rows + row - 1)

    def edge(self, h: Hex) -> frozenset[str]:
        """Map edges ('N', 'E', 'S', 'W') the hex lies on, for entering and exiting (D20).
        Kept per hex: every entry and exit offer asks it of each hex of an edge."""
        edges = self.cached("edge", dict)
        out = edges.get(h)
        if out is None:
            out = edges[h] = self._edge(h)
        return out

    def _edge(self, h: Hex) -> frozenset[str]:
        col, row = axial_to_offset(h)
        out = set()
        if (col, row - 1) not in self._cells:
            out.add("N")
        if (col, row + 1) not in self._cells:
            out.add("S")
        if (col - 1, row) not in self._cells:
            out.add("W")
        if (col + 1, row) not in self._cells:
            out.add("E")
        return frozenset(out)

    def is_edge(self, h: Hex) -> bool:
        return bool(self.edge(h))

    def edge_hexes(self, side: str, board_label: str | None = None) -> tuple[Hex, ...]:
        """Hexes on map edge `side`, optionally only those of one board, in label order."""
        if side not in EDGES:
            raise ValueError(f"edge must be one of {EDGES}, got {side!r}")
        return self.cached(
            ("edge_hexes", side, board_label), lambda: self._edge_hexes(side, board_label)
        )

    def _edge_hexes(self, side: str, board_label: str | None) -> tuple[Hex, ...]:
        hexes = [
            h
            for h in self.hexes
            if side in self.edge(h) and (board_label is None or self.game_map(h) == board_label)
        ]
        return tuple(sorted(hexes, key=self.label))

    def in_order(self) -> tuple[Hex, ...]:
        """The map's hexes sorted, worked out once: sorting a large map's costs milliseconds."""
        return self.cached("hexes.in_order", lambda: tuple(sorted(self.hexes)))

    def cached(self, key: Any, factory: Callable[[], Any]) -> Any:
        """Derived data computed once per map (e.g. LOS tables)."""
        try:
            return self._cache[key]
        except KeyError:
            value = self._cache[key] = factory()
            return value
