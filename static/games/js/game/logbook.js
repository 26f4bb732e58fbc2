// The log as a player reads it: grouped by activation, one line per move. Pure: log entries
// ({v, event}) in, groups of lines out; the page draws them (logview.js).

/** Hexes of a path in a line: every hex up to five, else the ends and how many between. */
export function summarisePath(path) {
  if (path.length <= 5) return path.join(" → ");
  return `${path[0]} → ${path[1]} → … → ${path.at(-1)} (${path.length - 1} hexes)`;
}

const sameUnits = (a, b) => JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

/**
 * Consecutive hex-by-hex "moved" events of the same units become one move along a path
 * (`path`: every hex from the start), keeping the last step's MP spent.
 */
export function mergeMoves(entries) {
  const out = [];
  for (const entry of entries) {
    const e = entry.event;
    const last = out.at(-1);
    if (e.type === "moved" && last?.event.type === "moved" && sameUnits(last.event.units, e.units) && last.event.to === e.from) {
      const path = [...(last.event.path ?? [last.event.from, last.event.to]), e.to];
      out[out.length - 1] = { v: entry.v, event: { ...last.event, to: e.to, path, mp_spent: e.mp_spent ?? last.event.mp_spent } };
      continue;
    }
    out.push(entry);
  }
  return out;
}

const OPENS = new Set(["activated", "turn_started", "initiative_rolled", "turn", "segment", "phase"]);
const CLOSES = new Set(["activation_ended", "passed", "turn_ended", "game_ended", "game_over"]);
// A new turn, player turn and phase announced together open one group, headed by the phase.
const HEADS = new Set(["turn", "segment", "phase"]);

/**
 * The log in groups: each activation from "activated" to its end, and the turn's other
 * business (initiative, passes, the end of a turn) in groups of their own. A group:
 * {key, side, title: the event that opened it, entries}.
 */
export function groupLog(entries) {
  const groups = [];
  let open = null;
  for (const entry of mergeMoves(entries)) {
    const e = entry.event;
    // A clock's line (between versions) joins the latest group as a line of its own.
    if (e.type === "clock" && groups.length) {
      groups.at(-1).entries.push(entry);
      continue;
    }
    const onlyHeads = open && HEADS.has(e.type) && open.entries.every((x) => HEADS.has(x.event.type) && x.v === entry.v);
    if (!open || (OPENS.has(e.type) && open.entries.length && !onlyHeads)) {
      open = { key: `${entry.v}:${groups.length}`, side: e.side ?? null, title: entry, entries: [] };
      groups.push(open);
    } else if (onlyHeads) {
      if (e.type === "phase" || open.title.event.type !== "phase") open.title = entry;
      open.side = e.side ?? open.side;
    }
    open.entries.push(entry);
    if (!open.side && e.side) open.side = e.side;
    if (CLOSES.has(e.type)) open = null;
  }
  return groups;
}

/**
 * A group's heading: the tag in its side's colour (the side's name, or "Game") and the rest of
 * the sentence of the event that opened it. A sentence that begins with the side's name gives
 * the tag its place ("[German] passes.", "[German]'s supply is critical."), so no heading
 * reads "German German"; any other keeps it apart ("[German] Turn 2: initiative ..."). The
 * tag and the text together read as the sentence.
 */
export function groupHeading(group, describe, sideName = (id) => id) {
  const tag = group.side ? sideName(group.side) : "Game";
  const text = describe(group.title.event);
  return text.startsWith(tag) && /^[^\p{L}\p{N}]/u.test(text.slice(tag.length)) ? { tag, text: text.slice(tag.length) } : { tag, text: ` ${text}` };
}

/** The lines of a group under its heading: every entry but the one the heading shows. */
export function groupLines(group) {
  return group.entries.filter((e) => e !== group.title);
}
