// The few DOM calls the page modules' lists and forms make (dom.el, keyed.fillKeyed and fillKept),
// enough to read a list's text and markup, to tell a node kept from a node drawn again, and
// to count the times a kept node was taken out of the page (a move is a removal first), and
// to fire the listeners of a form field.

export class FakeNode {
  constructor(tag = null, text = "") {
    Object.assign(this, { tag, text, attrs: {}, childNodes: [], dataset: {}, parent: null, removals: 0 });
    this.style = { setProperty: (name, value) => { this.attrs.style = `${this.attrs.style ?? ""}${name}: ${value};`; } };
  }
  setAttribute(name, value) { this.attrs[name] = String(value); }
  get tagName() { return this.tag?.toUpperCase(); }
  addEventListener(type, fn) { (this.listeners ??= []).push({ type, fn }); }
  /** Call the node's listeners of `type`, as the browser does when the event reaches it. */
  fire(type) { for (const l of (this.listeners ?? []).filter((x) => x.type === type)) l.fn({ type, target: this }); }
  get children() { return this.childNodes.filter((c) => c.tag); }
  get lastChild() { return this.childNodes.at(-1) ?? null; }
  append(...children) { // a string is a text node, as in the browser
    for (const c of children) this.insertBefore(typeof c === "string" ? new FakeNode(null, c) : c, null);
  }
  appendChild(child) { return this.insertBefore(child, null); }
  insertBefore(child, here) {
    child.remove();
    this.childNodes.splice(here ? this.childNodes.indexOf(here) : this.childNodes.length, 0, child);
    child.parent = this;
    return child;
  }
  remove() {
    if (!this.parent) return;
    this.parent.childNodes.splice(this.parent.childNodes.indexOf(this), 1);
    this.parent = null;
    this.removals += 1;
  }
  replaceChildren(...children) { [...this.childNodes].forEach((c) => c.remove()); this.append(...children); }
  querySelector() { return null; }
  querySelectorAll() { return []; }
  get outerHTML() {
    if (!this.tag) return this.text;
    const attrs = Object.entries(this.attrs).map(([name, value]) => ` ${name}="${value}"`).join("");
    return `<${this.tag}${attrs}>${this.childNodes.map((c) => c.outerHTML).join("")}</${this.tag}>`;
  }
  get textContent() { return this.text + this.childNodes.map((c) => c.textContent).join(""); }
  set textContent(text) { // an element's text is a text node of its own, as in the browser
    if (this.tag) this.replaceChildren(...(text === "" ? [] : [String(text)]));
    else this.text = String(text);
  }
  contains(node) {
    for (let n = node; n; n = n.parent) if (n === this) return true;
    return false;
  }
}

/** Stand the fake in for the page's `document` and `Node`. */
export function fakeDom() {
  globalThis.Node = FakeNode;
  globalThis.document = { createElement: (tag) => new FakeNode(tag), createTextNode: (t) => new FakeNode(null, t) };
}

/** Something events are sent to: listeners (added, removed, `once`) and `dispatch(type,
 * target, fields)`, which calls the listeners of `type` as the browser would with an event at
 * `target` carrying `fields` (a pointer's `button`, say). */
function listening(into) {
  const listeners = [];
  return Object.assign(into, {
    addEventListener: (type, fn, options) => listeners.push({ type, fn, once: Boolean(options?.once) }),
    removeEventListener: (type, fn) => {
      const i = listeners.findIndex((l) => l.type === type && l.fn === fn);
      if (i >= 0) listeners.splice(i, 1);
    },
    dispatch: (type, target = null, fields = {}) => {
      for (const l of listeners.filter((x) => x.type === type)) {
        if (l.once) listeners.splice(listeners.indexOf(l), 1);
        l.fn({ type, target, ...fields });
      }
    },
  });
}

/** Give the fake `document` listeners and `dispatch` (above), a `visibilityState`, and a
 * window (`defaultView`) that listens too. */
export function listeningDocument() {
  listening(globalThis.document);
  globalThis.document.visibilityState = "visible";
  globalThis.document.defaultView = listening({});
  return globalThis.document;
}

/**
 * A game page's panels for the action panel's drawing (actionsview.js): `document` answers
 * `getElementById` with one FakeNode per id, and the confirm box (`#confirm`) finds its text,
 * odds and button fields. Returns the nodes by id.
 */
export function fakeGamePage() {
  fakeDom();
  const nodes = {};
  const node = (id) => {
    if (!nodes[id]) {
      nodes[id] = new FakeNode("div");
      nodes[id].id = id;
    }
    return nodes[id];
  };
  const box = node("confirm");
  const fields = { '[data-field="text"]': new FakeNode("p"), '[data-field="odds"]': new FakeNode("div"), ".btn-confirm": new FakeNode("button") };
  box.append(...Object.values(fields));
  fields[".btn-confirm"].focus = () => {};
  box.querySelector = (selector) => fields[selector] ?? null;
  box.classList = { toggle() {} };
  box.hidden = true;
  Object.assign(globalThis.document, {
    getElementById: (id) => (id === "sheet-toggle" ? null : node(id)),
    querySelector: () => null,
    querySelectorAll: () => [],
  });
  return nodes;
}
