"""Configure pgweb from the environment (see the configuration table in README.md)."""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from pgweb.channel_hosts import channel_hosts

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("PGWEB_VAR_DIR", BASE_DIR / "var"))

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no setting; an unknown spelling is an error rather than a silent guess."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1/0, true/false, yes/no or on/off")


def env_list(name: str) -> list[str]:
    """Read a comma-separated setting, ignoring blanks."""
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def local_secret_key() -> str:
    """Return the development key in var/secret_key, generating it on first use."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        VAR_DIR.mkdir(parents=True, exist_ok=True)
        # Exclusive create: two processes starting at once must not both write a key.
        try:
            with open(path, "x", encoding="ascii") as handle:
                handle.write(secrets.token_urlsafe(50))
            path.chmod(0o600)
        except FileExistsError:
            pass
    return path.read_text(encoding="ascii").strip()


# A checkout is a development machine unless told otherwise: production sets DEBUG=0, and
# then SECRET_KEY and ALLOWED_HOSTS must be given (README.md, "Running in production").
DEBUG = env_bool("DEBUG", True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = local_secret_key()

# Empty with DEBUG on means Django's localhost defaults (localhost, 127.0.0.1, [::1]).
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # daphne first: its runserver replaces Django's so `manage.py runserver` speaks websockets.
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files served from here: the docs need no CDN
    "axes",  # login lock-out after repeated failures
    "csp",  # Content-Security-Policy header on every response
    "games",
    "django_tasks",
    "django_tasks_db",
    "games.clocks",
    "games.notifications",
    "games.botplay",
    "games.community",  # ratings, player pages, leaderboards, tournaments, moderation
    "games.planning",  # a side's standing orders and map drawings
    "games.designer",  # players' scenarios and boards: drafts, revisions, reports
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "pgweb.middleware.ApiJsonMiddleware",  # every answer under /api/ is JSON
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "pgweb.middleware.DatabaseUnavailableMiddleware",  # 503, not 500, while the database is down
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "pgweb.middleware.FormOnlyPageMiddleware",  # after auth: its page shows who is signed in
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out sign-in into its 429 answer
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out name and address
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "pgweb.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.clocks.context.time_controls",
                "games.community.context.moderation_notices",
            ],
        },
    },
]

ASGI_APPLICATION = "pgweb.asgi.application"

# Where the server remembers which scenario files passed their schema, so that a start with
# the same files skips that check (games/rules/common/passed_checks.py); empty: nowhere.
PGWEB_CHECK_CACHE_DIR = os.environ.get("PGWEB_CHECK_CACHE_DIR", str(VAR_DIR / "cache" / "checks"))

DATABASE_URL = os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'pgweb.sqlite3'}"
if DATABASE_URL.startswith("sqlite:///"):
    VAR_DIR.mkdir(parents=True, exist_ok=True)
# conn_max_age=0: under ASGI each request runs in a worker thread, and persistent connections
# held by those threads are never closed by Django's request signals.
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks: IMMEDIATE takes the write lock when a transaction begins, so
    # two commands on one game queue up instead of failing to upgrade a read lock; WAL lets
    # readers (several daphne processes) carry on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )

REDIS_URL = os.environ.get("REDIS_URL", "")
# Which channels_redis layer carries the groups when REDIS_URL is set. "pubsub" (default):
# a group message is one PUBLISH, read once by each process with members and handed to
# its sockets in memory; "core", channels_redis's list layer, writes one sorted-set entry
# per socket and pops each with its own round trips (bench/broadcast.py: a third more CPU
# per command, 22 sockets p50 16 ms against 12). Pub/sub delivers
# only to sockets connected at the time, with no group expiry: a socket that misses a
# version heals the gap from the command log (games/consumers.py).
CHANNEL_LAYER_BACKENDS = {
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
    "core": "channels_redis.core.RedisChannelLayer",
}
CHANNEL_LAYER_BACKEND = os.environ.get("CHANNEL_LAYER_BACKEND", "pubsub").strip().lower()
if CHANNEL_LAYER_BACKEND not in CHANNEL_LAYER_BACKENDS:
    raise ImproperlyConfigured(
        f"CHANNEL_LAYER_BACKEND must be one of {', '.join(CHANNEL_LAYER_BACKENDS)}, "
        f"not {CHANNEL_LAYER_BACKEND!r}"
    )
# With the "core" layer, how many messages may wait for one socket (channels_redis drops
# the rest; the socket heals from the command log, games/consumers.py).
PGWEB_CHANNEL_CAPACITY = int(os.environ.get("PGWEB_CHANNEL_CAPACITY", "100"))
# The names of the layer's keys and pub/sub channels begin with this: two sites (or two test
# workers) sharing one Redis keep apart by it (pub/sub channels ignore the database number).
CHANNEL_PREFIX = os.environ.get("CHANNEL_PREFIX", "asgi")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": CHANNEL_LAYER_BACKENDS[CHANNEL_LAYER_BACKEND],
            "CONFIG": {"hosts": channel_hosts(REDIS_URL), "prefix": CHANNEL_PREFIX}
            | ({"capacity": PGWEB_CHANNEL_CAPACITY} if CHANNEL_LAYER_BACKEND == "core" else {}),
        }
    }
else:
    # One process only: groups live in this process's memory.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache counts rate-limit hits (games/throttles.py). One process: its memory. Several
# daphne processes must count together: CACHE_URL=redis://host:6379/1 (a database of its own,
# not the channel layer's); with REDIS_URL set and no CACHE_URL, the cache is REDIS_URL's
# server (keys of the cache and the channel layer do not collide).
CACHE_URL = os.environ.get("CACHE_URL", "") or REDIS_URL
CACHES = {
    "default": (
        {
            # Reads miss and writes are dropped while Redis is down (pgweb/cache.py).
            "BACKEND": "pgweb.cache.FailOpenRedisCache",
            "LOCATION": CACHE_URL,
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Rate limits, "N/period" (second, minute, hour, day), each overridable as PGWEB_RATE_<SCOPE>.
# guest and signup count per client address; the others per signed-in user (review: per
# address when signed out).
PGWEB_RATES = {
    scope: os.environ.get(f"PGWEB_RATE_{scope.upper()}", default)
    for scope, default in {
        "guest": "20/hour",  # new guest accounts from one address
        "signup": "10/hour",  # new accounts with a password from one address
        "write": "120/minute",  # REST writes of one user (commands, joins, seats...)
        "seek": "20/minute",  # quick-match seeks of one user
        "chat": "20/minute",  # chat lines of one user, over all their sockets
        # An ended game's history or export, by one user (or address, signed out): each
        # replays every step and can run to megabytes. Every request counts, reads too.
        "review": "30/minute",
        "check": "60/minute",  # designer checks of one user (a large document takes a second)
    }.items()
}
# How many reverse proxies in front of pgweb append the client's address to X-Forwarded-For
# (games.throttles.client_address). 0, the default: the header is ignored and the address is
# the TCP peer's, so a client cannot pick its own address for the limits per address.
PGWEB_TRUSTED_PROXIES = int(os.environ.get("PGWEB_TRUSTED_PROXIES", "0"))
if not 0 <= PGWEB_TRUSTED_PROXIES <= 10:
    raise ImproperlyConfigured("PGWEB_TRUSTED_PROXIES must be a number of proxies, 0 to 10")
# Commands public spectators stay behind the players of a rated game whose creator chose no
# delay (games/spectating.py); any game may choose its own (option spectator_delay).
PGWEB_RATED_SPECTATOR_DELAY = int(os.environ.get("PGWEB_RATED_SPECTATOR_DELAY", "10"))
# Games on one page of GET /api/v1/games (newest first; `?page=` and the Link header).
PGWEB_API_PAGE_SIZE = int(os.environ.get("PGWEB_API_PAGE_SIZE", "50"))
# Games one player may have open (created or joined, not yet started) at once: past it,
# creating another is refused with 409 games/too_many_open (docs/security.md).
PGWEB_MAX_OPEN_GAMES = int(os.environ.get("PGWEB_MAX_OPEN_GAMES", "10"))
# Frames a socket may send: sustained per second, and a burst. Past it the socket gets an
# error frame and is closed with 4429.
PGWEB_SOCKET_FRAMES = (
    float(os.environ.get("PGWEB_SOCKET_FRAMES_PER_SECOND", "10")),
    int(os.environ.get("PGWEB_SOCKET_FRAMES_BURST", "40")),
)
# Bytes the server may hold for a socket that does not read them (a frozen tab, a dead
# link) before closing it with 4408, beside a kernel send buffer fixed near the same size;
# the others are never held up by it.
PGWEB_SOCKET_SEND_BUFFER = int(os.environ.get("PGWEB_SOCKET_SEND_BUFFER", str(1024 * 1024)))

# django-axes: five wrong passwords for a name from one address lock that pair out for 15
# minutes; a right password resets the count.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "games.throttles.login_locked_out"
AXES_CLIENT_IP_CALLABLE = "games.throttles.client_address"  # the same address as the limits
AXES_VERBOSE = False
# Background work (clock sweeps, notifications) through django-tasks and its database
# backend: tasks are rows in the same database, run by `manage.py worker` processes.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
# How often the worker sweeps clocks (flags, reminders, opportunity-fire windows).
PGWEB_SWEEP_SECONDS = float(os.environ.get("PGWEB_SWEEP_SECONDS", "2"))
if not 0 < PGWEB_SWEEP_SECONDS <= 3600:
    raise ImproperlyConfigured("PGWEB_SWEEP_SECONDS must be between 0 and 3600 seconds")

# The command log keeps a step's whole state only every so many versions (and at each new
# turn); other versions are replayed from the nearest one (games/steplog.py).
PGWEB_CHECKPOINT_EVERY = int(os.environ.get("PGWEB_CHECKPOINT_EVERY", "32"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed, compressed names in production (after collectstatic); plain files while
    # developing, so nothing needs collecting before a test or a page load.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "pgweb.staticstorage.ModuleManifestStorage"
        )
    },
}
# While developing, WhiteNoise serves straight from the source folders.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Session cookies, with CSRF checked on every unsafe request (signed in or not).
        "games.api.authentication.CsrfSessionAuthentication",
    ],
    # Writes per user (games/throttles.py); views with their own limits add theirs.
    "DEFAULT_THROTTLE_CLASSES": ["games.throttles.WriteThrottle"],
    "NUM_PROXIES": PGWEB_TRUSTED_PROXIES,  # DRF's own get_ident, for any throttle of its own
    "EXCEPTION_HANDLER": "games.api.exceptions.api_exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "games.api.parsers.StrictJSONParser",  # a body nested too deep is a 400, not a 500
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "pgweb API",
    "DESCRIPTION": "Panzer Grenadier online: lobby, games and replays.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation's refusals in the one error shape (games/api/schema_errors.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema_errors.document_refusals",
    ],
}

# Pages load scripts, styles and images only from this site (ES modules and JSON data
# blocks: no inline script, no inline handlers), open sockets only to it, and are never
# framed. `'self'` covers ws:/wss: to the same host (CSP Level 3).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
    # Production is served over https behind a proxy: plain http is redirected and browsers
    # are told to stay on https. A test server on loopback turns both off (HTTPS=0).
    SECURE_SSL_REDIRECT = env_bool("HTTPS", True)
    SECURE_HSTS_SECONDS = (
        int(os.environ.get("HSTS_SECONDS", "31536000")) if SECURE_SSL_REDIRECT else 0
    )
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
    SECURE_HSTS_PRELOAD = SECURE_HSTS_SECONDS > 0 and env_bool("HSTS_PRELOAD", True)

# -- notifications (games/notifications; README "Notifications") ------------------------------


def email_settings(url: str) -> dict:
    """SMTP settings from EMAIL_URL: smtp://user:password@host:port (STARTTLS with ?tls=1),
    smtps://... (TLS from the first byte); user and password percent-encoded."""
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ImproperlyConfigured(f"EMAIL_URL must be smtp://host:port or smtps://..., not {url!r}")
    query = {k: v[-1].strip().lower() for k, v in parse_qs(parts.query).items()}
    return {
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": parts.port or (465 if parts.scheme == "smtps" else 25),
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_SSL": parts.scheme == "smtps",
        "EMAIL_USE_TLS": query.get("tls", "") in _TRUE,
    }


