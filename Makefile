# The two commands: `make run` (install, build, migrate, seed, serve) and `make test`.
# Needs only Python 3.11, Node 20, npm and make; everything else is installed here.

SHELL := /bin/bash
.DEFAULT_GOAL := help

HOST ?= 127.0.0.1
PORT ?= 8000
# gunicorn, behind the Node server: reached only from this machine.
DJANGO_PORT ?= $(shell echo $$(( $(PORT) + 1 )))
# Links in emails, certificates, letters and QR codes: unless set, where `make run` serves.
SITE_URL ?= http://$(HOST):$(PORT)
WORKERS ?= 2
E2E_PORT ?= 8765
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test
TEST_REDIS_URL ?= redis://127.0.0.1:6379/0
# pytest processes for test-backend and test-pg (pytest-xdist; auto: one per core, 0: none)
PYTEST_WORKERS ?= auto

UV := $(shell command -v uv 2>/dev/null || echo "$(HOME)/.local/bin/uv")

# Node: the system's when it is 22 or newer, otherwise Node 24 LTS from the npm registry
# (its `node` package ships the binary) in .tools/node, first on the PATH of every target.
NODE_VERSION := 24.21.0
NODE_LOCAL := $(CURDIR)/.tools/node/node_modules/node/bin
SYSTEM_NODE_MAJOR := $(shell node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
ifeq ($(shell [ "$(SYSTEM_NODE_MAJOR)" -ge 22 ] 2>/dev/null && echo yes),yes)
NODE_BIN :=
else
NODE_BIN := $(NODE_LOCAL)/node
export PATH := $(NODE_LOCAL):$(PATH)
endif
MANAGE := $(UV) run --frozen python backend/manage.py
NPM := npm --prefix frontend --no-fund --no-audit

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: help node install build migrate run dev createsuperuser test test-backend test-pg \
        test-frontend test-e2e test-stages lint schema check-schema chromium clean screenshots \
        test-scale-out bench-load bench-reports bench-versus test-api-schema audit wrk bench test-credentials-interop nginx test-nginx \
        backup restore pg-client

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-16s %s\n", $$1, $$2}'

# --- Installing ----------------------------------------------------------------------
$(UV):
	@command -v uv >/dev/null 2>&1 || python3 -m pip install --user --quiet uv \
	  || python3 -m pip install --user --quiet --break-system-packages uv

# Bytecode written once here: every Python start (gunicorn workers, manage.py, the tests'
# servers) then reads it, even where PYTHONDONTWRITEBYTECODE is set (it halves start-up).
.venv/.installed: uv.lock pyproject.toml | $(UV)
	$(UV) sync --frozen --compile-bytecode
	@touch $@

$(NODE_LOCAL)/node:
	@echo "Node $(SYSTEM_NODE_MAJOR) is older than 22: installing Node $(NODE_VERSION) into .tools/node"
	npm install --prefix .tools/node --no-fund --no-audit --no-save --loglevel=error node@$(NODE_VERSION)
	@$(NODE_LOCAL)/node --version

node: $(NODE_BIN) ## Node 22+ on the PATH (installs Node 24 into .tools/node when the system's is older)

frontend/node_modules/.installed: frontend/package-lock.json frontend/package.json | $(NODE_BIN)
	$(NPM) ci
	@touch $@

install: .venv/.installed frontend/node_modules/.installed ## Install Python and npm dependencies

chromium: ## Install Debian's Chromium for the browser tests (once)
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Chromium from Debian's packages..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

wrk: ## Install Debian's wrk (HTTP load generator) for make bench (once)
	@if ! command -v wrk >/dev/null 2>&1; then \
	  echo "Installing wrk from Debian's packages..."; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq wrk >/dev/null; \
	fi

nginx: ## Install Debian's nginx for make test-nginx (once; without root or sudo the test says why it skips)
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
	  echo "Installing nginx from Debian's packages..."; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null 2>&1; then SUDO=sudo; \
	  else echo "Not root and no sudo: cannot install nginx."; exit 0; fi; \
	  { $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq nginx >/dev/null; } \
	    || echo "Could not install nginx."; \
	fi

# --- Building and serving ------------------------------------------------------------
build: install ## Build the frontend (server and browser bundles) and collect Django's static files
	$(NPM) run build
	$(MANAGE) collectstatic --noinput --verbosity 0

migrate: install ## Create or update the database (SQLite under var/ by default) and seed content
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable

run: build migrate ## Install, build, migrate and serve on HOST:PORT (Node in front of gunicorn, and the email worker)
	@trap 'kill 0' EXIT INT TERM; \
	  if [ -n "$$METRICS_ADDR" ]; then \
	    export PROMETHEUS_MULTIPROC_DIR="$${PROMETHEUS_MULTIPROC_DIR:-$(CURDIR)/var/metrics}"; \
	    rm -rf "$$PROMETHEUS_MULTIPROC_DIR" && mkdir -p "$$PROMETHEUS_MULTIPROC_DIR"; \
	    $(MANAGE) serve_metrics & \
	  fi; \
	  SITE_URL="$(SITE_URL)" $(MANAGE) send_queued_mail_loop & \
	  SITE_URL="$(SITE_URL)" TRUSTED_PROXY_COUNT=1 $(UV) run --frozen gunicorn config.wsgi --chdir backend \
	  --bind 127.0.0.1:$(DJANGO_PORT) --workers $(WORKERS) --access-logfile - --forwarded-allow-ips 127.0.0.1 & \
	  (cd frontend && HOST=$(HOST) PORT=$(PORT) DJANGO_URL=http://127.0.0.1:$(DJANGO_PORT) SITE_URL="$(SITE_URL)" \
	    TRUST_PROXY_HOPS=$${TRUST_PROXY_HOPS:-0} exec node server.mjs) & \
	  python3 scripts/wait_healthy.py http://$(HOST):$(PORT)/healthz http://$(HOST):$(PORT)/api/health && \
	  echo "Serving on http://$(HOST):$(PORT)  (Ctrl-C to stop)" && \
	  wait -n

dev: install migrate ## Hot reloading: the React Router dev server on :5173, Django's runserver on PORT
	@trap 'kill 0' EXIT INT TERM; \
	  DEBUG=true $(MANAGE) runserver $(HOST):$(PORT) & \
	  DJANGO_URL=http://$(HOST):$(PORT) SITE_URL=http://$(HOST):5173 $(NPM) run dev -- --host $(HOST) & \
	  wait

createsuperuser: migrate ## Create a staff account (non-interactive with DJANGO_SUPERUSER_PHONE/NAME/PASSWORD)
	@if [ -n "$$DJANGO_SUPERUSER_PHONE" ] && [ -n "$$DJANGO_SUPERUSER_NAME" ] && [ -n "$$DJANGO_SUPERUSER_PASSWORD" ]; then \
	  $(MANAGE) createsuperuser --noinput; \
	else \
	  $(MANAGE) createsuperuser; \
	fi

# --- Backups (core/backups.py; docs/deploy.md "Backups") -------------------------------
# PostgreSQL's pg_dump and pg_restore, from Debian's packages, when DATABASE_URL is one.
pg-client:
	@case "$$DATABASE_URL" in postgres*) \
	  if ! command -v pg_restore >/dev/null 2>&1; then \
	    echo "Installing PostgreSQL's client tools from Debian's packages..."; \
	    SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	    $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq postgresql-client >/dev/null; \
	  fi;; esac

