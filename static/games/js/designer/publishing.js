// Where publishing a battle stands, shown under the designer's buttons. Publishing: the
// server checks the draft at once and queues its bot-vs-bot game for the background worker;
// the draft reads "checking" until the game ends, then it is published or keeps the
// engine's error. The page asks again every few seconds until then.

import { get } from "../lobby/api.js";
import { $ } from "./dom.js";

const PUBLISH_POLL_MS = 3000;

export function showPublishing(scenario) {
  const draft = scenario.revisions.find((r) => r.state === "draft");
  const latest = scenario.revisions.at(-1);
  const status = $("publish-state");
  if (draft?.publishing === "checking") {
    status.dataset.state = "checking";
    status.textContent = "Checking: the worker is playing a bot-vs-bot game of this battle before it is published…";
    return "checking";
  }
  if (draft?.publishing === "failed") {
    status.dataset.state = "failed";
    status.textContent = `Not published: the bot game failed (${draft.bot_game?.error ?? "an engine error"}). Fix the battle and publish again.`;
    return "failed";
  }
  if (latest?.state === "published") {
    status.dataset.state = "published";
    status.textContent = `Published: revision ${latest.number}. Players find it in the catalogue of battles.`;
    return "published";
  }
  status.dataset.state = "";
  status.textContent = "";
  return "";
}

/** Ask about the battle again in a few seconds while its draft is being checked. */
export function followPublishing(slug, scenario) {
  if (showPublishing(scenario) !== "checking") return;
  setTimeout(async () => {
    const answer = await get(`/api/v1/designer/scenarios/${encodeURIComponent(slug)}`);
    if (answer.ok) followPublishing(slug, answer.body);
  }, PUBLISH_POLL_MS);
}
