"""Check a game's stored rows against its command log, in a separate Django process on the
fault test's own database: what "no half-applied command" means in the tables. The process
is the live shell the browser tests use (tests/browser/live_shell.py), kept for the run: a
`manage.py shell` a check cost a Django start (about 2.5 s of CPU) each time.

A command is one transaction: a `GameStep` row, the `Game` row's version and state, and the
`Unit` rows of the counters it changed. After any fault the log must have every version
from 1 to the game's version exactly once, the game's stored state must be the state the
log replays to (from its nearest checkpoint, with the recorded dice), and each Unit row must
say what that state says.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser import live_shell

CHECK = """
import json
from games import engine_adapter as engine, steplog
from games.models import Game, GameStep, Unit
game = Game.objects.get(pk=GAME_ID)
problems = []
versions = list(GameStep.objects.filter(game=game).order_by("version").values_list("version", flat=True))
if versions != list(range(1, game.version + 1)):
    problems.append(f"log versions {versions} for game version {game.version}")
replayed = steplog.state_at(game.pk, game.version)
if replayed is None or json.loads(json.dumps(engine.encode_state(replayed))) != game.state:
    problems.append(f"the stored state is not the log's state at version {game.version}")
else:
    rows = {u.unit_id: {"side": u.side, "type_id": u.type_id, "hex": u.hex, "steps": u.steps,
                        "status": u.status, "markers": u.markers} for u in Unit.objects.filter(game=game)}
    if rows != engine.unit_rows(replayed):
        problems.append("Unit rows differ from the log's state")
print(json.dumps({"version": game.version, "problems": problems}))
"""


def command_log_problems(database_url: str, game_id: str, var_dir: Path) -> tuple[int, list[str]]:
    """The game's version and what is inconsistent between its rows and its log (nothing)."""
    printed = live_shell.run(
        {"DATABASE_URL": database_url, "PGWEB_VAR_DIR": str(var_dir), "LOG_LEVEL": "ERROR"},
        CHECK.replace("GAME_ID", repr(game_id)),
    )  # its first call starts the shell: `var_dir` then holds its log
    answer = json.loads(printed.strip().splitlines()[-1])
    return answer["version"], answer["problems"]
