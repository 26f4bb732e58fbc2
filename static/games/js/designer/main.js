// The designer page: the game's SVG board in a designer's mode.
//
// The board draws the map the server lays out from the document, the counters placed and
// the objectives; a click on a hex applies the chosen tool to the document (document.js),
// and the server checks the document after every change (POST /api/v1/designer/check). The
// problems it finds are marked on their hexes and listed beside the map. Nothing here
// decides a rule. Text (titles, briefings, problems) is only ever set as textContent.

import { Board } from "../board/board.js";
import { call, get } from "../lobby/api.js";
import { refusalParts } from "../lobby/refusal.js";
import {
  HEXSIDE_FEATURES, ROAD_KINDS, elevationChoices, linkOf, toggleHexside, toggleRoad, entryMarkers, objectiveMarkers, placeReinforcement, paintElevation, paintTerrain, placeUnit, problemHexes, problemMarks, removeUnitsAt,
  setField, sidesOf, terrainChoices, toggleObjective, unitsOf, withBoard,
} from "./document.js";
import { showAircraft, wireAircraft } from "./air_panel.js";
import { showForces, wireForces } from "./forces_panel.js";
import { showSides } from "./sides_panel.js";
import { areaHexes, placeInArea, toggleAreaHex } from "./areas.js";
import { wireBoardPanel } from "./board_panel.js";
import { boardLoader } from "./boards.js";
import { $, option } from "./dom.js";
import { wireImports } from "./importing.js";
import { wireDeletes } from "./my_battles.js";
import { followPublishing, showPublishing } from "./publishing.js";
import { UnsavedWork, draftKey, leaveGuard, offerWords } from "./unsaved.js";

const boot = JSON.parse($("pg-design-boot").textContent);

const state = {
  ruleset: boot.ruleset,
  slug: boot.slug,
  doc: null,
  counters: {},
  aircraft: {}, // the aircraft counters a side's air support may fly (Panzer Leader)
  problems: [],
  mapKey: null,
  faces: null,
  board: null,
  checking: null,
  linkFrom: null, // the first hex of a hexside or road being drawn
};

const LINK_TOOLS = new Set(["hexside", "road"]);

window.pgweb = { designer: state }; // for tests and the console

// Edits not saved: the page asks before it is left, and a copy is kept in the browser.
let storage = null;
try { storage = window.localStorage; } catch { /* refused (a sandboxed page): none kept */ }
const unsaved = new UnsavedWork({ storage, key: draftKey(boot.user, state.slug) });
window.addEventListener("beforeunload", leaveGuard(unsaved, () => state.doc));

/** A word to the designer, beside the battle's buttons or (before a battle is open) the start
 * form: a string, or refusal parts (lobby/refusal.js: strings and links to games). */
function say(text) {
  const parts = Array.isArray(text) ? text : [text];
  for (const id of ["design-status", "start-status"]) {
    $(id).replaceChildren(...parts.map((p) => (typeof p === "string" ? p : link(p))));
  }
}

function link({ href, text }) {
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  return a;
}


function tool() {
  return document.querySelector('input[name="tool"]:checked')?.value ?? "terrain";
}

// -- the board ---------------------------------------------------------------------------

