"""Serve pgweb over ASGI: HTTP to Django, websockets to the Channels consumers."""

from __future__ import annotations

import os
from pathlib import Path

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pgweb.settings")

# Django must be set up before anything imports models, so the consumers come after this.
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from games import engine_adapter  # noqa: E402
from games.apps import tune_gc  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402
from games.rules.common import passed_checks  # noqa: E402
from pgweb.origins import SameOriginValidator  # noqa: E402


def build_application() -> ProtocolTypeRouter:
    """Build the router; a websocket must come from the site's own origin or a trusted one
    (pgweb/origins.py, read at each handshake)."""
    return ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": SameOriginValidator(
                AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
            ),
        }
    )


application = build_application()
# A scenario file whose schema check passed at an earlier start is not checked against the
# schema again (a changed file is); every other check runs at every start.
passed_checks.remember_in(
    Path(settings.PGWEB_CHECK_CACHE_DIR) if settings.PGWEB_CHECK_CACHE_DIR else None
)
# Every scenario loaded and checked before the first request rather than during the first
# command, then frozen out of the collector's way with the rest of start-up (games/apps.py).
engine_adapter.scenarios()
tune_gc()
