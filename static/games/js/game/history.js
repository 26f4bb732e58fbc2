// The replay's record of an ended game (GET <api>/history?audience=): every step as one
// audience saw it, the server filtering what that audience may know.

import { getJson } from "./dom.js";
import { latestOnly } from "../lobby/api.js";

/**
 * `load(audience)` answers {steps}, {failed: true} when the server gives no history (the game
 * has not ended, or the audience is not open to this viewer), or null once another audience
 * has been asked for: a viewer who switches audiences while the first is still loading must
 * see the one picked, not whichever answer came last. `fetch(url)` answers JSON or null.
 */
export function historyLoader(api, fetch = getJson) {
  const latest = latestOnly(async (audience) => ({ answer: await fetch(`${api}/history?audience=${encodeURIComponent(audience)}`) }));
  return async (audience) => {
    const got = await latest(audience);
    if (got === null) return null;
    return got.answer ? { steps: got.answer.steps } : { failed: true };
  };
}
