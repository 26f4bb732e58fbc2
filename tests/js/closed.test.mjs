// A socket closed for good reloads the page once (the server then explains), never in a loop.
import assert from "node:assert/strict";
import { test } from "node:test";

import { afterFinalClose } from "../../static/games/js/game/closed.js";

class Memory {
  items = new Map();
  getItem(k) { return this.items.get(k) ?? null; }
  setItem(k, v) { this.items.set(k, String(v)); }
}

test("a close for signed out, not your game or no such game reloads the page once", () => {
  for (const code of [4401, 4403, 4404]) {
    const storage = new Memory();
    assert.deepEqual(afterFinalClose(code, "g1", { storage, now: 1_000_000 }), { reload: true });
    const again = afterFinalClose(code, "g1", { storage, now: 1_010_000 });
    assert.equal(again.reload, undefined);
    assert.match(again.text, /cannot be shown/);
    assert.equal(again.link.href, "/");
    // A minute later it may reload again (the situation may have changed).
    assert.deepEqual(afterFinalClose(code, "g1", { storage, now: 1_100_000 }), { reload: true });
  }
});

test("a new protocol version asks for a reload; other codes are not final here", () => {
  assert.equal(afterFinalClose(4409, "g1", { storage: new Memory() }).reloadButton, true);
  assert.equal(afterFinalClose(1006, "g1", { storage: new Memory() }), null);
});

test("without storage the page never reloads by itself", () => {
  const broken = { getItem() { throw new Error("denied"); }, setItem() {} };
  assert.equal(afterFinalClose(4401, "g1", { storage: broken }).reload, undefined);
});
