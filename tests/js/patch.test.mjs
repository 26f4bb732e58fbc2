// The browser applies the server's patches exactly as games/patch.py does, on the shared cases.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { PatchError, applyPatch, escapeToken, unescapeToken } from "../../static/games/js/patch.js";

const CASES = JSON.parse(
  readFileSync(new URL("../data/patch_cases.json", import.meta.url), "utf-8"),
);

describe("the shared cases from tests/data/patch_cases.json", () => {
  for (const c of CASES.cases) {
    test(`diffed by the server: ${c.name}`, () => {
      const before = structuredClone(c.before);
      assert.deepStrictEqual(applyPatch(c.before, c.ops), c.after);
      assert.deepStrictEqual(c.before, before, "the document it was given is unchanged");
    });
  }
  for (const c of CASES.apply_only) {
    test(`array ops: ${c.name}`, () => {
      assert.deepStrictEqual(applyPatch(c.before, c.ops), c.after);
    });
  }
  for (const c of CASES.errors) {
    test(`refused: ${c.name}`, () => {
      assert.throws(() => applyPatch(c.before, c.ops), PatchError);
    });
  }
});

test("the shared file has cases in every section", () => {
  assert.ok(CASES.cases.length >= 10 && CASES.apply_only.length && CASES.errors.length);
});

test("a key named __proto__ becomes an own key, never the object's prototype", () => {
  const out = applyPatch({}, [{ op: "add", path: "/__proto__", value: { polluted: true } }]);
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepStrictEqual(Object.keys(out), ["__proto__"]);
  assert.equal({}.polluted, undefined);
});

test("the value a patch carries is copied, so later changes to the op do not leak in", () => {
  const op = { op: "add", path: "/u", value: { hex: "A0101" } };
  const out = applyPatch({}, [op]);
  op.value.hex = "B0101";
  assert.equal(out.u.hex, "A0101");
});

test("array indices must be plain numbers in range", () => {
  for (const path of ["/a/01", "/a/-1", "/a/x", "/a/5"]) {
    assert.throws(() => applyPatch({ a: [1, 2] }, [{ op: "replace", path, value: 0 }]), PatchError, path);
  }
  assert.throws(() => applyPatch({ a: [1] }, [{ op: "remove", path: "/a/-" }]), PatchError);
});

test("a path without a leading slash or an op without a value is refused", () => {
  assert.throws(() => applyPatch({ a: 1 }, [{ op: "replace", path: "a", value: 2 }]), PatchError);
  assert.throws(() => applyPatch({ a: 1 }, [{ op: "replace", path: "/a" }]), PatchError);
  assert.throws(() => applyPatch({ a: 1 }, { op: "replace" }), PatchError);
});

test("a path cannot walk through a string or a number", () => {
  assert.throws(() => applyPatch({ a: "text" }, [{ op: "add", path: "/a/b", value: 1 }]), PatchError);
  assert.throws(() => applyPatch({ a: 3 }, [{ op: "add", path: "/a/b/c", value: 1 }]), PatchError);
});

test("escaping round-trips keys with slashes and tildes, ~1 before ~0", () => {
  for (const key of ["a/b", "~1", "~0/", "plain", ""]) {
    assert.equal(unescapeToken(escapeToken(key)), key);
  }
  assert.equal(unescapeToken("~01"), "~1");
});
