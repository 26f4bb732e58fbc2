"""Drive Debian's Chromium with Playwright against a live daphne server.

`live_server_url` starts `daphne pgweb.asgi:application` once per test session on a free loopback
port, production-like (DEBUG off, collected static files served by WhiteNoise) over a fresh
migrated SQLite database. `browser` launches /usr/bin/chromium (never a downloaded build);
`page` gives each test a context of its own: no cookie, permission, storage or listener of an
earlier test is left in it or in its page (only the cache of static files is kept, and the
page itself, reset: see PolicyWatchingBrowser).

A browser test spends its time on what only a browser shows. What comes before it is set up
the quick way: people signed in through the API (`person`, board_people.guest), games made
and joined through the API, positions played in the server's services (board_play.play_until),
and whatever no player can do (a moderator, a clock run out, rows to read) as Django code run
by the session's shell in the live server's database (live_shell.run), never a new
`manage.py` process. The sign-in and sign-up forms are used only by their own tests.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser import live_shell, page_reuse, pages_kit, timing
from tests.conftest import ROOT, require_service, sqlite_copy

CHROMIUM = os.environ.get("PGWEB_CHROMIUM", "/usr/bin/chromium")
LIVE_SECRET_KEY = "live-server-test-key-not-secret"

# Flags for a closed network: no GPU, no QUIC. Playwright's launch already passes the rest a
# test run needs (headless, no sandbox for a root user, no first-run page, no background
# networking, component updates or sync, no paint holding or back-forward cache), so they are
# not repeated here. Measured and left out, as saving no CPU per page load beyond the noise
# of a shared machine: no spare renderer, no preloaded top-chrome WebUI, one process per site
# (cheaper board loads, dearer lobby loads), the GPU in the browser process (dearer).
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
]


def pytest_configure(config: pytest.Config) -> None:
    """With PGWEB_BROWSER_TIMING=<file>, record where each browser test's time goes
    (tests/browser/timing.py)."""
    if timing.WANTED and not config.pluginmanager.has_plugin("browser-timing"):
        recorder = timing.Recorder(timing.WANTED)
        recorder.patch()
        config.pluginmanager.register(recorder, "browser-timing")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in tests/browser as a browser test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    """Return a loopback port nobody is listening on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, timeout: float = 90.0) -> None:
    """Poll until the server accepts connections; fail early if it died. (On a machine
    shared with other work, daphne has taken more than 20 s to import everything.)"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"daphne exited with code {process.returncode} before listening")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"daphne did not listen on 127.0.0.1:{port} within {timeout:.0f}s")


@pytest.fixture(scope="session")
def live_server_env(
    tmp_path_factory: pytest.TempPathFactory, migrated_sqlite: Path, collected_static: Path
) -> Iterator[dict[str, str]]:
    """Environment of the live server: migrated SQLite, collected static files, DEBUG off.
    Code run in its database (live_shell) runs in a shell kept for the session, stopped at
    its end."""
    home = tmp_path_factory.mktemp("live-server")
    env = {
        "DEBUG": "0",
        "SECRET_KEY": LIVE_SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"sqlite:///{home / 'pgweb.sqlite3'}",
        "PGWEB_VAR_DIR": str(home),
        # Collected (and compressed) once for the run: no test changes them.
        "STATIC_ROOT": str(collected_static),
        "SECURE_COOKIES": "0",  # plain http on loopback
        "HTTPS": "0",
        # Every browser test signs a guest in from 127.0.0.1; the limits themselves are
        # tested in tests/abuse.
        "PGWEB_RATE_GUEST": "100000/hour",
        "PGWEB_RATE_WRITE": "100000/minute",
    }
    sqlite_copy(migrated_sqlite, home)  # the file DATABASE_URL names
    try:
        yield env
    finally:
        live_shell.close_all()


@pytest.fixture(scope="session")
def scenarios_loaded(live_server_env: dict[str, str]) -> None:
    """The bundled battles loaded into the live server's catalogue (`manage.py load_scenarios`),
    once for the session: no test changes them."""
    live_shell.run(live_server_env, "from django.core.management import call_command; "
                                    "call_command('load_scenarios')")


@pytest.fixture(scope="session")
def live_server_url(live_server_env: dict[str, str]) -> Iterator[str]:
    """Serve pgweb with daphne on a free loopback port for the session; yield its base URL."""
    port = free_port()
    log = Path(live_server_env["PGWEB_VAR_DIR"]) / "daphne.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "pgweb.serve", "-b", "127.0.0.1", "-p", str(port),
             "pgweb.asgi:application"],
            cwd=ROOT,
            env={**os.environ, **live_server_env},
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        try:
            wait_for_port(port, process)
        except RuntimeError:
            raise RuntimeError(log.read_text(errors="replace")) from None
        url = f"http://127.0.0.1:{port}"
        live_shell.SERVED[url] = live_server_env
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# What Chromium refused under the Content Security Policy during the current test, on any
# page of any context: every browser test fails on a violation (a blocked inline style or
# script is a broken board, even when the test's own checks pass).
POLICY_VIOLATIONS: list[str] = []
REPORT_VIOLATIONS = (
    "document.addEventListener('securitypolicyviolation', e => console.error("
    "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
)


PLAYWRIGHT_DEFAULTS = {"has_touch": False, "is_mobile": False}


class PolicyWatchingBrowser:
    """The launched browser, whose every new context reports policy violations, and which
    keeps the contexts a test leaves, each with one page, for the next test asking for the
    same options.

    A fresh context loads the board cold: every module, stylesheet and font fetched and
    compiled again, about 1.8 s of CPU where the same page in a context that has loaded it
    before costs 0.4 s; and a new page costs Chromium about 0.55 s more than a load in a page
    already open. So after each test its contexts are emptied instead of closed (cookies,
    granted permissions and the visited origins' storage cleared) and one page of each is
    kept, reset (tests/browser/page_reuse.py): the context's next `new_page()` hands it out
    before opening another. The next person starts signed out on about:blank, with only the
    HTTP cache of static files kept. Every other page is closed, which ends its sockets as
    closing the context would. A context that registered a service worker, made a call that
    cannot be undone, or that a test closed itself, is never handed out again.
    """

    def __init__(self, chromium: object) -> None:
        self.chromium = chromium
        self.opened: list[object] = []  # the contexts of the current test (emptied after it)
        self._idle: dict[str, list[object]] = {}  # options -> emptied contexts
        self._options: dict[object, str] = {}  # every context launched -> its options
        self._closed: set[object] = set()  # (the objects, not their ids: an id is reused)
        self._tenants: dict[object, page_reuse.Tenant] = {}  # pooled page or context -> its test's doings
        self._kept: dict[object, object] = {}  # emptied context -> its reset page
        self._origins: dict[object, set[str]] = {}  # context -> origins its pages visited

    def new_context(self, **kwargs: object) -> object:
        # Options said at Playwright's own default ask for the same context as left unsaid: a
        # person's desktop window (no touch, not mobile) and a board guest's share contexts.
        asked = {k: v for k, v in kwargs.items() if k not in PLAYWRIGHT_DEFAULTS
                 or PLAYWRIGHT_DEFAULTS[k] != v}
        key = json.dumps(asked, sort_keys=True)
        idle = self._idle.get(key)
        context = idle.pop() if idle else self._launch(key, kwargs)
        self.opened.append(context)
        return context

    def _launch(self, key: str, kwargs: dict) -> object:
        context = self.chromium.new_context(**kwargs)
        self._options[context] = key
        self._origins[context] = set()
        context.add_init_script(REPORT_VIOLATIONS)

        def on_console(msg: object) -> None:
            if "Content Security Policy" in msg.text:
                POLICY_VIOLATIONS.append(f"{msg.page.url if msg.page else '?'}: {msg.text}")

        def on_page(page: object) -> None:
            # Every page, its own or one a page opened, notes the origins whose storage is
            # cleared after the test. (Through the class's `on`: the page's own, once the
            # pool watches it, would count this listener as the test's.)
            def navigated(frame: object) -> None:
                if frame.parent_frame is None and page_reuse.origin(frame.url):
                    self._origins[context].add(page_reuse.origin(frame.url))

            type(page).on(page, "framenavigated", navigated)

        context.on("console", on_console)
        context.on("page", on_page)
        context.on("close", lambda closed: self._closed.add(closed))
        self._adopt(context)
        page_reuse.watch_clock(context.clock, lambda: self._tenants[context])
        open_page = context.new_page

        def new_page() -> object:
            page = self._kept.pop(context, None)
            if page is None:
                page = open_page()
                self._adopt(page)
            return page

        context.new_page = new_page
        return context

    def _adopt(self, target: object) -> None:
        """Note what each test does to a page or context the pool may hand out again."""
        self._tenants[target] = page_reuse.Tenant()
        page_reuse.watch(target, lambda: self._tenants[target])

    def release(self) -> None:
        """Empty the current test's contexts and keep them, with a page each, for the next
        tests."""
        opened, self.opened[:] = list(self.opened), []  # a context is handed out once a test
        for context in opened:
            if context in self._closed:
                continue
            if self._empty(context):
                self._idle.setdefault(self._options[context], []).append(context)
            else:
                context.close()

    def _empty(self, context: object) -> bool:
        """Reset the context and one of its pages for the next test; False when it cannot be
        (the caller closes it)."""
        options = json.loads(self._options[context])
        if context.service_workers or not page_reuse.reset_context(
                context, self._tenants[context], options):
            return False
        viewport = options.get("viewport", page_reuse.PLAYWRIGHT_VIEWPORT)
        kept = None
        for page in context.pages:
            tenant = self._tenants.get(page)
            if kept is None and tenant and page_reuse.reset_page(page, tenant, viewport):
                kept = page
                continue
            pages_kit.leave(page)
            page.close()
            self._tenants.pop(page, None)
        if self._origins[context]:
            kept = kept or context.new_page()  # the next test's page, opened to clear through
            page_reuse.clear_storage(context, kept, self._origins[context])
            self._origins[context].clear()
        context.clear_cookies()
        context.clear_permissions()
        if kept is not None:
            self._kept[context] = kept
        return True

    def __getattr__(self, name: str) -> object:
        return getattr(self.chromium, name)


@pytest.fixture(autouse=True)
def no_policy_violation() -> Iterator[None]:
    POLICY_VIOLATIONS.clear()
    yield
    found, POLICY_VIOLATIONS[:] = list(POLICY_VIOLATIONS), []
    assert not found, "the Content Security Policy blocked something:\n" + "\n".join(found)


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    """Launch Debian's Chromium headless through Playwright once for tests/browser.

    Package scope, not session: Playwright's sync API keeps an event loop running in this
    thread while it is open, which would break every async test collected after it.
    """
    require_service("chromium", Path(CHROMIUM).exists(), f"{CHROMIUM} does not exist")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield PolicyWatchingBrowser(chromium)
        finally:
            chromium.close()


CALL_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    """Note a browser test whose body failed, for contexts_closed to show what its pages
    showed."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[CALL_FAILED] = True
    return report


def what_pages_showed(browser: PolicyWatchingBrowser, name: str) -> None:
    """A failed browser test's pages, as they stood when it failed: each page's address
    printed (pytest shows it under the failure) and its screenshot under
    test-results/failures/, so a failure seen once can be read afterwards."""
    folder = pages_kit.SHOTS / "failures"
    folder.mkdir(parents=True, exist_ok=True)
    for n, page in enumerate(p for c in browser.opened for p in c.pages):
        path = folder / f"{name}-{n}.png"
        try:
            page.screenshot(path=str(path), full_page=True, timeout=5_000)
        except Exception as exc:  # a page crashed or closed: its address is still worth saying
            path = f"no screenshot ({exc.__class__.__name__})"
        print(f"page {n}: {page.url} {page.viewport_size} -> {path}")


@pytest.fixture(autouse=True)
def contexts_closed(browser, request: pytest.FixtureRequest) -> Iterator[None]:
    """Close every page a test opened once it ends: a page left open keeps its sockets,
    heartbeats and timers going through every later test (a lobby page redraws at each change
    of turn in any game), costing both the browser and the live server. Its contexts are
    emptied and kept for later tests (PolicyWatchingBrowser). A failed test's pages are
    shown first (what_pages_showed)."""
    yield
    if request.node.stash.get(CALL_FAILED, False):
        what_pages_showed(browser, re.sub(r"[^\w.-]+", "_", request.node.name))
    browser.release()


# Ends, in the live server's database, the games made since a test began that are still
# open or being played. Games a module's fixture made before its tests began are kept for
# them (autouse fixtures of a test start after the module's, before its other ones).
END_LEFT_GAMES = """
from datetime import datetime, timezone
from games.models import ABANDONED, ACTIVE, OPEN, Game
since = datetime.fromtimestamp({since!r}, timezone.utc)
Game.objects.filter(created_at__gte=since, status__in=(OPEN, ACTIVE)).update(status=ABANDONED)
"""


@pytest.fixture(autouse=True)
def no_game_goes_on(request: pytest.FixtureRequest) -> Iterator[None]:
    """Once a test that served pages ends, the games it left going end, and their bots stop.
    A bot game left going (two Elite bots against a Recruit, bots playing a designer's draft
    to its end) kept the live server thinking through the tests after it, about 50 s of its
    CPU in the browser layer; and every game left open or going was one more card on each lobby
    page the later tests opened (up to 50 of each list)."""
    since = time.time()
    yield
    if "live_server_url" in request.fixturenames:
        live_shell.run(request.getfixturevalue("live_server_env"),
                       END_LEFT_GAMES.format(since=since))


@pytest.fixture
def page(browser) -> object:
    """A page in a browser context of its own (nothing of an earlier test in either: the pool
    may hand out a page an earlier test used, reset; emptied after the test by
    contexts_closed)."""
    return browser.new_context().new_page()


@pytest.fixture
def person(browser, live_server_url) -> Callable:
    """Open a person on demand: `person(viewport="phone", guest=True)` -> a page. Each has
    its own cookies; a guest is signed in through the API before the test starts (their
    contexts are emptied after the test by contexts_closed)."""

    def open_person(viewport: str = "desktop", guest: bool = True):
        phone = viewport == "phone"
        context = browser.new_context(
            viewport=pages_kit.VIEWPORTS[viewport], has_touch=phone, is_mobile=phone
        )
        page = context.new_page()
        page.set_default_timeout(pages_kit.TIMEOUT)
        if guest:
            pages_kit.api(page, live_server_url, "POST", "/api/v1/auth/guest")
        return page

    return open_person
