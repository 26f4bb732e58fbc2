"""The shared patch cases hold for games/patch.py, as they do for static/games/js/patch.js.

tests/data/patch_cases.json is read by this module and by tests/js/patch.test.mjs, so the
server's diff and the browser's apply agree on the same documents. Run this file as a script
with `--write` to recompute the ops of the "cases" section after editing a before/after pair.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from games.patch import PatchError, apply_patch, make_patch

CASES_FILE = Path(__file__).resolve().parents[1] / "data" / "patch_cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))


def _strict(value: object) -> str:
    # `1 == True` and `0 == False` in Python; JSON text tells them apart.
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _ids(section: str) -> list[str]:
    return [case["name"] for case in CASES[section]]


@pytest.mark.parametrize("case", CASES["cases"], ids=_ids("cases"))
def test_make_patch_gives_exactly_the_shared_ops(case):
    assert _strict(make_patch(case["before"], case["after"])) == _strict(case["ops"])


@pytest.mark.parametrize("case", CASES["cases"], ids=_ids("cases"))
def test_applying_the_shared_ops_gives_the_later_view(case):
    assert _strict(apply_patch(case["before"], case["ops"])) == _strict(case["after"])


@pytest.mark.parametrize("case", CASES["apply_only"], ids=_ids("apply_only"))
def test_array_ops_the_server_never_makes_still_apply(case):
    assert _strict(apply_patch(case["before"], case["ops"])) == _strict(case["after"])


@pytest.mark.parametrize("case", CASES["errors"], ids=_ids("errors"))
def test_a_patch_that_does_not_fit_its_document_is_refused(case):
    with pytest.raises(PatchError):
        apply_patch(case["before"], case["ops"])


def test_the_shared_file_covers_every_section():
    assert len(CASES["cases"]) >= 10 and CASES["apply_only"] and CASES["errors"]


def _write() -> None:
    """Recompute the ops of every case from its before and after views."""
    for case in CASES["cases"]:
        case["ops"] = make_patch(case["before"], case["after"])
    text = json.dumps(CASES, ensure_ascii=False, indent=1) + "\n"
    CASES_FILE.write_text(text, encoding="utf-8")


if __name__ == "__main__" and "--write" in sys.argv:
    _write()
