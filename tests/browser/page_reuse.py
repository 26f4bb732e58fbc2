"""A pooled context's page, kept open from one browser test to the next and reset in between.

Opening a page costs Chromium about half a second of CPU more than loading a URL in a page
already open (a renderer process started and its document set up), and a browser test opens
two or three. So the context pool (conftest.PolicyWatchingBrowser) keeps one page of each
context it empties and hands it out as that context's next `new_page()`, reset to what a
new page is: on about:blank with the context's viewport and Playwright's default timeouts,
no listener, route, cookie, permission, local or session storage or open socket of the
test before. Only what a test can undo is undone here; a page or context that made a call
Playwright cannot take back (an init script, an exposed function, a web socket route, a
HAR, a locator handler, extra headers, emulated media, an installed clock) is closed
instead, and the next test gets a new one.

`Tenant` wraps the calls of one page or context that leave something behind and notes
what the current test did with them; `reset_page` and `reset_context` undo it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from tests.browser import pages_kit

# Calls whose effect Playwright cannot take back (or that no test has needed taken back):
# the page or context that made one is closed after the test.
SPOILING = (
    "add_init_script", "expose_function", "expose_binding", "route_web_socket",
    "route_from_har", "add_locator_handler", "set_extra_http_headers", "emulate_media",
)
# The clock's calls, on `context.clock` (which `page.clock` is): an installed clock is
# a context's init script.
CLOCK_CALLS = ("install", "set_fixed_time", "set_system_time", "pause_at", "run_for",
               "fast_forward", "resume")
# What a visited origin's data in the browser is cleared of (Chromium's `local_storage`
# is web storage: session storage goes with it, in every page of the context).
STORAGE_TYPES = "local_storage,indexeddb,cache_storage"
PLAYWRIGHT_VIEWPORT = {"width": 1280, "height": 720}  # a context's viewport when none is asked


@dataclass
class Tenant:
    """What the current test did to one pooled page or context that must not reach the
    next test."""

    listeners: list[tuple[str, Callable]] = field(default_factory=list)
    routed: bool = False
    timeouts: bool = False
    offline: bool = False
    geolocated: bool = False
    buttons: set[str] = field(default_factory=set)  # mouse buttons pressed and not let go
    keys: set[str] = field(default_factory=set)  # keys pressed and not let go
    spoiled: str = ""  # the first call that cannot be undone


def watch(target: object, tenant: Callable[[], Tenant]) -> None:
    """Wrap `target`'s calls (a page's or a context's) that leave something behind, so that
    the current test's `tenant()` notes them. The wrappers live on the object itself: pages
    and contexts the pool did not make are never handed out again, so need none."""

    def noting(name: str, note: Callable[[Tenant, tuple], None]) -> None:
        original = getattr(target, name, None)
        if original is None:
            return

        def call(*args: object, **kwargs: object) -> object:
            note(tenant(), args or tuple(kwargs.values()))
            return original(*args, **kwargs)

        setattr(target, name, call)

    for name in ("on", "once"):
        noting(name, lambda t, args: t.listeners.append((args[0], args[1])))
    noting("route", lambda t, args: setattr(t, "routed", True))
    for name in ("set_default_timeout", "set_default_navigation_timeout"):
        noting(name, lambda t, args: setattr(t, "timeouts", True))
    noting("set_offline", lambda t, args: setattr(t, "offline", True))
    noting("set_geolocation", lambda t, args: setattr(t, "geolocated", True))
    for name in SPOILING:
        noting(name, lambda t, args, name=name: t.spoiled or setattr(t, "spoiled", name))
    if hasattr(target, "mouse"):  # a page: Playwright keeps a button or key held across loads
        watch_held(target.mouse, "buttons", lambda args, kw: kw.get("button") or "left", tenant)
        watch_held(target.keyboard, "keys", lambda args, kw: args[0] if args else kw["key"], tenant)


def watch_held(device: object, held: str, which: Callable[[tuple, dict], str],
               tenant: Callable[[], Tenant]) -> None:
    """Note the buttons (or keys) a test presses on a page's mouse (keyboard) and has not let
    go, in the tenant's `held` set."""
    press, release = device.down, device.up

    def down(*args: object, **kwargs: object) -> object:
        getattr(tenant(), held).add(which(args, kwargs))
        return press(*args, **kwargs)

    def up(*args: object, **kwargs: object) -> object:
        getattr(tenant(), held).discard(which(args, kwargs))
        return release(*args, **kwargs)

    device.down, device.up = down, up


