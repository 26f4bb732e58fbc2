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
