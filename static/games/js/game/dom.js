// Small DOM helpers. Every string from the server goes in as text or an attribute value,
// never as HTML.

/** Create an element: `el("li", {class: "x", "data-id": 3}, "text", child, ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "style") setStyle(node, value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Set inline styles through the CSSOM ("--side-fill: #777; color: red"): the Content
 * Security Policy (style-src 'self') refuses a style attribute, not the CSSOM. */
export function setStyle(node, declarations) {
  for (const part of String(declarations).split(";")) {
    const at = part.indexOf(":");
    if (at > 0) node.style.setProperty(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return node;
}

/** Replace an element's children. */
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

/** The CSRF token Django set as a cookie (for the REST API's unsafe requests). */
export function csrfToken(cookie = document.cookie) {
  const m = /(?:^|;\s*)csrftoken=([^;]+)/.exec(cookie);
  return m ? decodeURIComponent(m[1]) : "";
}

/** GET JSON from the API; null on any failure (the caller shows what it has). */
export async function getJson(url) {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
