#!/usr/bin/env bash
# Property-based API tests: schemathesis generates requests for every operation in
# /api/openapi.json and checks that none answers 5xx and that every answer's status code,
# content type and body match what the schema declares. Runs against gunicorn on a free
# port with a fresh SQLite database in a temporary folder:
#   - valid requests (positive mode) as an anonymous visitor, a logged-in learner and staff;
#     the logged-in runs use scripts/schemathesis.toml, whose parameters name records that
#     exist (the learner's own enrolment, a certificate, seeded pages), while the anonymous
#     run fuzzes the identifiers;
#   - invalid requests (negative mode) as the learner: still no 5xx, and any declared
#     answer matches its schema (undeclared 4xx statuses are allowed there).
# Every run sends a valid CSRF cookie and X-CSRFToken header, so state-changing operations
# get past the CSRF check into their own logic (the CSRF refusal itself is tested in
# backend/config/tests/test_authorisation_matrix.py). Logout runs only anonymously: it
# would end the other runs' sessions.
#
# Usage: scripts/api-schema.sh    (API_SCHEMA_EXAMPLES: examples per operation, default 25)
set -euo pipefail
cd "$(dirname "$0")/.."

examples="${API_SCHEMA_EXAMPLES:-25}"
repo="$(pwd)"
tmp="$(mktemp -d)"
log="$tmp/server.log"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:${port}"

export VAR_DIR="$tmp/var"
export DATABASE_URL="sqlite:///$tmp/var/db.sqlite3"
export SITE_URL="$base"
export ALLOWED_HOSTS="127.0.0.1,localhost"
export EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"
export CERTIFICATE_RENDER_DIR="$tmp/rendered"
# A throwaway signing key whose public half scripts/schemathesis.toml names.
export CREDENTIAL_SIGNING_KEY="z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc"
# Thousands of requests from one address: lift the limits for this run only.
export RATE_LIMIT_ENQUIRY="100000/m"
export RATE_LIMIT_SIGNUP="100000/m"
export RATE_LIMIT_VERIFY="100000/m"
export RATE_LIMIT_ENROLMENT="100000/m"
export RATE_LIMIT_CERTIFICATE_IMPORT="100000/m"
export RATE_LIMIT_APPLICATION="100000/m"
export RATE_LIMIT_TASK_SUBMISSION="100000/m"
export LOGIN_FAILURES_PER_IP="100000/m"
export LOGIN_FAILURES_PER_PHONE="100000/m"
export LOGIN_FAILURES_PER_PHONE_AND_IP="100000/m"
unset REDIS_URL DJANGO_ENV

uv="$(command -v uv || echo "$HOME/.local/bin/uv")"
manage=("$uv" run --frozen python backend/manage.py)

cleanup() {
  rm -rf "$tmp"
}
trap cleanup EXIT
# Killed or interrupted: still clean up (bash skips the EXIT trap on a bare TERM).
trap 'exit 143' INT TERM

