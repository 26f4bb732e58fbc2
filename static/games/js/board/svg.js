// Turn element descriptions ({key, tag, attrs, text?, children?}) into SVG, reusing by key.
//
// `reconcile` makes a parent's children match a list of descriptions: an element whose key
// is still wanted is kept (and only touched if its description changed), new keys get new
// elements, dropped keys are removed, and the order follows the list. Rendering the same
// list twice changes nothing, so the board can redraw from state whenever it likes.

export const SVG_NS = "http://www.w3.org/2000/svg";

// The description each element was last drawn from, to skip unchanged ones cheaply.
const drawn = new WeakMap();

/** Create one element (and its children) from a description. */
export function build(doc, item) {
  const el = doc.createElementNS(SVG_NS, item.tag);
  for (const [name, value] of Object.entries(item.attrs ?? {})) el.setAttribute(name, String(value));
  if (item.key !== undefined) el.setAttribute("data-key", item.key);
  fill(doc, el, item);
  // Only keyed elements are ever compared (children are redrawn whole with their parent).
  if (item.key !== undefined) drawn.set(el, signature(item));
  return el;
}

function fill(doc, el, item) {
  if (item.text !== undefined) el.textContent = item.text;
  for (const child of item.children ?? []) el.appendChild(build(doc, child));
}

function signature(item) {
  return JSON.stringify([item.tag, item.attrs, item.text, item.children]);
}

function update(doc, el, item) {
  const sig = signature(item);
  if (drawn.get(el) === sig) return;
  const attrs = item.attrs ?? {};
  for (const name of [...el.getAttributeNames()]) {
    if (name !== "data-key" && !(name in attrs)) el.removeAttribute(name);
  }
  for (const [name, value] of Object.entries(attrs)) {
    if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
  }
  // Children are small (a counter's rect and texts): redraw them whole when anything changed.
  while (el.firstChild) el.removeChild(el.firstChild);
  fill(doc, el, item);
  drawn.set(el, sig);
}

/** Make `parent`'s keyed children match `items`; returns the number of elements created. */
export function reconcile(doc, parent, items) {
  const existing = new Map();
  for (const el of [...parent.children]) existing.set(el.getAttribute("data-key"), el);
  let created = 0;
  let cursor = parent.firstChild;
  for (const item of items) {
    let el = existing.get(item.key);
    if (el && el.tagName.toLowerCase() === item.tag.toLowerCase()) {
      existing.delete(item.key);
      update(doc, el, item);
    } else {
      el = build(doc, item);
      created += 1;
    }
    if (el !== cursor) parent.insertBefore(el, cursor);
    else cursor = cursor.nextSibling;
  }
  for (const el of existing.values()) el.remove();
  return created;
}
