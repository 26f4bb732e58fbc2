// The game page: store + socket + board + panels, and the player's choices between them.
//
// The page knows geometry and the legal commands the view carries; every rule's answer
// (what is legal, what it costs, the odds) comes from the server. A command is proposed,
// explained, confirmed, then sent; the view that comes back is the truth.

import { Board } from "../board/board.js";
import { sideColours } from "../board/faces.js";
import { listUnits } from "../board/layers.js";
import { openOnCounters } from "./opening.js";
import { gameSocketUrl } from "../protocol.js";
import { GameSocket } from "../socket.js";
import { Store } from "../store.js";
import { drawActions, drawConfirm, drawOpfire, drawStack, setSheetOpen } from "./actionsview.js";
import { renderHexMenu, renderLos, renderWhyNot } from "./boardpanels.js";
import { chatChannels, createChat } from "./chat.js";
import { followConnection } from "./closed.js";
import { el, fill, getJson } from "./dom.js";
import { pointing } from "./pointing.js";
import { reading } from "./reading.js";
import { actingUnits, activationPicks, actors, allCommands, assaultOnCollisionOffered, commandKey, describeCommand, sameCommand } from "./legal.js";
import { playerWords } from "./sentences.js";
import { commandKeys } from "./vocabulary.js";
import { bindShortcuts } from "./shortcuts.js";
import { LogView, Logbook } from "./logview.js";
import { LosTool } from "./lostool.js";
import { declinedOffer, droppedProposal, noticeLine } from "./notice.js";
import { overlayMarks, previewLabel } from "./odds.js";
import { Previews, hasPreview } from "./previews.js";
import { commanderWords, partnerActing, renderBanner, renderReports, renderUnitPanel, showDice } from "./panels.js";
import { textViewDrawer } from "./textview.js";
import { focusChain, focusFirst, keepingFocus } from "./focus.js";
import { SeatsPanel } from "./seatspanel.js";
import { mountClocks } from "../ui/clocks.js";
import { seatAndPlayer } from "../ui/seat_words.js";
import { mountComposedFire } from "../ui/extra_commands.js";
import { mountUndo } from "../ui/undo.js";
import { mountPlanning } from "../ui/planning.js";
import { waitsForPress } from "../ui/presses.js";

/**
 * Mount the game page on `document` from its boot data (the page's JSON, games/game_pages.py):
 * nothing runs on import, so the JS tests can load this module (page.js mounts it).
 */
