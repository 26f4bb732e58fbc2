// The designer's panel of Panzer Leader air support: the aircraft counters of the catalogue
// (GET /api/v1/designer/counters, `aircraft`) a side flies, and the turns they fly. Lists what
// the document holds and turns the form into edits (forces.js); names are set as textContent.
// The server's check judges the result (20 Airpower).

import { addAircraft, aircraftOf, removeAircraft } from "./forces.js";
import { $, entry, option } from "./dom.js";



const turns = (g) => (g.first || g.last ? `, turns ${g.first ?? 1} to ${g.last ?? "the end"}` : "");

/** Show the document's aircraft; `planes` is the catalogue, `change(doc)` gets each edit. */
export function showAircraft(doc, planes, change) {
  const sideName = Object.fromEntries((doc.sides ?? []).map((s) => [s.id, s.name ?? s.id]));
  $("aircraft").replaceChildren(...aircraftOf(doc).map((g) => entry(
    `${g.count ?? 1} × ${planes[g.type]?.name ?? g.type}${g.ordnance ? ` with ${g.ordnance}` : ""} for ${sideName[g.side] ?? g.side}${turns(g)}`,
    () => change(removeAircraft(doc, g.index)), { aircraft: String(g.index) })));
  const was = $("aircraft-side").value;
  $("aircraft-side").replaceChildren(...Object.entries(sideName).map(([id, name]) => option(id, name)));
  if (was in sideName) $("aircraft-side").value = was;
  if ($("aircraft-type").options.length !== Object.keys(planes).length) {
    $("aircraft-type").replaceChildren(...Object.entries(planes).map(([id, p]) => option(id, p.name)));
    showOrdnance(planes);
  }
}

/** Bombs or rockets for a fighter-bomber; nothing to choose for an observer. */
function showOrdnance(planes) {
  const kinds = planes[$("aircraft-type").value]?.ordnance ?? [];
  $("aircraft-ordnance").replaceChildren(...kinds.map((k) => option(k, k)));
  $("aircraft-ordnance").disabled = kinds.length === 0;
}

/** Wire the panel: `current()` is {doc, planes} now, `change(doc)` takes an edit. */
export function wireAircraft(current, change) {
  $("aircraft-type").addEventListener("change", () => showOrdnance(current().planes));
  $("aircraft-add").addEventListener("click", () => {
    const { doc, planes } = current();
    const type = $("aircraft-type").value;
    if (!doc || !planes[type]) return;
    change(addAircraft(doc, {
      side: $("aircraft-side").value, type, count: $("aircraft-count").value,
      first: $("aircraft-first").value, last: $("aircraft-last").value,
      ordnance: planes[type].ordnance.length ? $("aircraft-ordnance").value : "",
    }));
  });
}