def watch_clock(clock: object, tenant: Callable[[], Tenant]) -> None:
    """Note a test's use of the context's clock: a clock once installed stays."""
    for name in CLOCK_CALLS:
        original = getattr(clock, name)

        def call(*args: object, _original=original, _name=name, **kwargs: object) -> object:
            t = tenant()
            t.spoiled = t.spoiled or f"clock.{_name}"
            return _original(*args, **kwargs)

        setattr(clock, name, call)


def origin(url: str) -> str:
    """A URL's origin (scheme://host:port), or "" for about:, data: and the like."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


def forget_listeners(target: object, tenant: Tenant) -> None:
    """Take off every listener the test added (a `once` that has fired is gone already)."""
    for event, handler in tenant.listeners:
        target.remove_listener(event, handler)
    tenant.listeners.clear()


def reset_page(page: object, tenant: Tenant, viewport: dict) -> bool:
    """Bring a page the test used back to what a new page of its context is; False when it
    cannot be (the caller closes it). Its document is left for about:blank first, which
    ends its sockets (the server sees the person leave) and its timers."""
    if tenant.spoiled or page.is_closed():
        return False
    forget_listeners(page, tenant)
    if tenant.routed:
        page.unroute_all(behavior="ignoreErrors")  # a handler still running is not waited on
        tenant.routed = False
    pages_kit.leave(page)
    if page.url != "about:blank":
        return False  # its own script kept moving it
    if page.viewport_size != viewport:
        page.set_viewport_size(viewport)
    if tenant.timeouts:
        # None is Playwright's "not set": the context's default (30 s) applies again.
        page.set_default_timeout(None)
        page.set_default_navigation_timeout(None)
        tenant.timeouts = False
    # What the test held down is let go (Playwright would press it into the next document:
    # a button held makes every move a drag), and the pointer leaves the window, as in a new
    # page: no element of the next document starts hovered where the last click was.
    for button in sorted(tenant.buttons):
        page.mouse.up(button=button)
    for key in sorted(tenant.keys):
        page.keyboard.up(key)
    page.mouse.move(-1, -1)
    return True


def clear_storage(context: object, page: object, origins: set[str]) -> None:
    """Clear the web storage (local and session), IndexedDB and Cache Storage of every
    origin the context's pages visited, through `page` (any open page of the context:
    Chromium clears the context's data for the origin, whatever the page shows now)."""
    if not origins:
        return
    session = context.new_cdp_session(page)
    try:
        for visited in sorted(origins):
            session.send("Storage.clearDataForOrigin",
                         {"origin": visited, "storageTypes": STORAGE_TYPES})
    finally:
        session.detach()


def reset_context(context: object, tenant: Tenant, options: dict) -> bool:
    """Undo what the test did to the context itself; False when it cannot be undone (the
    caller closes it). Cookies and permissions are the pool's to clear."""
    if tenant.spoiled:
        return False
    forget_listeners(context, tenant)
    if tenant.routed:
        context.unroute_all(behavior="ignoreErrors")
        tenant.routed = False
    if tenant.offline:
        context.set_offline(bool(options.get("offline")))
        tenant.offline = False
    if tenant.geolocated:
        context.set_geolocation(options.get("geolocation"))
        tenant.geolocated = False
    if tenant.timeouts:
        context.set_default_timeout(None)
        context.set_default_navigation_timeout(None)
        tenant.timeouts = False
    return True

