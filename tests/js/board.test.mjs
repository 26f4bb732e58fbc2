// The board's pure parts (geometry, layers, pan and zoom) and its thin DOM code on a fake DOM.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { Board, intentAt } from "../../static/games/js/board/board.js";
import {
  center, hexPoints, indexHexes, labelLayout, mapBounds, pathThrough, sharedEdge,
} from "../../static/games/js/board/geometry.js";
import {
  TERRAIN_STYLE, boardMarkItems, hexLabelItems, hexsideItems, patternDefs, patternId, roadItems, shortName, stacks,
  terrainItems, unitItems,
} from "../../static/games/js/board/layers.js";
import { SVG_NS, reconcile } from "../../static/games/js/board/svg.js";
import { clampViewBox, clientToMap, panBy, viewBoxText, zoomAt } from "../../static/games/js/board/viewbox.js";
import { DIRECTIONS, DIRECTION_NAMES, formatLabel, offsetToAxial, parseLabel } from "../../static/games/js/hex.js";

const readJson = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), "utf-8"));
const TINY = readJson("../data/boards/tiny.json");
const TERRAIN = readJson("../../games/rules/panzer_grenadier/data/terrain.json");

/** The map payload the server will send, built from a board file as games/rules/panzer_grenadier/core/maps.py does. */
function payloadFromBoard(board, label = "A") {
  const boards = [{ label, columns: board.columns, rows: board.rows, at: [0, 0] }];
  const layout = labelLayout({ boards });
  const hexes = [];
  board.terrain.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const h = offsetToAxial(col, row);
      hexes.push({ hex: formatLabel(h, layout), q: h.q, r: h.r, terrain: board.legend[ch], elevation: Number(board.elevation[row][col]) });
    });
  });
  const hexsides = board.hexsides.map((s) => {
    const h = parseLabel(label + s.hex, layout);
    const d = DIRECTIONS[DIRECTION_NAMES.indexOf(s.side)];
    const other = formatLabel({ q: h.q + d.q, r: h.r + d.r }, layout);
    return { a: label + s.hex, b: other, features: s.feature === "stream" ? ["stream"] : ["stream", s.feature] };
  });
  const roads = board.roads.map((r) => ({ kind: r.kind, hexes: r.hexes.map((x) => label + x) }));
  return { boards, hexes, hexsides, roads };
}

const MAP = payloadFromBoard(TINY);
const INDEX = indexHexes(MAP);
const near = (a, b, eps = 0.02) => Math.abs(a - b) <= eps;
const dist = (p, q) => Math.hypot(p.x - q.x, p.y - q.y);

describe("geometry", () => {
  test("the payload's labels and axial coordinates agree with hex.js", () => {
    const layout = labelLayout(MAP);
    assert.equal(MAP.hexes.length, 24);
    for (const h of MAP.hexes) assert.deepEqual(parseLabel(h.hex, layout), { q: h.q, r: h.r }, h.hex);
  });

  test("hex A0101 is centred on the origin, and a hex has six corners one radius away", () => {
    assert.deepEqual(center(INDEX.get("A0101"), 30), { x: 0, y: 0 });
    const c = center(INDEX.get("A0302"), 30);
    const corners = hexPoints(INDEX.get("A0302"), 30).split(" ").map((s) => s.split(",").map(Number));
    assert.equal(corners.length, 6);
    for (const [x, y] of corners) assert.ok(near(Math.hypot(x - c.x, y - c.y), 30), `${x},${y}`);
  });

  test("the hexside between neighbours in each direction is their shared edge, either way round", () => {
    const a = { q: 2, r: 1 };
    for (const d of DIRECTIONS) {
      const b = { q: a.q + d.q, r: a.r + d.r };
      const edge = sharedEdge(a, b, 30);
      assert.deepEqual(edge, sharedEdge(b, a, 30));
      assert.ok(near(dist(edge[0], edge[1]), 30));
      for (const end of edge) {
        assert.ok(near(dist(end, center(a, 30)), 30) && near(dist(end, center(b, 30)), 30));
      }
    }
  });

  test("hexes that are not neighbours share no hexside", () => {
    assert.equal(sharedEdge({ q: 0, r: 0 }, { q: 2, r: 0 }), null);
    assert.equal(sharedEdge({ q: 0, r: 0 }, { q: 0, r: 0 }), null);
  });

  test("the map's bounds hold every corner of every hex", () => {
    const b = mapBounds(MAP, 30);
    for (const h of MAP.hexes) {
      for (const [x, y] of hexPoints(h, 30).split(" ").map((s) => s.split(",").map(Number))) {
        assert.ok(x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height);
      }
    }
  });

  test("a path goes through its points in order", () => {
    assert.equal(pathThrough([{ x: 0, y: 0 }, { x: 45, y: 25.98 }]), "M0 0 L45 25.98");
  });
});