# The embedded default prints mail to the console; EMAIL_URL or EMAIL_HOST selects SMTP.
if os.environ.get("EMAIL_URL"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    globals().update(email_settings(os.environ["EMAIL_URL"]))
elif os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
EMAIL_TIMEOUT = 10  # seconds: a stuck SMTP server fails the task, which retries later
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "pgweb <pgweb@localhost>")
# Where links in mails, push messages and webhooks point (no request to take it from).
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
# The "sub" claim of Web Push's VAPID token: how a push service reaches the operator.
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:pgweb@localhost")
# Webhooks to loopback addresses are refused like private ones; tests turn this on to
# receive on 127.0.0.1. Never in production.
NOTIFICATIONS_ALLOW_LOOPBACK = env_bool("NOTIFICATIONS_ALLOW_LOOPBACK", False)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # django-axes says INFO on every sign-in; lock-outs are WARNING and still shown.
    "loggers": {"axes": {"level": "WARNING"}},
}

# A player's vacation days a year (games.clocks.vacation), unless set per player.
PGWEB_VACATION_DAYS = int(os.environ.get("PGWEB_VACATION_DAYS", "30"))
# How long a deleted account's name is kept from new accounts (games/services/account_life.py).
PGWEB_NAME_HOLD_DAYS = int(os.environ.get("PGWEB_NAME_HOLD_DAYS", "180"))
# Bots (games.botplay): PGWEB_BOTS_RUN=0 keeps this process's bot runner idle (tests that
# drive bots by hand); in live games a bot pauses before each new activation (and briefly
# between the commands of one) so people can follow; a bot's claim on a turn is a lease a
# crashed process leaves to run out; the sweep leaves a fresh version to the process that
# heard of it for a grace; a bot may stand in for a player away that long (untimed games).
BOTS_RUN = os.environ.get("PGWEB_BOTS_RUN", "1") != "0"
BOT_PAUSE_SECONDS = float(os.environ.get("PGWEB_BOT_PAUSE_SECONDS", "1.0"))
BOT_STEP_SECONDS = float(os.environ.get("PGWEB_BOT_STEP_SECONDS", "0.3"))
# A game only bots play, which nobody has open, goes this many times slower than a live one
# (its bots think in the web process: flat out, a few such games slowed every page).
BOT_UNWATCHED_SLOWER = float(os.environ.get("PGWEB_BOT_UNWATCHED_SLOWER", "5"))
# Bot games one player may have going at once (games/botplay/seats.py): games they play
# against bots (more are refused) and games they watch bots play (a new one ends the last).
BOT_GAMES_PLAYED_MAX = int(os.environ.get("PGWEB_BOT_GAMES_PLAYED_MAX", "3"))
BOT_GAMES_WATCHED_MAX = int(os.environ.get("PGWEB_BOT_GAMES_WATCHED_MAX", "1"))
BOT_LEASE_SECONDS = float(os.environ.get("PGWEB_BOT_LEASE_SECONDS", "60"))
BOT_SWEEP_GRACE_SECONDS = float(os.environ.get("PGWEB_BOT_SWEEP_GRACE_SECONDS", "10"))
BOT_STANDIN_AWAY_SECONDS = float(os.environ.get("PGWEB_BOT_STANDIN_AWAY_SECONDS", "60"))
