"""One env-driven settings module.

With no DATABASE_URL / REDIS_URL set it falls back to SQLite, the in-memory channel layer,
eager Celery and e-mail written to var/mail, so `make run` works with nothing but Python.
Tests (pytest) and docker compose set the URLs of the real services.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF, UNSAFE_HASHES, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str, process_kind
from config.queues import queues_declared
from shared.logs import logs_install

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
# With DEBUG off the key signs sessions, password resets and e-mail confirmations: a guessable
# one ("changeme", Django's generated "django-insecure-" keys, short or repetitive strings) is
# refused at start, with the thresholds of Django's own `check --deploy` (security.W009).
_WEAK_KEYS = {"changeme", "change-me", "secret", "secret-key", "dev-only-insecure-key"}
if not DEBUG and (
    len(SECRET_KEY) < 50
    or len(set(SECRET_KEY)) < 5
    or SECRET_KEY.startswith("django-insecure-")
    or SECRET_KEY.lower() in _WEAK_KEYS
):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a random string of at least 50 characters when DEBUG is off"
        ' (python -c "import secrets; print(secrets.token_urlsafe(50))")'
    )
if not SECRET_KEY:
    SECRET_KEY = "dev-only-insecure-key"  # noqa: S105 - DEBUG only, refused above otherwise
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000"
)
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
SITE_NAME = env_str("SITE_NAME", "Tabletop")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "allauth",
    "allauth.account",
    "outbox",
    "accounts",
    "boards",
    "lobbies",
    "ladders",
    "notifications",
    "tournaments",
    "chat",
    "anymail",
    # play last: its own listener of match_changed (waking the bots, which may play on at once
    # when Celery is eager) then runs after the other apps' listeners, in the order of the moves.
    "play",
]

MIDDLEWARE = [
    # First: a probe answers before the host check and the HTTPS redirect (docker, a balancer).
    "config.health.probes",
    # Next: the scrape (a token, no host check: Prometheus comes by address) and every other
    # request counted by view and status (config/site_metrics.py); a no-op unless METRICS.
    "config.site_metrics.requests_counted",
    # Next: every log line of the request names it (config/request_ids.py).
    "config.request_ids.request_ids",
    "config.middleware.request_guard",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Inside the policy's middleware: a nonce in every policy (config/middleware.py).
    "config.middleware.script_nonce",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # After authentication: an account's own language wins over the browser's.
    "config.middleware.account_language",
    "config.request_ids.request_user",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # After the authentication: the account's time zone, else the browser's (accounts/zones.py).
    "accounts.zones.time_zone_middleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = None
ASGI_APPLICATION = "config.asgi.application"

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
                "config.context.site",
                "django.template.context_processors.i18n",
                "lobbies.context.invitations",
                "notifications.context.unread",
            ],
        },
    },
]

# Databases: PostgreSQL when DATABASE_URL is set, SQLite in var/ otherwise.
DATABASE_URL = env_str("DATABASE_URL")
# PostgreSQL connections come from a pool per process (Django's, psycopg_pool) of at most
# DB_POOL_MAX_SIZE: under ASGI every concurrent request runs in a thread of its own, and kept
# connections (CONN_MAX_AGE) piled up one per thread until the server refused more (issue 31).
# Each connection goes back to the pool when its request, task or socket call ends; a thread
# waits up to DB_POOL_TIMEOUT seconds for one. DB_POOL_MAX_SIZE=0: no pool, a connection per
# request kept DB_CONN_MAX_AGE seconds (docs/operations.md, "Database connections").
DB_POOL_MAX_SIZE = env_int("DB_POOL_MAX_SIZE", 10)
if DATABASE_URL:
    _max_age = env_int("DB_CONN_MAX_AGE", 0)
    if DB_POOL_MAX_SIZE and _max_age:
        raise ImproperlyConfigured(
            "DB_CONN_MAX_AGE must be 0 (or unset) with the connection pool; set"
            " DB_POOL_MAX_SIZE=0 to keep connections without a pool"
        )
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=_max_age, conn_health_checks=True
        )
    }
    # Each process names its connections by its kind ("tabletop web", "tabletop worker"...):
    # pg_stat_activity then shows what holds them (docs/operations.md).
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault(
        "application_name", env_str("DB_APPLICATION_NAME", f"{SITE_NAME.lower()} {process_kind()}")
    )
    if DB_POOL_MAX_SIZE:
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": min(env_int("DB_POOL_MIN_SIZE", 1), DB_POOL_MAX_SIZE),
            "max_size": DB_POOL_MAX_SIZE,
            "timeout": env_int("DB_POOL_TIMEOUT", 10),
            "max_idle": 300,  # idle connections above min_size close after 5 minutes
            "name": "tabletop",
        }
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(VAR_DIR / "db.sqlite3"),
            # `make run`'s threads (requests, bots, ticks) write at once: a transaction takes the
            # write lock when it begins (no "database is locked" half-way through), and waits
            # up to 20 s for it.
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# Redis: the channel layer and the Celery broker when REDIS_URL is set.
REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # The pub/sub layer: a group message is one PUBLISH, with no per-channel queues to poll.
    # socket_timeout=None: redis-py's 5 s read timeout would otherwise close idle sockets
    # (channels_redis#422).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": None}],
                "prefix": env_str("CHANNELS_PREFIX", "asgi"),
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The cache holds the log-in lockout and the API throttles, so every process must share it:
# Redis when there is one (CACHE_URL, by default REDIS_URL), memory of this process otherwise.
CACHE_URL = env_str("CACHE_URL", REDIS_URL)
if CACHE_URL.startswith(("redis://", "rediss://")):
    # It fails open (shared/cache.py): Redis unreachable, the throttles let requests through,
    # boards are drawn afresh, log-ins are refused with a 503 (the lockout cannot count).
    # Short timeouts, so that an unreachable Redis costs a request little.
    CACHES = {
        "default": {
            "BACKEND": "shared.cache.FailOpenRedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "tabletop"),
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL or "memory://")
CELERY_TASK_ALWAYS_EAGER = env_bool(
    "CELERY_TASK_ALWAYS_EAGER", not CELERY_BROKER_URL.startswith(("redis", "amqp"))
)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task taken by a worker that died whole (kill -9) goes back to the queue once it has been
# out this many seconds (the Redis broker's visibility timeout; longer than any retry
# countdown), found by the sweep each worker runs every CELERY_RESTORE_INTERVAL seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 3600),
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": 1,
}
# Queues by kind of work (issue 31): a slow bot turn never delays a tournament's next round,
# an e-mail or the deadline sweep. Each kind's queue is named after CELERY_QUEUE
# ("tabletop.bots", "tabletop.mail"...); tasks of no kind stay on CELERY_QUEUE itself. A worker
# started without -Q (`make worker`) serves every queue; compose runs a worker per kind
# (docs/operations.md, "Queues"). The routes are declared here only; tasks stay in their apps.
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "tabletop")
TASK_KINDS = {
    "bots": ["play.tasks.bots_play"],
    "tournaments": ["tournaments.tasks.tournament_advance", "tournaments.tasks.tournaments_sweep"],
    "mail": ["notifications.tasks.*", "tournaments.tasks.tournament_email_send", "accounts.*"],
    "sweeps": [
        "notifications.sweep.*",
        "play.tasks.clocks_enforce",
        "play.tasks.watchdog*",
        "ladders.tasks.matchmaking_pair",
    ],
    "ratings": ["ladders.tasks.ratings_*"],
}
CELERY_TASK_QUEUES = queues_declared(CELERY_TASK_DEFAULT_QUEUE, TASK_KINDS)
CELERY_TASK_ROUTES = ["config.queues.route"]
CELERY_BEAT_SCHEDULE = {
    "deadlines-sweep": {"task": "notifications.sweep.deadlines_sweep", "schedule": 15.0},
    "watchdog-pass": {"task": "play.tasks.watchdog_pass", "schedule": 60.0},
    "matchmaking-pair": {"task": "ladders.tasks.matchmaking_pair", "schedule": 5.0},
    "tournaments-sweep": {"task": "tournaments.tasks.tournaments_sweep", "schedule": 30.0},
}

# E-mail: SMTP when EMAIL_HOST is set, files in var/mail otherwise.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = VAR_DIR / "mail"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tabletop <noreply@tabletop.local>")
# Playing by e-mail (docs/notifications.md): replies go to <prefix>+<token>@INBOUND_EMAIL_DOMAIN,
# taken by `manage.py mail_in` (MAIL_IN_HOST:MAIL_IN_PORT, LMTP with MAIL_IN_LMTP) or by a
# provider's inbound webhook at /anymail/<provider>/inbound/ (basic auth ANYMAIL_WEBHOOK_SECRET).
INBOUND_EMAIL_DOMAIN = env_str("INBOUND_EMAIL_DOMAIN")  # unset: no moves by e-mail
REPLY_ADDRESS_PREFIX = env_str("REPLY_ADDRESS_PREFIX", "play")
MAIL_IN_HOST = env_str("MAIL_IN_HOST", "127.0.0.1")
MAIL_IN_PORT = env_int("MAIL_IN_PORT", 2525)
MAIL_IN_LMTP = env_bool("MAIL_IN_LMTP", False)
# "user:password" the provider sends as HTTP basic auth. Unset: a random one, so the webhooks
# stay closed to everyone rather than open to anyone.
ANYMAIL = {
    "WEBHOOK_SECRET": env_str("ANYMAIL_WEBHOOK_SECRET") or f"off:{secrets.token_hex(32)}",
    "MAILGUN_WEBHOOK_SIGNING_KEY": env_str("MAILGUN_WEBHOOK_SIGNING_KEY"),
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if env_bool("FAST_PASSWORD_HASHER", False):  # tests only: a real hash costs ~0.3 s a user
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# django-allauth: e-mail login, mandatory verification, a display name at sign-up.
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = env_str("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_CONFIRM_EMAIL_ON_GET = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_USER_MODEL_USERNAME_FIELD = None
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"
LOGIN_REDIRECT_URL = "/"
# Failed log-ins (the page and POST /api/auth/token/ alike) lock an account after 5 in 5 minutes,
# and an address after 30 in 10 minutes: one person's typos do not lock out a whole office.
ACCOUNT_RATE_LIMITS = {"login_failed": env_str("LOGIN_FAILED_RATE_LIMIT", "30/10m/ip,5/5m/key")}
ACCOUNT_LOGOUT_REDIRECT_URL = "/"

# Sockets an anonymous spectator opens on public matches, per client address (play/spectators.py).
THROTTLE_ANON_SOCKETS = env_str("THROTTLE_ANON_SOCKETS", "30/min")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "shared.pages.StrictLimitOffsetPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # A 429 {"error": "throttled", ...} with Retry-After past the rate. NUM_PROXIES 0: the
    # client is REMOTE_ADDR (uvicorn sets it from a proxy's header), never a client's own header.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "rest_framework.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/min"),
        "user": env_str("THROTTLE_USER", "600/min"),
        "auth_token": env_str("THROTTLE_AUTH_TOKEN", "10/min"),
    },
    "NUM_PROXIES": 0,
    "DEFAULT_PARSER_CLASSES": [
        "shared.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tabletop API",
    "DESCRIPTION": "Lobbies, live matches, ladders and matchmaking of the Tabletop site.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Tables and tournaments both have a `mode` (live or turn-based): one enum for the models'
    # choices, one for the inputs' plain values, named here rather than by a hash.
    "ENUM_NAME_OVERRIDES": {
        "ModeEnum": "lobbies.models.Table.Mode",
        "ModeInputEnum": ["live", "turn"],
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api.document_common_errors",
    ],
}

# The site speaks English, Spanish and Vietnamese (docs/i18n.md): the account's setting first,
# then the language cookie (the footer switch), then the browser's Accept-Language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("es", "Español"), ("vi", "Tiếng Việt")]
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_allauth"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Under uvicorn nothing else serves static files: WhiteNoise does, straight from the app folders
# while DEBUG is on, from `collectstatic` output (STATIC_ROOT) in production.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# HTTPS by default when DEBUG is off; a plain-HTTP local `docker compose` turns each off (0).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", SESSION_COOKIE_SECURE)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)

# Content-Security-Policy (django-csp). Scripts: files of this site, and the inline <script>s
# that carry the page's nonce (nonce="{{ request.csp_nonce }}"; every page's policy names one,
# config.middleware.script_nonce), never 'unsafe-inline': a script injected into a page has no
# nonce and does not run (docs/operations.md). Inline event handlers (script-src-attr) run only
# if they are one of the three below, by hash. Boards colour pieces with style="" attributes
# (player colours, SVG fills): style attributes are allowed, <style> elements are not. data:
# images: the API docs.
_INLINE_HANDLERS = [
    "'sha256-0BUZ3tIbLMbOvkT7iJ33SOqecTxWJW+DD5Oey+kihCY='",  # confirm('Resign this game?...
    "'sha256-n06ZCtqTvksVQbmi9H5IVe5LSPgbVmgmQ6RIQcbRdlg='",  # confirm('Cancel this table?')
    "'sha256-biFQTroSCI3Z5BmsMGyEE2jFZdwjjG1Oe7JLytgH6jM='",  # this.select(): the invite link
]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "script-src-attr": [UNSAFE_HASHES, *_INLINE_HANDLERS],
        "style-src": [SELF, NONCE],  # a nonce: the API docs page's own <style> block
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# Demo and play settings. The two BACKGROUND ones stand in for the Celery worker and beat when
# the site runs with nothing but Python (play/background.py); `make run` turns them on.
BOT_MOVE_DELAY_MS = env_int("BOT_MOVE_DELAY_MS", 0)
# Seconds a seat's rendered board stays in the cache for the match page's first load, keyed by
# match, version, seat and language (play.selectors.board_cached); 0 draws it every time.
BOARD_CACHE_SECONDS = env_int("BOARD_CACHE_SECONDS", 600)
BOTS_IN_BACKGROUND = env_bool("BOTS_IN_BACKGROUND", False)
BACKGROUND_TICKS = env_bool("BACKGROUND_TICKS", False)
# Seconds the process that recorded an outbox job has to carry it out before the outbox worker
# takes it (outbox/services.py).
OUTBOX_GRACE_SECONDS = env_int("OUTBOX_GRACE_SECONDS", 10)
# Tasks a game depends on retry a transient failure (the database, Redis or the broker away:
# shared/retry.py) with a growing delay up to this many seconds, this many times (with the
# defaults, a few hours of outage).
TASK_RETRY_BACKOFF_MAX = env_int("TASK_RETRY_BACKOFF_MAX", 300)
TASK_RETRY_MAX = env_int("TASK_RETRY_MAX", 60)
# Seconds a deadline-sweep pass spends on the automatic moves itself before it leaves the rest
# to the outbox workers (notifications/sweep.py, "timeouts_run").
SWEEP_TIMEOUTS_SECONDS = env_int("SWEEP_TIMEOUTS_SECONDS", 10)

# Web Push (notifications/push.py, docs/notifications.md "Push"): the VAPID private key (P-256,
# base64url of the raw 32 bytes, or PEM) signs each request; the browsers learn the public key,
# derived from it. Unset: push is off (Settings says so). `make run` makes a pair in VAR_DIR.
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.split("<")[-1].rstrip(">"))
# Seconds the push service keeps a message for a device that is off line (RFC 8030, TTL).
PUSH_TTL_SECONDS = env_int("PUSH_TTL_SECONDS", 86400)
# Plain-http push endpoints are refused unless this is on (the tests' loopback push service).
PUSH_ALLOW_HTTP = env_bool("PUSH_ALLOW_HTTP", False)

# Error reports: Sentry's SDK in every process once SENTRY_DSN is set (shared/reports.py,
# docs/operations.md, "Error reports"); unset, nothing is sent and the SDK stays asleep.
SENTRY_DSN = env_str("SENTRY_DSN", "")
SENTRY_ENVIRONMENT = env_str("SENTRY_ENVIRONMENT", "production")
SENTRY_RELEASE = env_str("SENTRY_RELEASE", "")

# Logging: one JSON object a line (shared/logs.py) with the request id, user id, match id and
# version where known; LOG_FORMAT=text keeps the plain lines (`make run`: DEBUG on). Celery's
# worker keeps its own root logger only for text, so JSON lines come out of it too.
LOG_FORMAT = env_str("LOG_FORMAT", "text" if DEBUG else "json")
if LOG_FORMAT not in ("json", "text"):
    raise ImproperlyConfigured("LOG_FORMAT must be json or text")
logs_install()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "shared.logs.JsonFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            **({"formatter": "json"} if LOG_FORMAT == "json" else {}),
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
}
CELERY_WORKER_HIJACK_ROOT_LOGGER = LOG_FORMAT == "text"

# Metrics in the Prometheus format (shared/metrics.py, docs/operations.md "Metrics"): off
# unless METRICS is set. A scrape must bring METRICS_TOKEN as a bearer token: at /metrics of a
# web process, on METRICS_PORT of the other processes (Celery workers, outbox worker, mail-in),
# bound to METRICS_HOST. PROMETHEUS_MULTIPROC_DIR (read by prometheus-client itself) adds up a
# worker's prefork children; docker-compose.yml gives each container its own.
METRICS = env_bool("METRICS", False)
METRICS_TOKEN = env_str("METRICS_TOKEN", "")
METRICS_PORT = env_int("METRICS_PORT", 0)
METRICS_HOST = env_str("METRICS_HOST", "127.0.0.1")
if METRICS and len(METRICS_TOKEN) < 16:
    raise ImproperlyConfigured("METRICS needs METRICS_TOKEN, 16 characters or more")
