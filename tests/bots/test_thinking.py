"""A bot thinks in a daemon thread under daphne (games/botplay/thinking.py): the answer or
the failure reaches the task that asked, and a server stopping mid-search stops at once
instead of waiting for the search (the turn's claim runs out; another process or the sweep
takes it again)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

import pytest

from games.botplay import thinking
from tests.conftest import ROOT


async def test_the_answer_comes_back_from_a_daemon_thread():
    seen = {}

    def search(position: str) -> dict:
        seen["thread"] = threading.current_thread()
        return {"type": "pass", "from": position}

    assert await thinking.aside(search, "0507") == {"type": "pass", "from": "0507"}
    assert seen["thread"].daemon
    assert seen["thread"] is not threading.main_thread()


async def test_a_search_that_fails_fails_in_the_task_that_asked():
    def search(_: object) -> dict:
        raise ValueError("no move")

    with pytest.raises(ValueError, match="no move"):
        await thinking.aside(search, None)


STOPPING = textwrap.dedent("""
    import asyncio, threading
    from games.botplay import thinking

    started = threading.Event()

    def endless(_):
        started.set()
        threading.Event().wait()  # a search that never ends by itself

    async def main():
        asyncio.ensure_future(thinking.aside(endless, None))
        while not started.is_set():
            await asyncio.sleep(0.01)
        print("searching", flush=True)

    asyncio.run(main())  # the server's loop ends: the process must end with it
""")


def test_a_process_stopping_mid_search_does_not_wait_for_the_search():
    # In the loop's default executor the interpreter joins the thread at exit and this
    # process never ends (the timeout then fails the test).
    done = subprocess.run([sys.executable, "-c", STOPPING], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stdout.strip()) == (0, "searching"), done.stderr
