// The clocks' arithmetic on the page: faces, counting down from a deadline, newest reading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { flagChecks, formatLeft, newer, secondsLeft } from "../../static/games/js/ui/clocks.js";

test("a clock face shows minutes and seconds, hours past an hour, days past a day", () => {
  assert.equal(formatLeft(0), "0:00");
  assert.equal(formatLeft(65.9), "1:05");
  assert.equal(formatLeft(3723), "1:02:03");
  assert.equal(formatLeft(2 * 86400 + 3 * 3600 + 59), "2 d 3 h");
  assert.equal(formatLeft(-5), "0:00");
});

test("a running clock counts down from its deadline, a stopped one shows what is left", () => {
  const deadline = "2026-03-02T09:10:00+00:00";
  const now = Date.parse("2026-03-02T09:09:30+00:00");
  assert.equal(secondsLeft({ running: true, deadline, left: 999 }, now), 30);
  assert.equal(secondsLeft({ running: true, deadline, left: 999 }, now + 60000), 0);
  assert.equal(secondsLeft({ running: false, deadline: null, left: 42 }, now), 42);
});

test("the newer of two readings wins, whichever arrives first", () => {
  const a = { at: "2026-03-02T09:00:00+00:00", n: 1 };
  const b = { at: "2026-03-02T09:00:05+00:00", n: 2 };
  assert.equal(newer(a, b).n, 2);
  assert.equal(newer(b, a).n, 2);
  assert.equal(newer(null, a).n, 1);
  assert.equal(newer(a, null).n, 1);
});

test("after a running clock's deadline the page asks again as the sweep flags it", () => {
  const now = Date.parse("2026-03-02T09:00:00+00:00");
  const reading = {
    sides: {
      ge: { running: true, deadline: "2026-03-02T09:00:10+00:00", flagged: false },
      su: { running: false, deadline: null, flagged: false },
      xx: { running: true, deadline: "2026-03-02T08:59:00+00:00", flagged: true },
    },
  };
  assert.deepEqual(flagChecks(reading, now, [1000, 5000]), [11000, 15000]);
  assert.deepEqual(flagChecks({ sides: {} }, now), []);
  // A deadline already past is checked at once, then again.
  const past = { sides: { ge: { running: true, deadline: "2026-03-02T08:59:58+00:00" } } };
  assert.deepEqual(flagChecks(past, now, [1000, 5000]), [0, 3000]);
});