describe("layers", () => {
  test("every terrain of terrain.json has a fill and a pattern", () => {
    const ids = new Set(patternDefs().map((p) => p.attrs.id));
    for (const terrain of Object.keys(TERRAIN.terrain)) {
      assert.ok(TERRAIN_STYLE[terrain], terrain);
      assert.ok(ids.has(patternId(terrain)), terrain);
    }
    assert.equal(patternId("lava"), "pg-terrain-unknown");
    assert.ok(ids.has("pg-terrain-unknown"));
  });

  test("terrain patterns differ by more than colour: each known terrain but clear has a motif", () => {
    const motifs = patternDefs().map((p) => JSON.stringify(p.children.slice(1)));
    const withMotif = motifs.filter((m) => m !== "[]");
    assert.equal(withMotif.length, new Set(withMotif).size, "no two terrains share a motif");
    assert.equal(motifs.length - withMotif.length, 1, "only clear is plain");
  });

  test("one path per terrain holds every hex of it, filled with the terrain's pattern", () => {
    const items = terrainItems(MAP, 30).filter((i) => i.attrs.class.startsWith("terrain "));
    const kinds = new Set(MAP.hexes.map((h) => h.terrain));
    assert.deepEqual(new Set(items.map((i) => i.attrs["data-terrain"])), kinds);
    const woods = items.find((i) => i.key === "terrain-light_woods");
    assert.equal(woods.attrs.fill, "url(#pg-terrain-light_woods)");
    const hexes = (d) => (d.match(/M/g) ?? []).length;
    assert.equal(items.reduce((n, i) => n + hexes(i.attrs.d), 0), MAP.hexes.length);
    const c = center(INDEX.get("A0301"), 30);
    assert.ok(woods.attrs.d.includes(`M${c.x + 30} ${c.y}l`));
  });

  test("elevation is written as a number, so hills read without colour", () => {
    const items = terrainItems(MAP, 30);
    const heights = items.find((i) => i.key === "elevations").children;
    const hill = heights.find((t) => t.attrs["data-hex"] === "A0402"); // elevation 2
    assert.equal(hill.text, "2");
    assert.ok(items.some((i) => i.attrs.class === "relief elev-2"));
    assert.ok(!heights.some((t) => t.attrs["data-hex"] === "A0101"));
  });

  test("hex numbers carry the board's letter where several boards share them, and each board shows its letter", () => {
    const one = hexLabelItems(MAP, 30)[0].children;
    assert.equal(one.length, MAP.hexes.length);
    assert.ok(one.some((t) => t.text === "0301"));
    assert.deepEqual(boardMarkItems(MAP, 30), []);
    const second = payloadFromBoard(TINY, "B");
    const two = { ...MAP, boards: [...MAP.boards, { ...second.boards[0], at: [1, 0] }], hexes: [...MAP.hexes, ...second.hexes.map((h) => ({ ...h, q: h.q + 6 }))] };
    const labels = hexLabelItems(two, 30)[0].children.map((t) => t.text);
    assert.ok(labels.includes("A0301") && labels.includes("B0301"));
    assert.deepEqual(boardMarkItems(two, 30).map((m) => m.children[1].text), ["A", "B"]);
  });

  test("hex numbers can be asked for a part of the map: the hexes whose centre is in the box", () => {
    const box = { x: 0, y: 0, width: 100, height: 120 };
    const some = hexLabelItems(MAP, 30, box)[0].children;
    const inBox = MAP.hexes.filter((h) => {
      const c = center(h, 30);
      return c.x >= 0 && c.x <= 100 && c.y >= 0 && c.y <= 120;
    });
    assert.ok(inBox.length > 0 && inBox.length < MAP.hexes.length);
    assert.deepEqual(some.map((t) => t.key), inBox.map((h) => h.hex));
    assert.deepEqual(hexLabelItems(MAP, 30, { x: 0, y: 0, width: -1, height: -1 })[0].children, []);
  });

  test("hexsides draw a stream, a ford's dashes over it, and a bridge across it", () => {
    const items = hexsideItems(MAP, INDEX, 30);
    assert.equal(items.length, 3);
    const byClass = (item) => item.children.map((c) => c.attrs.class);
    assert.deepEqual(byClass(items[0]), ["stream"]);
    assert.deepEqual(byClass(items[1]), ["stream", "ford"]);
    assert.deepEqual(byClass(items[2]), ["stream", "bridge"]);
    assert.equal(items[0].key, "A0101|A0102");
    const [p, q] = sharedEdge(INDEX.get("A0101"), INDEX.get("A0102"), 30);
    assert.deepEqual(items[0].children[0].attrs, { ...items[0].children[0].attrs, x1: p.x, y1: p.y, x2: q.x, y2: q.y });
  });

  test("a hexside naming a hex that is not on the map is skipped", () => {
    const map = { ...MAP, hexsides: [{ a: "A0101", b: "Z0101", features: ["stream"] }] };
    assert.deepEqual(hexsideItems(map, INDEX, 30), []);
  });

  test("roads run through hex centres; trails are dashed", () => {
    const [road, trail] = roadItems(MAP, INDEX, 30);
    const first = center(INDEX.get("A0104"), 30);
    assert.ok(road.attrs.d.startsWith(`M${first.x} ${first.y} L`));
    assert.equal(road.attrs.d.split("L").length, 6);
    assert.equal(road.attrs["stroke-dasharray"], undefined);
    assert.equal(trail.attrs["stroke-dasharray"], "4 3");
  });
});

