// Times in the reader's own clock: the server writes each as <time datetime> in UTC with its
// UTC text, which a page without scripts still shows; this rewrites it in the browser's zone.

/** "Thu 3 Dec 2026, 18:00" in the reader's zone (the locale's own order and words). */
export function localWhen(iso, locale = undefined) {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return when.toLocaleString(locale, { weekday: "short", day: "numeric", month: "short",
    year: "numeric", hour: "numeric", minute: "2-digit" });
}

/** Rewrite every <time data-local> under `root` in the reader's zone. */
export function localiseTimes(root) {
  for (const node of root.querySelectorAll("time[data-local]")) {
    node.textContent = localWhen(node.getAttribute("datetime"));
  }
}

/** The minutes a datetime-local value's zone lies behind UTC on that date (summer time
 * counted), as the announce form sends them beside it; "" for no value. */
export function offsetOf(localValue) {
  if (!localValue) return "";
  const when = new Date(localValue); // a value with no zone is read as local time
  return Number.isNaN(when.getTime()) ? "" : String(when.getTimezoneOffset());
}
