"""What `make test`'s processes share so that each start does not pay it again
(scripts/run_tests.py, share_start_up): one folder of scenario schema passes for the run, and
compiled bytecode kept under var/pycache when the shell forbids bytecode beside the sources."""

from __future__ import annotations

from pathlib import Path

from scripts.run_tests import ROOT, share_start_up


def test_the_runs_processes_share_one_folder_of_schema_passes(tmp_path: Path):
    env = {"LANG": "C.UTF-8"}
    share_start_up(env, tmp_path)
    assert env["PGWEB_CHECK_CACHE_DIR"] == str(tmp_path / "passed-checks")
    assert "PYTHONPYCACHEPREFIX" not in env  # bytecode beside the sources, as Python does


def test_a_shell_forbidding_bytecode_files_gets_them_under_var_not_compiled_at_each_start(
    tmp_path: Path,
):
    own = str(tmp_path / "operators-checks")
    env = {"PYTHONDONTWRITEBYTECODE": "1", "PGWEB_CHECK_CACHE_DIR": own}
    share_start_up(env, tmp_path)
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["PYTHONPYCACHEPREFIX"] == str(ROOT / "var" / "pycache")
    assert env["PGWEB_CHECK_CACHE_DIR"] == own  # one the shell chose is kept
