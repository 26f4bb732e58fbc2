// Build DOM nodes for the lobby. Strings become text nodes (textContent), never markup: names,
// chat lines and scenario titles come from people and are shown exactly as typed.

/**
 * el("li", {class: "seat", dataset: {seat: "ge-1"}, onclick: fn}, "text", childNode, [more])
 * Attributes starting with "on" become listeners; `dataset` fills data-*; null/false skip.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace a container's children. */
export function fill(container, ...children) {
  container.replaceChildren();
  append(container, children);
}

// The nodes fillKeyed last put in each container, by key.
const keyed = new WeakMap();

/**
 * Keep a container's children in step with `items` ({key, draw}), reusing the node of every
 * item whose key it drew before and leaving in place each node already where it belongs. The
 * lobby redraws its lists whenever anyone comes or goes: a card replaced between a press and
 * its release loses the tap (they land on two different nodes, which makes no click), so an
 * unchanged card must stay the very same node. A key says all a node shows.
 */
export function fillKeyed(container, items) {
  const before = keyed.get(container) || new Map();
  const after = new Map();
  const nodes = items.map(({ key, draw }) => {
    const node = before.get(key) || draw();
    after.set(key, node);
    return node;
  });
  keyed.set(container, after);
  nodes.forEach((node, i) => {
    const here = container.childNodes[i] || null;
    if (here !== node) container.insertBefore(node, here);
  });
  while (container.childNodes.length > nodes.length) container.lastChild.remove();
}
