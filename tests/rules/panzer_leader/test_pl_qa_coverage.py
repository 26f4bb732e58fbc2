"""How many Q&A items of the digest (§26) are named tests: the test name cites the Q&A
heading and the item, `test_..._qa_<heading>_<item>[_<item>...]_...`, e.g.
`test_qa_bridges_b7_units_under_a_bridge_are_untouched_by_an_overrun`."""

from __future__ import annotations

import re
from pathlib import Path

LIST = Path(__file__).parents[2] / "data" / "pl_qa_items.txt"
HERE = Path(__file__).parent

# the Q&A's headings (§26), by the letters of their items
HEADINGS = {
    "M": "movement", "T": "transporting", "R": "road_movement", "S": "stacking",
    "C": "combat_general", "DF": "direct_fire", "IF": "indirect_fire", "O": "overrun",
    "CAT": "close_assault", "H": "hill_and_slope", "L": "los", "ST": "streams",
    "SP": "spotting", "B": "bridges", "W": "wreckage", "MN": "mines", "BL": "blocks",
    "F": "fortifications", "E": "engineers", "A": "amphibious_landings", "AP": "airpower",
    "G": "game_procedure", "QT": "quick_time", "OF": "opportunity_fire", "N": "naval",
    "PA": "panzerblitz_assault", "TA": "experimental", "FF": "experimental",
    "SM": "experimental", "EM": "experimental", "TB": "experimental", "U": "units",
    "SC": "scenarios", "P": "pl1940", "NOTE": "pl1940",
}
MINIMUM = 196  # of 208; not named: G1-G3 (our boards join whole hexes), H3, P4, SC0, U6


def listed(section: str) -> set[str]:
    """The ids under one `[section]` of tests/data/pl_qa_items.txt (PL 26's items, PL 28's
    worked cases, as the rules digest numbers them)."""
    found: dict[str, set[str]] = {}
    current = None
    for line in LIST.read_text(encoding="utf-8").splitlines():
        if line.startswith("[") and line.endswith("]"):
            current = found.setdefault(line[1:-1], set())
        elif line and not line.startswith("#") and current is not None:
            current.add(line.strip())
    return found[section]


def items() -> set[str]:
    """Every Q&A item id of PL 26 (ranges like EM1-EM6 written out; N-1 is NOTE1)."""
    return listed("qa")


def cited() -> set[str]:
    names = re.findall(r"^def (test_\w+)", "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")), re.M)
    found = set()
    for name in names:
        for prefix, heading in HEADINGS.items():
            for run in re.findall(rf"qa_{heading}((?:_[a-z]+\d+)+)", name):
                for token in run.strip("_").split("_"):
                    if re.fullmatch(rf"{prefix.lower()}\d+", token):
                        found.add(token.upper())
    return found


def test_the_list_holds_the_qa_items():
    assert {"M1", "B13", "EM6", "TB5", "NOTE1", "SC0"} <= items() and len(items()) > 200


def test_well_over_a_hundred_qa_items_are_named_tests_citing_their_heading():
    """PL-E21."""
    covered = cited() & items()
    assert len(covered) >= MINIMUM, sorted(items() - covered)


def test_every_worked_case_of_28_is_a_named_test():
    cases = {case.removeprefix("TC-") for case in listed("worked cases")}
    names = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    named = set(re.findall(r"def test_\w*?tc(\d\d)_", names))
    assert len(cases) == 55 and cases <= named, sorted(cases - named)
