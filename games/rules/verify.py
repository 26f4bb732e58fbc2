"""Verify an exported game of any ruleset from the command line: replay its command log from
its scenario with the recorded dice, checking every roll against the seed and every state.

    python -m games.rules.verify GAME.json

The export names its ruleset (`"ruleset"`; exports from before there were two games are
Panzer Grenadier's). Exit status 0 when it replays, 1 with the first difference named.
"""

from __future__ import annotations

import json
import sys

from .registry import ruleset


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m games.rules.verify GAME.json", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as fh:
        doc = json.load(fh)
    try:
        rules = ruleset(doc.get("ruleset"))
    except KeyError as exc:
        print(f"unknown ruleset: {exc}")
        return 1
    try:
        rules.verify(doc)
    except Exception as exc:  # noqa: BLE001 - any failure to replay is the answer
        print(f"{rules.title}: {type(exc).__name__}: {exc}")
        return 1
    print(f"OK ({rules.title}): {len(doc.get('steps', []))} steps, every roll and state verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
