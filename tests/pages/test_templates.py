"""The templates as Django reads them."""

from __future__ import annotations

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_comment_spans_lines():
    """Django's `{# #}` comment ends on its own line: one that goes on to the next is printed
    to the page as text (the game page showed a note about Resign to every player), so a
    longer note is a `{% comment %}` block."""
    open_ended = [f"{p.relative_to(TEMPLATES)}:{n}"
                  for p in sorted(TEMPLATES.rglob("*.html"))
                  for n, line in enumerate(p.read_text().splitlines(), 1)
                  if re.search(r"\{#(?!.*#\})", line)]
    assert open_ended == []