function onIntent(intent) {
  if (!intent?.hex || !state.doc) return;
  const hex = intent.hex;
  const r = state.ruleset;
  const was = state.doc;
  switch (tool()) {
    case "terrain": state.doc = paintTerrain(r, was, hex, $("terrain-brush").value); break;
    case "elevation": state.doc = paintElevation(r, was, hex, $("elevation-brush").value); break;
    case "counter": {
      const type = $("counter-type").value;
      if (!type) { say("Pick a counter type first."); return; }
      state.doc = placeUnit(r, was, hex, type, $("counter-side").value, extras());
      break;
    }
    case "reinforcement": {
      const type = $("counter-type").value;
      if (!type) { say("Pick a counter type first."); return; }
      state.doc = placeReinforcement(r, was, hex, type, $("counter-side").value, $("entry-turn").value, extras());
      break;
    }
    case "hexside":
    case "road": {
      // Two clicks: the first hex, then its neighbour; the feature goes between them.
      const from = state.linkFrom;
      if (!from || from === hex || !linkOf(r, was, from, hex)) {
        state.linkFrom = hex;
        say(`From ${hex}: now click a neighbouring hex on the same board.`);
        drawPieces();
        return;
      }
      state.linkFrom = null;
      state.doc = tool() === "hexside"
        ? toggleHexside(r, was, from, hex, $("hexside-feature").value)
        : toggleRoad(r, was, from, hex, $("road-kind").value);
      say("");
      break;
    }
    case "setup_area": state.doc = toggleAreaHex(r, was, hex, $("counter-side").value, $("area-name").value); break;
    case "area_counter": {
      const type = $("counter-type").value;
      if (!type) { say("Pick a counter type first."); return; }
      const doc = placeInArea(r, was, hex, type, $("counter-side").value, extras());
      if (!doc) { say(`${hex} is in no set-up area of that side: draw one with the set-up area tool.`); return; }
      state.doc = doc;
      break;
    }
    case "erase": state.doc = removeUnitsAt(r, was, hex); break;
    case "objective": state.doc = toggleObjective(r, was, hex); break;
    default: return;
  }
  drawPieces();
  showPanels();
  edited();
}

/** A counter's formation and leader's name, as the counter tool's fields say (Panzer Grenadier). */
function extras() {
  return { formation: $("counter-formation").value, name: $("counter-name").value };
}

/** An edit from a panel (formations, support): drawn, listed and checked like a click's. */
function applyEdit(doc) {
  state.doc = doc;
  drawPieces();
  showPanels();
  edited();
}

/** The panels that list the document beyond the map: formations and support, air, sides and victory. */
function showPanels() {
  showForces(state.ruleset, state.doc, applyEdit);
  showAircraft(state.doc, state.aircraft, applyEdit);
  showSides(state.ruleset, () => state.doc, state.counters, applyEdit);
}

/** The map the server laid out, under the board: the board is made once for the page, and
 * its map and counters' looks set anew as the document changes, so a press or a view under
 * way lives on through the server's answer. */
function showMap(map) {
  if (!state.board) {
    state.board = new Board($("board"), { map, types: state.counters, faces: state.faces, onIntent });
  } else {
    state.board.setLooks(state.counters, state.faces);
    state.board.setMap(map);
  }
  drawPieces();
}

function drawPieces() {
  if (!state.board) return;
  const byHex = new Map(); // one marker entry a hex: an objective may be an entry hex too
  for (const m of [...objectiveMarkers(state.ruleset, state.doc), ...entryMarkers(state.ruleset, state.doc)]) {
    byHex.set(m.hex, [...(byHex.get(m.hex) ?? []), ...m.markers]);
  }
  const markers = [...byHex].map(([hex, list]) => ({ hex, markers: list }));
  state.board.setView({ units: unitsOf(state.ruleset, state.doc, state.counters), markers });
  state.board.setAreas(areaHexes(state.ruleset, state.doc));
  const reach = state.linkFrom ? [{ hex: state.linkFrom, label: "from" }] : [];
  state.board.setOverlay({ targets: problemMarks(state.problems, state.ruleset, state.doc), reach });
}

// -- the check ---------------------------------------------------------------------------

/** After every edit: a copy kept in the browser, and the server's check asked for. */
function edited() {
  unsaved.keep(state.ruleset, state.doc);
  scheduleCheck();
}

function scheduleCheck() {
  clearTimeout(state.checking);
  state.checking = setTimeout(check, 250);
}

const askCheck = (ruleset, doc) => call("POST", "/api/v1/designer/check", { ruleset, document: doc });

async function check() {
  const sent = state.doc;
  const answer = await askCheck(state.ruleset, sent);
  if (sent !== state.doc) return; // a newer edit is on its way to the server
  if (!answer.ok) {
    say(answer.body?.message ?? "The check failed.");
    return;
  }
  showCheck(answer);
}

