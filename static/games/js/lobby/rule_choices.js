// The optional rules of a form that opens a game (the new-game page, "Play against a bot"):
// each game's rules sit in a fieldset of their own (templates/games/_rule_choices.html).

/** Offer only the chosen battle's game's rules (a disabled fieldset is not sent), with the
 * battle's own optional rules ticked to start with; `defaults` is their comma-separated ids. */
export function offerRules(form, ruleset, defaults) {
  const ticked = new Set(defaults.split(",").filter(Boolean));
  for (const rules of form.querySelectorAll("[data-rules-for]")) {
    const mine = rules.dataset.rulesFor === ruleset;
    rules.hidden = !mine;
    rules.disabled = !mine;
    if (!mine) continue;
    for (const box of rules.querySelectorAll("input[name=optional_rules]")) box.checked = ticked.has(box.value);
    for (const box of rules.querySelectorAll("input[name=double_blind]")) box.checked = ticked.has("double_blind");
  }
  drawAdditions(form);
}

/** The double-blind additions (18.11) apply only to a double-blind game: shown, and sent,
 * only while double-blind is ticked. */
export function drawAdditions(form) {
  for (const rules of form.querySelectorAll("[data-rules-for]")) {
    const box = rules.querySelector("input[name=double_blind]");
    const on = Boolean(box && box.checked && !rules.disabled);
    for (const label of rules.querySelectorAll("[data-double-blind]")) {
      label.hidden = !on;
      if (!on) label.querySelector("input").checked = false;
    }
  }
}

/** Redraw the additions whenever double-blind is ticked or cleared. */
export function followDoubleBlind(form) {
  form.addEventListener("change", (event) => {
    if (event.target.name === "double_blind") drawAdditions(form);
  });
}
