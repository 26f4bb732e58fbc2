// A press under way, and the redraws that wait for it. A press and its release make a click
// only if they land on the same node, and a finger does not follow a button that moves: so
// a redraw that would take out or move the node under a press waits until the click the
// release makes has been handled (its default action, a link's navigation, included).

// The press under way on each document: its target, and the redraws waiting (the latest of
// each key's). Listened for from `followPresses` or the first redraw that asks on.
const presses = new WeakMap();
// How long after a release its click may come: a tap's click follows the touch's end as a
// gesture of its own, not in the same task as the pointer's release.
export const CLICK_AFTER_RELEASE_MS = 400;
// A press holds the redraws for as long as it is held, however long that is: no clock ends
// it, so a person who keeps a finger down while the lists change (or a busy machine) finds
// the button still there at the release. It ends when the page hears the release, or the
// moment the page could stop hearing of one: a scroll or a native drag takes the pointer
// (pointercancel), the context menu takes the release, the window loses the focus (the
// pointer let go over another one), the page is hidden. A press of any other button than
// the main one makes no click and holds nothing.

/**
 * Whether `redraw` must wait for the press under way on `doc`: a press is held and
 * `holds(target)` says this redraw would take out or move its target. A waiting redraw runs
 * once the press's click has been handled; a later call with the same `key` replaces it
 * (a list's latest redraw is the one that counts).
 */
export function waitsForPress(doc, key, redraw, holds = () => true) {
  const press = followPresses(doc);
  if (!press) return false;
  press.held.delete(key); // this redraw is the latest either way
  if (!press.target || !holds(press.target)) return false;
  press.held.set(key, redraw);
  return true;
}

/**
 * Whether `change` must wait for the press under way on `doc`, queued after the changes
 * held before it under the same `key`: for additions that must all come, in order (a chat's
 * lines), where `waitsForPress` keeps a key's latest redraw alone. Any held press holds them:
 * a line added anywhere above the pressed node moves it.
 */
export function queuesForPress(doc, key, change) {
  const press = followPresses(doc);
  if (!press?.target) return false;
  const earlier = press.held.get(key);
  press.held.set(key, earlier ? () => { earlier(); change(); } : change);
  return true;
}

/** Start following the presses on `doc` (a page calls it before its first redraw can come,
 * so that a press already held then is known); the press record, null without a DOM. */
export function followPresses(doc) {
  if (!doc || typeof doc.addEventListener !== "function") return null;
  if (presses.has(doc)) return presses.get(doc);
  const press = { target: null, held: new Map(), timer: null };
  presses.set(doc, press);
  const release = () => {
    clearTimeout(press.timer);
    press.target = null;
    const held = [...press.held.values()];
    press.held.clear();
    for (const redraw of held) redraw();
  };
  // Released after the click the release makes has been handled, or once a click would
  // have come.
  const afterClick = () => setTimeout(release, 0);
  doc.addEventListener("pointerdown", (event) => {
    if (event.button > 0) return; // the right button opens a menu; a click is the main one's
    // A select opens its list of options, which takes the release: nothing to hold for (and
    // what an earlier press held goes ahead now).
    if (event.target?.closest?.("select")) {
      release();
      return;
    }
    clearTimeout(press.timer);
    press.target = event.target;
  }, true);
  doc.addEventListener("pointerup", () => {
    if (!press.target) return;
    clearTimeout(press.timer);
    doc.addEventListener("click", afterClick, { capture: true, once: true });
    press.timer = setTimeout(() => {
      doc.removeEventListener("click", afterClick, { capture: true });
      release();
    }, CLICK_AFTER_RELEASE_MS);
  }, true);
  doc.addEventListener("pointercancel", release, true); // a scroll or a drag, not a press
  doc.addEventListener("contextmenu", release, true); // a long press's menu takes the release
  doc.addEventListener("visibilitychange", () => doc.visibilityState === "hidden" && release());
  doc.defaultView?.addEventListener("blur", release);
  return press;
}
