"""Configure pgweb from the environment (see the configuration table in README.md)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

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
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
            ],
        },
    },
]

ASGI_APPLICATION = "pgweb.asgi.application"

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
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": CHANNEL_LAYER_BACKENDS[CHANNEL_LAYER_BACKEND],
            "CONFIG": {"hosts": [REDIS_URL]},
        }
    }
else:
    # One process only: groups live in this process's memory.
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

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
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
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
}

SPECTACULAR_SETTINGS = {
    "TITLE": "pgweb API",
    "DESCRIPTION": "Panzer Grenadier online: lobby, games and replays.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
