// Unsaved work in the designer. The document differs from what was last saved or loaded:
// the page asks before it is left (beforeunload), and a copy of it is kept in the browser
// (localStorage, one a battle id, one for the new battle not saved yet, each player's own)
// after every edit, offered back when the designer is opened again, and dropped once saved.
// Storage may be missing or full (a private window): then nothing is kept and nothing fails.

const PREFIX = "pgweb.designer.unsaved";

/** The key a battle's unsaved copy is kept under: the player's, and the battle's id or "new". */
export function draftKey(user, slug) {
  return `${PREFIX}:${user}:${slug ? `battle:${slug}` : "new"}`;
}

const text = (doc) => JSON.stringify(doc ?? null);

export class UnsavedWork {
  constructor({ storage, key, now = () => Date.now() }) {
    Object.assign(this, { storage, key, now, saved: text(null) });
  }

  /** The document as last saved or loaded: what "changed" is measured against. */
  baseline(doc) {
    this.saved = text(doc);
  }

  /** Whether the document has edits not saved (nothing open has none). */
  changed(doc) {
    return doc != null && text(doc) !== this.saved;
  }

  /** Keep a copy of the document after an edit (its ruleset with it: a new battle's game);
   * an edit undone back to the saved document leaves no copy. */
  keep(ruleset, doc) {
    if (!this.changed(doc)) { this.forget(); return false; }
    if (!this.storage) return false;
    try {
      this.storage.setItem(this.key, JSON.stringify({ ruleset, doc, at: this.now() }));
      return true;
    } catch {
      return false; // storage full or refused: the prompt on leaving still guards the work
    }
  }

  /** The copy kept, {ruleset, doc, at}, or null (none, or one that cannot be read). */
  kept() {
    let raw = null;
    let found = null;
    try {
      raw = this.storage?.getItem(this.key) ?? null;
      found = JSON.parse(raw ?? "null");
    } catch {
      found = null;
    }
    const whole = Boolean(found && typeof found === "object" && found.doc && typeof found.doc === "object"
      && typeof found.ruleset === "string" && Number.isFinite(found.at));
    if (raw !== null && !whole) this.forget();
    return whole ? found : null;
  }

  /** The copy worth offering when a battle is opened: one that differs from `loaded` (a copy
   * the same as the battle as it was loaded is dropped). */
  offer(loaded) {
    const found = this.kept();
    if (found && text(found.doc) === text(loaded)) { this.forget(); return null; }
    return found;
  }

  forget() {
    try { this.storage?.removeItem(this.key); } catch { /* storage refused: nothing kept */ }
  }

  /** Saved: the copy goes, and the document saved is the new baseline; a new battle's first
   * save gives it its id, so its copies are kept under that id from then on. */
  savedAs(doc, key = this.key) {
    this.forget();
    this.key = key;
    this.forget();
    this.baseline(doc);
  }
}

/** The words offering a kept copy back, its time as `formatTime` writes a Date. */
export function offerWords(found, formatTime) {
  return `You have unsaved changes from ${formatTime(new Date(found.at))}.`;
}

/** The page's beforeunload listener: leaving with edits not saved asks first. */
export function leaveGuard(work, currentDoc) {
  return (event) => {
    if (!work.changed(currentDoc())) return undefined;
    event.preventDefault();
    event.returnValue = ""; // older Chromium asks only when returnValue is set
    return "";
  };
}
