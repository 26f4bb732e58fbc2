"""The rating history chart: an SVG drawn on the server (no chart library, no script).

A line per game and pace, over time, with the rating scale on the left; each line has the
class `series-<n>` (its colour is in community.css, and the page's legend uses the same
classes). Every number in it is formatted here and every label escaped, so the markup is
safe to insert as is.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.html import escape

WIDTH, HEIGHT = 720, 260
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28
SERIES_CLASSES = 4  # series-0 .. series-3, then again


def _ticks(low: float, high: float) -> list[int]:
    span = max(high - low, 1.0)
    step = next(s for s in (10, 25, 50, 100, 200, 500, 1000) if span / s <= 6)
    first = int(low // step + 1) * step
    return list(range(first, int(high) + 1, step))


def rating_chart(series: list[dict]) -> str:
    """SVG markup for [{"label", "points": [(datetime, rating), ...]}, ...]; "" for none."""
    points = [p for s in series for p in s["points"]]
    if not points:
        return ""
    times = [t.timestamp() for t, _ in points]
    values = [v for _, v in points]
    t0, t1 = min(times), max(times)
    low, high = min(values) - 20, max(values) + 20
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(t: datetime, index: int, count: int) -> float:
        if t1 == t0:  # all on one moment: spread them evenly
            return LEFT + inner_w * (index / max(count - 1, 1))
        return LEFT + inner_w * (t.timestamp() - t0) / (t1 - t0)

    def y(v: float) -> float:
        return TOP + inner_h * (1 - (v - low) / (high - low))

    out = [f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
           f'aria-labelledby="rating-chart-title" xmlns="http://www.w3.org/2000/svg">',
           '<title id="rating-chart-title">Rating history</title>']
    for tick in _ticks(low, high):
        out.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" '
                   f'y2="{y(tick):.1f}"/>')
        out.append(f'<text class="tick" x="{LEFT - 6}" y="{y(tick) + 4:.1f}" '
                   f'text-anchor="end">{tick}</text>')
    first_day, last_day = min(t for t, _ in points), max(t for t, _ in points)
    out.append(f'<text class="tick" x="{LEFT}" y="{HEIGHT - 8}">{first_day:%Y-%m-%d}</text>')
    if last_day.date() != first_day.date():
        out.append(f'<text class="tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" '
                   f'text-anchor="end">{last_day:%Y-%m-%d}</text>')
    for n, s in enumerate(series):
        count = len(s["points"])
        coords = [(x(t, i, count), y(v), t, v) for i, (t, v) in enumerate(s["points"])]
        line = " ".join(f"{cx:.1f},{cy:.1f}" for cx, cy, _, _ in coords)
        label = escape(s["label"])
        out.append(f'<g class="series series-{n % SERIES_CLASSES}" data-series="{label}">')
        out.append(f'<polyline points="{line}"/>')
        for cx, cy, t, v in coords:
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="3.5">'
                       f'<title>{label}: {v:.0f} ({t:%Y-%m-%d})</title></circle>')
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
