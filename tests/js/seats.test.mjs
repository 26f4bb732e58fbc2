// The seats panel's rows: sides in order, "you" and "your partner", formations, presence.
import assert from "node:assert/strict";
import { test } from "node:test";

import { seatRows, withUsers } from "../../static/games/js/game/seats.js";
import { SeatsPanel } from "../../static/games/js/game/seatspanel.js";

const SEATS = [
  { id: "ge-1", side: "ge", user: "ann", you: true, formations: ["Kampfgruppe Lang"] },
  { id: "ge-2", side: "ge", user: "bob", you: false, formations: ["Panzer company"] },
  { id: "su-1", side: "su", user: "cleo", you: false, formations: ["1st Battalion"] },
  { id: "su-2", side: "su", user: null, you: false, formations: [] },
];
const names = { ge: "German", su: "Soviet" };

test("a team player's seat is 'you', the side's other seats are partners, the enemy neither", () => {
  const groups = seatRows(SEATS, { seats: { "ge-2": true } }, "ge-1", (s) => names[s]);
  assert.deepEqual(groups.map((g) => g.name), ["German", "Soviet"]);
  const [ge, su] = groups;
  assert.deepEqual(ge.rows.map((r) => [r.id, r.role, r.online, r.commands]), [
    ["ge-1", "you", false, "Kampfgruppe Lang"],
    ["ge-2", "partner", true, "Panzer company"],
  ]);
  assert.deepEqual(su.rows.map((r) => [r.who, r.role]), [["cleo", null], ["empty seat", null]]);
});

test("the viewer's own side comes first", () => {
  const groups = seatRows(SEATS, null, "su-2", (s) => names[s]);
  assert.deepEqual(groups.map((g) => g.side), ["su", "ge"]);
});

test("a spectator has no seat: nobody is 'you' or a partner", () => {
  const rows = seatRows(SEATS, null, null, (s) => names[s]).flatMap((g) => g.rows);
  assert.ok(rows.every((r) => r.role === null));
});

test("players who joined since the page opened replace the empty seats", () => {
  const fresh = withUsers(SEATS, [{ id: "su-2", user: "dan" }]);
  assert.equal(fresh[3].user, "dan");
  assert.deepEqual(fresh[3].formations, []);
  assert.equal(fresh[0].user, "ann");
});

test("under sector command a seat commands a band of the map, and its page counts the units it commands now", async () => {
  const { commandWords } = await import("../../static/games/js/game/seats.js");
  const command = {
    sectors: { "ge-1": [0, 9], "ge-2": [10, 19] },
    commanders: { "ge-a": "ge-1", "ge-b": "ge-2", "ge-c": "ge-2" },
    columnName: (q) => (q < 10 ? `A${String(q + 1).padStart(2, "0")}` : `B${String(q - 9).padStart(2, "0")}`),
  };
  assert.equal(commandWords({ id: "ge-2", formations: [] }, command), "the units in hex columns B01–B10; 2 units now");
  assert.equal(commandWords({ id: "ge-1", formations: ["Kampfgruppe Lang"] }, { commanders: command.commanders }), "Kampfgruppe Lang; 1 unit now");
  // The other side's seats: their band, never their units.
  const rows = seatRows([{ id: "ge-1", side: "ge", formations: [] }, { id: "su-1", side: "su", formations: [] }], null, "su-1", (s) => s, { ...command, sectors: { ...command.sectors, "su-1": [0, 19] } });
  const ge = rows.find((g) => g.side === "ge").rows[0];
  assert.equal(ge.commands, "the units in hex columns A01–A10");
});

test("a bot may stand in only for a person's seat: bots and empty seats are not people", () => {
  const seats = [...SEATS, { id: "su-3", side: "su", user: "VeteranBot-2", you: false, formations: [] }];
  const rows = seatRows(seats, null, "ge-1", (s) => names[s]).flatMap((g) => g.rows);
  assert.deepEqual(rows.map((r) => [r.id, r.person]), [
    ["ge-1", true], ["ge-2", true], ["su-1", true], ["su-2", false], ["su-3", false],
  ]);
});

test("the bot an away player chose to stand in for them comes with their seat", () => {
  const fresh = withUsers(SEATS, [{ id: "su-2", user: "dan", stand_in: "veteran" }, { id: "ge-1", user: "ann", stand_in: null }]);
  assert.equal(fresh[3].stand_in, "veteran");
  const rows = seatRows(fresh, null, "ge-1", (s) => names[s]).flatMap((g) => g.rows);
  assert.equal(rows.find((r) => r.id === "su-2").standIn, "veteran");
  assert.equal(rows.find((r) => r.id === "ge-1").standIn, null);
});

test("the seats panel draws only its latest reload: an earlier one answering last is dropped", async () => {
  const pending = [];
  const ui = { seats: SEATS, presence: null };
  const boot = { api: "/api/v1/games/g", side: "su", seat: "su-1", map: { hexes: [] } };
  // The panel's drawing needs a document; what it draws is ui.seats.
  class Panel extends SeatsPanel { draw() {} }
  const panel = new Panel({ boot, ui, view: () => null, sideName: (s) => s,
    fetch: () => new Promise((resolve) => pending.push(resolve)) });
  const before = panel.load(); // a presence change while su-2 was empty
  const after = panel.load(); // the next one, once dan had joined
  pending[1]({ seats: [{ id: "su-2", user: "dan" }] });
  await after;
  pending[0]({ seats: [{ id: "su-2", user: null }] });
  await before;
  assert.equal(ui.seats[3].user, "dan");
});
