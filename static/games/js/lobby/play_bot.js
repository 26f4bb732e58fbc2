// The "Play against a bot" form: only the chosen battle's game's optional rules are offered
// (a disabled fieldset is not sent), its own optional rules ticked to start with.

const form = document.getElementById("play-bot-form");

function drawRules() {
  const battle = form.elements.scenario;
  const defaults = new Set(battle.dataset.defaults.split(",").filter(Boolean));
  for (const rules of form.querySelectorAll("[data-bot-rules-for]")) {
    const mine = rules.dataset.botRulesFor === battle.dataset.ruleset;
    rules.hidden = !mine;
    rules.disabled = !mine;
    if (!mine) continue;
    for (const box of rules.querySelectorAll("input[name=optional_rules]")) box.checked = defaults.has(box.value);
    for (const box of rules.querySelectorAll("input[name=double_blind]")) box.checked = defaults.has("double_blind");
  }
}

if (form) drawRules();