/** The check's answer drawn: the problems listed and marked, the map laid out anew if it changed. */
function showCheck(answer) {
  state.problems = answer.body.problems;
  state.faces = answer.body.faces;
  const key = JSON.stringify(answer.body.map);
  if (answer.body.map && key !== state.mapKey) {
    state.mapKey = key;
    showMap(answer.body.map);
  }
  drawPieces();
  showProblems();
}

function showProblems() {
  const list = $("problems");
  list.replaceChildren();
  for (const p of state.problems) {
    const li = document.createElement("li");
    li.className = "problem";
    const hex = problemHexes(state.ruleset, state.doc, p)[0];
    if (hex) li.dataset.hex = hex;
    // What is wrong and its rule first, in words; the document's field after, for whoever
    // edits the file by hand.
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = ` (${p.rule})`;
    const where = document.createElement("code");
    where.className = "field";
    where.textContent = p.field;
    li.append(document.createTextNode(p.message), rule, " ", where);
    if (hex) {
      li.tabIndex = 0;
      li.title = `Show ${hex} on the map`;
      li.addEventListener("click", () => state.board?.centerOn(hex));
    }
    list.append(li);
  }
  $("no-problems").hidden = state.problems.length > 0;
}

// -- the form ----------------------------------------------------------------------------

function fillForm() {
  const d = state.doc;
  // A new battle's id is made from its title at the first save, unless the designer types one.
  const unchosen = !state.slug && d.id === boot.unchosen_ids[state.ruleset];
  $("doc-id").value = unchosen ? "" : (d.id ?? "");
  $("doc-id").readOnly = Boolean(state.slug);
  $("doc-title").value = d.title ?? "";
  $("doc-turns").value = d.turns ?? "";
  $("doc-date").value = d.date ?? "";
  $("doc-front").value = d.front ?? "";
  $("doc-description").value = d.description ?? "";
  const features = HEXSIDE_FEATURES[state.ruleset] ?? [];
  $("hexside-feature").replaceChildren(...features.map((f) => option(f.id, f.name)));
  $("elevation-brush").replaceChildren(...elevationChoices(state.ruleset).map((e) => option(e.level, e.name)));
  $("road-kind").replaceChildren(...(ROAD_KINDS[state.ruleset] ?? []).map((k) => option(k.id, k.name)));
  const brush = $("terrain-brush");
  brush.replaceChildren(...terrainChoices(state.ruleset, d).map((t) => option(t.char, t.name)));
  const sides = sidesOf(d);
  $("counter-side").replaceChildren(...sides.map((s) => option(s.id, s.name)));
  $("try-side").replaceChildren(...sides.map((s) => option(s.id, s.name)));
  for (const el of document.querySelectorAll(".pg-only")) el.hidden = state.ruleset !== "panzer_grenadier";
  for (const el of document.querySelectorAll(".pl-only")) el.hidden = state.ruleset !== "panzer_leader";
  showPanels();
  listCounters();
}

function listCounters() {
  const words = $("counter-search").value.trim().toLowerCase();
  const found = Object.entries(state.counters)
    .filter(([id, t]) => !words || `${id} ${t.name} ${t.nationality ?? ""} ${t.kind ?? ""}`.toLowerCase().includes(words))
    .slice(0, 200);
  // Named as the counter prints it, with its nationality and kind (the search also reads the id).
  const described = (t) => [t.nationality, String(t.kind ?? "").replace(/_/g, " ")].filter(Boolean).join(" ");
  $("counter-type").replaceChildren(...found.map(([id, t]) => option(id, `${t.name} (${described(t)})`)));
}

