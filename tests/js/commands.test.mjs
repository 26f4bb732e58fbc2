// Every command type the engine knows (games/rules/panzer_grenadier/core/commands.py SHAPES) has a way to be built
// on the board (static/games/js/ui/extra_commands.js), and the listed ones really have a
// place there: the action bar or a unit's panel (issue 13: every legal command reachable).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { HOW, composeFire, mountComposedFire, placeOf, undoCommand } from "../../static/games/js/ui/extra_commands.js";
import { describeCommand, globalCommands, unitCommands } from "../../static/games/js/game/legal.js";
import { offersUndo } from "../../static/games/js/ui/undo.js";
import { describeEvent } from "../../static/games/js/game/log.js";

function engineCommandTypes() {
  const text = readFileSync(new URL("../../games/rules/panzer_grenadier/core/commands.py", import.meta.url), "utf8");
  const shapes = text.slice(text.indexOf("SHAPES:"), text.indexOf("COMMAND_TYPES ="));
  return [...shapes.matchAll(/^ {4}"(\w+)": \{/gm)].map((m) => m[1]);
}

// One complete command of each type, as the engine lists or accepts it.
const SAMPLE = {
  deploy: { type: "deploy", unit: "ge-1", hex: "A0102" },
  undeploy: { type: "undeploy", unit: "ge-1" },
  setup_done: { type: "setup_done" },
  roll_initiative: { type: "roll_initiative" },
  activate: { type: "activate", kind: "unit", unit: "ge-1" },
  move: { type: "move", unit: "ge-1", path: ["A0102"] },
  exit: { type: "exit", unit: "ge-1" },
  fire: { type: "fire", firers: ["ge-1"], target: "A0105", fire_type: "direct" },
  spray_fire: { type: "spray_fire", firer: "ge-1", targets: ["A0105", "A0106"], factors: [4, 3] },
  bombard: { type: "bombard", increments: ["ge-art"], target: "A0307", spotter: "ge-lt" },
  assault: { type: "assault", units: ["ge-1"], target: "A0102" },
  recover: { type: "recover", unit: "ge-1" },
  dig_in: { type: "dig_in", unit: "ge-1" },
  air_strike: { type: "air_strike", sortie: "ge-stuka", target: "A0108", attack: "direct" },
  air_attack: { type: "air_attack", target: "A0109" },
  consolidate: { type: "consolidate", units: ["ge-1", "ge-2"] },
  resign: { type: "resign" },
  end_agreed: { type: "end_agreed", outcome: "draw" },
  undo: { type: "undo" },
  load: { type: "load", unit: "ge-1", transport: "ge-truck" },
  unload: { type: "unload", unit: "ge-1" },
  end_activation: { type: "end_activation" },
  pass: { type: "pass" },
  opportunity_fire: { type: "opportunity_fire", firers: ["ge-1"], target: "u1a2b3c4", fire_type: "direct" },
  decline: { type: "decline" },
  bank_segment: { type: "bank_segment" },
  double_segment: { type: "double_segment" },
  offer_takeback: { type: "offer_takeback" },
  accept_takeback: { type: "accept_takeback" },
  decline_takeback: { type: "decline_takeback" },
};

describe("every engine command can be built on the board", () => {
  const types = engineCommandTypes();

  test("the engine's command types are read from commands.py", () => {
    assert.ok(types.length >= 20, types.join(","));
    assert.ok(types.includes("move") && types.includes("undo") && types.includes("air_attack"));
  });

  for (const type of engineCommandTypes()) {
    test(`${type} has a builder and a place`, () => {
      assert.ok(HOW[type], `no way to build ${type} on the board: add it to extra_commands.js`);
      assert.ok(SAMPLE[type], `no sample ${type} in this test`);
      const cmd = SAMPLE[type];
      assert.ok(describeCommand(cmd, (id) => id).length > 0);
      if (HOW[type] === "button" || HOW[type] === "server") return; // resign, undo: buttons of their own
      const place = placeOf(cmd);
      assert.ok(place, `${type} would be listed but the board shows it nowhere`);
      const groups = { [type]: [cmd] };
      const shown = place === "bar"
        ? globalCommands(groups)
        : unitCommands(groups, { id: (cmd.unit ?? cmd.units?.[0] ?? cmd.firers?.[0] ?? cmd.firer ?? cmd.spotter), hex: cmd.hex });
      assert.deepEqual(shown, [cmd], `${type} is not offered where placeOf says`);
    });
  }

  test("fire from several hexes joined by a leader is composed from the picks (10.1, D4)", () => {
    assert.deepEqual(composeFire({ firers: ["ge-1", "ge-2"], target: "A0305", leader: "ge-lt" }),
      { type: "fire", firers: ["ge-1", "ge-2"], target: "A0305", fire_type: "direct", leader: "ge-lt" });
    assert.throws(() => composeFire({ firers: [], target: "A0305" }), /firer/);
  });

  test("Undo is offered only while the view says so (D-UNDO-1)", () => {
    assert.deepEqual(undoCommand(), { type: "undo" });
    assert.equal(offersUndo({ undo: ["ge-1"] }, "ge-1"), true);
    assert.equal(offersUndo({ undo: ["ge-2"] }, "ge-1"), false);
    assert.equal(offersUndo({}, "ge-1"), false);
    assert.equal(offersUndo({ undo: ["ge-1"], result: { winner: "ge" } }, "ge-1"), false);
    const line = describeEvent({ type: "undone", side: "ge", command: "move" }, { sideName: () => "German", nameOf: (x) => x });
    assert.equal(line, "German takes back a move.");
  });
});

describe("a leader's activation in words", () => {
  test("names the leader once and the units he leads, never 'with its leader'", () => {
    const line = describeCommand({ type: "activate", kind: "leader", unit: "ge-ldr-1" }, () => "Hauptmann Becker");
    assert.equal(line, "Activate Hauptmann Becker and the units he leads");
  });
});

test("fire with several hexes: asked again with other firers, the first preview coming last proposes nothing", async () => {
  // Just enough of dom.el and fill to reach the form's controls by their data-field.
  const el = (tag, attrs = {}, ...children) => ({ tag, attrs: attrs ?? {}, children: children.flat() });
  const fill = (node, ...children) => { node.children = children.flat(); };
  const find = (node, test) => (test(node) ? node : (node?.children ?? []).map((c) => find(c, test)).find(Boolean));
  const field = (box, name, value) => find(box, (n) => n?.attrs?.["data-field"] === name && (value === undefined || n.attrs.value === value));
  let box = null;
  const before = { nextSibling: null, parentElement: { insertBefore: (node) => { box = node; } } };
  const view = {
    activation: { seat: "ge-1", units: ["ge-a", "ge-b"] },
    units: [{ id: "ge-a", own: true, hex: "A0101" }, { id: "ge-b", own: true, hex: "A0303" }, { id: "su-x", own: false, hex: "A0505" }],
  };
  const pending = [];
  const proposed = [];
  mountComposedFire({
    before, seat: "ge-1", api: "/api/v1/games/g", el, fill, store: { view, subscribe: () => () => {} },
    getJson: () => new Promise((resolve) => pending.push(resolve)),
    onPreview: (cmd) => proposed.push(cmd.firers),
  });
  const fireButton = find(box, (n) => n?.attrs?.["data-command"] === "composed-fire");
  field(box, "composed-target").attrs.onchange({ target: { value: "A0505" } });
  field(box, "composed-firer", "ge-a").attrs.onchange({ target: { checked: true } });
  const first = fireButton.attrs.onclick();
  field(box, "composed-firer", "ge-a").attrs.onchange({ target: { checked: false } });
  field(box, "composed-firer", "ge-b").attrs.onchange({ target: { checked: true } });
  const second = fireButton.attrs.onclick();
  pending[1]({ v: 4, previews: [{ odds: "2-1" }] });
  await second;
  pending[0]({ v: 4, previews: [{ odds: "1-1" }] });
  await first;
  assert.deepEqual(proposed, [["ge-b"]]);
});