describe("units layer", () => {
  const unit = (id, hex, extra = {}) => ({
    id, hex, own: true, side: "us", type: "us-rifle", name: "Rifle", leader: false, steps: 2,
    status: "good", moved_fired: false, dug_in: false, carried_by: null, eliminated: false, exited: false,
    ...extra,
  });

  test("counters on the map are drawn, keyed by unit id; units off the map are not", () => {
    const units = [
      unit("u1", "A0101"),
      unit("u2", null, { entry_turn: 3 }),
      unit("u3", "A0102", { eliminated: true }),
      unit("u4", "A0102", { carried_by: "truck-1" }),
      unit("u5", "Z0909"),
    ];
    assert.deepEqual(unitItems(units, INDEX).map((i) => i.key), ["unit-u1"]);
  });

  test("a stack is offset counter by counter, leaders on top, the count on the top one", () => {
    const units = [unit("ldr", "A0202", { leader: true, name: "Lt. Adams" }), unit("b", "A0202"), unit("a", "A0202")];
    assert.deepEqual(stacks(units).get("A0202").map((u) => u.id), ["a", "b", "ldr"]);
    const items = unitItems(units, INDEX, { size: 30 });
    assert.deepEqual(items.map((i) => i.key), ["unit-a", "unit-b", "unit-ldr"]);
    const offsets = items.map((i) => i.attrs.transform.match(/translate\(([-\d.]+) ([-\d.]+)\)/).slice(1).map(Number));
    assert.ok(offsets[1][0] > offsets[0][0] && offsets[1][1] < offsets[0][1]);
    const counts = items.map((i) => i.children.find((c) => c.attrs.class === "stack-count")?.text);
    assert.deepEqual(counts, [undefined, undefined, "×3"]);
  });

  test("the chips the view gives a counter are written on it, in its order, coloured by severity", () => {
    const chips = [
      { kind: "disrupted", label: "D", title: "Disrupted", severity: "warning" },
      { kind: "moved_fired", label: "M/F", title: "Moved or fired this turn", severity: "spent" },
    ];
    const [item] = unitItems([unit("u1", "A0101", { status: "disrupted", moved_fired: true, steps: 1, chips })], INDEX);
    assert.match(item.attrs.class, /\bdisrupted\b/);
    assert.match(item.attrs.class, /\bmoved-fired\b/);
    const drawn = item.children.find((c) => c.attrs.class === "unit-chips");
    assert.equal(drawn.attrs["data-chips"], "D M/F");
    assert.equal(drawn.attrs["data-chip-kinds"], "disrupted moved_fired");
    assert.deepEqual(drawn.children.filter((c) => c.tag === "text").map((c) => c.text), ["D", "M/F"]);
    const [warning, spent] = drawn.children.filter((c) => c.tag === "rect").map((c) => c.attrs.fill);
    assert.notEqual(warning, spent);
  });

  test("the board decides no chip itself: a disrupted counter sent without chips wears none", () => {
    const [item] = unitItems([unit("u1", "A0101", { status: "disrupted", moved_fired: true, dug_in: true, steps: 1 })], INDEX);
    assert.equal(item.children.find((c) => c.attrs.class === "unit-chips"), undefined);
  });

  test("the selected counter is marked; enemy counters are told apart from own ones", () => {
    const items = unitItems([unit("u1", "A0101"), unit("g1", "A0102", { own: false, side: "ge" })], INDEX, { selected: "u1" });
    assert.match(items[0].attrs.class, /\bselected\b/);
    assert.match(items[1].attrs.class, /\benemy\b/);
    assert.equal(items[0].attrs["data-unit"], "u1");
    assert.equal(items[0].attrs["data-hex"], "A0101");
  });

  test("long names are cut to fit a counter", () => {
    assert.equal(shortName("Rifle"), "Rifle");
    assert.equal(shortName("Panzergrenadier"), "Panzerg…");
  });
});

