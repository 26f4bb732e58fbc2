// The game page as a module (issue 47): nothing runs on import, and what the page still
// decided from its own copy of the rules now comes from the view the referee sends.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { assaultOnCollisionOffered } from "../../static/games/js/game/legal.js";
import { hasPreview } from "../../static/games/js/game/previews.js";

describe("the game page module", () => {
  test("loads without a document and offers mount(boot, document)", async () => {
    const page = await import("../../static/games/js/game/main.js");
    assert.equal(typeof page.mount, "function");
    assert.equal(page.mount.length, 2);
  });
});

describe("which commands have a preview", () => {
  const view = { previewed: ["move", "fire", "assault"] };
  test("the ones the view lists", () => {
    assert.equal(hasPreview(view, { type: "fire", firers: ["a"], target: "A0101" }), true);
  });
  test("never an initiative roll, an activation or its end (the referee would answer 400)", () => {
    for (const type of ["roll_initiative", "activate", "end_activation"]) assert.equal(hasPreview(view, { type }), false);
  });
  test("nothing for a view without the list (a spectator's)", () => {
    assert.equal(hasPreview({}, { type: "move" }), false);
  });
});

describe("the assault on collision (18.7)", () => {
  const activation = { side: "ge", seat: "ge", leader: "ge-ldr-1", units: ["ge-r"] };
  test("offered when the view says so for the acting seat's activation", () => {
    assert.equal(assaultOnCollisionOffered({ activation: { ...activation, assault_on_collision: true } }, "ge"), true);
  });
  test("not for another seat, nor where the view does not offer it", () => {
    assert.equal(assaultOnCollisionOffered({ activation: { ...activation, assault_on_collision: true } }, "ge-2"), false);
    assert.equal(assaultOnCollisionOffered({ activation }, "ge"), false);
    assert.equal(assaultOnCollisionOffered({ activation: null }, "ge"), false);
  });
});
