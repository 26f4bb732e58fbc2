// A formation activation's roll in words (17.7): what the server's preview says it is for,
// before the player rolls. Every number is the server's (`formation_roll`, from the code the
// roll resolves with); none is computed here.

const pct = (p) => `${Math.round(p * 100)}%`;
const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

/** The modifiers' sum as the roll adds it: "2d6 + 2", "2d6 − 1", "2d6". */
function dice(roll) {
  const sum = (roll.modifiers ?? []).reduce((n, m) => n + m.value, 0);
  const base = `${roll.dice ?? 2}d6`;
  return sum > 0 ? `${base} + ${sum}` : sum < 0 ? `${base} − ${-sum}` : base;
}

/** The confirm's row naming every counter the offer activates on success, as the server
 * listed them (the command's `units`, which the referee checks before rolling, 3.1); none
 * for another command. Shown before the preview comes. */
export function formationUnitsRow(cmd, nameOf = (id) => id) {
  if (cmd?.type !== "activate" || cmd.kind !== "formation" || !cmd.units?.length) return [];
  return [["it would activate", cmd.units.map(nameOf).join(", ")]];
}

/** A few words for a button: "2d6 + 2 ≤ 8: 42% to activate". */
export function formationRollLabel(roll) {
  return `${dice(roll)} ≤ ${roll.needed}: ${pct(roll.succeeds.p)} to activate`;
}

/**
 * The confirm's rows ([label, text]) and chances ([[outcome, "42%"]]) of one attempt: the
 * roll against the senior leader's morale, each modifier with its reason, what success
 * activates and whom failure marks Moved/Fired.
 */
export function formationRollParts(roll, nameOf = (id) => id) {
  const rule = roll.rule ?? "17.7";
  const rows = [["the roll", `${dice(roll)} must come to ${roll.needed} or less, ${nameOf(roll.leader)}'s morale (${rule})`]];
  for (const m of roll.modifiers ?? []) rows.push([`modifier ${signed(m.value)}`, m.reason]);
  const n = (roll.activates ?? []).length;
  rows.push(["if it succeeds", `${n === 1 ? "its counter activates" : `all ${n} counters activate`}, led by ${nameOf(roll.leader)}; each is marked Moved/Fired when the activation ends (3.1)`]);
  const leaders = roll.marked_on_failure ?? [];
  const marked = leaders.length ? `${leaders.map(nameOf).join(", ")} ${leaders.length === 1 ? "is" : "are"} marked Moved/Fired (the other counters are not)` : "";
  const spent = roll.segment_spent_on_failure ? "the action segment is spent" : "";
  rows.push(["if it fails", `${[marked, spent].filter(Boolean).join("; ")} (${rule})`]);
  const p = roll.succeeds.p;
  return { rows, chances: [["the formation activates", pct(p)], ["it fails", pct(1 - p)]] };
}
