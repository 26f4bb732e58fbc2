"""The board's geometry, measured on screenshots: counters a finger wide on a phone (28 CSS
px or more), the confirm inside the phone's screen, the header one short line, each
side's counters in a colour of its own for a spectator, read from the pixels drawn, and the
map's tool bar above the map, never over a counter."""

from __future__ import annotations

import struct
import zlib

from tests.browser import pages_kit
from tests.browser.board_people import DESKTOP, PHONE, TIMEOUT, guest, open_board, shot, start_game
from tests.browser.board_play import roll_initiative, two_players

# The desktop window the tool bar is checked in (a laptop's), beside the phone's.
LAPTOP = {"width": 1366, "height": 800}

# The boxes, in CSS px, of the map's tool bar and of each of its shown parts (a button, a
# list, the draw hint), of the map, and of every counter's face.
TOOL_BAR_BOXES = """(() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  const bar = document.querySelector('.board-tools');
  return {
    bar: [bar, ...bar.children].filter((e) => e.getClientRects().length).map(box),
    map: box(document.querySelector('svg.board')),
    counters: [...document.querySelectorAll('svg.board .layer-units .unit')].map((u) => ({ unit: u.dataset.unit, ...box(u.querySelector('use')) })),
  };
})()"""


def overlap(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def shown_part(counter: dict, map_box: dict) -> dict | None:
    """The part of a counter's box the map shows (None when it shows none): one half off the
    map's edge is clipped there, though its box still reaches past the edge."""
    part = {"left": max(counter["left"], map_box["left"]), "right": min(counter["right"], map_box["right"]),
            "top": max(counter["top"], map_box["top"]), "bottom": min(counter["bottom"], map_box["bottom"])}
    return part if part["left"] < part["right"] and part["top"] < part["bottom"] else None


def tool_bar_clear(page) -> None:
    """The map's tool bar (Line of sight, Draw, what to draw, which turn's plan) lies on
    screen outside the map, so no hex and no counter is under it: every counter the view shows
    can be seen and clicked."""
    page.locator(".board-tools #draw-turn").wait_for(timeout=TIMEOUT)  # the plans' tools are in it
    seen = page.evaluate(TOOL_BAR_BOXES)
    shown = [(c["unit"], shown_part(c, seen["map"])) for c in seen["counters"]]
    under = sorted({unit for unit, box in shown if box for part in seen["bar"] if overlap(box, part)})
    assert not under, f"counters under the tool bar: {under}"
    over = [part for part in seen["bar"] if overlap(part, seen["map"])]
    assert not over, f"the tool bar lies over the map {seen['map']}: {over}"
    width = page.viewport_size["width"]
    off = [part for part in seen["bar"] if part["left"] < 0 or part["right"] > width + 0.5 or part["top"] < 0]
    assert not off, f"the tool bar reaches off the screen: {off}"


def png_pixels(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """Decode an 8-bit RGB or RGBA PNG (what Chromium's screenshots are): width, height, rows."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        size, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if tag == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6), (depth, kind)
        elif tag == b"IDAT":
            idat += body
        pos += 12 + size
    step = 4 if kind == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * step
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b, c = prev[i], prev[i - step] if i >= step else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * step:x * step + 3]) for x in range(width)])
        prev = line
    return width, height, rows


def fill_seen(page, side: str) -> tuple[int, int, int]:
    """The colour drawn inside a counter of `side` (its left margin, clear of symbol and text):
    a counter standing alone, brought to the middle of the map."""
    unit = page.evaluate(
        f"""(() => {{ const all = Object.values(window.pgweb.store.view.units).filter((u) => u.hex && !u.carried_by);
        const alone = all.filter((u) => u.side === '{side}' && !u.moved_fired && all.filter((x) => x.hex === u.hex).length === 1);
        return alone.length ? alone[0].id : null; }})()""")
    assert unit, f"no {side} counter alone in its hex"
    page.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{unit}'].hex)")
    page.mouse.move(1, 1)
    page.wait_for_function(f"() => document.querySelector('svg.board [data-unit=\"{unit}\"] use')", timeout=TIMEOUT)
    box = page.evaluate(f"(() => {{ const r = document.querySelector('svg.board [data-unit=\"{unit}\"] use').getBoundingClientRect(); return {{ x: r.left, y: r.top, w: r.width, h: r.height }}; }})()")
    clip = {"x": box["x"] + box["w"] * 0.1, "y": box["y"] + box["h"] * 0.45, "width": 3, "height": 3}
    pages_kit.painted(page)
    _, _, rows = png_pixels(page.screenshot(clip=clip))
    return rows[1][1]


def test_the_board_geometry_on_a_phone_and_for_a_spectator(browser, live_server_url, live_server_env) -> None:
    players = two_players(browser, live_server_url, dice=(live_server_env, "05" * 32))
    first = roll_initiative(players)
    phone = first.phone
    phone.goto(f"{live_server_url}/games/{first.game}/")
    phone.wait_for_function("() => Number(document.body.dataset.version || -1) >= 1", timeout=TIMEOUT)
    phone.locator("svg.board .layer-units .unit").first.wait_for(timeout=TIMEOUT)
    sizes = phone.evaluate(
        "[...document.querySelectorAll('svg.board .layer-units .unit use')].map((u) => u.getBoundingClientRect().width)")
    assert sizes and min(sizes) >= 28, min(sizes)
    header = phone.locator(".site-header").bounding_box()
    assert header["height"] <= 48, header  # one line, not a wrapped block over the map
    # Propose an activation: the confirm is in the sheet, inside the screen.
    unit = next(c["unit"] for c in first.commands("activate") if c["kind"] == "unit")
    phone.evaluate(f"window.pgweb.board.centerOn(window.pgweb.store.view.units['{unit}'].hex)")
    phone.evaluate("window.pgweb.board.spread(null)")
    phone.locator(f'svg [data-unit="{unit}"]').tap()
    if phone.locator("#stack-panel").is_visible() and not phone.evaluate(f"window.pgweb.ui.picked.includes('{unit}')"):
        phone.locator(f'#stack-panel input[data-unit="{unit}"]').tap()
    phone.locator("#unit-actions button[data-command=activate]").first.tap()
    button = phone.locator("#confirm .btn-confirm")
    button.wait_for(timeout=TIMEOUT)
    box = button.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["viewport"]["height"], box
    assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE["viewport"]["width"], box
    sheet = phone.locator(".action-panel").bounding_box()
    assert sheet["height"] <= PHONE["viewport"]["height"] * 0.34 + 1, sheet  # a third of the screen at most
    shot(phone, "geometry-phone-confirm")
    # A spectator on a phone, then on the same page widened to a desktop window: each side
    # in its own colour, as drawn.
    faces = phone.evaluate("JSON.parse(document.getElementById('pg-boot').textContent).faces.sides")
    sam = guest(browser, live_server_url, **PHONE)
    open_board(sam, f"{live_server_url}/games/{first.game}/")
    sam.locator("#dice").wait_for(state="hidden", timeout=TIMEOUT)
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        sam.set_viewport_size(size["viewport"])
        seen = {side: fill_seen(sam, side) for side in ("su", "ge")}
        assert sum(abs(a - b) for a, b in zip(seen["su"], seen["ge"], strict=True)) > 60, seen
        for side, rgb in seen.items():
            want = tuple(int(faces[side]["fill"][i:i + 2], 16) for i in (1, 3, 5))
            assert sum(abs(a - b) for a, b in zip(rgb, want, strict=True)) < 40, (side, rgb, want)
        shot(sam, f"geometry-spectator-{name}")
        assault_marker_clear_of_a_fan(sam, name)


# The hex of the map's largest stack, offered as an assault target and fanned out: the boxes
# of its assault marker and of its counters.
FANNED_TARGET = """(() => {
  const board = window.pgweb.board;
  const counts = {};
  for (const u of document.querySelectorAll('svg.board .layer-units .unit')) counts[u.dataset.hex] = (counts[u.dataset.hex] || 0) + 1;
  const hex = Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0];
  board.centerOn(hex);
  board.setOverlay({ targets: [{ hex, kind: "assault", assault: true }] });
  board.spread(hex);
  board.redraw();
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return {
    hex, count: counts[hex],
    marker: box(document.querySelector(`svg.board [data-assault="${hex}"] rect`)),
    counters: [...document.querySelectorAll(`svg.board .unit.spread[data-hex="${hex}"] use`)].map(box),
  };
})()"""


def assault_marker_clear_of_a_fan(page, name: str) -> None:
    """A stack fanned out to be read keeps its assault marker beside it, over none of its
    counters (the marker lies in a layer over the counters and takes the pointer)."""
    seen = page.evaluate(FANNED_TARGET)
    assert seen["count"] > 1 and len(seen["counters"]) == seen["count"], seen
    under = [c for c in seen["counters"] if overlap(seen["marker"], c)]
    assert not under, f"the assault marker on {seen['hex']} covers {under}"
    shot(page, f"geometry-assault-fanned-{name}")
    page.evaluate("window.pgweb.board.setOverlay({}); window.pgweb.board.spread(null)")


def test_the_map_tool_bar_sits_above_a_panzer_leader_map_clear_of_its_counters(browser, live_server_url) -> None:
    """Hollenbach opened on a laptop and on a phone: the tool bar above the map's top row."""
    desk = guest(browser, live_server_url, **DESKTOP)
    phone = guest(browser, live_server_url, **PHONE)
    url = start_game(live_server_url, phone, desk, "pl-hollenbach", ("allied", "german"))
    desk.set_viewport_size(LAPTOP)
    for name, page in (("phone", phone), ("laptop", desk)):
        open_board(page, url)
        tool_bar_clear(page)
        shot(page, f"tool-bar-pl-{name}")
