// The designer's two DOM helpers, shared by its page (main.js) and its panels: an element by
// id, and an <option> whose text is set as textContent (names come from players).

export const $ = (id) => document.getElementById(id);

export function option(value, text, selected = false) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  o.selected = selected;
  return o;
}