describe("pan and zoom", () => {
  const bounds = { x: 0, y: 0, width: 1000, height: 600 };
  const vb = { x: 100, y: 100, width: 500, height: 300 };

  test("zooming keeps the map point under the pointer in place", () => {
    const at = { x: 200, y: 160 };
    const zoomed = zoomAt(vb, 2, at, bounds);
    assert.equal(zoomed.width, 250);
    const before = { fx: (at.x - vb.x) / vb.width, fy: (at.y - vb.y) / vb.height };
    assert.ok(near((at.x - zoomed.x) / zoomed.width, before.fx));
    assert.ok(near((at.y - zoomed.y) / zoomed.height, before.fy));
  });

  test("zoom stops at the limits and keeps the aspect ratio", () => {
    const tiny = zoomAt(vb, 1000, { x: 300, y: 250 }, bounds, { minWidth: 120 });
    assert.equal(tiny.width, 120);
    assert.ok(near(tiny.height / tiny.width, 0.6));
    const huge = zoomAt(vb, 0.001, { x: 300, y: 250 }, bounds, { maxFactor: 1.5 });
    assert.equal(huge.width, 1500);
  });

  test("panning cannot take the map's centre off screen", () => {
    const far = panBy(vb, 10_000, -10_000, bounds);
    assert.equal(far.x + far.width / 2, 1000);
    assert.equal(far.y + far.height / 2, 0);
    assert.deepEqual(clampViewBox(vb, bounds), vb);
  });

  test("a pointer maps to the map point under it, letterboxing included", () => {
    const rect = { left: 10, top: 20, width: 500, height: 500 }; // square element, wide box
    assert.deepEqual(clientToMap(vb, rect, 10, 270), { x: 100, y: 250 });
    assert.deepEqual(clientToMap(vb, rect, 510, 20), { x: 600, y: 0 });
  });
});

// A DOM just big enough for svg.js and board.js.
class FakeElement {
  constructor(doc, ns, tag) {
    this.ownerDocument = doc;
    this.namespaceURI = ns;
    this.tagName = tag;
    this.attrs = new Map();
    this.childNodes = [];
    this.parentNode = null;
    this.text = "";
    this.listeners = new Map();
    this.classList = { add: (c) => this.setAttribute("class", `${this.getAttribute("class") ?? ""} ${c}`.trim()) };
  }

  setAttribute(name, value) {
    this.ownerDocument.writes += 1;
    this.attrs.set(name, String(value));
  }

  getAttribute(name) {
    return this.attrs.has(name) ? this.attrs.get(name) : null;
  }

  removeAttribute(name) {
    this.ownerDocument.writes += 1;
    this.attrs.delete(name);
  }

  getAttributeNames() {
    return [...this.attrs.keys()];
  }

  get children() {
    return this.childNodes;
  }

  get firstChild() {
    return this.childNodes[0] ?? null;
  }

  get nextSibling() {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }

  set textContent(text) {
    this.childNodes = [];
    this.text = text;
  }

  get textContent() {
    return this.text + this.childNodes.map((c) => c.textContent).join("");
  }

  appendChild(child) {
    return this.insertBefore(child, null);
  }

  insertBefore(child, ref) {
    child.remove();
    this.ownerDocument.writes += 1;
    const i = ref ? this.childNodes.indexOf(ref) : this.childNodes.length;
    this.childNodes.splice(i, 0, child);
    child.parentNode = this;
    return child;
  }

  removeChild(child) {
    child.remove();
    return child;
  }

  remove() {
    if (!this.parentNode) return;
    this.ownerDocument.writes += 1;
    this.parentNode.childNodes.splice(this.parentNode.childNodes.indexOf(this), 1);
    this.parentNode = null;
  }

  closest(selector) {
    const name = selector.match(/^\[([\w-]+)\]$/)[1];
    for (let el = this; el; el = el.parentNode) if (el.attrs?.has(name)) return el;
    return null;
  }

