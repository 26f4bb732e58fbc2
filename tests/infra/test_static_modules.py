"""The collected page scripts import each other by their hashed names, which a browser keeps
for a year (pgweb/staticstorage.py): a page load asks the server for no module it has."""

from __future__ import annotations

import json
import re
from pathlib import Path

IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']([./][^"']*)["']""")
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")


def test_every_collected_module_imports_the_others_by_their_hashed_names(collected_static: Path):
    manifest = json.loads((collected_static / "staticfiles.json").read_text())["paths"]
    modules = [name for name in manifest if name.endswith(".js") and not name.startswith("vendor/")]
    assert "games/js/game/main.js" in modules
    plain, hashed = [], 0
    for name in modules:
        text = (collected_static / manifest[name]).read_text()
        for target in IMPORT.findall(text):
            if HASHED.search(target):
                hashed += 1
            else:
                plain.append(f"{manifest[name]} imports {target}")
    assert not plain, "\n".join(plain)
    assert hashed > 100  # the game page alone imports some seventy modules
