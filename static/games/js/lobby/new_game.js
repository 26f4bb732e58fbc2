// The create-game page: the chosen battle (another is chosen from the catalogue's cards), a
// side, seats and options, then POST /api/v1/games.

import { gameUrl, post } from "./api.js";
import { el, fill } from "./dom.js";
import { followDoubleBlind, offerRules } from "./rule_choices.js";

const form = document.getElementById("new-game-form");
const sideSelect = document.getElementById("side-select");

function chosenScenario() {
  return form.elements.scenario;
}

function drawSides() {
  const radio = chosenScenario();
  if (!radio) return;
  const sides = radio.dataset.sides.split(",").map((pair) => pair.split(":"));
  fill(sideSelect, sides.map(([id, name]) => el("option", { value: id }, name)));
  // The scenario's own optional rules start ticked; the player may change them.
  offerRules(form, radio.dataset.ruleset, radio.dataset.defaults);
}

followDoubleBlind(form);

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const body = {
    scenario: data.get("scenario"),
    side: data.get("side"),
    seats_per_side: Number(data.get("seats_per_side")),
    options: {
      double_blind: data.get("double_blind") === "on",
      optional_rules: data.getAll("optional_rules"),
      spectators: data.get("spectators"),
      // "" is the server's default: live, or a delay for rated games (games/spectating.py).
      spectator_delay: data.get("spectator_delay") ? Number(data.get("spectator_delay")) : null,
      private: data.get("private") === "on",
      time_control: data.get("time_control") || "untimed",
      rated: data.get("rated") === "on",
    },
  };
  const answer = await post("/api/v1/games", body);
  const notice = document.getElementById("notice");
  if (!answer.ok) {
    notice.textContent = (answer.body && (answer.body.message || answer.body.detail)) || `refused (${answer.status})`;
    return;
  }
  const game = answer.body;
  location.assign(game.status === "active" ? gameUrl(game.id) : `/?game=${encodeURIComponent(game.id)}`);
});

drawSides();
