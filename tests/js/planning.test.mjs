// A side's plans on the page: drawings as SVG descriptions, orders in words, and the order a
// form row sends (the server checks it).
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawingItems } from "../../static/games/js/board/drawings.js";
import { orderText, rowOrder } from "../../static/games/js/ui/planning.js";

const index = new Map([["A0101", { hex: "A0101", q: 0, r: 0 }], ["A0203", { hex: "A0203", q: 1, r: 1 }]]);

test("an arrow runs from the first hex's centre towards the second and ends in a head", () => {
  const [item] = drawingItems([{ id: 7, kind: "arrow", hexes: ["A0101", "A0203"], colour: "#2e86ab" }], index);
  assert.equal(item.key, "drawing-7");
  assert.equal(item.attrs["data-hexes"], "A0101 A0203");
  const [shaft, head] = item.children;
  assert.equal(shaft.tag, "line");
  assert.equal(shaft.attrs.x1, 0);
  assert.equal(shaft.attrs.y1, 0);
  assert.ok(shaft.attrs.x2 > 0 && shaft.attrs.y2 > 0);
  assert.equal(head.tag, "polygon");
  assert.equal(head.attrs.fill, "#2e86ab");
});

test("a circle, a hex and a label are drawn in one hex; unknown hexes and colours are not trusted", () => {
  const items = drawingItems([
    { id: 1, kind: "circle", hexes: ["A0101"], colour: "#e4572e" },
    { id: 2, kind: "hex", hexes: ["A0203"], colour: "red; x" },
    { id: 3, kind: "label", hexes: ["A0101"], text: "hold", colour: "#9c27b0" },
    { id: 4, kind: "circle", hexes: ["Z9999"], colour: "#e4572e" },
  ], index);
  assert.deepEqual(items.map((i) => i.key), ["drawing-1", "drawing-2", "drawing-3"]);
  assert.equal(items[1].children[0].attrs.fill, "#e4572e");
  assert.equal(items[2].children[0].text, "hold");
});

test("an order reads as a sentence", () => {
  assert.equal(orderText({ units: { kind: "all" }, at: { kind: "afv" }, min_chance: 40, answer: "fire" }),
    "Fire with all units at AFVs only, 40% chance or better");
  assert.equal(orderText({ units: { kind: "hex", hex: "A0203" }, at: { kind: "within", range: 2 }, min_chance: 0, answer: "never" }),
    "Never fire with units in A0203 at movers within 2 hexes");
});

test("a form row becomes the order the server checks", () => {
  assert.deepEqual(rowOrder({ units: '{"kind":"hex"}', unitsHex: " A0203 ", at: "hexes", hexes: "A0101, A0102", range: "2", chance: "35", answer: "fire" }),
    { units: { kind: "hex", hex: "A0203" }, at: { kind: "hexes", hexes: ["A0101", "A0102"] }, min_chance: 35, answer: "fire" });
  assert.deepEqual(rowOrder({ units: '{"kind":"formation","id":"f1"}', unitsHex: "", at: "within", hexes: "", range: "3", chance: "", answer: "ask" }),
    { units: { kind: "formation", id: "f1" }, at: { kind: "within", range: 3 }, min_chance: 0, answer: "ask" });
});

test("orders for the other decisions and combined fire read as sentences (D-ORDERS-2)", () => {
  assert.equal(orderText({ window: "no_shot", answer: "never" }), "Decline: a window where none of my units can fire");
  assert.equal(orderText({ window: "takeback", answer: "accept" }), "Accept: an offer to take back a move");
  assert.equal(orderText({ units: { kind: "all" }, at: { kind: "any" }, min_chance: 0, answer: "fire", combine: true }),
    "Fire with all units at any mover, a hex's units together with their leader where better");
});

test("a window row sends only its window and answer; a fire row sends combine only when ticked", () => {
  assert.deepEqual(rowOrder({ window: "takeback", answer: "decline" }), { window: "takeback", answer: "decline" });
  const row = { units: '{"kind":"all"}', unitsHex: "", at: "any", hexes: "", range: "2", chance: "0", answer: "fire" };
  assert.deepEqual(rowOrder({ ...row, combine: true }), { units: { kind: "all" }, at: { kind: "any" }, min_chance: 0, answer: "fire", combine: true });
  assert.equal("combine" in rowOrder({ ...row, combine: false }), false);
});