for (const [id, field] of [["doc-id", "id"], ["doc-title", "title"], ["doc-turns", "turns"], ["doc-date", "date"], ["doc-front", "front"], ["doc-description", "description"]]) {
  $(id).addEventListener("change", () => {
    // An id left empty is the blank document's again: the first save makes one from the title.
    const value = field === "id" && $(id).value === "" ? boot.unchosen_ids[state.ruleset] : $(id).value;
    state.doc = setField(state.doc, field, value);
    edited();
  });
}
$("counter-search").addEventListener("input", listCounters);
wireForces(() => ({ ruleset: state.ruleset, doc: state.doc }), applyEdit);
wireAircraft(() => ({ doc: state.doc, planes: state.aircraft }), applyEdit);
$("tools").addEventListener("change", () => {
  $("link-help").hidden = !LINK_TOOLS.has(tool());
  if (state.linkFrom) { state.linkFrom = null; drawPieces(); }
});

// -- saving, trying, publishing ------------------------------------------------------------

function linkUp() {
  if (!state.slug) return;
  $("download").href = `/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}/export`;
  $("download").hidden = false;
  $("battle-page").href = `/battles/${encodeURIComponent(state.slug)}/`;
  $("battle-page").hidden = false;
}

async function save() {
  const sent = state.doc;
  const answer = state.slug
    ? await call("PUT", `/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}`, { document: sent })
    : await call("POST", "/api/v1/designer/scenarios", { ruleset: state.ruleset, document: sent });
  if (!answer.ok) {
    say(answer.body?.message ?? "Not saved.");
    return false;
  }
  let named = "";
  if (!state.slug) {
    // The first save: the battle's id is the one the server gave it (made from the title
    // when the designer chose none), shown in the form and kept from now on.
    state.slug = answer.body.id;
    if (sent.id !== state.slug) {
      named = ` Its id is “${state.slug}”.`;
      state.doc = setField(state.doc, "id", state.slug);
    }
    history.replaceState(null, "", `/design/${encodeURIComponent(state.slug)}/`);
    $("doc-id").value = state.slug;
    $("doc-id").readOnly = true;
  }
  unsaved.savedAs({ ...sent, id: state.slug }, draftKey(boot.user, state.slug));
  unsaved.keep(state.ruleset, state.doc); // edits made while it was saving
  linkUp();
  showPublishing(answer.body); // an edit voids a check under way
  const draft = answer.body.revisions.find((r) => r.state === "draft");
  state.problems = draft?.problems ?? [];
  drawPieces();
  showProblems();
  say((state.problems.length ? `Saved, with ${state.problems.length} problem(s) to fix before publishing.` : "Saved.") + named);
  return true;
}

$("save").addEventListener("click", save);

$("publish").addEventListener("click", async () => {
  if (!(await save())) return;
  const answer = await call("POST", `/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}/publish`);
  if (!answer.ok) {
    say(answer.body?.message ?? "Not published.");
    return;
  }
  say("");
  followPublishing(state.slug, answer.body);
});

// Try it: a private game of the draft, the designer on a side against bots of the level
// chosen, or (watch) bots on every side and the designer watching the game as a spectator.
async function tryIt(body) {
  if (!(await save())) return;
  const answer = await call("POST", `/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}/try`, { ...body, level: $("try-level").value });
  if (answer.ok) window.location.assign(answer.body.url);
  else say(answer.body?.message ? refusalParts(answer.body, answer.status) : "Cannot try it yet.");
}

$("try").addEventListener("click", () => tryIt({ side: $("try-side").value }));
$("watch").addEventListener("click", () => tryIt({ watch: true }));
wireBoardPanel(() => ({ ruleset: state.ruleset, doc: state.doc }), applyEdit, say);

// Importing a file or copying a battle (importing.js): the document is taken only once the
// server's check has answered; otherwise the reason is said and the battle open stays as it was.

/** Open a document documentIn has read (or say its error) once the server's check has
 * answered, then say `done`; a check that fails leaves the battle open as it was. */
async function take(got, done) {
  if (got.error) { say(got.error); return; }
  const answer = await askCheck(got.ruleset, got.doc);
  if (!answer.ok) { say(answer.body?.message ?? "The check failed: nothing imported."); return; }
  if (got.ruleset !== state.ruleset || !state.doc) {
    state.ruleset = got.ruleset;
    $("start-ruleset").value = got.ruleset;
    await loadCounters();
  }
  const opening = !state.doc;
  state.doc = got.doc;
  if (opening) openLayout();
  fillForm();
  showCheck(answer);
  unsaved.keep(state.ruleset, state.doc);
  say(done);
}

