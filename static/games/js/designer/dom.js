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

/** A list entry of the document (its words as text) with its Remove button. */
export function entry(text, onRemove, data) {
  const li = document.createElement("li");
  Object.assign(li.dataset, data);
  const words = document.createElement("span");
  words.textContent = text;
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove";
  remove.textContent = "Remove";
  remove.setAttribute("aria-label", `Remove ${text}`);
  remove.addEventListener("click", onRemove);
  li.append(words, " ", remove);
  return li;
}
