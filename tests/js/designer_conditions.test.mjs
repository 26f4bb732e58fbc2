// The designer's conditions: a battle's date and front go into the document as the formats
// name them, and an emptied choice leaves the field out (the schemas know no empty value).
import assert from "node:assert/strict";
import { test } from "node:test";

import { setField } from "../../static/games/js/designer/document.js";

test("the date and the front are set as the document's own fields", () => {
  const doc = setField(setField({ title: "Hill 112" }, "date", "1944-07-10"), "front", "west");
  assert.deepEqual(doc, { title: "Hill 112", date: "1944-07-10", front: "west" });
});

test("choosing no front or no date leaves the field out", () => {
  const doc = setField(setField({ date: "1944-07-10", front: "west" }, "front", ""), "date", "");
  assert.deepEqual(doc, {});
});
