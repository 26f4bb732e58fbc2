// The designer's panel of formations and off-board support (Panzer Grenadier): lists what the
// document holds and turns the panel's forms into edits (forces.js). Names are set as
// textContent only. The page (main.js) owns the document: it passes it in and takes each
// edit back through `change`.

import { SUPPORT_KINDS, addFormation, addSupport, formationsOf, removeFormation, removeSupport, supportOf } from "./forces.js";
import { $, entry, option } from "./dom.js";




const turns = (x) => (x.from || x.to ? `, turns ${x.from ?? 1} to ${x.to ?? "the end"}` : "");

/** Show the document's formations and support; `change(doc)` gets each edit. */
export function showForces(ruleset, doc, change) {
  const sides = (doc.sides ?? []).map((s) => [s.id, s.name ?? s.id]);
  const sideName = Object.fromEntries(sides);
  const formations = formationsOf(doc);
  $("formations").replaceChildren(...formations.map((f) => entry(
    `${f.name} (${sideName[f.side] ?? f.side}, ${f.units} counter${f.units === 1 ? "" : "s"})`,
    () => change(removeFormation(doc, f.id)), { formation: f.id })));
  const chosen = $("counter-formation").value;
  $("counter-formation").replaceChildren(option("", "none"), ...formations.map((f) => option(f.id, `${f.name} (${sideName[f.side] ?? f.side})`)));
  $("counter-formation").value = formations.some((f) => f.id === chosen) ? chosen : "";
  const kinds = SUPPORT_KINDS[ruleset] ?? [];
  const kindName = Object.fromEntries(kinds.map((k) => [k.id, k.name]));
  $("support").replaceChildren(...supportOf(ruleset, doc).map((x) => entry(
    `${kindName[x.kind]}: ${x.name}, ${x.strength} for ${sideName[x.side] ?? x.side}${turns(x)}`,
    () => change(removeSupport(ruleset, doc, x.id)), { support: x.id })));
  for (const id of ["formation-side", "support-side"]) {
    const was = $(id).value;
    $(id).replaceChildren(...sides.map(([value, name]) => option(value, name)));
    if (sides.some(([value]) => value === was)) $(id).value = was;
  }
  if ($("support-kind").options.length !== kinds.length) {
    $("support-kind").replaceChildren(...kinds.map((k) => option(k.id, k.name)));
  }
}

/** Wire the panel's buttons: `current()` is the document now, `change(doc)` takes an edit. */
export function wireForces(current, change) {
  $("formation-add").addEventListener("click", () => {
    const { doc } = current();
    const name = $("formation-name").value.trim();
    if (!doc || !name) return;
    change(addFormation(doc, $("formation-side").value, name));
    $("formation-name").value = "";
  });
  $("support-add").addEventListener("click", () => {
    const { ruleset, doc } = current();
    if (!doc) return;
    change(addSupport(ruleset, doc, {
      kind: $("support-kind").value, side: $("support-side").value, name: $("support-name").value,
      strength: $("support-strength").value, fromTurn: $("support-from").value, toTurn: $("support-to").value,
    }));
  });
}