"${manage[@]}" migrate --noinput --verbosity 0
"${manage[@]}" createcachetable
password="api-schema-password-1"
# A learner with an enrolment of their own and a confirmed referral (a balance to pay
# out), staff, and a certificate; the learner is also an intern on /tasks-10 with every
# task open to them and task 1 submitted with a file. The script reads back the
# enrolment's reference and the submission's id.
read -r API_SCHEMA_ENROLMENT API_SCHEMA_SUBMISSION < <("${manage[@]}" shell -c "
import contextlib
from django.core.files.uploadedfile import SimpleUploadedFile
from accounts.models import User
from certificates.models import Certificate
from core.errors import ApplicationError
from enrolments import services
from internships import services as internships
from internships.models import TaskBoard
learner = User.objects.create_user(phone='9000000011', name='Schema Learner', password='$password')
staff = User.objects.create_user(phone='9000000012', name='Schema Staff', password='$password', is_staff=True)
Certificate.objects.create(certificate_id='WD-SCHEMA-1', name='Priya', course='Web Development', duration='30 Days')
own = services.enrolment_create(course_slug='web-development', name='Schema Learner', phone='9000000011',
    email='learner@example.org', referral_code='', user=learner)
friend = services.enrolment_create(course_slug='web-development', name='Friend', phone='9000000013',
    email='friend@example.org', referral_code=learner.referral_code, user=None)
services.enrolment_confirm_payment(enrolment_id=friend.pk, by=staff)
application = internships.application_create(user=learner, domain_slug='web-development',
    college='College', year='2026', profile_url='', batch=10,
    statement='I want to learn web development on real tasks with a mentor reviewing them.')
placement = internships.application_accept(application_id=application.pk, by=staff,
    board=TaskBoard.objects.get(slug='tasks-10'))
with contextlib.suppress(ApplicationError):
    for _ in range(4):
        internships.placement_unlock_next_task(placement_id=placement.pk, by=staff)
submission = internships.submission_submit(user=learner, board_slug='tasks-10', task_number=1,
    link='https://github.com/schema/task-1', note='',
    upload=SimpleUploadedFile('task-1.pdf', b'%PDF-1.7\\n%%EOF\\n'))
print(own.reference, submission.pk)
" | tail -1)
if [[ -z "${API_SCHEMA_SUBMISSION:-}" ]]; then echo "Setting up the test data failed."; exit 1; fi
export API_SCHEMA_ENROLMENT API_SCHEMA_SUBMISSION
# Prints "<csrf token> <session id>" for a fresh session, logged in when a phone is given.
session() {
  python3 - "$base" "${1:-}" "$password" <<'PY'
import http.cookiejar, json, sys, urllib.request
base, phone, password = sys.argv[1:]
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
token = json.load(opener.open(f"{base}/api/auth/csrf"))["csrf_token"]
if phone:
    request = urllib.request.Request(
        f"{base}/api/auth/login",
        data=json.dumps({"phone": phone, "password": password}).encode(),
        headers={"Content-Type": "application/json", "X-CSRFToken": token},
    )
    opener.open(request)
cookies = {c.name: c.value for c in jar}
print(cookies["csrftoken"], cookies.get("sessionid", "-"))
PY
}

run() {
  local who="$1" phone="$2" mode="$3" checks="$4"; shift 4
  local config=()
  [[ -n "$phone" ]] && config=(--config-file "$repo/scripts/schemathesis.toml")
  read -r csrf sessionid < <(session "$phone")
  local cookie="csrftoken=$csrf"
  [[ "$sessionid" != "-" ]] && cookie="$cookie; sessionid=$sessionid"
  echo "== schemathesis: $mode requests as $who =="
  # From the temporary folder: schemathesis keeps a crash cache in its working directory.
  (cd "$tmp" && "$uv" run --frozen --project "$repo" schemathesis "${config[@]}" run "$base/api/openapi.json" \
    --checks "$checks" --mode "$mode" --phases examples,coverage,fuzzing \
    --max-examples "$examples" --seed 1 --workers 2 \
    --generation-with-security-parameters false --generation-database none \
    --suppress-health-check too_slow,filter_too_much \
    --header "Cookie: $cookie" --header "X-CSRFToken: $csrf" \
    --request-timeout 20 --no-color "$@")
}

all_runs() {
  local conformance="not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"
  local status=0
  run "an anonymous visitor" "" positive "$conformance" || status=1
  run "a learner" 9000000011 positive "$conformance" --exclude-operation-id auth_logout || status=1
  run "staff" 9000000012 positive "$conformance" --exclude-operation-id auth_logout || status=1
  run "a learner" 9000000011 negative not_a_server_error,response_schema_conformance \
    --exclude-operation-id auth_logout || status=1
  return $status
}

# The runs, against a throw-away gunicorn on $port (tests/support/throwaway_server.py
# starts it, waits for /api/health and stops it afterwards).
export -f session run all_runs
export base repo tmp examples uv password
status=0
"$uv" run --frozen python tests/support/throwaway_server.py --port "$port" --log "$log" \
  -- bash -c all_runs || status=$?
if [[ $status -ne 0 ]]; then echo "--- server log ---"; tail -50 "$log"; fi
exit $status
