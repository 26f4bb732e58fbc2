// The browser's hex geometry matches games/rules/common/hexgrid.py on the shared cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  axialToOffset,
  distance,
  formatLabel,
  hexToPixel,
  line,
  neighbor,
  neighbors,
  offsetToAxial,
  parseLabel,
  pixelToHex,
} from "../../static/games/js/hex.js";

const CASES = JSON.parse(readFileSync(new URL("../data/hex_cases.json", import.meta.url), "utf-8"));
const h = ([q, r]) => ({ q, r });
const pairs = (hexes) => hexes.map((x) => [x.q, x.r]);

describe("hex_cases.json, shared with the Python tests", () => {
  for (const c of CASES.distances) {
    test(`distance ${c.a} -> ${c.b} is ${c.distance}`, () => {
      assert.equal(distance(h(c.a), h(c.b)), c.distance);
      assert.equal(distance(h(c.b), h(c.a)), c.distance);
    });
  }
  for (const c of CASES.neighbors) {
    test(`neighbours of ${c.hex} in N, NE, SE, S, SW, NW order`, () => {
      assert.deepEqual(pairs(neighbors(h(c.hex))), c.neighbors);
      c.neighbors.forEach((n, i) => assert.deepEqual(neighbor(h(c.hex), i), h(n)));
    });
  }
  for (const c of CASES.offsets) {
    test(`odd-q offset ${c.offset} is axial ${c.axial}`, () => {
      assert.deepEqual(offsetToAxial(...c.offset), h(c.axial));
      assert.deepEqual(axialToOffset(h(c.axial)), { col: c.offset[0], row: c.offset[1] });
    });
  }
  for (const c of [...CASES.lines, ...CASES.lines_contract]) {
    test(`line ${c.a} -> ${c.b} nudged both ways`, () => {
      const [plus, minus] = line(h(c.a), h(c.b));
      assert.deepEqual(pairs(plus), c.plus);
      assert.deepEqual(pairs(minus), c.minus);
    });
  }
  for (const c of CASES.labels) {
    test(`label of ${c.hex} is ${c.label}`, () => {
      assert.equal(formatLabel(h(c.hex), c.layout), c.label);
      assert.deepEqual(parseLabel(c.label, c.layout), h(c.hex));
    });
  }
  for (const c of CASES.pixels) {
    test(`centre of ${c.hex} at size ${c.size} is ${c.pixel}`, () => {
      const p = hexToPixel(h(c.hex), c.size);
      assert.ok(Math.abs(p.x - c.pixel[0]) < 1e-9 && Math.abs(p.y - c.pixel[1]) < 1e-9);
      assert.deepEqual(pixelToHex(p, c.size), h(c.hex));
    });
  }
});

describe("labels and pixels", () => {
  const layout = { columns: 20, rows: 12, boards: { A: [0, 0], B: [1, 0] } };
  test("labels that name no hex on the map parse to null", () => {
    assert.equal(parseLabel("C0101", layout), null);
    assert.equal(parseLabel("A2101", layout), null);
    assert.equal(parseLabel("A0013", layout), null);
    assert.equal(parseLabel("A305", layout), null);
  });
  test("a point near a hex's corner still falls in that hex", () => {
    const centre = hexToPixel({ q: 3, r: -1 }, 20);
    assert.deepEqual(pixelToHex({ x: centre.x + 15, y: centre.y + 5 }, 20), { q: 3, r: -1 });
    assert.deepEqual(pixelToHex({ x: centre.x - 4, y: centre.y - 16 }, 20), { q: 3, r: -1 });
  });
  test("every hex of a two-board layout round-trips through its label", () => {
    for (let col = 0; col < 40; col++) {
      for (let row = 0; row < 12; row++) {
        const x = offsetToAxial(col, row);
        assert.deepEqual(parseLabel(formatLabel(x, layout), layout), x);
      }
    }
  });
});