export function mount(boot, document) {
  const window = document.defaultView;
  const $ = (id) => document.getElementById(id);

  const hexIndex = new Map(boot.map.hexes.map((h) => [h.hex, h]));
  const sideNames = Object.fromEntries(boot.sides.map((s) => [s.id, s.name]));
  const sideName = (id) => sideNames[id] ?? id ?? "";
  const terrainOf = (label) => {
    const h = hexIndex.get(label);
    const level = h?.elevation ? boot.map.elevations?.[h.elevation] ?? `elevation ${h.elevation}` : "";
    return h ? `${h.terrain.replace(/_/g, " ")}${level ? `, ${level}` : ""}${h.bridge ? ", bridge" : ""}` : "unknown";
  };

  const ui = {
    selected: null, // the unit whose details the unit panel shows
    picked: [], // own units that act together (one, or several picked in the stack panel)
    stackHex: null, // the hex whose stack panel is open
    hexMenu: null, // {hex, commands}: what the picked units can do in the hex pointed at
    whyNot: null, // {hex, loading, lines, error}: the server's reasons
    assaultOnCollision: false, // double-blind: a leader-led move assaults the enemy it runs into
    proposal: null, // {command, from: the focus keys of where the player proposed it}
    focusReturn: null, // after Confirm or Cancel: the keys to give the keyboard focus back to
    openFolds: new Set(), // the folded lists (text view, action bar) the reader opened, by key
    hoverHex: null,
    seats: boot.seats ?? [], // who sits where and commands what (team games)
    presence: null,
    acting: boot.seat, // the seat the board acts for: the player's own, or a partner's they stand in for
    offers: [], // the draw offers this side may see (`offer` frames, games/services/endings.py)
    activationKey: null, // the acting seat's open activation last picked for (pickActivated)
  };

  const store = new Store();
  const { view, units, unitById, nameOf, knownIds, commandersNow, groups, stackAt, pickedCommands, canAct } = reading({ store, boot, ui });
  // This game's sentences for the log, the dice and the server's words, ids named (sentences.js).
  const formationName = (id) => boot.faces?.formations?.[id] ?? "the formation"; // as the scenario card prints it
  const words = playerWords({ ruleset: boot.ruleset, nameOf, sideName, ids: knownIds, formationName });
  // A coach watching one side (?side=) asks the socket for that side's view.
  const coachSide = boot.seat ? null : new URLSearchParams(window.location.search).get("side");
  const socket = new GameSocket({ url: gameSocketUrl(boot.game, window.location, null, { side: coachSide }), store });
  const board = new Board($("board"), { map: boot.map, types: boot.types, faces: boot.faces, sideName, onIntent: (intent) => (planning?.picking ? planning.pick(intent.hex) : pointer.onIntent(intent)) });
  let planning = null; // the side's drawings and standing orders (ui/planning.js), for its seats and coaches
  const partnerSeat = () => (ui.acting !== boot.seat ? ui.acting : null); // acting for a partner
  const previews = new Previews({ api: boot.api, fetch: getJson, onLoad: () => render(), seat: partnerSeat });
  const los = new LosTool({ api: boot.api, fetch: getJson, onChange: () => render(), terrainOf });
  window.pgweb = { store, socket, board, ui, los }; // for tests and the console
  // Pointing at the map: what the picked units may do there, or why not (pointing.js).
  const pointer = pointing({
    ui, boot, los, hexIndex, view: () => view(), groups: () => groups(), unitById: (id) => unitById(id), stackAt: (hex) => stackAt(hex),
    pickedCommands: () => pickedCommands(), propose: (cmd) => propose(cmd), select: (id) => select(id), openStack: (hex, id) => openStack(hex, id),
    render: () => render(), loadPreviewOf: (cmd) => loadPreviewOf(cmd), partnerSeat, named: (text) => named(text),
  });
  const options = () => pointer.options();

  // What the action panel's drawing (actionsview.js) reads and calls.
  const ctx = {
    ui, board, boot, view: () => view(), groups: () => groups(), options: () => options(), pickedCommands: () => pickedCommands(),
    canAct: (id) => canAct(id), nameOf: (id) => nameOf(id), formationName, sideName, terrainOf, stackAt: (hex) => stackAt(hex),
    previewFor: (cmd) => previewFor(cmd), loadPreviews: (id) => loadPreviews(id), propose: (cmd) => propose(cmd),
    setPicks: (ids) => setPicks(ids), openStack: (hex, id) => openStack(hex, id), togglePick: (id) => togglePick(id),
    render: () => render(), mayAssaultOnCollision: () => mayAssaultOnCollision(), version: () => store.version,
    unitById: (id) => unitById(id), hexOf: (id) => pointer.whereAbouts.hexOf(id), loadPreviewOf: (cmd) => loadPreviewOf(cmd),
  };

  /** A server sentence with the counters it names by id named as the board names them. */
  function named(text) {
    return words.text(text);
  }

  // -- picks, options, proposals ---------------------------------------------------------------

  function previewFor(command) {
    return previews.of(command, store.version);
  }

  function loadPreviews(unitId) {
    if (boot.seat) previews.load(unitId, store.version);
  }

  /** Ask for a command's preview if the page has none: a command no unit of the seat acts in
   * has its own (GET preview?command=), another comes with its acting unit's (asked for
   * again here should that answer have been lost, or come for another version). */
  function loadPreviewOf(cmd) {
    // Only the commands the referee lists have a preview: it answers any other with an error.
    if (!boot.seat || !hasPreview(view(), cmd) || previewFor(cmd)) return;
    if (!actors(cmd).length) previews.loadCommand(cmd, store.version);
    else loadPreviews(actingUnits(cmd)[0] ?? actors(cmd)[0]);
  }

  function setPicks(ids) {
    ui.picked = ids.filter((id) => unitById(id)?.own);
    ui.proposal = null;
    ui.hexMenu = null;
    ui.whyNot = null;
    board.pick(ui.picked.length > 1 ? ui.picked : []);
    if (ui.picked.length && pickedCommands().some((c) => hasPreview(view(), c))) loadPreviews(ui.picked[0]);
    render();
  }

  /** Focus one counter: its details, and (if own) it alone picked to act. */
  function select(unitId) {
    ui.selected = unitId;
    ui.stackHex = null;
    board.select(unitId);
    setPicks(unitId ? [unitId] : []);
  }

  /** Open the stack panel of a hex; `unitId`, if the player pointed at one counter, is focused. */
  function openStack(hex, unitId = null) {
    ui.stackHex = hex;
    ui.selected = unitId;
    board.select(unitId);
    // Never a surprise: a counter is picked only when the player pointed at it in the fanned
    // stack; a click on a closed stack picks nothing until the player ticks counters.
    setPicks(unitId ? [unitId] : []);
  }

  function togglePick(id) {
    const picked = ui.picked.includes(id) ? ui.picked.filter((x) => x !== id) : [...ui.picked, id];
    ui.selected = picked.at(-1) ?? ui.selected;
    board.select(ui.selected);
    setPicks(picked);
  }

  function propose(command, from = focusChain(document.activeElement === document.body ? null : document.activeElement)) {
    ui.proposal = { command, from };
    loadPreviewOf(command);
    ui.hexMenu = null;
    ui.whyNot = null;
    render();
  }

  /** Double-blind: the referee offers a leader-led move the assault on what it collides with (18.7). */
  function mayAssaultOnCollision() {
    return assaultOnCollisionOffered(view(), ui.acting);
  }

  function confirm() {
    const p = ui.proposal;
    if (!p) return;
    ui.proposal = null;
    ui.focusReturn = p.from;
    if (p.command.type === "move" && ui.assaultOnCollision && mayAssaultOnCollision()) {
      p.command = { ...p.command, assault_on_collision: true };
    }
    try {
      socket.sendCommand(p.command, { seat: ui.acting !== boot.seat ? ui.acting : null });
      notice(`Sent: ${describeCommand(p.command, nameOf, { formationName })}`);
    } catch (error) {
      notice(`Not sent: ${error.message}`);
    }
    render();
  }

  function cancel() {
    if (los.open) return los.close();
    if (ui.proposal) {
      ui.focusReturn = ui.proposal.from;
      ui.proposal = null;
    }
    else if (ui.hexMenu || ui.whyNot) {
      ui.hexMenu = null;
      ui.whyNot = null;
    } else if (ui.stackHex) openStack(null);
    else select(null);
    render();
  }

  // -- drawing ---------------------------------------------------------------------------------

  // What a press on the side panel holds back: its panels, the banner and the notice.
  const inSidePanel = (target) => target.closest?.(".side-panel");
  let frameAsked = false;
  function render() {
    if (frameAsked) return;
    frameAsked = true;
    window.requestAnimationFrame(() => {
      frameAsked = false;
      draw();
    });
  }

  function draw() {
    // Panels drawn while a press on one is held wait for its click: the banner or a panel
    // redrawn above could move the pressed button from under the finger (ui/presses.js).
    if (waitsForPress(document, draw, draw, inSidePanel)) return;
    const back = ui.focusReturn;
    ui.focusReturn = null;
    // Panels are redrawn whole: the keyboard's focus goes back to the same button, or to where
    // the player was before a Confirm or Cancel (focus.js), never to <body>.
    const moved = keepingFocus(document, drawPanels, back ?? []);
    if (back && !moved && document.activeElement?.closest?.("#confirm")) focusFirst(document, back);
  }

  function drawPanels() {
    const v = view();
    if (!v) return;
    renderBanner($("turn-banner"), v, boot.seat, sideName, nameOf, ui.seats);
    // A team player waiting while a partner acts is told who, and when their own units come.
    const waiting = partnerActing(v, boot.seat, ui.seats, commandersNow());
    fill($("partner-acting"), waiting);
    $("partner-acting").hidden = !waiting;
    // Something to replay only once the game has ended.
    $("banner-replay").hidden = !v.result;
    $("replay-link").hidden = !v.result;
    document.title = `${v.may_act?.includes(boot.seat) ? "● Your move — " : ""}${boot.title ?? boot.scenario} — pgweb`;
    if (ui.selected && !unitById(ui.selected)) ui.selected = null;
    if (ui.picked.some((id) => !unitById(id))) ui.picked = ui.picked.filter((id) => unitById(id));
    const u = ui.selected ? unitById(ui.selected) : null;
    const commands = pickedCommands();
    renderUnitPanel($("unit-panel"), u, u ? boot.types[u.type] : null, {
      sideName,
      nameOf,
      carried: listUnits(units()).filter((x) => u && x.carried_by === u.id),
      commands: u?.own ? commands.length : 0,
      looks: boot.faces,
      commander: u ? commanderWords(u.id, boot.seat, ui.seats, commandersNow()) : null,
    });
    drawOverlay();
    drawOpfire(ctx);
    drawStack(ctx);
    renderHexMenu($("hex-menu"), ui.hexMenu && {
      hex: ui.hexMenu.hex,
      terrain: terrainOf(ui.hexMenu.hex),
      items: ui.hexMenu.commands.map((cmd) => ({ type: cmd.type, key: commandKey(cmd), label: describeCommand(cmd, nameOf, { formationName }), odds: previewLabel(previewFor(cmd)), onPick: () => propose(cmd) })),
    });
    renderWhyNot($("why-not"), ui.whyNot);
    renderLos($("los-answer"), los.open && { text: los.text(), onClose: () => los.close() });
    $("los-tool").setAttribute("aria-pressed", String(los.open));
    document.body.classList.toggle("los-mode", los.picking);
    drawActions(ctx, commands);
    drawConfirm(ctx);
    // A spectator acts on nothing, but may still open a stack to read it.
    document.querySelector(".action-panel").hidden = !boot.seat && !ui.stackHex;
    drawTextViewSoon();
  }

  function drawOverlay() {
    const opts = options();
    const u = ui.picked.length ? unitById(ui.picked[0]) : null;
    const hovered = ui.hoverHex && opts.moves.get(ui.hoverHex);
    const pathOf = (cmd) => cmd?.path ?? (cmd ? previewFor(cmd)?.path : null);
    const shown = pathOf(ui.proposal?.command) ?? pathOf(hovered) ?? [];
    board.setOverlay({ ...overlayMarks(opts, previewFor), path: shown, from: u?.hex ?? null, los: los.overlay() });
  }

  // The text view, redrawn a moment after the board (it is long; a reader's focus is kept).
  const drawTextViewSoon = textViewDrawer({
    root: $("text-view"), boot, sideName, terrainOf, nameOf, formationName,
    page: { ui, board, view, groups, unitById, setPicks, propose, previewLabelOf: (cmd) => previewLabel(previewFor(cmd)), drawPending: () => frameAsked },
  });

  // -- log, dice, notices -------------------------------------------------------------------------

  // The help line's command keys are this game's (Panzer Leader has no pass nor initiative).
  if (boot.seat) fill($("command-keys"), commandKeys(boot.ruleset).flatMap(([key, what]) => [el("kbd", {}, key), ` ${what}, `]));
  const logView = new LogView($("log"), {
    toggled: new Set(),
    describe: (event) => words.describe(event),
    colourOf: (side) => sideColours(boot.faces, side),
    sideName,
  });
  const logbook = new Logbook({ draw: (entries) => logView.draw(entries) });

  async function loadLog(version) {
    const side = coachSide ? `&side=${encodeURIComponent(coachSide)}` : "";
    const answer = await getJson(`${boot.api}/log?upto=${version}${side}`);
    logbook.loaded(answer?.lines ?? [], version);
  }

  function rollDice(entries) {
    const rows = entries.flatMap(({ event }) => words.dice(event))
      .map((r) => ({ ...r, colour: r.side ? sideColours(boot.faces, r.side) : null }));
    showDice($("dice"), rows);
  }

  const notices = noticeLine($("notice"), { document, holds: inSidePanel });
  const notice = (text) => notices.say(text);

  // -- chat, seats, connection -----------------------------------------------------------------

  const chat = createChat({
    tabs: $("chat-tabs"), lines: $("chat-lines"), form: $("chat-form"),
    channels: chatChannels(Boolean(boot.seat), Boolean(boot.coach)), send: (channel, text) => socket.sendChat(channel, text),
  });

  const seatsPanel = new SeatsPanel({ root: $("seats"), boot, sideName, view: () => view(), ui });
  const drawSeats = () => seatsPanel.draw();
  const loadSeats = () => seatsPanel.load();

  followConnection({ socket, banner: $("conn-banner"), gameId: boot.game, document });
  // A race lost to a partner's command says who did what (services/race.py): show it as is.
  socket.on("reject", ({ code, message }) => notice(code === "state/stale_version" ? message : `Refused (${code}): ${named(message)}`));
  // The command went through: "Sent: …" is done with (the log says what it did).
  socket.on("ack", () => {
    if (notices.text.startsWith("Sent: ")) notice("");
  });
  socket.on("error", ({ code, message }) => notice(`Error (${code}): ${message}`));
  socket.on("chat", (d) => chat.add(d));
  socket.on("offer", (d) => {
    ui.offers = d.offers ?? [];
    // A declined offer does not just vanish: who declined it, in the server's words
    // (games/services/endings.py declined_words), in the notice and the log.
    const told = declinedOffer(d, boot.seat);
    if (told) {
      notice(told);
      logbook.between(store.version, "offer", told);
    }
    render();
  });
  socket.on("presence", (d) => {
    ui.presence = d;
    drawSeats();
    if (ui.seats.some((seat) => !seat.user)) loadSeats();
  });

  let framed = false;
  store.subscribe((change) => {
    board.setView(change.view);
    planning?.onView(change.view);
    // Team games: own-side units another seat commands are outlined as the partner's.
    board.setPartners(seatsPanel.partnerUnits());
    if (change.view?.commanders || change.view?.sectors) drawSeats();
    if (change.view && boot.status === "open") {
      boot.status = "active"; // the last seat was taken while this page was open
      loadSeats();
    }
    if (!framed && change.view) {
      framed = true;
      openOnCounters(board, change.view); // a player's own counters, else where most stand
      loadLog(change.version);
    }
    // Hexes the audience cannot observe, when the server says which (hidden information).
    board.setFog(Array.isArray(change.view?.fog) ? change.view.fog : [], Array.isArray(change.view?.ops) ? change.view.ops : []);
    $("fog-legend").hidden = !Array.isArray(change.view?.ops); // what the eyes and the shading mean
    // The side setting up sees where it may place its units (D-SETUP-1).
    board.setAreas((Array.isArray(change.view?.setup_areas) ? change.view.setup_areas : []).flatMap((a) => a.hexes ?? []));
    renderReports($("intel"), change.view?.reports);
    if (change.log.length) {
      logbook.add(change.log, change.version);
      rollDice(change.log);
    }
    if (change.outcome === "snapshot" || change.outcome === "patched") {
      pickActivated();
      if (ui.proposal && !seatCommandsInclude(ui.proposal.command)) {
        // Never dropped in silence: a partner's command that came first is named (its frame's
        // `by`, in the server's words: games/services/race.py).
        ui.proposal = null;
        notice(droppedProposal(change.by, ui.acting));
      }
      if (ui.hexMenu) ui.hexMenu = null;
      previews.keepOnly(change.version);
      if (ui.picked.length && unitById(ui.picked[0])?.own) loadPreviews(ui.picked[0]);
    }
    document.body.dataset.version = String(change.version);
    render();
  });

  /** When an activation of the acting seat opens, its counters that may move together are
   * picked (its leader's first): the next move offered moves them all, as the rules allow.
   * The others it opened are listed on the action panel (actionsview.js). */
  function pickActivated() {
    const a = view()?.activation;
    const key = a && a.seat === ui.acting ? `${a.seat}:${(a.units ?? []).join(",")}` : null;
    if (key === ui.activationKey) return;
    ui.activationKey = key;
    if (!key) return;
    const hexOf = (id) => unitById(id)?.hex ?? null;
    const picks = activationPicks(a, allCommands(groups()), hexOf);
    if (!picks.length) return;
    ui.selected = picks[0];
    ui.stackHex = picks.length > 1 ? hexOf(picks[0]) : null;
    board.select(ui.selected);
    setPicks(picks);
  }

  function seatCommandsInclude(cmd) {
    return Object.values(groups()).flat().some((c) => sameCommand(c, cmd));
  }

  // -- keyboard and hover ---------------------------------------------------------------------

  bindShortcuts(document, {
    ui, board, los, groups, propose, confirm, cancel, select, openStack, setPicks, unitById, stackAt, canAct,
  });

  $("confirm").addEventListener("click", (e) => {
    const action = e.target.closest("[data-action]")?.dataset.action;
    if (action === "confirm") confirm();
    if (action === "cancel") cancel();
  });

  $("los-tool").addEventListener("click", () => los.toggle());
  $("sheet-toggle").addEventListener("click", () => setSheetOpen($("sheet-toggle").getAttribute("aria-expanded") !== "true"));
  setSheetOpen(true);

  $("board").addEventListener("pointerover", (e) => {
    const hex = e.target.closest?.(".reach")?.getAttribute("data-hex") ?? null;
    if (hex !== ui.hoverHex) {
      ui.hoverHex = hex;
      if (!ui.proposal) render();
    }
  });

  if (boot.status === "open") {
    // The snapshot arrives by itself when the last seat is taken.
    document.querySelector('#turn-banner [data-field="turn"]').textContent = "Waiting for every seat to be taken…";
    fill(document.querySelector('#turn-banner [data-field="whose"]'),
      el("a", { href: `${boot.lobby}?game=${encodeURIComponent(boot.game)}` }, "Invite players from the lobby"));
  }
  // Spectators act on nothing: no actions panel.
  document.querySelector(".action-panel").hidden = !boot.seat;
  drawSeats();
  mountClocks({
    root: $("clocks"), addLine: (v, kind, text) => logbook.between(v, kind, text), boot, store, sideName, socket,
    seatName: (id) => seatAndPlayer(ui.seats, id),
    onActFor: (seat) => { ui.acting = seat; previews.keepOnly(-1); setPicks([]); render(); },
  });
  if (boot.seat) mountUndo({ before: $("global-actions"), store, socket, seat: boot.seat, notice });
  if (boot.seat) {
    mountComposedFire({ before: $("unit-actions"), store, seat: boot.seat, api: boot.api, getJson, nameOf, el, fill,
      onPreview: (cmd, entry) => {
        if (!cmd) return notice(entry.error);
        previews.add(cmd.firers[0], store.version, entry);
        propose(cmd);
      } });
  }
  if (boot.seat || boot.coach) {
    $("plans").hidden = false;
    planning = mountPlanning({
      boot, socket, board, tools: document.querySelector(".board-tools"), panel: $("plans"),
      addLine: (v, kind, text) => logbook.between(v, kind, text), notice, named,
    });
    // The opportunity-fire prompt's way to the standing orders that answer such windows.
    if (boot.seat) ctx.openOrders = (kind) => planning.openOrders(kind);
  }
  socket.connect();
}
