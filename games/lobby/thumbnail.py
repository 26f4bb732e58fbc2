"""Draw a scenario's map as a small SVG: one flat-topped hex per map hex, coloured by terrain."""

from __future__ import annotations

import math
from functools import cache

from games import engine_adapter as engine

# What a hex of a terrain the ruleset does not chart is filled with (none should be).
UNKNOWN_FILL = "#ffffff"
SIZE = 6.0  # hex radius in SVG units; the browser scales the picture to its box


def _outline(x: float, y: float) -> str:
    """A hex's outline as a closed subpath of an SVG path."""
    corners = (
        f"{x + SIZE * math.cos(math.pi / 3 * k):.1f} {y + SIZE * math.sin(math.pi / 3 * k):.1f}"
        for k in range(6)
    )
    return "M" + "L".join(corners) + "Z"


@cache
def thumbnail_svg(scenario_id: str) -> str:
    """The SVG text for a scenario (built once per process); KeyError for no such scenario."""
    engine.scenario(scenario_id)
    hexes = engine.map_payload(scenario_id)["hexes"]
    # The ruleset's own colours, the ones its board fills each terrain with.
    fills = {key: t["fill"] for key, t in engine.terrain_chart(scenario_id).items()}
    centres = [(SIZE * 1.5 * h["q"], SIZE * math.sqrt(3) * (h["r"] + h["q"] / 2), h) for h in hexes]
    xs = [c[0] for c in centres] or [0.0]
    ys = [c[1] for c in centres] or [0.0]
    left, top = min(xs) - SIZE, min(ys) - SIZE
    width, height = max(xs) - left + SIZE, max(ys) - top + SIZE
    # One path per fill holding all its hexes, as the board draws its terrain: a thumbnail
    # of 1,440 hexes is then a dozen elements for the browser to parse, lay out and paint,
    # not 1,440 polygons (the catalogue and the lobby show many thumbnails). Each hex is
    # still filled and outlined; the hills' shading goes over the terrain.
    terrain: dict[str, list[str]] = {}
    relief: dict[str, list[str]] = {}
    for x, y, h in centres:
        outline = _outline(x, y)
        terrain.setdefault(fills.get(h["terrain"], UNKNOWN_FILL), []).append(outline)
        if h["elevation"]:
            relief.setdefault(f"{min(0.12 * h['elevation'], 0.45):.2f}", []).append(outline)
    shapes = [f'<path d="{"".join(ds)}" fill="{fill}"/>' for fill, ds in terrain.items()]
    shapes += [
        f'<path d="{"".join(ds)}" fill="#6b4a1f" fill-opacity="{opacity}"/>'
        for opacity, ds in sorted(relief.items())
    ]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}">'
        f"<title>Map of {scenario_id}</title>"
        '<g stroke="#8a8470" stroke-width="0.4">' + "".join(shapes) + "</g></svg>"
    )
