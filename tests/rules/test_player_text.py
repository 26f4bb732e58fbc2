"""Every sentence a player reads names units by their printed names and hexes by their labels,
and never shows an id, `null`, `undefined`, an empty list, a doubled word or a referee's note
(a decision id, a Q&A key): the log, the dice tray and the why-not of a full random game of
every bundled scenario of both rulesets, rendered by the board's own modules (sentences.js),
and each side's log grouped as the page shows it (logbook.js): no heading says its side twice
("German German passes.") and no group repeats its heading as its first line. A side's id
("ge", "su") or a counter's id ("al-m4-1") as a word is an id whatever its form."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

from games.rules.common.dice import SeededDice
from games.rules.registry import PANZER_GRENADIER, PANZER_LEADER

RENDER = Path(__file__).resolve().parents[1] / "js" / "tools" / "render_player_text.mjs"
WEIGHTS = {"fire": 6.0, "assault": 6.0, "overrun": 4.0, "opportunity_fire": 3.0, "move": 4.0,
           "resolve_indirect": 8.0, "order_indirect": 3.0, "end_phase": 1.0, "resign": 0.0}
MAX_STEPS = 4000
WHY_NOT_EVERY = 15

# What a player must never read, each with the name the failure gives it.
BAD = {
    "an id": re.compile(r"(?<![\w-])(?:ge|su|us|al|de|gb|fr|it|ax|bt|ldr)-[a-z0-9_]+(?:-[a-z0-9_]+)*-\d+\b"),
    "null": re.compile(r"\bnull\b"),
    "undefined": re.compile(r"\bundefined\b|\bNaN\b"),
    "an empty list": re.compile(r"\[\]|\{\}|\(\s*\)|: \.|, \.|\s[,.;:](?=\s|$)|activates\s+under|of\s*\.$"),
    "a doubled word": re.compile(r"\b(\w{2,})\s+\1\b", re.IGNORECASE),
    "a referee's note": re.compile(r"\bD-[A-Z]+-\d|\bPL-D\d|\bQA [A-Z]|\(D\d+\)"),
    "a command's name": re.compile(r"^(?:move|fire|assault|overrun|bombard|[a-z]+_[a-z_]+): "),
}


def random_game(rs, scenario_id: str, seed: int) -> dict:
    """A random game to its end: every side's events and a why-not now and then."""
    rng = random.Random(seed)
    dice = SeededDice(f"{seed:064x}")
    state = rs.opening_state(scenario_id, [])
    events, answers = [], []
    logs: dict[str, list[dict]] = {side: [] for side in rs.side_ids(state)}
    for n in range(MAX_STEPS):
        if rs.result(state) is not None:
            break
        choices = [(s, lg) for s in rs.who_may_act(state) if (lg := rs.legal_commands(state, s))]
        seat, legal = rng.choice(choices)
        groups = sorted(legal)
        group = rng.choices(groups, weights=[WEIGHTS.get(g, 2.0) for g in groups])[0]
        if n % WHY_NOT_EVERY == 0:
            answers += why_nots(rs, state, seat, rng)
        step = rs.apply(state, seat, rng.choice(legal[group]), dice)
        for side in rs.side_ids(step.state):
            seen = rs.redact_events(step.events, ("side", side), step.state)
            events += seen
            logs[side] += seen
        state = step.state
    assert rs.result(state) is not None, f"{scenario_id}: not over after {MAX_STEPS} steps"
    return {"events": events, "why_not": answers, "logs": logs}


def why_nots(rs, state, seat: str, rng: random.Random) -> list[dict]:
    side = rs.seat_sides(state)[seat]
    units = [u for u in rs.view_for(state, ("side", side))["units"] if u.get("hex")]
    own = [u for u in units if u.get("own")]
    if not own:
        return []
    picks = [rng.choice(own)["id"]]
    return [rs.why_not(state, seat, picks, rng.choice(units)["hex"]) for _ in range(2)]


def player_doc(rs, scenario_id: str, game: dict) -> dict:
    """What the renderer needs of one game: its ruleset, the names a player sees, the game."""
    faces = rs.counter_faces(scenario_id, [], None)
    names = {uid: f["name"] for kind in ("units", "aircraft", "navies") for uid, f in (faces.get(kind) or {}).items()}
    return {"ruleset": rs.id if hasattr(rs, "id") else rs.scenarios()[scenario_id].ruleset,
            "names": names, "formations": faces.get("formations") or {},
            "sides": {s.id: s.name for s in rs.scenarios()[scenario_id].sides}, **game}