backup: .venv/.installed pg-client ## One dated, compressed archive (database, files, signing keys) in var/backups or BACKUP_DIR, encrypted to BACKUP_RECIPIENT if set; prints its path last
	@$(MANAGE) backup

restore: .venv/.installed pg-client ## Bring this install back from an archive: make restore FILE=... (FORCE=1 replaces a database that holds data; BACKUP_IDENTITY opens an encrypted one)
	@if [ -z "$(FILE)" ]; then echo "Usage: make restore FILE=var/backups/backup-....tar.gz [FORCE=1]"; exit 2; fi
	$(MANAGE) restore "$(FILE)" $(if $(filter 1 yes true,$(FORCE)),--force)
	$(MANAGE) migrate --noinput
	$(MANAGE) createcachetable

# --- API schema and the typed client -------------------------------------------------
schema: install ## Regenerate frontend/openapi.json and the typed client from the API
	$(MANAGE) export_openapi_schema --api config.api.api --indent 2 --sorted --output frontend/openapi.json
	$(NPM) run --silent gen:api

check-schema: install ## Fail when the committed schema or client is stale (or cannot be generated)
	@set -euo pipefail; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	  $(MANAGE) export_openapi_schema --api config.api.api --indent 2 --sorted --output $$tmp/openapi.json; \
	  if ! out=$$(cd frontend && npx --no-install openapi-typescript $$tmp/openapi.json -o $$tmp/schema.d.ts 2>&1); then \
	    echo "openapi-typescript failed:"; echo "$$out"; exit 1; \
	  fi; \
	  if ! diff -q $$tmp/openapi.json frontend/openapi.json >/dev/null || ! diff -q $$tmp/schema.d.ts frontend/src/api/schema.d.ts >/dev/null; then \
	    echo "The API schema or the generated client is stale: run 'make schema' and commit the result."; \
	    diff -u frontend/openapi.json $$tmp/openapi.json | head -40; exit 1; \
	  fi; echo "API schema and client are up to date."

# --- Tests ---------------------------------------------------------------------------
lint: install ## ruff, mypy, import-linter (the backend's layers), ESLint and tsc
	$(UV) run --frozen ruff check backend
	$(UV) run --frozen ruff format --check backend
	$(UV) run --frozen mypy backend
	cd backend && $(UV) run --frozen lint-imports --no-cache ../.importlinter
	$(NPM) run --silent lint
	$(NPM) run --silent typecheck

test-backend: install ## pytest on SQLite (PYTEST_WORKERS processes: pytest-xdist)
	$(UV) run --frozen pytest -n $(PYTEST_WORKERS)