  addEventListener(type, fn) {
    this.listeners.set(type, fn);
  }

  removeEventListener(type) {
    this.listeners.delete(type);
  }

  dispatch(type, event) {
    this.listeners.get(type)?.({ preventDefault() {}, button: 0, pointerId: 1, ...event });
  }

  getBoundingClientRect() {
    return { left: 0, top: 0, width: 600, height: 400 };
  }

  find(pred) {
    if (pred(this)) return this;
    for (const c of this.childNodes) {
      const hit = c.find(pred);
      if (hit) return hit;
    }
    return null;
  }
}

class FakeDocument {
  writes = 0;

  createElementNS(ns, tag) {
    return new FakeElement(this, ns, tag);
  }
}

describe("keyed drawing", () => {
  const item = (key, x, text = key) => ({ key, tag: "g", attrs: { transform: `translate(${x} 0)` }, children: [{ tag: "text", attrs: {}, text }] });

  test("the first draw builds SVG elements from the descriptions", () => {
    const doc = new FakeDocument();
    const parent = doc.createElementNS(SVG_NS, "g");
    assert.equal(reconcile(doc, parent, [item("a", 1), item("b", 2)]), 2);
    assert.deepEqual(parent.children.map((c) => c.getAttribute("data-key")), ["a", "b"]);
    assert.equal(parent.children[0].namespaceURI, SVG_NS);
    assert.equal(parent.children[1].textContent, "b");
  });

  test("drawing the same state twice touches nothing", () => {
    const doc = new FakeDocument();
    const parent = doc.createElementNS(SVG_NS, "g");
    reconcile(doc, parent, [item("a", 1), item("b", 2)]);
    const writes = doc.writes;
    assert.equal(reconcile(doc, parent, [item("a", 1), item("b", 2)]), 0);
    assert.equal(doc.writes, writes);
  });

  test("a counter that moves is the same element with a new position; gone keys are removed", () => {
    const doc = new FakeDocument();
    const parent = doc.createElementNS(SVG_NS, "g");
    reconcile(doc, parent, [item("a", 1), item("b", 2), item("c", 3)]);
    const a = parent.children[0];
    assert.equal(reconcile(doc, parent, [item("c", 3), item("a", 9)]), 0);
    assert.deepEqual(parent.children.map((c) => c.getAttribute("data-key")), ["c", "a"]);
    assert.equal(parent.children[1], a);
    assert.equal(a.getAttribute("transform"), "translate(9 0)");
  });

  test("attributes no longer described are removed", () => {
    const doc = new FakeDocument();
    const parent = doc.createElementNS(SVG_NS, "g");
    reconcile(doc, parent, [{ key: "a", tag: "path", attrs: { d: "M0 0", "stroke-dasharray": "4 3" } }]);
    reconcile(doc, parent, [{ key: "a", tag: "path", attrs: { d: "M0 0" } }]);
    assert.deepEqual(parent.children[0].getAttributeNames().sort(), ["d", "data-key"]);
  });
});

