// The game page's notice (game/notice.js): it says what became of the last command for a
// while, and while a press is held on the side panel a change of it waits for the click, as
// the panels do, since the notice takes room only while it says something.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { FakeNode, fakeDom, listeningDocument } from "./tools/fake_dom.mjs";
import { NOTICE_MS, noticeLine } from "../../static/games/js/game/notice.js";
import { followPresses } from "../../static/games/js/ui/presses.js";

beforeEach(() => {
  fakeDom();
  listeningDocument();
  followPresses(document);
});

/** A notice whose presses count when they land on a node marked as the side panel's. */
function notice() {
  const box = new FakeNode("p");
  const line = noticeLine(box, { document, holds: (target) => target.inPanel });
  return { box, line };
}

test("a notice shows at once and clears itself after a while", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { box, line } = notice();
  line.say("Sent: the rifle company moves to A0305");
  assert.equal(box.textContent, "Sent: the rifle company moves to A0305");
  t.mock.timers.tick(NOTICE_MS - 1);
  assert.equal(box.textContent, "Sent: the rifle company moves to A0305");
  t.mock.timers.tick(1);
  assert.equal(box.textContent, "");
  assert.equal(line.text, "");
});

test("while a press is held on the side panel the notice waits for its click and shows the latest it was told", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const { box, line } = notice();
  const resign = Object.assign(new FakeNode("button"), { inPanel: true });
  document.dispatch("pointerdown", resign);
  line.say("Sent: end the activation");
  line.say("Refused (state/stale_version): the other player moved first.");
  assert.equal(box.textContent, "");
  assert.equal(line.text, "Refused (state/stale_version): the other player moved first.");
  document.dispatch("pointerup", resign);
  document.dispatch("click", resign);
  t.mock.timers.tick(0);
  assert.equal(box.textContent, "Refused (state/stale_version): the other player moved first.");
});

test("a press on the map holds nothing back", () => {
  const { box, line } = notice();
  document.dispatch("pointerdown", Object.assign(new FakeNode("path"), { inPanel: false }));
  line.say("Error (rate/limited): too many commands");
  assert.equal(box.textContent, "Error (rate/limited): too many commands");
});