# The tests marked postgres (backend/conftest.py: what PostgreSQL can answer differently);
# PG_TESTS=all runs the whole suite there.
PG_TESTS ?= postgres
test-pg: install ## pytest on PostgreSQL (TEST_DATABASE_URL; a test database per worker): the postgres-marked tests, or PG_TESTS=all
	DATABASE_URL=$(TEST_DATABASE_URL) $(UV) run --frozen pytest -n $(PYTEST_WORKERS) \
	  $(if $(filter all,$(PG_TESTS)),,-m postgres)

test-scale-out: install ## Two gunicorn servers sharing PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL)
	TEST_DATABASE_URL=$(TEST_DATABASE_URL) TEST_REDIS_URL=$(TEST_REDIS_URL) \
	  $(UV) run --frozen pytest tests/system/test_scale_out.py -p no:cacheprovider

test-nginx: build nginx ## deploy/nginx/site.conf with Debian's nginx over TLS in front of two gunicorn and two Node servers
	$(UV) run --frozen pytest tests/system/test_nginx.py -p no:cacheprovider

tests/interop/node_modules/.installed: tests/interop/package-lock.json tests/interop/package.json
	npm --prefix tests/interop --no-fund --no-audit ci
	@touch $@

test-credentials-interop: install tests/interop/node_modules/.installed ## Our Open Badges credentials checked by Digital Bazaar's verifier (npm)
	$(UV) run --frozen pytest tests/interop -p no:cacheprovider

test-frontend: install ## Vitest
	$(NPM) run --silent test

test-api-schema: install ## schemathesis on every API operation (gunicorn, fresh database): no 5xx, answers match the schema
	scripts/api-schema.sh

audit: install ## Known vulnerabilities in the locked Python (pip-audit) and npm (npm audit, high+) packages; needs network
	@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	  $(UV) export --frozen --no-emit-project --all-groups --quiet -o "$$tmp/requirements.txt" && \
	  $(UV) run --frozen pip-audit --strict --disable-pip --progress-spinner off -r "$$tmp/requirements.txt"
	npm --prefix frontend audit --audit-level=high

test-e2e: build chromium ## Playwright against the site (Node in front of gunicorn) on a fresh database, with and without JavaScript
	E2E_PORT=$(E2E_PORT) scripts/e2e.sh
	E2E_PORT=$(E2E_PORT) E2E_PAYMENT_GATEWAY=razorpay scripts/e2e.sh e2e/razorpay

TEST_STAGES := lint check-schema test-backend test-credentials-interop test-api-schema test-frontend test-e2e test-nginx
test: $(TEST_STAGES) ## Every test (installs what it needs)
	@echo "All tests passed."

test-stages: ## The stages of make test, in order (.ci/run times each)
	@echo $(TEST_STAGES)

screenshots: build chromium ## Full-page PNGs of every route at 360 and 1280 px in frontend/test-results/screenshots
	E2E_PORT=$(E2E_PORT) scripts/e2e.sh --project=screenshots

bench: build chromium wrk nginx ## Benchmarks (numbers, not pass/fail): first-load JS, pages' raw HTML, Lighthouse, pages/s (front door and nginx's cache), API req/s, import, login -> bench/results.md
	@mkdir -p bench/out && rm -f bench/out/*.json
	@status=0; \
	  if [ -f bench/frontend.mjs ]; then \
	    CHROME_PATH=/usr/bin/chromium node bench/frontend.mjs --out bench/out/frontend.json || status=1; \
	  else echo "bench/frontend.mjs is missing: no frontend figures."; fi; \
	  $(UV) run --frozen python bench/api.py --out bench/out/api.json || status=1; \
	  $(UV) run --frozen python bench/nginx.py --out bench/out/nginx.json || status=1; \
	  $(UV) run --frozen python bench/report.py || status=1; \
	  exit $$status

bench-load: install ## Import 1,000,000 certificates, then mixed traffic and verify only (closed and open loop) on gunicorn + PostgreSQL + Redis -> bench/results.md (minutes; not a test. BENCH_LOAD_ARGS="--certificates 20000 --seconds 5" for a quick run, --fault restarts PostgreSQL halfway)
	@test -f frontend/build/server/index.js || $(NPM) run build
	$(UV) run --frozen --group bench python bench/load.py $(BENCH_LOAD_ARGS)

bench-reports: install ## The back office's Reports selectors on PostgreSQL with 1,000,000 certificates and 100,000 enrolments (bulk-created; minutes; not a test) -> bench/results.md (BENCH_REPORTS_ARGS="--certificates 20000 --enrolments 5000 --no-results" for a quick run)
	$(UV) run --frozen python bench/reports.py $(BENCH_REPORTS_ARGS)

bench-versus: install wrk ## The code's or the machine's? The same requests from this checkout and commit REV, side by side, one gunicorn worker each (REV=... [BENCH_VERSUS_ARGS="--path /api/health"])
	@test -n "$(REV)" || { echo 'Name the earlier commit: make bench-versus REV=<commit>'; exit 2; }
	$(UV) run --frozen --group bench python bench/versus.py $(REV) $(BENCH_VERSUS_ARGS)

clean: ## Remove build output (keeps var/ data)
	rm -rf frontend/build frontend/.react-router frontend/test-results .venv/.installed frontend/node_modules/.installed