describe("the board", () => {
  function board() {
    const doc = new FakeDocument();
    const svg = doc.createElementNS(SVG_NS, "svg");
    const intents = [];
    const frames = [];
    const b = new Board(svg, { map: MAP, onIntent: (i) => intents.push(i), requestFrame: (fn) => frames.push(fn) });
    return { b, svg, intents, frames, layer: (name) => svg.find((e) => e.getAttribute("class") === `layer layer-${name}`) };
  }
  const rifle = { id: "u1", hex: "A0101", own: true, side: "us", name: "Rifle", leader: false, steps: 2, status: "good" };

  test("the map is drawn once, in layers, and framed by the viewBox", () => {
    const { svg, layer } = board();
    assert.equal(layer("terrain").children.filter((c) => c.getAttribute("class").startsWith("terrain ")).length, new Set(MAP.hexes.map((h) => h.terrain)).size);
    assert.equal(layer("labels").children[0].children.length, 24);
    assert.equal(layer("roads").children.length, 2);
    assert.equal(layer("hexsides").children.filter((c) => c.getAttribute("class").startsWith("hexside")).length, 3);
    assert.equal(svg.getAttribute("viewBox").split(" ").length, 4);
  });

  test("only the hexes on screen are numbered, and a number still on screen after a move is the same node", () => {
    // Chromium lays out every SVG text again at each move of the viewBox: numbers off screen
    // would be laid out for nothing at every pan and zoom.
    const { b, layer } = board();
    const numbers = () => layer("labels").children[0].children;
    const shownHexes = () => {
      // The fake board is 600x400 client pixels; "meet" widens the viewBox to that shape.
      const vb = b.viewBox;
      const scale = Math.max(vb.width / 600, vb.height / 400);
      const [w, h] = [600 * scale, 400 * scale];
      const [x, y] = [vb.x - (w - vb.width) / 2, vb.y - (h - vb.height) / 2];
      return MAP.hexes.filter((hex) => {
        const c = center(hex, 30);
        return c.x >= x - 45 && c.x <= x + w + 45 && c.y >= y - 45 && c.y <= y + h + 45;
      }).map((hex) => hex.hex);
    };
    assert.equal(numbers().length, MAP.hexes.length); // the whole small map is on screen
    b.zoom(3);
    b.centerOn("A0101");
    const near = numbers().map((t) => t.getAttribute("data-key"));
    assert.deepEqual(near, shownHexes());
    assert.ok(near.length < MAP.hexes.length && near.includes("A0101"));
    const kept = numbers().find((t) => t.getAttribute("data-key") === "A0101");
    b.centerOn("A0202");
    assert.deepEqual(numbers().map((t) => t.getAttribute("data-key")), shownHexes());
    assert.equal(numbers().find((t) => t.getAttribute("data-key") === "A0101"), kept);
  });

  test("a board that grows numbers the hexes it now shows, until it is destroyed", () => {
    const observers = [];
    globalThis.ResizeObserver = class {
      constructor(fn) { Object.assign(this, { fn, watched: null, stopped: false }); observers.push(this); }
      observe(el) { this.watched = el; }
      disconnect() { this.stopped = true; }
    };
    try {
      const doc = new FakeDocument();
      const page = doc.createElementNS(SVG_NS, "g"); // the board's place in the page
      const svg = doc.createElementNS(SVG_NS, "svg");
      page.appendChild(svg);
      const b = new Board(svg, { map: MAP, requestFrame: () => {}, deferLabels: false });
      const numbers = () => svg.find((e) => e.getAttribute("class") === "layer layer-labels").children[0].children.length;
      b.zoom(3);
      b.centerOn("A0101");
      const small = numbers();
      assert.equal(observers.length, 1);
      assert.equal(observers[0].watched, svg);
      // Wider, as tall: "meet" shows more of the map on both sides of the same viewBox.
      svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1800, height: 400 });
      observers[0].fn();
      assert.ok(numbers() > small, `${numbers()} numbers after growing, ${small} before`);
      b.destroy();
      assert.equal(observers[0].stopped, true);
    } finally {
      delete globalThis.ResizeObserver;
    }
  });

  test("a map seen whole, too small to read its numbers, has none drawn", () => {
    // Eight small boards side by side: 48 columns, wider than the zoom where numbers show.
    const wide = { ...MAP, boards: [], hexes: [..."ABCDEFGH"].flatMap((letter, i) => MAP.hexes.map((h) => ({ ...h, hex: letter + h.hex.slice(1), q: h.q + 6 * i }))) };
    const doc = new FakeDocument();
    const svg = doc.createElementNS(SVG_NS, "svg");
    const b = new Board(svg, { map: wide, requestFrame: () => {} });
    const numbers = () => svg.find((e) => e.getAttribute("class") === "layer layer-labels").children[0].children;
    assert.equal(numbers().length, 0);
    b.zoom(8);
    assert.ok(numbers().length > 0 && numbers().length < wide.hexes.length);
    b.zoom(1 / 8);
    assert.equal(numbers().length, 0);
  });

  test("a new map under the same board keeps the view and a press under way; a map of a new extent is shown whole", () => {
    // The designer's map changes with its document, and the server's answer can come
    // between a press and its release or while the player is zoomed in to paint.
    const { b, svg, intents, frames, layer } = board();
    b.zoom(3);
    b.centerOn("A0101");
    const view = svg.getAttribute("viewBox");
    const at = b.hexOnScreen("A0101");
    svg.dispatch("pointerdown", { clientX: at.x, clientY: at.y });
    const painted = { ...MAP, hexes: MAP.hexes.map((h) => (h.hex === "A0101" ? { ...h, terrain: "town" } : h)), roads: [] };
    b.setMap(painted);
    svg.dispatch("pointerup", { clientX: at.x, clientY: at.y, target: svg });
    assert.deepEqual(intents, [{ kind: "hex", hex: "A0101" }]);
    assert.equal(svg.getAttribute("viewBox"), view);
    assert.equal(layer("roads").children.length, 0);
    b.setView({ units: [rifle] });
    frames.at(-1)();
    assert.equal(layer("units").children[0].getAttribute("data-hex"), "A0101");
    // A board joined to the east: the map is shown whole, as a new board would show it.
    const joined = { ...MAP, hexes: [...MAP.hexes, ...MAP.hexes.map((h) => ({ ...h, hex: `B${h.hex.slice(1)}`, q: h.q + 6 }))] };
    b.setMap(joined);
    const whole = new Board(new FakeDocument().createElementNS(SVG_NS, "svg"), { map: joined, requestFrame: () => {} });
    assert.equal(svg.getAttribute("viewBox"), viewBoxText(whole.viewBox));
  });

  test("views are drawn at most once a frame, from the latest one", () => {
    const { b, frames, layer } = board();
    b.setView({ units: [rifle] });
    b.setView({ units: [{ ...rifle, hex: "A0102" }] });
    assert.equal(frames.length, 1);
    frames[0]();
    assert.equal(layer("units").children.length, 1);
    assert.equal(layer("units").children[0].getAttribute("data-hex"), "A0102");
  });

  test("the odds and costs of the overlay lie over the counters and take no pointer", () => {
    // A counter in a target hex would hide the odds drawn under it: they are drawn after the
    // counters, and a press on them reaches the counter or the hex underneath.
    const { b, svg, frames, layer } = board();
    const enemy = { ...rifle, id: "e1", hex: "A0201", own: false, side: "ge" };
    b.setView({ units: [rifle, enemy] });
    b.setOverlay({ reach: [{ hex: "A0102", cost: "2" }], targets: [{ hex: "A0201", kind: "fire", label: "col 4 · 25%" }] });
    frames[0]();
    const layers = svg.children.map((c) => c.getAttribute("class"));
    assert.ok(layers.indexOf("layer layer-overlay-labels") > layers.indexOf("layer layer-units"), layers.join(", "));
    assert.ok(layers.indexOf("layer layer-units") > layers.indexOf("layer layer-overlays"), layers.join(", "));
    const labels = layer("overlay-labels").children;
    const odds = labels.find((c) => c.getAttribute("class") === "target-label");
    assert.equal(odds.getAttribute("data-hex"), "A0201");
    assert.equal(odds.textContent, "col 4 · 25%");
    assert.equal(labels.find((c) => c.getAttribute("class") === "reach-cost").textContent, "2 MP");
    for (const label of labels) assert.equal(label.getAttribute("pointer-events"), "none");
    // The target's hex is still marked, and pressed, under the counters; its words are not there.
    assert.equal(layer("overlays").find((e) => e.getAttribute("data-hex") === "A0201").getAttribute("class"), "target target-fire");
    assert.ok(!layer("overlays").textContent.includes("25%"));
  });

  test("the assault marker lies over a tall stack, beside its counters, and a press on it starts the assault", () => {
    // Drawn under the counters, a stack of four covered the marker: it could be neither seen
    // nor pressed. It is drawn after them, at the hex's west corner, clear of every counter.
    const { b, svg, intents, frames, layer } = board();
    const stack = ["e1", "e2", "e3", "e4"].map((id) => ({ ...rifle, id, hex: "A0201", own: false, side: "ge" }));
    b.setView({ units: [rifle, ...stack] });
    b.setOverlay({ targets: [{ hex: "A0201", kind: "fire", assault: true, label: "col 4 · 25%" }] });
    frames[0]();
    const layers = svg.children.map((c) => c.getAttribute("class"));
    assert.ok(layers.indexOf("layer layer-assault-markers") > layers.indexOf("layer layer-units"), layers.join(", "));
    assert.ok(layers.indexOf("layer layer-assault-markers") > layers.indexOf("layer layer-overlay-labels"), layers.join(", "));
    assert.equal(layer("overlays").find((e) => e.getAttribute("data-assault") !== null), null);
    const [marker] = layer("assault-markers").children;
    assert.equal(marker.getAttribute("class"), "assault-marker");
    assert.equal(marker.getAttribute("data-assault"), "A0201");
    assert.equal(marker.getAttribute("pointer-events"), null); // it takes the pointer
    assert.ok(marker.textContent.includes("⚔ AS"));
    const box = marker.find((e) => e.tagName === "rect");
    const [left, top] = [Number(box.getAttribute("x")), Number(box.getAttribute("y"))];
    const [right, bottom] = [left + Number(box.getAttribute("width")), top + Number(box.getAttribute("height"))];
    for (const counter of layer("units").children.filter((c) => c.getAttribute("data-hex") === "A0201")) {
      const [x, y] = counter.getAttribute("transform").match(/-?[\d.]+/g).map(Number);
      const side = Math.round(30 * 1.05);
      assert.ok(right <= x || left >= x + side || bottom <= y || top >= y + side, `marker ${left},${top} over ${counter.getAttribute("data-unit")} at ${x},${y}`);
    }
    svg.dispatch("pointerdown", { clientX: 10, clientY: 10 });
    svg.dispatch("pointerup", { clientX: 10, clientY: 10, target: marker.find((e) => e.tagName === "text") });
    assert.deepEqual(intents, [{ kind: "assault", hex: "A0201" }]);
  });

  test("a click on a counter is a unit intent, on a hex a hex intent; a drag pans instead", () => {
    const { b, svg, intents, frames, layer } = board();
    b.setView({ units: [rifle] });
    frames[0]();
    const counterText = layer("units").children[0].children[0]; // the counter's <use> of its face
    svg.dispatch("pointerdown", { clientX: 10, clientY: 10 });
    svg.dispatch("pointerup", { clientX: 11, clientY: 10, target: counterText });
    const terrain = layer("terrain").children[0];
    const at = b.hexOnScreen("A0302");
    svg.dispatch("pointerdown", { clientX: at.x, clientY: at.y });
    svg.dispatch("pointerup", { clientX: at.x, clientY: at.y, target: terrain });
    const before = svg.getAttribute("viewBox");
    svg.dispatch("pointerdown", { clientX: 10, clientY: 10 });
    svg.dispatch("pointermove", { clientX: 60, clientY: 10 });
    svg.dispatch("pointerup", { clientX: 60, clientY: 10, target: terrain });
    assert.deepEqual(intents, [
      { kind: "unit", unit: "u1", hex: "A0101", spread: false },
      { kind: "hex", hex: "A0302" },
    ]);
    assert.notEqual(svg.getAttribute("viewBox"), before);
  });

  test("two pointers moving apart zoom in about their midpoint", () => {
    const { svg } = board();
    const width = () => Number(svg.getAttribute("viewBox").split(" ")[2]);
    const before = width();
    svg.dispatch("pointerdown", { pointerId: 1, clientX: 280, clientY: 200 });
    svg.dispatch("pointerdown", { pointerId: 2, clientX: 320, clientY: 200 });
    svg.dispatch("pointermove", { pointerId: 2, clientX: 400, clientY: 200 });
    assert.ok(width() < before);
  });

  test("pointing at a counter fans out its stack; the board redraws it side by side", () => {
    const { b, svg, frames, layer } = board();
    b.setView({ units: [rifle, { ...rifle, id: "u2" }] });
    frames.shift()();
    svg.dispatch("pointerover", { pointerType: "mouse", target: layer("units").children[0] });
    assert.equal(b.spreadHex, "A0101");
    frames.shift()();
    assert.ok(layer("units").children.every((c) => c.getAttribute("class").includes("spread")));
  });

  test("framing hexes shows them, at least the width asked, in the view's aspect", () => {
    const { b, svg } = board();
    const [, , w0, h0] = svg.getAttribute("viewBox").split(" ").map(Number);
    b.frame(["A0202"], 2);
    const [x, y, w, h] = svg.getAttribute("viewBox").split(" ").map(Number);
    assert.ok(w >= 2 * 30 * 1.5 && w <= w0);
    assert.ok(Math.abs(h / w - h0 / w0) < 1e-9);
    const c = b.viewBox;
    assert.ok(c.x <= 45 && c.x + c.width >= 45 && y <= 78 && y + h >= 78, `${x} ${y} ${w} ${h}`);

    // The top row across the map: the whole map, centred, never pushed to one side.
    b.frame(MAP.hexes.filter((hx) => hx.hex.endsWith("01")).map((hx) => hx.hex));
    const all = b.viewBox;
    const bounds = mapBounds(MAP, 30);
    assert.ok(Math.abs(all.x + all.width / 2 - (bounds.x + bounds.width / 2)) < 1e-6);
    assert.ok(Math.abs(all.y + all.height / 2 - (bounds.y + bounds.height / 2)) < 1e-6);
  });

  test("a pointer on nothing in particular has no intent", () => {
    assert.equal(intentAt(null), null);
    assert.equal(intentAt(new FakeDocument().createElementNS(SVG_NS, "rect")), null);
  });
});
