// Keyboard play: one listener turning keys into the page's actions; typing in a field is
// left alone. A handler returning true has used the key (its default is prevented).

/** Listen on `doc` for the keys of `actions` ({key: handler}). */
export function bindKeys(doc, actions) {
  doc.addEventListener("keydown", (e) => {
    const target = e.target;
    if (target?.tagName === "INPUT" || target?.tagName === "TEXTAREA" || target?.isContentEditable) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const handler = actions[e.key];
    if (handler && handler(e) === true) e.preventDefault();
  });
}
