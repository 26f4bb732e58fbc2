// The "Play against a bot" form: only the chosen battle's game's optional rules are offered,
// its own optional rules ticked to start with (lobby/rule_choices.js).

import { followDoubleBlind, offerRules } from "./rule_choices.js";

const form = document.getElementById("play-bot-form");

if (form) {
  const battle = form.elements.scenario;
  offerRules(form, battle.dataset.ruleset, battle.dataset.defaults);
  followDoubleBlind(form);
}
