// Redraws that keep what did not change. Both pages draw their lists again from state on
// every frame (anyone arriving in the lobby, any command in a game): a node replaced between
// a press and its release loses the tap (they land on two different nodes, which makes no
// click), and one replaced under the keyboard's focus loses the focus. So a node whose key
// is unchanged stays the very same node.

import { waitsForPress } from "./presses.js";

// The nodes fillKeyed last put in each container, by key.
const keyed = new WeakMap();

/**
 * Keep a container's children in step with `items` ({key, draw}), reusing the node of every
 * item whose key it drew before and leaving in place each node already where it belongs. A
 * key says all a node shows and does: a kept node keeps the listeners it was drawn with.
 *
 * A redraw that would take out or shift the node under a press still held (its card drawn
 * anew because its game changed, gone, moved by a new order, or pushed down or up by a card
 * coming, going or changing above it) waits for the press to end and its click to be
 * handled: taken out, the node would lose the click; shifted, it would leave the pointer, and
 * the release would land on whatever came under it (on a touch screen, another card's
 * button). A redraw that changes only what comes after it goes ahead.
 */
export function fillKeyed(container, items) {
  const before = keyed.get(container) || new Map();
  const after = new Map();
  const nodes = items.map(({ key, draw }) => {
    const node = before.get(key) || draw();
    after.set(key, node);
    return node;
  });
  if (heldBack(container, nodes, () => fillKeyed(container, items))) return;
  keyed.set(container, after);
  place(container, nodes, placing(container, nodes));
}

/** Whether `redraw` must wait: a press is held on a child of `container` that `nodes` would
 * take out or put after other nodes than now (ui/presses.js). */
function heldBack(container, nodes, redraw) {
  return waitsForPress(container.ownerDocument ?? globalThis.document, container, redraw, (target) => {
    if (!container.contains(target)) return false;
    const children = [...container.childNodes];
    const at = children.findIndex((child) => child.contains(target));
    if (at < 0) return false; // pressed on the container itself, between its children
    return !(nodes.indexOf(children[at]) === at && nodes.slice(0, at).every((node, i) => node === children[i]));
  });
}

/**
 * How to make `nodes` the container's children taking out as few kept nodes as their new
 * order allows: moving a node takes it out of the page and puts it back, and a press on a
 * node taken out makes no click. So the nodes going away leave first (a card drawn anew or
 * gone above a held one must not move the held one), the longest run of kept nodes already
 * in the new order stays put, and only the others are moved or inserted.
 */
function placing(container, nodes) {
  const staying = new Set(nodes);
  const kept = [...container.childNodes].filter((child) => staying.has(child));
  const position = new Map(kept.map((child, i) => [child, i]));
  const still = longestIncreasing(nodes.map((node) => position.get(node) ?? -1));
  return { still };
}

/** Make `nodes` the container's children as `moves` (placing's plan) says. */
function place(container, nodes, moves) {
  const staying = new Set(nodes);
  for (const child of [...container.childNodes]) {
    if (!staying.has(child)) child.remove();
  }
  // From the last node back: each node that is not staying goes just before the one after it.
  let next = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    if (!moves.still.has(i)) container.insertBefore(nodes[i], next);
    next = nodes[i];
  }
}

/** The indexes of a longest strictly increasing run of the values that are not -1. */
export function longestIncreasing(values) {
  const tails = []; // tails[k]: index of the smallest last value of a run of length k + 1
  const before = new Array(values.length).fill(-1);
  values.forEach((value, i) => {
    if (value < 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]] < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) before[i] = tails[lo - 1];
    tails[lo] = i;
  });
  const run = new Set();
  for (let i = tails.at(-1) ?? -1; i >= 0; i = before[i]) run.add(i);
  return run;
}

/**
 * Fill a container with nodes drawn afresh, keeping each child already there whose markup
 * is the same as a new node's (markup as it is now: a list the reader opened is open in
 * both). Markup says what a node shows; it says what it does where every node with a
 * listener carries what the listener acts on (a command button the command's key, in
 * `data-focus-key`), so a kept node's listeners do what the new node's would.
 */
export function fillKept(container, nodes) {
  const now = new Map(); // markup -> the children showing it, in order
  for (const child of container.children) {
    const markup = child.outerHTML;
    if (now.has(markup)) now.get(markup).push(child);
    else now.set(markup, [child]);
  }
  const kept = nodes.filter(Boolean).map((node) => now.get(node.outerHTML)?.shift() ?? node);
  place(container, kept, placing(container, kept));
}
