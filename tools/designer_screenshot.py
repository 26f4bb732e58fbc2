"""Take the README's designer screenshot (docs/img/designer-desktop.png) from a realistic
draft: a river-crossing battle on a 12 by 8 board, drawn with terrain, a hill, a stream
with a bridge and a ford, a road and a trail, two objectives, formations with named leaders
and off-board artillery, and one mistake left in (a Soviet platoon set up in a German-held
hex), which the check marks on its hex and lists beside the map.

Run against a serving pgweb (`make run` in another terminal):

    .venv/bin/python tools/designer_screenshot.py [http://127.0.0.1:8000] [--out docs/img]

A guest saves the draft through the REST API (a new guest each run: on a server where an
earlier run saved the battle, pass another `--id`), then opens it in the designer in a 1400x900
Chromium (Debian's, /usr/bin/chromium). Look at the screenshot before it goes in the README.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
DESKTOP = {"viewport": {"width": 1400, "height": 900}}
WAIT = 20_000

TERRAIN = [
    "wwW..ff.....",
    "wWw..ff..ff.",
    "ww...ff..ff.",
    "w.......tt..",
    ".f......tt.w",
    ".ff.ww.....w",
    ".ff.ww...sww",
    "...www...sss",
]
ELEVATION = ["000000000122", "000000000112", "000000000011"] + ["0" * 12] * 5
# The stream runs down the edge between columns 7 and 8: each hex of column 7 (not shoved
# down) has its NE and SE sides on it (the top hex's NE side is off the board). The road
# crosses it by a bridge, the trail by a ford.
STREAM = [{"hex": f"07{r:02d}", "side": side, "feature": "stream"}
          for r in range(1, 9) for side in ("NE", "SE") if (r, side) != (1, "NE")]
CROSSINGS = [{"hex": "0704", "side": "SE", "feature": "bridge"},
             {"hex": "0705", "side": "SE", "feature": "ford"}]
ROADS = [{"kind": "road", "hexes": [f"{c:02d}04" for c in range(1, 13)]},
         {"kind": "trail", "hexes": ["0307", "0406", "0506", "0605", "0705"]}]

UNITS = [
    ("ge-ldr", "ge_ldr_cpt_a", "attacker", "A0204", "kg-brandt", "Hauptmann Brandt"),
    ("ge-1", "ge_rifle", "attacker", "A0204", "kg-brandt", None),
    ("ge-2", "ge_rifle", "attacker", "A0203", "kg-brandt", None),
    ("ge-3", "ge_smg", "attacker", "A0305", "kg-brandt", None),
    ("ge-4", "ge_hmg", "attacker", "A0103", "kg-brandt", None),
    ("ge-5", "ge_stug_iii", "attacker", "A0104", "kg-brandt", None),
    ("su-ldr", "su_ldr_cpt_a", "defender", "A0904", "rifle-bn", "Kapitan Orlov"),
    ("su-1", "su_rifle", "defender", "A0904", "rifle-bn", None),
    ("su-2", "su_rifle", "defender", "A1005", "rifle-bn", None),
    ("su-3", "su_hmg", "defender", "A1102", "rifle-bn", None),
    ("su-4", "su_at_45", "defender", "A0805", "rifle-bn", None),
    ("su-5", "su_rifle", "defender", "A0203", "rifle-bn", None),  # the mistake: a German hex
]


def draft(battle_id: str, blank: dict) -> dict:
    doc = dict(blank)
    board = doc["boards"]["board1"]
    board.update(name="Sokolovo", terrain=TERRAIN, elevation=ELEVATION,
                 hexsides=STREAM + CROSSINGS, roads=ROADS)
    doc.update(
        id=battle_id, title="The ford at Sokolovo", date="1943-08-12", turns=10,
        description=("A German battle group must take the village of Sokolovo and the hill "
                     "beyond it before the Soviet rifle battalion holding the stream line is "
                     "reinforced."),
        formations=[{"id": "kg-brandt", "name": "Kampfgruppe Brandt", "side": "attacker"},
                    {"id": "rifle-bn", "name": "3rd Rifle Battalion", "side": "defender"}],
        units=[{"id": uid, "type": type_, "side": side, "hex": hex_, "formation": formation,
                **({"name": name} if name else {})}
               for uid, type_, side, hex_, formation, name in UNITS],
        special_rules=[{"rule": "offboard_artillery", "side": "attacker",
                        "text": "Off-board artillery",
                        "increments": [{"id": "ge-105", "name": "10.5 cm battalion",
                                        "strength": 16, "from_turn": 2}]}],
    )
    doc["sides"][0].update(name="Kampfgruppe Brandt",
                           briefing="Cross the stream by the bridge or the ford and take the village.")
    doc["sides"][1].update(name="Soviet rifle battalion",
                           briefing="Hold Sokolovo and Hill 112 until the tanks come up.")
    doc["victory"]["hexes"] = [
        {"hex": "A0904", "name": "Sokolovo", "points": 3, "holder": "defender"},
        {"hex": "A1102", "name": "Hill 112", "points": 2, "holder": "defender"},
    ]
    return doc


def call(page: Page, base: str, method: str, path: str, data: dict | None = None) -> dict:
    """The REST API as this page's guest (session cookie and CSRF token)."""
    page.request.get(base + "/api/v1/auth/session")
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")
    answer = page.request.fetch(base + path, method=method, data=data,
                                headers={"X-CSRFToken": token})
    if not answer.ok:
        raise SystemExit(f"{method} {path}: {answer.status} {answer.text()}")
    return answer.json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument("--out", default="docs/img", type=Path)
    parser.add_argument("--id", default="ford-at-sokolovo", help="the battle's id")
    args = parser.parse_args()
    base = args.base.rstrip("/")
    args.out.mkdir(parents=True, exist_ok=True)
    battle_id = args.id
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                             args=["--headless", "--no-sandbox"])
        page = browser.new_context(**DESKTOP).new_page()
        call(page, base, "POST", "/api/v1/auth/guest")
        blank = call(page, base, "GET", "/api/v1/designer/blank?ruleset=panzer_grenadier"
                                        "&columns=12&rows=8")
        saved = call(page, base, "POST", "/api/v1/designer/scenarios",
                     {"ruleset": "panzer_grenadier", "document": draft(battle_id, blank)})
        problems = saved["revisions"][-1]["problems"]
        if [p["hex"] for p in problems] != ["A0203"]:
            raise SystemExit(f"expected the one stacking problem at A0203, got {problems}")
        page.goto(f"{base}/design/{battle_id}/")
        page.wait_for_function("() => window.pgweb.designer.board !== null", timeout=WAIT)
        page.wait_for_selector("svg .target[data-hex=A0203]", timeout=WAIT)
        page.check("input[name=tool][value=hexside]")
        page.mouse.move(2, 2)
        page.evaluate("window.scrollTo(0, 0)")
        path = args.out / "designer-desktop.png"
        page.screenshot(path=str(path))
        print(path)
        browser.close()


if __name__ == "__main__":
    main()
