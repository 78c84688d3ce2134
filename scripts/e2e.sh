#!/usr/bin/env bash
# Runs the Playwright suite against the real site: the built app served by Node in front
# of gunicorn, on a fresh SQLite database in a temporary folder, stopped again afterwards.
# Usage: scripts/e2e.sh [playwright args...]   (the tests: the "chromium" and
# "no-javascript" projects, unless a --project is named; make screenshots runs
# --project=screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."

port="${E2E_PORT:-8765}"
base="http://127.0.0.1:${port}"
tmp="$(mktemp -d)"
log="$tmp/server.log"

export VAR_DIR="$tmp/var"
export DATABASE_URL="sqlite:///$tmp/var/db.sqlite3"
export SITE_URL="$base"
export E2E_BASE_URL="$base"
export ALLOWED_HOSTS="127.0.0.1,localhost"
export EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
# The suite submits many forms from one address: lift the limits for this run only.
export RATE_LIMIT_ENQUIRY="1000/m"
export RATE_LIMIT_SIGNUP="1000/m"
export RATE_LIMIT_VERIFY="1000/m"
export RATE_LIMIT_ENROLMENT="1000/m"
export RATE_LIMIT_PAYMENT_VERIFY="1000/m"
export RATE_LIMIT_EVENT_REGISTRATION="1000/m"
export RATE_LIMIT_CERTIFICATE_IMPORT="1000/m"
export RATE_LIMIT_APPLICATION="1000/m"
export RATE_LIMIT_TASK_SUBMISSION="1000/m"
export RATE_LIMIT_SMS_PER_IP="1000/m"
export RATE_LIMIT_OTP_CHECK="1000/m"
export LOGIN_FAILURES_PER_IP="1000/m"
export LOGIN_FAILURES_PER_PHONE="1000/m"
unset REDIS_URL
# E2E_PAYMENT_GATEWAY=razorpay: the site as with Razorpay configured, for e2e/razorpay.spec.ts
# (`make test-e2e` runs it so after the rest). Test keys, and an API address where nothing
# answers: the checkout script cannot load offline, so the spec stops at the button.
if [[ "${E2E_PAYMENT_GATEWAY:-upi}" == razorpay ]]; then
  export PAYMENT_GATEWAY=razorpay RAZORPAY_KEY_ID=rzp_test_e2e RAZORPAY_KEY_SECRET=e2e-key-secret \
    RAZORPAY_WEBHOOK_SECRET=e2e-webhook-secret RAZORPAY_API_URL=http://127.0.0.1:9 RAZORPAY_TIMEOUT=2
fi
# Sign-up confirms the phone by a code sent by SMS; the console backend writes each message
# to the server's log, where the specs read the codes (frontend/e2e/sms.ts).
export SMS_BACKEND="console"
export PHONE_VERIFICATION="true"
export E2E_SERVER_LOG="$log"

uv="$(command -v uv || echo "$HOME/.local/bin/uv")"
manage=("$uv" run --frozen python backend/manage.py)

cleanup() {
  rm -rf "$tmp"
}
trap cleanup EXIT
# bash skips the EXIT trap on a plain TERM/INT: exit explicitly so the folder is removed.
trap 'exit 143' INT TERM

"${manage[@]}" collectstatic --noinput --verbosity 0
"${manage[@]}" migrate --noinput --verbosity 0
"${manage[@]}" createcachetable
# A staff account the specs log in with (frontend/e2e/support.ts reads the same values).
export E2E_STAFF_PHONE="${E2E_STAFF_PHONE:-9000000099}"
export E2E_STAFF_PASSWORD="${E2E_STAFF_PASSWORD:-e2e-staff-password-1}"
# The specs that must move the calendar (a reward's hold ending) run manage.py with it.
export E2E_UV="$uv"
DJANGO_SUPERUSER_PHONE="$E2E_STAFF_PHONE" DJANGO_SUPERUSER_NAME="E2E Staff" \
  DJANGO_SUPERUSER_PASSWORD="$E2E_STAFF_PASSWORD" "${manage[@]}" createsuperuser --noinput >/dev/null
args=("$@")
[[ " $* " == *" --project"* ]] || args=(--project=chromium --project=no-javascript "${args[@]}")
status=0
# tests/support/throwaway_server.py starts the site as make run does (Node in front of gunicorn),
# waits until both answer, runs Playwright and stops them again.
"$uv" run --frozen python tests/support/throwaway_server.py --front-door --port "$port" --workers 2 --log "$log" -- \
  bash -c 'cd frontend && npx --no-install playwright test "$@"' playwright "${args[@]}" || status=$?
if [[ $status -ne 0 ]]; then
  echo "--- server log ---"; tail -50 "$log" 2>/dev/null || true
fi
exit $status
