// What a pointer on the map means, from the player's picks and the seat's legal commands:
// a hex the picked units can act on proposes the command (or offers a short menu of them);
// a hex where they can do nothing asks the referee why not; with nothing picked, a hex an
// air strike or naval gunfire could hit offers those. No rule is decided here: every
// command offered is one the server listed.

import { getJson } from "./dom.js";
import { whyNotLines } from "./explain.js";
import { boardOptions, commandHex, globalCommands } from "./legal.js";
import { latestOnly } from "../lobby/api.js";

/**
 * `page`: {ui, boot, los, hexIndex, view(), groups(), unitById(id), stackAt(hex), pickedCommands(),
 * propose(cmd), select(id), openStack(hex, id), render(), loadPreviewOf(cmd), partnerSeat(), named(text)},
 * and `fetch(url)` answering JSON or null (GET by default).
 */
export function pointing(page) {
  const { ui, boot, los } = page;
  // Only the latest question counts: asked again at the same hex with other units picked (or
  // after a new version), the first answer coming last must not give the first units' reasons.
  const whyNot = latestOnly(async (url) => ({ answer: await (page.fetch ?? getJson)(url) }));

  // Where a command's names stand: units (or their handles) and aircraft by the view; labels by the map.
  const whereAbouts = {
    hexOf: (id) => page.unitById(id)?.hex ?? (page.view()?.aircraft ?? []).find((p) => p.id === id)?.hex ?? null,
    isHex: (label) => page.hexIndex.has(label),
  };

  const options = () => boardOptions(page.pickedCommands(), ui.picked, whereAbouts);

  /** Everything the picked units may do in a hex: moves there (each way), attacks on it, the rest. */
  const offeredAt = (opts, hex) => [...(opts.moves.has(hex) ? [opts.moves.get(hex)] : []), ...(opts.more.get(hex) ?? []), ...(opts.targets.get(hex) ?? []), ...(opts.others.get(hex) ?? [])];

  /** Commands no unit of the seat acts in that strike a hex (an air strike, naval gunfire). */
  const unitlessAt = (hex) => globalCommands(page.groups()).filter((c) => commandHex(c, whereAbouts) === hex);

  const stackActivation = (hex) => (page.groups().activate ?? []).find((c) => c.kind === "stack" && c.hex === hex) ?? null;

  async function askWhyNot(hex) {
    ui.hexMenu = null;
    ui.proposal = null;
    ui.whyNot = { hex, loading: true, lines: [] };
    page.render();
    const ids = ui.picked.join(",");
    const seat = page.partnerSeat();
    const forSeat = seat ? `&seat=${encodeURIComponent(seat)}` : "";
    const got = await whyNot(`${boot.api}/why_not?units=${encodeURIComponent(ids)}&hex=${encodeURIComponent(hex)}${forSeat}`);
    if (got === null || ui.whyNot?.hex !== hex) return; // asked again since, or closed
    const { answer } = got;
    ui.whyNot = answer
      ? { hex, loading: false, lines: whyNotLines(answer).filter((l) => !l.ok).map((l) => ({ ...l, text: page.named(l.text) })) }
      : { hex, loading: false, lines: [], error: "The referee could not say why just now." };
    page.render();
  }

  /** What the picked units can do in a hex: one command is proposed, several offered, none explained. */
  function onHex(hex) {
    const cmds = ui.picked.length ? offeredAt(options(), hex) : unitlessAt(hex);
    cmds.forEach(page.loadPreviewOf);
    if (cmds.length === 1) return page.propose(cmds[0]);
    if (cmds.length > 1) {
      ui.hexMenu = { hex, commands: cmds };
      ui.whyNot = null;
      return page.render();
    }
    const activate = stackActivation(hex);
    if (activate) return page.propose(activate);
    if (ui.picked.length && boot.seat) return askWhyNot(hex);
    page.select(null);
  }

  function onIntent(intent) {
    if (!page.view()) return;
    if (los.picking) return los.pick(intent.hex);
    if (intent.kind === "assault") {
      const cmd = (options().targets.get(intent.hex) ?? []).find((c) => c.type === "assault");
      if (cmd) return page.propose(cmd);
      return onHex(intent.hex);
    }
    if (intent.kind === "unit") {
      const u = page.unitById(intent.unit);
      // With units picked, a hex they can act on (or an enemy's) asks what to do there; with
      // none, an enemy an air strike or naval gunfire may hit.
      if (ui.picked.length && u && !ui.picked.includes(u.id)) {
        if (offeredAt(options(), intent.hex).length || !u.own) return onHex(intent.hex);
      } else if (!ui.picked.length && u && !u.own && unitlessAt(intent.hex).length) return onHex(intent.hex);
      if (page.stackAt(intent.hex).length > 1) return page.openStack(intent.hex, intent.spread ? intent.unit : null);
      return page.select(intent.unit);
    }
    if (intent.kind === "hex") onHex(intent.hex);
  }

  return { onIntent, onHex, options, whereAbouts };
}
