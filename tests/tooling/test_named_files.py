"""Comments name files that exist: a comment in the board's modules or the server's code that
points a reader to `hex.js`, `faces.js` or `randomplay.py` (issue 47) sends them to a file
the repository has, under that name, wherever it moved."""

from __future__ import annotations

import re
from pathlib import Path

from tests.tooling.test_stands_alone import ROOT, tracked_text_files

# A file name a comment gives: a word (with its folders) ending in .js, .mjs or .py.
NAMED = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.(?:js|mjs|py))\b")
COMMENT = {".js": re.compile(r"//(.*)$|^\s*\*(.*)$|/\*(.*)"), ".py": re.compile(r"#(.*)$")}
SOURCES = ("static/", "games/")


def comments(path: Path) -> list[tuple[int, str]]:
    """The comment text of each line of a source file (docstrings of Python files too)."""
    pattern = COMMENT[".py" if path.suffix == ".py" else ".js"]
    out = []
    in_doc = False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if path.suffix == ".py" and line.count('"""') % 2 == 1:
            in_doc = not in_doc
            out.append((n, line))
            continue
        if in_doc:
            out.append((n, line))
            continue
        match = pattern.search(line)
        if match:
            out.append((n, next(g for g in match.groups() if g is not None)))
    return out


def test_every_file_a_comment_names_exists() -> None:
    files = [f for f in tracked_text_files() if f.startswith(SOURCES) and f.endswith((".js", ".py"))]
    names = {Path(f).name for f in tracked_text_files()}
    paths = set(tracked_text_files())
    missing = []
    for f in files:
        for n, text in comments(ROOT / f):
            for named in NAMED.findall(text):
                known = named in paths or any(p.endswith("/" + named) for p in paths)
                if not known and Path(named).name not in names:
                    missing.append(f"{f}:{n}: {named}")
    assert not missing, "comments name files the repository does not have:\n" + "\n".join(missing)
