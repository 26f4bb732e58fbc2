"""The small chips a counter wears on the board for its state (disrupted, moved, dug in...),
as each ruleset's view gives them: the board draws what it is sent and knows no rule.

A chip is plain data: `kind` (the ruleset's name for the state, stable for tests and
styling hooks), `label` (the few letters on the chip), `title` (the words a screen reader
says and a tooltip shows) and `severity`, which alone decides the chip's colours on the page.
A view builds a counter's chips only from what that counter's entry already tells its
audience, so a chip never says more than the view does.
"""

from __future__ import annotations

# How much the state matters to the player, lightest first: the page colours by this alone.
SEVERITIES = ("info", "spent", "good", "warning", "danger")


def chip(kind: str, label: str, title: str, severity: str) -> dict[str, str]:
    """One chip (ValueError for a severity the page has no colours for)."""
    if severity not in SEVERITIES:
        raise ValueError(f"unknown chip severity {severity!r}")
    return {"kind": kind, "label": label, "title": title, "severity": severity}
