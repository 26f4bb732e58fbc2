// Keeping the keyboard's place: the page redraws its panels from state, which replaces the
// focused button with a new one. Elements carry a key (`data-focus-key`, or their id); after
// a redraw the focus goes back to the element with the same key, else to the nearest place
// still there (`data-focus-parent`, an ancestor's key, a panel's heading), never to <body>.

/** The keys to try for an element, most specific first. */
export function focusChain(node) {
  const chain = [];
  const push = (k) => k && !chain.includes(k) && chain.push(k);
  push(node?.getAttribute?.("data-focus-key") ?? (node?.id ? `#${node.id}` : null));
  push(node?.getAttribute?.("data-focus-parent"));
  for (let n = node?.parentElement; n; n = n.parentElement) {
    push(n.getAttribute("data-focus-key"));
    push(n.getAttribute("data-focus-parent"));
    const home = n.getAttribute("data-focus-home");
    if (home) push(`#${home}`);
  }
  return chain;
}

/** Every element on the page with this key (an id: the one element). */
function allByKey(doc, key) {
  if (key.startsWith("#")) return [doc.getElementById(key.slice(1))].filter(Boolean);
  return [...doc.querySelectorAll("[data-focus-key]")].filter((node) => node.getAttribute("data-focus-key") === key);
}

function shown(node) {
  return Boolean(node?.isConnected) && !node.closest("[hidden]") && (node.getClientRects?.().length ?? 1) > 0;
}

/** The panel an element sits in: the key of its nearest `data-focus-home` ("#actions-h"). */
function homeOf(node) {
  const home = node?.closest?.("[data-focus-home]")?.getAttribute("data-focus-home");
  return home ? `#${home}` : null;
}

/**
 * Focus the first element of `chain` that is on the page and shown; whether one took it.
 * One key may be on several elements (a move is a button both in the action bar's list and
 * in the text view's): the shown one that sits where the chain says (its own chain shares
 * most keys with it) is taken, so the focus stays in the same panel. The panel comes first:
 * every key is tried inside the chain's own panel before any element of another panel is
 * taken, and the page is never scrolled to another panel: a button gone from the action bar
 * leaves the focus at the bar's heading, not on its twin in the text view a screen below.
 */
export function focusFirst(doc, chain) {
  const home = chain.find((k) => k.startsWith("#") && doc.querySelector(`[data-focus-home="${k.slice(1)}"]`)) ?? null;
  for (const samePanel of home ? [true, false] : [false]) {
    for (const [i, key] of chain.entries()) {
      const rest = new Set(chain.slice(i + 1));
      const near = (node) => focusChain(node).filter((k) => rest.has(k)).length;
      const nodes = allByKey(doc, key).filter(shown).filter((node) => !samePanel || homeOf(node) === home)
        .sort((a, b) => near(b) - near(a));
      for (const node of nodes) {
        // The same element again stays where it was; a stand-in in the same panel is brought
        // into view; one in another panel is focused where it is, the page not moved.
        node.focus({ preventScroll: true });
        if (doc.activeElement !== node) continue;
        if (i > 0 && (!home || homeOf(node) === home)) node.scrollIntoView?.({ block: "nearest" });
        return true;
      }
    }
    // No key is shown in the panel (on a phone the bar's heading is folded away): its first
    // shown control (the sheet's toggle) keeps the focus there.
    if (samePanel && firstControl(doc, home)) return true;
  }
  return false;
}

function firstControl(doc, home) {
  const region = doc.querySelector(`[data-focus-home="${home.slice(1)}"]`);
  const controls = region?.querySelectorAll("button:not([disabled]), summary, a[href], input, [tabindex]") ?? [];
  for (const node of controls) {
    if (!shown(node)) continue;
    node.focus({ preventScroll: true });
    if (doc.activeElement === node) return true;
  }
  return false;
}

/** Whether the focus sits on an element a redraw took away (or hid). */
export function focusLost(doc, before) {
  if (!before || before === doc.body) return false;
  return doc.activeElement === before ? !shown(before) : doc.activeElement === doc.body || !doc.activeElement;
}

/**
 * Run `draw()`; if it took the focus away, give it back by key (`preferred` first: where the
 * player came from, say). Returns whether the focus was moved.
 */
export function keepingFocus(doc, draw, preferred = []) {
  const before = doc.activeElement;
  const chain = before && before !== doc.body ? focusChain(before) : [];
  draw();
  if (!focusLost(doc, before)) return false;
  return focusFirst(doc, [...preferred, ...chain]);
}

/**
 * Note in `open` (keys) which folded lists (<details data-focus-key>) under `root` are open
 * now, read from the page itself, before a redraw draws them again: the "toggle" event comes
 * a moment after Enter opens a list, so a redraw in between drew it closed again under the
 * keyboard (and the focus inside it fell back to its summary).
 */
export function keepOpen(root, open) {
  for (const details of root?.querySelectorAll("details[data-focus-key]") ?? []) {
    const key = details.getAttribute("data-focus-key");
    if (details.open) open.add(key);
    else open.delete(key);
  }
}
