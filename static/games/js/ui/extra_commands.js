// Every command type the engine knows (games/rules/panzer_grenadier/core/commands.py), and how the board builds
// one. Nothing here decides a rule: "listed" commands are sent exactly as the engine's
// legal_commands list them (the board shows a unit's on its panel and the rest on the action
// bar); "button" commands are never listed and have a button of their own (resign,
// undo); "server" commands only the server sends; "composed" commands are also built from the player's picks, with the engine
// judging them when they arrive (fire from several hexes joined by a leader, D4/D-LEGAL-1).
// tests/js/commands.test.mjs fails when a command type has no way here to be built.

import { GLOBAL_TYPES, actors } from "../game/legal.js";
import { latestOnly } from "../lobby/api.js";

export const HOW = Object.freeze({
  // The set-up of a scenario with set-up areas (D-SETUP-1): a unit waiting off the map is
  // picked, then a shaded hex of its area; setup_done is on the action bar.
  deploy: "listed",
  undeploy: "listed",
  setup_done: "listed",
  roll_initiative: "listed",
  activate: "listed",
  move: "listed",
  exit: "listed",
  fire: "composed",
  spray_fire: "listed",
  bombard: "listed",
  assault: "listed",
  recover: "listed",
  dig_in: "listed",
  air_strike: "listed",
  air_attack: "listed",
  consolidate: "listed",
  resign: "button",
  // Sent by the server once every seat agreed (games/services/endings.py, D-AGREE-1); the
  // board's draw and abort buttons send offer_draw, accept_draw, decline_draw and abort.
  end_agreed: "server",
  undo: "button",
  load: "listed",
  unload: "listed",
  end_activation: "listed",
  pass: "listed",
  opportunity_fire: "listed",
  decline: "listed",
  bank_segment: "listed",
  double_segment: "listed",
  offer_takeback: "listed",
  accept_takeback: "listed",
  decline_takeback: "listed",
});

/** Where the board shows a listed command: "bar" (no unit needed) or "unit" (on the panel
 * of the first unit it names), or null when the board has no place for it. */
export function placeOf(cmd) {
  if (GLOBAL_TYPES.includes(cmd.type)) return "bar";
  if (cmd.type === "activate" && cmd.kind === "stack") return "unit";
  return actors(cmd).length ? "unit" : null;
}

/** Direct fire by units picked in several hexes, a leader joining them (10.1, D4): the
 * engine checks that every firer is in the leader's hex or adjacent to it. */
export function composeFire({ firers, target, leader = null, fireType = "direct" }) {
  if (!Array.isArray(firers) || !firers.length) throw new Error("pick at least one firer");
  if (!target) throw new Error("pick a target hex");
  const cmd = { type: "fire", firers: [...firers], target, fire_type: fireType };
  if (leader) cmd.leader = leader;
  return cmd;
}

/** The undo command (D-UNDO-1): offered only while the view says `undo: true`. */
export function undoCommand() {
  return { type: "undo" };
}

function unitList(view) {
  const all = view?.units ?? [];
  return Array.isArray(all) ? all : Object.values(all);
}

/** What the composed-fire form may offer now: own activated firers and leaders, and the
 * hexes of enemy counters on the seat's board (the engine judges the rest). */
export function composedChoices(view, seat) {
  const a = view?.activation;
  if (!a || a.seat !== seat || view.opfire || view.result) return null;
  const inActivation = new Set(a.units ?? []);
  const own = unitList(view).filter((u) => u.own && inActivation.has(u.id) && u.hex && !u.carried_by);
  const firers = own.filter((u) => !u.leader && u.status !== "demoralized").map((u) => u.id);
  const leaders = own.filter((u) => u.leader && u.status !== "demoralized").map((u) => u.id);
  const targets = [...new Set(unitList(view).filter((u) => !u.own && u.hex && u.detail !== "last_known").map((u) => u.hex))].sort();
  if (!firers.length || !targets.length) return null;
  return { firers, leaders, targets };
}

/** "Fire with several hexes…": pick firers (any hexes), a leader and a target; the board asks
 * the referee for the odds (GET preview?command=) and proposes the command to confirm. */
export function mountComposedFire({ before, store, seat, api, getJson, onPreview, nameOf = (id) => id, el, fill }) {
  if (!before?.parentElement) return () => {};
  const box = el("details", { class: "composed-fire", id: "composed-fire" });
  before.parentElement.insertBefore(box, before.nextSibling);
  const pick = { firers: new Set(), leader: "", target: "" };
  // Only the last fire asked about is proposed: picked again and asked again, the first
  // answer coming last must not propose the fire the player has changed.
  const previewOf = latestOnly(async (url) => ({ answer: await getJson(url) }));
  const draw = () => {
    const choices = composedChoices(store.view, seat);
    box.hidden = !choices;
    if (!choices) return;
    for (const id of [...pick.firers]) if (!choices.firers.includes(id)) pick.firers.delete(id);
    const open = box.open;
    fill(box,
      el("summary", {}, "Fire with units of several hexes…"),
      el("fieldset", {}, el("legend", {}, "Firers"), choices.firers.map((id) => el("label", {},
        el("input", { type: "checkbox", "data-field": "composed-firer", value: id, checked: pick.firers.has(id),
          onchange: (e) => { if (e.target.checked) pick.firers.add(id); else pick.firers.delete(id); } }), ` ${nameOf(id)}`))),
      el("label", {}, "Leader ", el("select", { "data-field": "composed-leader", onchange: (e) => { pick.leader = e.target.value; } },
        el("option", { value: "" }, "none"), choices.leaders.map((id) => el("option", { value: id, selected: pick.leader === id }, nameOf(id))))),
      el("label", {}, " Target ", el("select", { "data-field": "composed-target", onchange: (e) => { pick.target = e.target.value; } },
        el("option", { value: "" }, "pick a hex"), choices.targets.map((h) => el("option", { value: h, selected: pick.target === h }, h)))),
      el("button", { type: "button", class: "cmd cmd-fire", "data-command": "composed-fire", onclick: async () => {
        let cmd;
        try {
          cmd = composeFire({ firers: [...pick.firers], target: pick.target, leader: pick.leader || null });
        } catch (error) {
          return onPreview(null, { error: error.message });
        }
        const got = await previewOf(`${api}/preview?command=${encodeURIComponent(JSON.stringify(cmd))}`);
        if (got === null) return; // asked again since: that answer proposes its fire
        onPreview(cmd, got.answer?.previews?.[0] ?? { command: cmd, odds: null });
      } }, "Preview and fire…"));
    box.open = open;
  };
  const off = store.subscribe(draw);
  draw();
  return off;
}