class Renderer:
    """One node process rendering game after game (starting node and loading the board's
    modules once, not once a game): a game goes in as a line, its lines come back, then an
    end line."""

    def __init__(self) -> None:
        self.node = subprocess.Popen([shutil.which("node"), str(RENDER)], text=True, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.games = 0

    def render(self, doc: dict) -> list[dict]:
        assert self.node.stdin is not None and self.node.stdout is not None
        self.node.stdin.write(json.dumps(doc) + "\n")
        self.node.stdin.flush()
        lines = []
        while (line := self.node.stdout.readline()) != "":
            row = json.loads(line)
            assert row.pop("game") == self.games, row
            if row.get("end"):
                self.games += 1
                return lines
            lines.append(row)
        raise AssertionError(f"the renderer stopped: {self.close()}")

    def close(self) -> str:
        """Stop the process; what it said on stderr."""
        assert self.node.stdin is not None and self.node.stderr is not None
        self.node.stdin.close()
        said = self.node.stderr.read()
        self.node.wait()
        return said


@pytest.fixture(scope="module")
def renderer():
    one = Renderer()
    yield one
    assert one.close() == ""


def problems(lines: list[dict], ids: Iterable[str] = ()) -> list[str]:
    """What is wrong with the lines a player reads; `ids`: the game's side and counter ids,
    none of which may stand in a line as a word of its own."""
    words = set(ids)
    found = {}
    heading = None
    for line in lines:
        text, where = line["text"], line["where"]
        for what, pattern in BAD.items():
            if pattern.search(text):
                found.setdefault((what, where), text)
        if raw := words.intersection(re.findall(r"(?<![\w/.-])[\w-]+(?![\w-]|/\w)", text)):
            found.setdefault((f"the id {sorted(raw)[0]!r}", where), text)
        if where.startswith("group ") and heading is not None and heading.endswith(f" {text}"):
            found.setdefault(("its heading repeated", where), text)
        heading = text if where.startswith("heading ") else None
    return [f"{what} in {where}: {text!r}" for (what, where), text in sorted(found.items())]


def ids_of(doc: dict) -> set[str]:
    """A game's side ids and counter ids: never a word of what its players read."""
    return set(doc["sides"]) | set(doc["names"])


SCENARIOS = [(rs, sid) for rs in (PANZER_GRENADIER, PANZER_LEADER) for sid in sorted(rs.scenarios())]


@pytest.mark.skipif(shutil.which("node") is None, reason="node renders the board's sentences")
@pytest.mark.parametrize("rs,scenario_id", SCENARIOS, ids=[sid for _, sid in SCENARIOS])
def test_a_random_game_reads_as_sentences_with_no_ids_placeholders_or_notes(rs, scenario_id, renderer):
    doc = player_doc(rs, scenario_id, random_game(rs, scenario_id, seed=7))
    lines = renderer.render(doc)
    assert len(lines) > 50
    assert any(line["where"].startswith("heading ") for line in lines)
    assert problems(lines, ids_of(doc)) == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node renders the board's sentences")
def test_one_renderer_keeps_each_game_its_own_lines(renderer):
    """The renderer ends each game's lines, so a game's lines never mix with the next one's."""
    rs, sid = SCENARIOS[0]
    one = {"type": "phase_ended", "turn": 1, "phase": "movement", "side": "ge"}
    docs = [player_doc(rs, sid, {"events": [one] * n, "why_not": []}) for n in (1, 0, 3)]
    assert [len(renderer.render(doc)) for doc in docs] == [1, 0, 3]


def test_the_check_catches_what_the_trial_found():
    trial = ["morale check su-infantry-9", "Soviet activates under Kapitan Petrov.",
             "Germans takes back a move (D-UNDO-1).", "1st T-34/76 platoon moves null → A2006",
             "move: only in your movement phase", "odds worse than 1-4: no close assault (QA CAT12)",
             "the the hex"]
    assert len(problems([{"where": f"trial {i}", "text": t} for i, t in enumerate(trial)])) == len(trial)


def test_the_check_catches_raw_ids_and_a_repeated_heading():
    """What a later trial found: a side's id, a counter's id, the side said twice, a heading
    repeated as its first line. Hexes, names with a slash and the rulebook's words pass."""
    ids = {"ge", "su", "al-m4-1", "su-infantry-4"}
    found = problems([
        {"where": "log roll", "text": "Roll for assault ge: 4 = 4."},
        {"where": "log moved", "text": "al-m4-1 moves from A0101 to A0102."},
        {"where": "heading passed", "text": "German German passes."},
        {"where": "heading action_phase_ended", "text": "Game The action phase of turn 1 ends."},
        {"where": "group action_phase_ended", "text": "The action phase of turn 1 ends."},
    ], ids)
    assert {f.split(" in ")[0] for f in found} >= {"a doubled word", "its heading repeated",
                                                  "the id 'al-m4-1'", "the id 'ge'"}
    fine = ["1st T-34/76 platoon enters at A2006.", "German passes.", "Su-76 platoon fires.",
            "A-L-6 is clear.", "Roll for the German assault fire: 4."]
    assert problems([{"where": "log x", "text": t} for t in fine], ids) == []
