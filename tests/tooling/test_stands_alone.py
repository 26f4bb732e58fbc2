"""The repository stands alone: no tracked text file points outside it.

A reader of the repository has only the repository: a path into a folder beside the checkout
or on one machine (a home folder, a work folder, a scratch folder) leads nowhere. Rules are
cited by their section number instead. System locations every Debian machine has (the
Chromium binary, PostgreSQL's binaries, the proc file system) are not paths outside the
repository but what the code runs on, and stay.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Spelt in pieces so that this file does not name what it looks for.
OUTSIDE = re.compile(
    r"\.\./" + "shared"  # the shared design folder beside the checkout
    + r"|(?<![\w./~-])" + "shared" + r"/rules/"  # the same, named from its parent
    + r"|(?<![\w.~-])/(?:" + "work|home|root|Users|mnt|tmp" + r")/"  # one machine's folders
)
def tracked_text_files() -> list[str]:
    """Every file git tracks that is text (no NUL byte in it)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode().split("\0")
    return [name for name in listed
            if name and (ROOT / name).is_file() and b"\0" not in (ROOT / name).read_bytes()]


def outside_paths(text: str) -> list[str]:
    """Each line of `text` that names a path outside the repository, with its number."""
    return [f"{n}: {line.strip()[:120]}" for n, line in enumerate(text.splitlines(), 1)
            if OUTSIDE.search(line)]


def hits(names: list[str]) -> dict[str, list[str]]:
    """The files among `names` that name a path outside the repository, with those lines."""
    found = {name: outside_paths((ROOT / name).read_text(encoding="utf-8", errors="replace"))
             for name in names}
    return {name: lines for name, lines in found.items() if lines}


def test_no_tracked_text_file_names_a_path_outside_the_repository():
    names = tracked_text_files()
    assert len(names) > 100  # the listing found the repository
    assert hits(names) == {}


def test_it_finds_the_design_folder_beside_the_checkout_and_a_machine_path():
    beside = "see " + "../" + "shared/DESIGN.md"
    named = "the " + "shared" + "/rules/pg4-digest.md"
    machine = "Path('" + "/work" + "/bench-records/x.jsonl')"
    home = "cd " + "/home" + "/ann/pgweb"
    for line in (beside, named, machine, home):
        assert outside_paths(line) == [f"1: {line}"]


def test_it_leaves_system_locations_urls_and_paths_inside_the_repository_alone():
    fine = ("/usr/bin/chromium /proc/1/stat /usr/lib/postgresql/16/bin "
            "https://example.com/home/ var/tmp/x games/rules/shared/rules.py ./wo" + "rk/x")
    assert outside_paths(fine) == []
