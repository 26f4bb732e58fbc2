"""Benchmark the board against its budgets: the first render of the largest scenario in
Chromium, and the gzipped kilobytes of JS and CSS the game page loads.

The page under test is a harness served from static/: the real board, store and protocol
modules, the map payload and counter types the game page embeds, and the snapshot frame a
Soviet player's socket receives at the start of Sosna Line (six boards, 1,440 hexes, 300
counters; built by the same adapter the server uses). `render_ms` runs from the page's data
being at hand until the browser has laid out and painted the first full frame: the map drawn
(terrain, roads, hexsides, board letters), the snapshot parsed and stored, every counter
drawn; the median of the runs, each on a fresh page. `page_kb_gz`: every ES module the game
page imports (followed from game/main.js and the notifications script base.html adds for a
signed-in player) and its stylesheets (pgweb.css, game.css, clocks.css), each gzipped.

Budgets (issue 12): render_ms <= 100, page_kb_gz <= 170. The bench prints OK or OVER for
each and exits 1 when one is over.

Run: .venv/bin/python bench/board.py [--runs N] [--screenshot PATH] [--smoke]
Last line: board: hexes=H counters=C render_ms=R page_kb_gz=K OK|OVER
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import engine_adapter as engine  # noqa: E402
from games import protocol  # noqa: E402
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state  # noqa: E402

SCENARIO = "sosna-line"
STATIC = ROOT / "static"
CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
IMPORT = re.compile(r"""(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']""")

HARNESS = """<!DOCTYPE html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/static/games/css/pgweb.css">
<link rel="stylesheet" href="/static/games/css/game.css"></head>
<body><main><div class="game-page"><svg id="board" class="board"></svg></div></main>
<script type="module">
import { Board } from "/static/games/js/board/board.js";
import { Store } from "/static/games/js/store.js";
import { parseServerFrame } from "/static/games/js/protocol.js";
const boot = await (await fetch("/bench/boot.json")).json();
const frameText = await (await fetch("/bench/snapshot.txt")).text();
const nextPaint = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
window.runOnce = async () => {
  document.getElementById("board")?.remove();
  await nextPaint();
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.id = "board"; svg.setAttribute("class", "board");
  document.querySelector(".game-page").append(svg);
  // The first render as a player sees it: the map, then the snapshot's counters on it.
  const board = new Board(svg, { map: boot.map, types: boot.types, faces: boot.faces });
  const store = new Store();
  store.subscribe((c) => board.setView(c.view));
  store.applyFrame(parseServerFrame(frameText));
  await new Promise((r) => requestAnimationFrame(r)); // the board draws in this frame
  const js = performance.now() - t0;
  svg.getBoundingClientRect();
  await nextPaint();
  const ms = performance.now() - t0;
  return { ms, js, counters: svg.querySelectorAll(".layer-units .unit").length, hexes: boot.map.hexes.length,
           terrain: document.querySelectorAll(".layer-terrain > *").length };
};
window.ready = true;
</script></body></html>"""


def module_graph(entry: Path) -> list[Path]:
    """Every ES module reachable from `entry` through static imports."""
    seen: list[Path] = []
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.append(path)
        for spec in IMPORT.findall(path.read_text()):
            if spec.startswith("."):
                todo.append((path.parent / spec).resolve())
    return sorted(seen)


RENDER_BUDGET_MS = 100
PAGE_BUDGET_KB = 170


def page_kb_gz() -> tuple[float, list[tuple[str, int]]]:
    files = module_graph(STATIC / "games/js/game/main.js")
    files += [f for f in module_graph(STATIC / "notifications/js/notify.js") if f not in files]
    files += [STATIC / "games/css/pgweb.css", STATIC / "games/css/game.css", STATIC / "games/css/clocks.css"]
    sizes = [(str(f.relative_to(STATIC)), len(gzip.compress(f.read_bytes(), 9))) for f in files]
    return sum(s for _, s in sizes) / 1024, sizes


def snapshot_payloads() -> tuple[dict, str]:
    scen = bundled_scenarios()[SCENARIO]
    state = initial_state(scen)
    side = scen.sides[0].id
    view = engine.audience_view("bench", 1, state, engine.side_audience(side))
    frame = protocol.encode(protocol.snapshot_frame(1, view))
    boot = {"map": engine.map_payload(SCENARIO), "types": engine.counter_types(SCENARIO),
            "faces": engine.counter_faces(SCENARIO)}
    return boot, frame


def serve(tmp: Path) -> tuple[http.server.ThreadingHTTPServer, int]:
    (tmp / "static").symlink_to(STATIC)
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(tmp))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--screenshot", type=Path, default=None)
    parser.add_argument("--smoke", action="store_true",
                        help="seconds: one timed run (make test checks the last line)")
    args = parser.parse_args()
    if args.smoke:
        args.runs = 1

    kb, sizes = page_kb_gz()
    for name, size in sizes:
        print(f"  {name}: {size} B gz")
    boot, frame = snapshot_payloads()
    print(f"snapshot frame: {len(frame) / 1024:.0f} KB; map payload: "
          f"{len(json.dumps(boot['map'])) / 1024:.0f} KB")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        (tmp / "bench").mkdir()
        (tmp / "bench" / "boot.json").write_text(json.dumps(boot))
        (tmp / "bench" / "snapshot.txt").write_text(frame)
        (tmp / "bench" / "index.html").write_text(HARNESS)
        server, port = serve(tmp)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                results = []
                for _ in range(args.runs + 1):  # a fresh page each time: a cold first snapshot
                    page.goto(f"http://127.0.0.1:{port}/bench/index.html")
                    page.wait_for_function("window.ready === true", timeout=20_000)
                    results.append(page.evaluate("window.runOnce()"))
                if errors:
                    raise SystemExit(f"page errors: {errors}")
                if args.screenshot:
                    page.screenshot(path=str(args.screenshot))
                browser.close()
        finally:
            server.shutdown()
    timed = [r["ms"] for r in results[1:]]  # the first load warms the browser's HTTP cache
    print("runs ms: " + " ".join(f"{t:.1f}" for t in timed)
          + f" (min {min(timed):.0f}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    print("of which script until the frame: " + " ".join(f"{r['js']:.1f}" for r in results[1:]))
    last = results[-1]
    render = statistics.median(timed)
    verdicts = {
        "render": "OK" if render <= RENDER_BUDGET_MS else "OVER",
        "page": "OK" if kb <= PAGE_BUDGET_KB else "OVER",
    }
    print(f"budgets: render {render:.0f} ms of {RENDER_BUDGET_MS} {verdicts['render']}; "
          f"page {kb:.1f} KB of {PAGE_BUDGET_KB} {verdicts['page']}")
    over = "OVER" in verdicts.values()
    print(f"board: hexes={last['hexes']} counters={last['counters']} "
          f"render_ms={render:.0f} page_kb_gz={kb:.1f} {'OVER' if over else 'OK'}")
    if over and not args.smoke:  # a smoke run checks the bench runs, not the machine's speed
        sys.exit(1)


if __name__ == "__main__":
    main()
