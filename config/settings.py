"""Settings for the league manager, read from the environment.

Production is the default (``DJANGO_DEBUG`` false): it refuses to start, in one line naming
them, without a real secret key, allowed hosts, ``DATABASE_URL``, ``CELERY_BROKER_URL``, a
shared cache and ``SITE_URL``. ``DJANGO_DEBUG=true`` (``make run``, the test settings) runs on a
bare machine: SQLite file database, Celery tasks eagerly in-process. Every variable is read by
the strict readers of ``config.env``; see ``.env.example`` for each.
"""

from datetime import timedelta
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from config import env as strict

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = strict.boolean("DJANGO_DEBUG", default=False)
strict.require_for_production(DEBUG)

SECRET_KEY = strict.secret_key(DEBUG)
ALLOWED_HOSTS = strict.allowed_hosts(DEBUG)
CSRF_TRUSTED_ORIGINS = strict.origins("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "knox",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "pgtrigger",
    "axes",
    "allauth",
    "allauth.account",
    "auditlog",
    # The project, bottom layer first (docs/architecture.md): core plumbing, the generic
    # league and match apps, the ledger, betting, then one app per game (each registers itself
    # with core.registry) and the Witcher campaigns.
    "core",
    "league",
    "matches",
    "ledger",
    "ratings",
    "stats",
    "tournaments",
    "awards",
    "forecasts",
    "betting",
    "systems.rotzball",
    "systems.killpower",
    "systems.tutatis",
    "systems.mythril",
    "battles",
    "notifications",
    "loadgen",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # keeps the cached pages as they leave the stack; serves a reader with no session at once
    "core.page_cache.EarlyPageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "core.middleware.ApiBodyLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "auditlog.middleware.AuditlogMiddleware",
    "core.user_preferences.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "core.page_cache.PageCacheMiddleware",  # after the user, language, zone and htmx are known
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "core.middleware.DatabaseUnavailableMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

# The load test's count of SQL statements per request (core.query_count), off by default.
if strict.boolean("QUERY_COUNT_HEADER", default=False):
    MIDDLEWARE.insert(0, "core.query_count.QueryCountMiddleware")

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {"default": strict.database(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["ATOMIC_REQUESTS"] = False
# PgBouncer in transaction pooling between the processes and PostgreSQL (docs/scaling.md).
DATABASE_TRANSACTION_POOLING = strict.boolean("DATABASE_TRANSACTION_POOLING", default=False)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["CONN_MAX_AGE"] = strict.integer("DATABASE_CONN_MAX_AGE", default=60)
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Behind PgBouncer in transaction pooling (docs/scaling.md) a server connection is ours for
    # one transaction only: nothing may outlive it. No server-side cursor, nothing prepared on
    # the server (psycopg's own preparing, after 5 runs by default, and core.prepared_query's),
    # and no session state (the code sets none).
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = DATABASE_TRANSACTION_POOLING
    if DATABASE_TRANSACTION_POOLING:
        DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = None
    # Parameters bound on the server, and a query run more than PREPARE_THRESHOLD times on a
    # connection kept prepared there: PostgreSQL then plans it once per connection, not on
    # every run (planning a list's joins cost it as much CPU as answering). PgBouncer keeps
    # them from 1.21 on, with max_prepared_statements (docs/scaling.md).
    elif strict.boolean("DATABASE_PREPARED_STATEMENTS", default=True):
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True,
            prepare_threshold=strict.integer("DATABASE_PREPARE_THRESHOLD", default=2),
        )
else:
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out username or address before any password is checked.
    "core.auth_backends.LockoutBackend",
    # Django's ModelBackend, extended by allauth (sign-in as the account settings say).
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "league:list"
LOGOUT_REDIRECT_URL = "league:list"

# Accounts (django-allauth, account part only): sign-up with a username, an email and a
# password (Django's validators), password reset by email, email change. Verifying the email
# is a setting: off by default in development, required by default in production.
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "core.forms.SignupTimeZoneForm"  # the browser's time zone, saved
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_VERIFICATION = strict.text(
    "ACCOUNT_EMAIL_VERIFICATION",
    default="none" if DEBUG else "mandatory",
    choices=("none", "optional", "mandatory"),
)
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_AUTHENTICATED_LOGIN_REDIRECTS = False  # a signed-in user may sign in as someone else
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_SIGNUP_REDIRECT_URL = "welcome"
SITE_NAME = "Tabletop League"  # the product's name, as emails greet and sign
ACCOUNT_EMAIL_SUBJECT_PREFIX = f"[{SITE_NAME}] "
ACCOUNT_PREVENT_ENUMERATION = True
# Links in allauth's emails from SITE_URL, never the request's Host header; the site's name
# in them is SITE_NAME.
ACCOUNT_ADAPTER = "core.account_adapter.SiteURLAccountAdapter"
# Failed sign-ins are counted by django-axes (above), the same way for the form and the API;
# allauth keeps its other limits (sign-ups, reset emails...), counted in the shared cache.
# Sign-ups per client address: one limit, SIGNUP_RATE, for the form and the API, counted
# together by allauth (the API's core.api.throttles.RegisterRateThrottle asks it).
SIGNUP_RATE = strict.rate("SIGNUP_RATE", default="10/hour")
_signups, _period = SIGNUP_RATE.split("/")
ACCOUNT_RATE_LIMITS = {"login_failed": None, "signup": f"{_signups}/{_period[0]}/ip"}

# Mail: the console in development; EMAIL_URL (e.g. smtp+tls://user:password@host:587) in
# production.
MAILERS = {"default": strict.mailer(DEBUG)}
DEFAULT_FROM_EMAIL = strict.text(
    "DEFAULT_FROM_EMAIL", default="Tabletop League <noreply@localhost>"
)

# Webhooks (notifications.url_safety): URLs resolving to private, loopback or link-local
# addresses are refused unless this is on; on by default in development only.
WEBHOOKS_ALLOW_PRIVATE = strict.boolean("WEBHOOKS_ALLOW_PRIVATE", default=DEBUG)
# Ports webhook URLs may name besides 80 and 443 (comma-separated, e.g. 8080,8443).
WEBHOOKS_ALLOWED_PORTS = strict.ports("WEBHOOKS_ALLOWED_PORTS")
# After a webhook's secret is rotated, deliveries carry the old secret's signature too for
# this long, so the receiver can switch secrets without refusing any.
# Season forecasts (forecasts app): completions simulated per forecast; the standard error of a
# chance p is sqrt(p (1 - p) / n), at most 0.5 points at 10,000.
FORECAST_SIMULATIONS = strict.integer("FORECAST_SIMULATIONS", default=10_000, minimum=100)

WEBHOOKS_SECRET_GRACE_HOURS = strict.integer("WEBHOOKS_SECRET_GRACE_HOURS", default=24, minimum=1)
# Links in notification emails: the site's address as users reach it (no trailing slash).
SITE_URL = strict.site_url(DEBUG)

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "core" / "locale"]
FORMAT_MODULE_PATH = ["core.formats"]  # one date style per language (core/formats/<lang>/)
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG

# --- security (production values are the defaults whenever DEBUG is off) ---------------
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = strict.boolean("DJANGO_SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = 0 if DEBUG else strict.integer("DJANGO_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# How many proxies of our own stand in front of the site (the TLS proxy: 1). The client's
# address is the one the nearest of them reports; X-Forwarded-For entries further left are the
# client's to forge. 0: the connection's own address (REMOTE_ADDR), the header is ignored.
TRUSTED_PROXY_COUNT = strict.integer("DJANGO_TRUSTED_PROXIES", default=0)
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT  # allauth's limits count the same address

# Content-Security-Policy (django-csp): scripts and everything else from this site only, no
# inline script, no framing. Inline style attributes stay allowed (htmx sets some itself).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
}

# Guessing passwords (django-axes): failures are counted per username and per client address
# in the database, so every server process sees the same counts. An account locks after
# LOGIN_FAILURE_LIMIT; an address, shared by a whole venue, after LOGIN_ADDRESS_FAILURE_LIMIT
# across accounts (core.lockout_handler).
AXES_FAILURE_LIMIT = strict.integer("LOGIN_FAILURE_LIMIT", default=5, minimum=1)
LOGIN_ADDRESS_FAILURE_LIMIT = strict.integer("LOGIN_ADDRESS_FAILURE_LIMIT", default=100, minimum=1)
AXES_COOLOFF_TIME = timedelta(
    minutes=strict.integer("LOGIN_COOLOFF_MINUTES", default=15, minimum=1)
)
AXES_LOCKOUT_PARAMETERS = ["username"]
AXES_HANDLER = "core.lockout_handler.LockoutHandler"
# axes warns when the address is not a lockout parameter: core.lockout_handler counts it.
SILENCED_SYSTEM_CHECKS = ["axes.W006"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "core.client_ip.client_ip_of"
AXES_LOCKOUT_CALLABLE = "core.lockout.locked_out_response"
AXES_VERBOSE = False

# History of changes (django-auditlog, core.history): entries in core's own table, which keeps
# the league of each change (indexed); no client address stored (the API's proxies vary).
AUDITLOG_LOGENTRY_MODEL = "core.HistoryEntry"
AUDITLOG_DISABLE_REMOTE_ADDR = True
# auditlog's own LogEntry is swapped out: its migrations would still create its table, which
# no model owns (PostgreSQL then refuses to flush the content types a test empties).
MIGRATION_MODULES = {"auditlog": None}

# --- REST API ----------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.api.authentication.LanguageAwareTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.CappedPageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # JSON only (no resource takes files): a form-encoded "null" can never slip past a field
    # that refuses null; and no NUL characters (PostgreSQL text).
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.StrictJSONParser"],
    "EXCEPTION_HANDLER": "core.api.errors.api_exception_handler",
    # Counted in the shared cache (CACHES below), keyed on the client address the trusted
    # proxy reports (NUM_PROXIES) or on the signed-in user.
    "NUM_PROXIES": TRUSTED_PROXY_COUNT,
    "DEFAULT_THROTTLE_CLASSES": ["core.api.throttles.WriteRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "login": strict.rate("API_LOGIN_RATE", default="10/minute"),
        "writes": strict.rate("API_WRITE_RATE", default="600/minute"),
        "expensive": strict.rate("API_EXPENSIVE_RATE", default="20/minute"),
    },
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
REST_KNOX = {
    "TOKEN_TTL": timedelta(hours=strict.integer("API_TOKEN_TTL_HOURS", default=24 * 30, minimum=1)),
    "AUTO_REFRESH": False,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tabletop League API",
    "DESCRIPTION": "Leagues, fixtures, simulated results and standings for tabletop fantasy sports.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",  # tags and operation ids from the resource name
    "ENUM_NAME_OVERRIDES": {  # several models have a "status"
        "StatusEnum": "matches.models.Fixture.Status",  # the name it had first
        "GladiatorStatusEnum": "systems.killpower.models.gladiators.GladiatorStatus",
        "ResultReportStatusEnum": "systems.killpower.models.ResultReport.Status",
        "WinnerEnum": "matches.models.Result.Winner",  # the name it had first
        "BattleSideEnum": "battles.models.Side",  # a battle run's winner
        "OutcomeEnum": "betting.models.Outcome",  # the name it had first
        "BetMarketEnum": "betting.models.Market",  # what a bet is on: a fixture, a champion
        "OddsMarketEnum": ["fixed", "pool"],  # how a market pays: fixed odds or a pool
        "MeetingOutcomeEnum": "matches.head_to_head.OUTCOMES",  # won, drawn, lost
        "WebhookKindEnum": "notifications.models.WebhookEndpoint.Kind",  # json or discord
        "TournamentRoundStatusEnum": "tournaments.models.Round.Status",  # draft, published
    },
}

# --- Celery -------------------------------------------------------------------------------
_BROKER_URL = strict.broker_url()
# No broker configured: tasks run eagerly in-process (the in-memory URL is never connected to).
CELERY_BROKER_URL = _BROKER_URL or "memory://localhost/"
CELERY_TASK_ALWAYS_EAGER = not _BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
# Without a broker, run the tasks one by one in a background thread of the web process rather
# than inside the request, so progress pages move (make run sets it; core.enqueue).
EAGER_TASKS_IN_BACKGROUND = strict.boolean("EAGER_TASKS_IN_BACKGROUND", default=False)
# Tasks that an eager run (no broker) does not run at all: none, in every deployment and in
# `make run`. Only the test settings (tests/settings.py) name some, the forecast and ratings
# follow-up work of a result, which the tests that exercise it turn back on (core.enqueue).
EAGER_TASKS_SKIPPED: frozenset[str] = frozenset()
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 120
CELERY_TASK_SOFT_TIME_LIMIT = 90
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
# A request that sends work gives up on an unreachable broker quickly: the work is recorded in
# the database and the sweeper sends it later (core.enqueue).
CELERY_BROKER_CONNECTION_TIMEOUT = 2
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
# One queue per workload, so each is scaled on its own (docs/scaling.md): simulation is CPU
# (matches, battles, odds), settlement moves money, notifications wait on mail servers and
# webhook receivers; the rest (post-match sequences, the sweep) stays on "celery".
# config.celery.QUEUES lists them all for a worker that takes everything (make worker).
CELERY_TASK_ROUTES = {
    "matches.tasks.fixture_simulate_task": {"queue": "simulation"},
    "matches.tasks.fixtures_simulate_task": {"queue": "simulation"},
    "battles.tasks.battle_run_resolve_task": {"queue": "simulation"},
    "betting.tasks.odds_refresh_task": {"queue": "simulation"},
    "forecasts.tasks.forecast_refresh_task": {"queue": "simulation"},  # a Monte Carlo
    "betting.tasks.fixture_settle_task": {"queue": "settlement"},
    "betting.tasks.correction_resettle_task": {"queue": "settlement"},
    "systems.mythril.tasks.team_bets_settle_task": {"queue": "settlement"},
    "notifications.tasks.*": {"queue": "notifications"},
}
# The sweeper re-sends a kicked-off fixture only once it has waited this long for a worker.
SWEEPER_GRACE_SECONDS = strict.integer("SWEEPER_GRACE_SECONDS", default=120, minimum=1)
# ...and gives up after this many re-sends, recording the problem for the commissioner to see.
SWEEPER_MAX_ATTEMPTS = strict.integer("SWEEPER_MAX_ATTEMPTS", default=5, minimum=1)
# A simulation request kicks off up to this many fixtures itself (a round, a small season);
# a larger one leaves its kick-offs to a worker, this many per transaction.
SIMULATION_KICK_OFF_IN_REQUEST = strict.integer("SIMULATION_KICK_OFF_IN_REQUEST", default=100)
SIMULATION_KICK_OFF_CHUNK = 100
# The workers simulate fixtures in chunks of up to this many, one transaction each (whole rounds
# together; a larger round cut into chunks of its own): a chunk's fixed cost (its task, commits,
# standings, notifications) shared by more fixtures. A 20-team season (380 fixtures) on two
# workers: 1.77 s of worker CPU at 10 (a round), 1.45 s at 20, 1.24 s at 40 (bench_season.py).
SIMULATION_CHUNK = strict.integer("SIMULATION_CHUNK", default=40, minimum=1)
# Calendar feeds (matches.calendars): how long a match's event lasts, and the domain that makes
# each event's UID unique ("fixture-12@<domain>"; the first allowed host when empty).
CALENDAR_EVENT_MINUTES = strict.integer("CALENDAR_EVENT_MINUTES", default=120, minimum=1)
CALENDAR_UID_DOMAIN = strict.text("CALENDAR_UID_DOMAIN", default="")
CELERY_BEAT_SCHEDULE = {
    # Every app's catch-up job (core.registry.sweeps): due kick-offs, lost simulations,
    # post-match sequences, battle runs.
    "sweep": {"task": "core.tasks.sweep_task", "schedule": 60.0},
}
CELERY_TIMEZONE = TIME_ZONE

# --- cache: shared by every process (throttles, rate counts) ---------------------------------
# Redis down: each process counts in its own memory and logs it (core.cache), no 500s.
_REDIS_URL = strict.redis_url(_BROKER_URL)
CACHES = {
    "default": {
        "BACKEND": "core.cache.FailOpenRedisCache",
        "LOCATION": _REDIS_URL,
        "KEY_PREFIX": "league",
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
    if _REDIS_URL
    # One process in development (make run): its memory is the whole site.
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
}
# Anonymous league pages and API reads, cached until their league changes (core.page_cache,
# docs/caching.md): how long a browser or proxy may keep one without asking (it cannot be told
# of a change), and how long the shared cache keeps an entry (memory only: a change makes it
# unreachable at once).
PAGE_CACHE = strict.boolean("PAGE_CACHE", default=True)
PAGE_CACHE_MAX_AGE = strict.integer("PAGE_CACHE_MAX_AGE", default=60, maximum=3600)
PAGE_CACHE_TTL = strict.integer("PAGE_CACHE_TTL", default=86_400, minimum=60)
# The release's name in those keys (core.release): the image tag or commit; by default a digest
# of the project's files, so a deploy never serves the answers its previous code rendered.
RELEASE = strict.text("RELEASE", default="")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {
        "handlers": ["console"],
        "level": strict.text(
            "LOG_LEVEL", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
        ),
    },
    # Eager runs would log every task; workers keep Celery's own INFO lines.
    "loggers": {"celery.app.trace": {"level": "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO"}},
}