const { copyBattle } = wireImports(boot, () => ({
  ruleset: state.doc ? state.ruleset : $("start-ruleset").value, saved: Boolean(state.slug),
}), take);

// -- starting ------------------------------------------------------------------------------

function openLayout() {
  $("design-start").hidden = true;
  $("design-layout").hidden = false;
  linkUp();
}

/** Open a battle's document: `loaded` is what "unsaved changes" are measured against. */
async function begin(doc, loaded = doc) {
  state.doc = doc;
  unsaved.baseline(loaded);
  openLayout();
  fillForm();
  await check();
}

// A copy of edits not saved, offered back when the designer opens: Restore or Discard.
function offerBack(found, restore) {
  if (!found) return;
  $("unsaved-words").textContent = offerWords(found, (at) => at.toLocaleString());
  $("unsaved-offer").hidden = false;
  $("unsaved-restore").onclick = async () => { $("unsaved-offer").hidden = true; await restore(found); say("Restored your unsaved changes: save them to keep them."); };
  $("unsaved-discard").onclick = () => { unsaved.forget(); $("unsaved-offer").hidden = true; };
}

async function loadCounters() {
  const answer = await get(`/api/v1/designer/counters?ruleset=${encodeURIComponent(state.ruleset)}`);
  state.counters = answer.ok ? answer.body.counters : {};
  state.aircraft = answer.ok ? (answer.body.aircraft ?? {}) : {};
}

// Boards kept for reuse (the bundled ones and the designer's own), offered to start from.
const keptBoards = new Map();
const startBoards = boardLoader();

async function listBoards() {
  const choices = await startBoards($("start-ruleset").value);
  if (choices === null) return; // the ruleset was changed again: that listing fills the list
  const select = $("start-board");
  select.replaceChildren(option("", "A blank board of this size"));
  keptBoards.clear();
  for (const c of choices) {
    keptBoards.set(c.key, c.drawing);
    select.append(option(c.key, c.label));
  }
}

$("start-ruleset").addEventListener("change", listBoards);
if (!state.slug) listBoards();

$("start-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  state.ruleset = $("start-ruleset").value;
  await loadCounters();
  const q = new URLSearchParams({ ruleset: state.ruleset, columns: $("start-columns").value, rows: $("start-rows").value });
  const answer = await get(`/api/v1/designer/blank?${q}`);
  if (!answer.ok) { say(answer.body?.message ?? "Cannot start."); return; }
  const kept = keptBoards.get($("start-board").value);
  $("unsaved-offer").hidden = true;
  await begin(kept ? withBoard(state.ruleset, answer.body, kept) : answer.body);
});

// Your battles: Delete a draft (asked first), and the copy kept of its unsaved edits with it.
wireDeletes(say, (slug) => new UnsavedWork({ storage, key: draftKey(boot.user, slug) }).forget());

if (!state.slug) {
  offerBack(unsaved.offer(null), async (found) => {
    state.ruleset = found.ruleset;
    await loadCounters();
    await begin(found.doc, null);
    unsaved.keep(state.ruleset, state.doc);
  });
}

if (!state.slug && boot.copy) await copyBattle(boot.copy);

if (state.slug) {
  await loadCounters();
  const answer = await get(`/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}`);
  const draft = answer.body?.revisions?.find((r) => r.document);
  if (answer.ok) followPublishing(state.slug, answer.body);
  if (draft) await begin(draft.document);
  else {
    const published = await get(`/api/v1/designer/scenarios/${encodeURIComponent(state.slug)}/export`);
    if (published.ok) await begin(published.body);
  }
  offerBack(state.doc && unsaved.offer(state.doc), async (found) => {
    state.doc = found.doc;
    fillForm();
    drawPieces();
    await check();
    unsaved.keep(state.ruleset, state.doc);
  });
}
