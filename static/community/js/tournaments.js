// The tournaments page (and the lobby's line of a player's tournaments): start times in the
// reader's zone, and the announce form's start sent with the zone it was written in
// (games/community/views.py reads both).

import { localiseTimes, offsetOf } from "./local_time.js";

localiseTimes(document);
const form = document.querySelector(".tournament-form");
if (form) {
  const start = form.elements.starts_at;
  const offset = form.elements.utc_offset;
  const note = () => { offset.value = offsetOf(start.value); };
  start.addEventListener("input", note);
  form.addEventListener("submit", note);
  note();
}
