"""Settings, all driven by environment variables (see `.env.example` at the repo root).

`DJANGO_ENV=production` switches on the production safeguards (secure cookies, HSTS, a
mandatory SECRET_KEY); anything else is the embedded demo, which keeps its data and its
generated secret key under `var/`.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static

from core.env import (
    credential_signing_keys,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    rate_parts,
    secret_key,
    sqlite_file_private,
)

BACKEND_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = BACKEND_DIR.parent
VAR_DIR = Path(env_str("VAR_DIR") or REPO_DIR / "var")

DJANGO_ENV = env_str("DJANGO_ENV", "development")
PRODUCTION = DJANGO_ENV == "production"
DEBUG = env_bool("DEBUG", False)
if PRODUCTION and DEBUG:
    # Debug pages show settings and source code to anyone: refuse to start instead.
    raise ImproperlyConfigured("DEBUG must be false when DJANGO_ENV=production")

SECRET_KEY = secret_key(VAR_DIR, production=PRODUCTION)
# Where the site is reached: every absolute link (certificates, letters, QR codes, share and
# LinkedIn links, emails) is built on it. `make run` sets it from HOST and PORT; production
# must say it, since a wrong guess would print wrong links on certificates.
SITE_URL = env_str("SITE_URL").rstrip("/")
if not SITE_URL:
    if PRODUCTION:
        raise ImproperlyConfigured(
            "SITE_URL must be set when DJANGO_ENV=production (e.g. https://www.example.in)"
        )
    SITE_URL = "http://127.0.0.1:8000"
if not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://, got {SITE_URL!r}")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", SITE_URL)
# Django is reached only through the front door (the Node server, or nginx), which names
# the host the visitor asked for in X-Forwarded-Host; it is still checked against
# ALLOWED_HOSTS. Set to false only if gunicorn is ever exposed directly.
USE_X_FORWARDED_HOST = env_bool("USE_X_FORWARDED_HOST", True)

INSTALLED_APPS = [
    # The admin home (admin/index.html, unfold's dashboard override point) comes first so
    # its template wins; then the back office's theme, before django.contrib.admin.
    "backoffice",
    "unfold",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "ninja",
    "csp",
    "axes",
    # django-post-office, shown to staff as "Messages" (config/apps.py).
    "config.apps.MessagesConfig",
    "django_prometheus",
    "core",
    "accounts",
    "catalog",
    "certificates",
    "enquiries",
    "enrolments",
    "invoices",
    "internships",
    "referrals",
    "selfservice",
    "notifications",
    "reminders",
    "teaching",
    "events",
    "web",
]

MIDDLEWARE = [
    # The request id first, so every later log line and error report carries it.
    "core.observability.RequestIdMiddleware",
    # Requests by view and status, latencies (django-prometheus): first and last.
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise so that static files (SVGs included) carry the headers too.
    "csp.middleware.CSPMiddleware",
    "core.middleware.PermissionsPolicyMiddleware",
    "core.middleware.RefuseNulMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # X-Session: 1 on an answer built with a visitor's session (what the page server and
    # nginx's cache decide "signed in" from).
    "core.middleware.SessionSeenMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A login refused by a lockout: the back office's 429 page (accounts.lockout); the API's
    # 429 is LoginLocked, rendered by the API's exception handler, and stays as it is.
    "axes.middleware.AxesMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
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

# --- Database -----------------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The database holds every student's personal data: 0600, not the umask's 0644.
    sqlite_file_private(Path(DATABASES["default"]["NAME"]))
    # WAL lets readers and the writer work at once; busy timeout rides out short locks.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache (sessions stay in the database; the cache holds rate-limit counters) -------
REDIS_URL = env_str("REDIS_URL")
# Seconds to wait for Redis to connect or answer before serving without it.
REDIS_TIMEOUT = env_float("REDIS_TIMEOUT", 1.0)
if REDIS_URL:
    CACHES = {
        "default": {
            # django-redis's, counting hits and misses (django-prometheus).
            "BACKEND": "django_prometheus.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "site"),
            "OPTIONS": {
                # A Redis outage degrades the site (cache misses, limits not counted)
                # instead of failing requests; each ignored error is logged.
                "IGNORE_EXCEPTIONS": True,
                "SOCKET_CONNECT_TIMEOUT": REDIS_TIMEOUT,
                "SOCKET_TIMEOUT": REDIS_TIMEOUT,
            },
        }
    }
    DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True
else:
    CACHES = {
        "default": {
            # Django's, counting hits and misses (core.cache).
            "BACKEND": "core.cache.DatabaseCache",
            "LOCATION": "cache_table",
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "site"),
        }
    }

# --- Accounts, sessions, passwords ----------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
# Argon2id at OWASP's parameters (accounts.hashers); a PBKDF2 hash (an account made before
# Argon2, or imported) still logs in and is rehashed with Argon2id then.
PASSWORD_HASHERS = [
    "accounts.hashers.OwaspArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator",
        "OPTIONS": {"user_attributes": ("phone", "name", "email")},
    },
    {"NAME": "accounts.validators.PhoneDigitsValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE", 60 * 60 * 24 * 14, minimum=60)
CSRF_COOKIE_SAMESITE = "Lax"
# The single-page app reads the CSRF cookie and sends it back in X-CSRFToken.
CSRF_COOKIE_HTTPONLY = False
LOGIN_URL = "/login"
# Where the admin's own login page (/admin/login/ without ?next=) lands: the back office,
# not Django's default /accounts/profile/, which this site does not have (a 404).
LOGIN_REDIRECT_URL = "/admin/"
AUTHENTICATION_BACKENDS = [
    # Counts the attempt and applies the ceilings before any password is checked.
    "accounts.backends.LoginThrottleBackend",
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

# --- Security headers -----------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "strict-origin-when-cross-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content Security Policy (django-csp) on every response: pages, admin, API, API docs.
# Scripts only from this origin: the app's <head> carries JSON-LD and a JSON bootstrap
# block, which are data (not executed) and need no nonce. The API docs (/api/docs) load
# ninja's own copy of Swagger UI from /static/, so they work under the same policy.
# style-src has no 'unsafe-inline': React's style={{}} props are set through the CSSOM,
# which CSP does not block; only style="" attributes in served HTML and <style> elements
# would be, and the e2e check (frontend/e2e/security-headers.spec.ts) finds none.
# img-src allows data: URLs, which the admin's and Swagger UI's CSS use for icons.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
        **({"upgrade-insecure-requests": True} if PRODUCTION else {}),
    }
}
# Browser features the site never uses are switched off for it and for anything it
# embeds; the clipboard stays writable by the site itself (it copies codes and links).
# One home for Django and the Node server (frontend/server.mjs reads the same file).
PERMISSIONS_POLICY: dict[str, list[str]] = json.loads(
    Path(__file__).with_name("permissions-policy.json").read_text(encoding="utf-8")
)
if PRODUCTION:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# How many reverse proxies stand in front of the app: the client IP is read from
# X-Forwarded-For only when this is above zero (otherwise the header could be forged).
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)

# --- Rate limits: "<count>/<period>" with period s, m, h or d ------------------------
RATE_LIMIT_ENABLED = env_bool("RATE_LIMIT_ENABLED", True)
RATE_LIMIT_ENQUIRY = env_str("RATE_LIMIT_ENQUIRY", "5/h")
# Login attempts (every login path: the site's and /admin/login/). A phone is locked for
# one client address after LOGIN_FAILURES_PER_PHONE_AND_IP failures (django-axes, which
# staff see and clear in the admin); for every address that has failed for it after
# LOGIN_FAILURES_PER_PHONE; an address failing for many phones after LOGIN_FAILURES_PER_IP.
# An address that has not failed is never refused the right password.
LOGIN_FAILURES_PER_PHONE_AND_IP = env_str("LOGIN_FAILURES_PER_PHONE_AND_IP", "5/15m")
LOGIN_FAILURES_PER_PHONE = env_str("LOGIN_FAILURES_PER_PHONE", "50/15m")
LOGIN_FAILURES_PER_IP = env_str("LOGIN_FAILURES_PER_IP", "50/15m")
# django-axes: records failures by (phone, client address) in the database, shared by every
# process, and locks that pair out; staff clear it under "Access attempts".
AXES_FAILURE_LIMIT = "accounts.lockout.axes_failure_limit"
AXES_COOLOFF_TIME = timedelta(seconds=rate_parts(LOGIN_FAILURES_PER_PHONE_AND_IP)[1])
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "accounts.lockout.axes_username"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.axes_client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.axes_lockout_response"
AXES_RESET_ON_SUCCESS = True
# A refused attempt is not a new failure: the cool-off runs from the last real one.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_ENABLED = RATE_LIMIT_ENABLED
AXES_VERBOSE = False
# Sign-ups per client IP.
RATE_LIMIT_SIGNUP = env_str("RATE_LIMIT_SIGNUP", "10/h")
# Course enrolments per client IP.
RATE_LIMIT_ENROLMENT = env_str("RATE_LIMIT_ENROLMENT", "10/h")
# Razorpay returns checked (POST /api/payments/razorpay/verify), per client.
RATE_LIMIT_PAYMENT_VERIFY = env_str("RATE_LIMIT_PAYMENT_VERIFY", "10/h")
RATE_LIMIT_WAITLIST = env_str("RATE_LIMIT_WAITLIST", "10/h")
# Event registrations per client IP.
RATE_LIMIT_EVENT_REGISTRATION = env_str("RATE_LIMIT_EVENT_REGISTRATION", "10/h")
# Internship applications per client IP, and task submissions per intern.
# Internship applications per client (docs/product.md section 11's name; the older
# RATE_LIMIT_INTERNSHIP_APPLICATION is read when it is not set).
RATE_LIMIT_APPLICATION = env_str(
    "RATE_LIMIT_APPLICATION", "10/h", aliases=("RATE_LIMIT_INTERNSHIP_APPLICATION",)
)
RATE_LIMIT_TASK_SUBMISSION = env_str("RATE_LIMIT_TASK_SUBMISSION", "30/h")
# The largest request body Django reads that is not an uploaded file (JSON, a form's
# fields), in bytes: Django's own default, 2.5 MiB. nginx's client_max_body_size for /api/
# (deploy/nginx/site.conf) and the Node server's API forwarding and page forms
# (frontend/server.mjs, frontend/src/server/form.server.ts) read the same limit; change
# them together.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DATA_UPLOAD_MAX_MEMORY_SIZE", 2621440, minimum=1024)
# Largest file an intern may attach to a task submission, in bytes.
TASK_SUBMISSION_MAX_BYTES = env_int("TASK_SUBMISSION_MAX_BYTES", 10 * 1024 * 1024, minimum=1024)
# Days a pending enrolment without a UTR holds its phone's place in a course; after that a
# new enrolment with the same phone replaces it.
ENROLMENT_PENDING_DAYS = env_int("ENROLMENT_PENDING_DAYS", 3, minimum=1)
# The share of a batch's held classes a student must attend for "Finish batch" to issue
# their certificate (docs/product.md section 20), in percent.
COURSE_CERTIFICATE_MIN_ATTENDANCE = env_int("COURSE_CERTIFICATE_MIN_ATTENDANCE", 75, minimum=0)
# Days a referral reward stays on hold after the payment is confirmed (a refund within
# them reverses it); after that it can be paid out.
REFERRAL_HOLD_DAYS = env_int("REFERRAL_HOLD_DAYS", 7, minimum=0)
# The smallest payout a referrer can ask for, in whole rupees.
REFERRAL_MIN_PAYOUT = env_int("REFERRAL_MIN_PAYOUT", 100, minimum=1)
# Certificate verification lookups per client IP.
RATE_LIMIT_VERIFY = env_str("RATE_LIMIT_VERIFY", "60/m")
# Largest certificate CSV staff may upload, in bytes.
CERTIFICATE_IMPORT_MAX_BYTES = env_int(
    "CERTIFICATE_IMPORT_MAX_BYTES", 10 * 1024 * 1024, minimum=1024
)
# Certificate CSV uploads per staff account.
RATE_LIMIT_CERTIFICATE_IMPORT = env_str("RATE_LIMIT_CERTIFICATE_IMPORT", "60/h")
# Where generated certificate and letter files are cached (outside the public media/).
CERTIFICATE_RENDER_DIR = Path(env_str("CERTIFICATE_RENDER_DIR") or VAR_DIR / "rendered")
# Its size bound: past it the least recently used files are deleted (and drawn again if asked).
CERTIFICATE_RENDER_CACHE_MB = env_int("CERTIFICATE_RENDER_CACHE_MB", 200, minimum=1)

# What the queue worker (send_queued_mail_loop) runs on every pass besides the queues:
# writing the verification counts kept in the cache to the certificates.
QUEUE_WORKER_TASKS = (
    "certificates.verifications.certificate_verifications_flush",
    # Razorpay's webhook events, the refunds waiting to be sent, and every
    # RAZORPAY_RECONCILE_SECONDS the open orders (nothing at all with PAYMENT_GATEWAY=upi).
    "enrolments.online.online_payments_work",
)
# Ed25519 secret keys that sign the Open Badges credentials, newest first (core/env.py).
CREDENTIAL_SIGNING_KEYS = credential_signing_keys(VAR_DIR, production=PRODUCTION)

# --- Email and staff notifications ----------------------------------------------------
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "website@example.com")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Who is told about new enquiries. Empty: every active staff account that has an email.
STAFF_NOTIFY_EMAILS = env_list("STAFF_NOTIFY_EMAILS")
NOTIFICATION_MAX_ATTEMPTS = env_int("NOTIFICATION_MAX_ATTEMPTS", 8, minimum=1)
# The email queue (django-post-office, core/email.py): it sends through EMAIL_BACKEND.
POST_OFFICE = {
    "MAX_RETRIES": NOTIFICATION_MAX_ATTEMPTS - 1,
    "RETRY_INTERVAL": timedelta(minutes=env_int("NOTIFICATION_RETRY_MINUTES", 5, minimum=1)),
    "DEFAULT_PRIORITY": "medium",
    "MESSAGE_ID_ENABLED": True,
    "LOG_LEVEL": 1,  # failures only
    # Attachments (invoices) are personal: kept where no URL reaches them.
    "FILE_STORAGE": "private",
}

# --- Text messages (SMS) and one-time codes ---------------------------------------------
# core/sms: "console" (a log line per message), "locmem" (tests), "msg91", "twilio", or a
# dotted path to a backend class. Messages go through the queue (core.sms.queue).
SMS_BACKEND = env_str("SMS_BACKEND", "console")
# Sign-up confirms the phone by a 6-digit code (docs/product.md section 15); false: the old
# one-step sign-up.
PHONE_VERIFICATION = env_bool("PHONE_VERIFICATION", True)
if (
    PRODUCTION
    and PHONE_VERIFICATION
    and SMS_BACKEND
    in {
        "console",
        "locmem",
        "core.sms.backends.console.ConsoleBackend",
        "core.sms.backends.locmem.LocmemBackend",
    }
):
    # Codes would only reach the server's log: nobody could sign up or reset a password.
    raise ImproperlyConfigured(
        f"SMS_BACKEND={SMS_BACKEND} sends no text message: set SMS_BACKEND=msg91 or twilio "
        "(with its settings) when DJANGO_ENV=production, or PHONE_VERIFICATION=false"
    )
SMS_TIMEOUT = env_float("SMS_TIMEOUT", 10.0, minimum=1.0)
# Quick retries inside one send when the provider answers 5xx; then the queue retries.
SMS_HTTP_RETRIES = env_int("SMS_HTTP_RETRIES", 2)
# Sends of one message before it is marked failed (30 s after the first failure, doubling).
SMS_MAX_ATTEMPTS = env_int("SMS_MAX_ATTEMPTS", 6, minimum=1)
MSG91_AUTH_KEY = env_str("MSG91_AUTH_KEY")
MSG91_TEMPLATE_ID = env_str("MSG91_TEMPLATE_ID")
MSG91_SENDER_ID = env_str("MSG91_SENDER_ID")
MSG91_URL = env_str("MSG91_URL", "https://control.msg91.com/api/v5/flow")
TWILIO_ACCOUNT_SID = env_str("TWILIO_ACCOUNT_SID")
TWILIO_AUTH_TOKEN = env_str("TWILIO_AUTH_TOKEN")
TWILIO_FROM = env_str("TWILIO_FROM")
TWILIO_API_URL = env_str("TWILIO_API_URL", "https://api.twilio.com")
# --- WhatsApp messages (docs/product.md section 19) ---------------------------------------
# core/whatsapp: "console" (a line "WhatsApp to <E.164>: <template> <parameters>" on the
# log), "locmem" (tests), "cloud" (Meta's WhatsApp Cloud API) or a dotted path. Sent by
# the queue's worker with SMS and email (core.whatsapp.queue).
WHATSAPP_BACKEND = env_str("WHATSAPP_BACKEND", "console")
WHATSAPP_PHONE_NUMBER_ID = env_str("WHATSAPP_PHONE_NUMBER_ID")
WHATSAPP_TOKEN = env_str("WHATSAPP_TOKEN")
# The app's secret: Meta signs every webhook POST with it (X-Hub-Signature-256).
WHATSAPP_APP_SECRET = env_str("WHATSAPP_APP_SECRET")
# What the webhook's GET handshake must present (set the same in Meta's app dashboard).
WHATSAPP_VERIFY_TOKEN = env_str("WHATSAPP_VERIFY_TOKEN")
WHATSAPP_API_URL = env_str("WHATSAPP_API_URL", "https://graph.facebook.com")
WHATSAPP_API_VERSION = env_str("WHATSAPP_API_VERSION", "v21.0")
# The templates' language code, as approved in WhatsApp Manager.
WHATSAPP_LANGUAGE = env_str("WHATSAPP_LANGUAGE", "en")
WHATSAPP_TIMEOUT = env_float("WHATSAPP_TIMEOUT", 10.0, minimum=1.0)
WHATSAPP_HTTP_RETRIES = env_int("WHATSAPP_HTTP_RETRIES", 2)
WHATSAPP_MAX_ATTEMPTS = env_int("WHATSAPP_MAX_ATTEMPTS", 6, minimum=1)
if (
    PRODUCTION
    and WHATSAPP_BACKEND == "cloud"
    and not (WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN)
):
    raise ImproperlyConfigured(
        "WHATSAPP_BACKEND=cloud needs WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN for its "
        "delivery-status webhook"
    )
# Changes to one student's message preferences (/account).
RATE_LIMIT_PREFERENCES = env_str("RATE_LIMIT_PREFERENCES", "30/h")
# Jobs the queue worker (send_queued_mail_loop) runs once an hour, as dotted paths to
# functions without arguments: the reminders (docs/product.md sections 19 and 20).
WORKER_HOURLY_JOBS = env_list(
    "WORKER_HOURLY_JOBS",
    "reminders.services.reminders_send,reminders.services.class_reminders_send",
)
# One-time codes sent per client IP (sign-up and password reset), and codes checked
# (section 11's name; the older RATE_LIMIT_OTP is read when it is not set).
RATE_LIMIT_SMS_PER_IP = env_str("RATE_LIMIT_SMS_PER_IP", "10/h", aliases=("RATE_LIMIT_OTP",))
RATE_LIMIT_OTP_CHECK = env_str("RATE_LIMIT_OTP_CHECK", "30/h")
# How long a password reset link sent by email works (Django's token generator), seconds.
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_TIMEOUT", 60 * 60 * 24, minimum=60)

# --- Internationalisation -------------------------------------------------------------
LANGUAGE_CODE = "en-in"
TIME_ZONE = "Asia/Kolkata"
# Dates and times as the back office writes them ("27 Nov 2026, 11:49", in India's time):
# config/formats/en_IN/formats.py, found by Django's locale format lookup.
FORMAT_MODULE_PATH = ["config.formats"]
# Largest bank statement staff may upload for reconciliation, in bytes.
STATEMENT_MAX_BYTES = env_int("STATEMENT_MAX_BYTES", 5 * 1024 * 1024, minimum=1024)

# --- Online payments (docs/product.md section 22) ---------------------------------------
# upi: the student pays by UPI and sends the UTR (section 4); razorpay: "Pay ₹N online"
# (Razorpay Checkout) beside it, confirmed by the payment's signature, the webhook and the
# reconciler (enrolments.online) without anyone looking.
PAYMENT_GATEWAY = env_str("PAYMENT_GATEWAY", "upi").lower()
if PAYMENT_GATEWAY not in {"upi", "razorpay"}:
    raise ImproperlyConfigured(f"PAYMENT_GATEWAY must be upi or razorpay, got {PAYMENT_GATEWAY!r}")
RAZORPAY_KEY_ID = env_str("RAZORPAY_KEY_ID")
RAZORPAY_KEY_SECRET = env_str("RAZORPAY_KEY_SECRET")
# Razorpay signs each webhook POST with it (X-Razorpay-Signature); empty: every call refused.
RAZORPAY_WEBHOOK_SECRET = env_str("RAZORPAY_WEBHOOK_SECRET")
# Where the Razorpay client sends its requests: a sandbox, a proxy or the tests' double.
RAZORPAY_API_URL = env_str("RAZORPAY_API_URL", "https://api.razorpay.com").rstrip("/")
RAZORPAY_TIMEOUT = env_float("RAZORPAY_TIMEOUT", 10.0, minimum=1.0)
# How often the worker asks Razorpay about the open orders (manage.py reconcile_razorpay).
RAZORPAY_RECONCILE_SECONDS = env_int("RAZORPAY_RECONCILE_SECONDS", 300, minimum=10)
if PRODUCTION and PAYMENT_GATEWAY == "razorpay":
    _razorpay_missing = [
        name
        for name, value in (
            ("RAZORPAY_KEY_ID", RAZORPAY_KEY_ID),
            ("RAZORPAY_KEY_SECRET", RAZORPAY_KEY_SECRET),
            ("RAZORPAY_WEBHOOK_SECRET", RAZORPAY_WEBHOOK_SECRET),
        )
        if not value
    ]
    if _razorpay_missing:
        # Payments would be taken and never confirmed: refuse to start instead.
        raise ImproperlyConfigured(
            "PAYMENT_GATEWAY=razorpay needs "
            + ", ".join(_razorpay_missing)
            + " when DJANGO_ENV=production"
        )

# --- Back office (django-unfold) --------------------------------------------------------
UNFOLD = {
    "SITE_TITLE": "Back office",
    "SITE_HEADER": "Back office",
    "SITE_URL": "/",
    # The to-do counts and the launch checklist on the home page.
    "DASHBOARD_CALLBACK": "backoffice.home.dashboard_callback",
    "SHOW_HISTORY": False,
    # Our own CSS and script on every admin page (backoffice/static/backoffice/): whole
    # breadcrumbs, icons' names hidden from screen readers and never shown as text.
    "STYLES": [lambda request: static("backoffice/back-office.css")],
    "SCRIPTS": [lambda request: static("backoffice/back-office.js")],
    "SIDEBAR": {
        "show_search": True,
        "show_all_applications": False,
        # The models grouped by what staff do (backoffice/navigation.py).
        "navigation": "backoffice.navigation.sidebar",
    },
}

USE_I18N = True
USE_TZ = True

# --- Static files: the admin's and the API docs' assets, served by WhiteNoise ------
STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
# Files nobody may fetch by URL (internship task submissions, core/storage.py): the local
# file system outside MEDIA_ROOT by default, or a private S3-compatible bucket
# (django-storages) when PRIVATE_STORAGE_BUCKET is set. Read back only through views that
# check who asks.
PRIVATE_STORAGE_DIR = Path(env_str("PRIVATE_STORAGE_DIR") or VAR_DIR / "private")
PRIVATE_STORAGE_BUCKET = env_str("PRIVATE_STORAGE_BUCKET")
if PRIVATE_STORAGE_BUCKET:
    PRIVATE_STORAGE: dict = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": PRIVATE_STORAGE_BUCKET,
            # Empty credentials: boto3 finds its own (the machine's role, its files).
            "access_key": env_str("AWS_ACCESS_KEY_ID") or None,
            "secret_key": env_str("AWS_SECRET_ACCESS_KEY") or None,
            "endpoint_url": env_str("PRIVATE_STORAGE_ENDPOINT_URL") or None,
            "region_name": env_str("PRIVATE_STORAGE_REGION") or None,
            "location": env_str("PRIVATE_STORAGE_PREFIX", "private"),
            "default_acl": "private",
            "file_overwrite": False,
            "querystring_auth": True,
            "querystring_expire": 300,
        },
    }
else:
    PRIVATE_STORAGE = {
        # FileSystemStorage without a URL: these files have no public address.
        "BACKEND": "core.storage.PrivateFileSystemStorage",
        # Readable by the site's user only (submissions, emailed invoice PDFs), whatever
        # the umask: files 0600, the folders made for them 0700.
        "OPTIONS": {
            "location": PRIVATE_STORAGE_DIR,
            "file_permissions_mode": 0o600,
            "directory_permissions_mode": 0o700,
        },
    }
STORAGES = {
    # Public media (team and portfolio photos): nginx, another user, serves them, so their
    # modes are said here rather than left to the umask (the units say UMask=0077).
    "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"file_permissions_mode": 0o644, "directory_permissions_mode": 0o755},
    },
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
    "private": PRIVATE_STORAGE,
}
# `make backup` (core/backups.py): where archives go, the age public key(s) they are
# encrypted to (comma-separated; empty: not encrypted), and for `make restore` the age
# identity file (or key) that opens them.
BACKUP_DIR = Path(env_str("BACKUP_DIR") or VAR_DIR / "backups")
BACKUP_RECIPIENT = env_str("BACKUP_RECIPIENT")
BACKUP_IDENTITY = env_str("BACKUP_IDENTITY")
MEDIA_URL = "/media/"
MEDIA_ROOT = VAR_DIR / "media"
if PRIVATE_STORAGE_DIR.resolve().is_relative_to(Path(MEDIA_ROOT).resolve()):
    raise ImproperlyConfigured(
        "PRIVATE_STORAGE_DIR must not be inside MEDIA_ROOT (served publicly)"
    )

# One JSON object a line on standard error (journald, make run's output), each with the
# request id the Node server and Django share (core.observability).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "core.observability.RequestIdFilter"}},
    "formatters": {"json": {"()": "core.observability.JsonLineFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "filters": ["request_id"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
        # The console SMS backend's lines (codes in development and the e2e tests), shown
        # whatever LOG_LEVEL says.
        "core.sms.console": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "core.whatsapp.console": {"level": "INFO", "handlers": ["console"], "propagate": False},
        # With a handler of its own here, post-office does not add its INFO handler.
        "post_office": {"level": "WARNING", "handlers": ["console"], "propagate": False},
    },
}

# --- Errors and monitoring (docs/deploy.md, Monitoring) --------------------------------
# Error reports and job check-ins go to Sentry only when SENTRY_DSN is set.
SENTRY_DSN = env_str("SENTRY_DSN")
SENTRY_ENVIRONMENT = env_str("SENTRY_ENVIRONMENT", DJANGO_ENV)
SENTRY_RELEASE = env_str("SENTRY_RELEASE")
SENTRY_TRACES_SAMPLE_RATE = env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0, minimum=0.0)
if SENTRY_DSN:
    from core.observability import sentry_init

    sentry_init(
        dsn=SENTRY_DSN,
        environment=SENTRY_ENVIRONMENT,
        release=SENTRY_RELEASE,
        traces_sample_rate=SENTRY_TRACES_SAMPLE_RATE,
    )
# /api/health fails when the queue worker has not finished a pass for this many seconds
# (0: not checked, for a site run without the worker).
WORKER_HEARTBEAT_MAX_AGE = env_int("WORKER_HEARTBEAT_MAX_AGE", 300, minimum=0)
# Where `manage.py serve_metrics` answers Prometheus (host:port, e.g. 127.0.0.1:9100): an
# address only the operator reaches, never the public one. The gunicorn workers share
# their request counts with it through PROMETHEUS_MULTIPROC_DIR (docs/deploy.md).
METRICS_ADDR = env_str("METRICS_ADDR")
# Seconds a client is told to wait (Retry-After) while the database is unreachable.
OUTAGE_RETRY_AFTER = env_int("OUTAGE_RETRY_AFTER", 30, minimum=1)
