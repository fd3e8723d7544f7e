# Development tasks. GNU make; needs only make and Python >= 3.12 on a fresh clone.
#
#   make run                # install, migrate, demo data, dev server on 127.0.0.1:$(PORT)
#   make test               # fast suite (no browser, no PostgreSQL/Redis), one worker per core
#   make test-property      # the hypothesis properties and state machines at their full count
#   make test-browser       # headless Chromium suite
#   make test-integration   # needs DATABASE_URL and CELERY_BROKER_URL
#   make lint               # ruff (check and format), mypy (strict, on the rules engine), import-linter layers
#   make docs               # the documentation site (MkDocs, strict) into site/; make docs-serve serves it
#
# Override the interpreter with `make PYTHON=/path/to/python3.13 ...`, the number of test
# workers with `make test PYTEST_WORKERS=1` (0: no worker process at all, the plain serial run).

VENV ?= .venv
PORT ?= 8000
DOCS_PORT ?= 8001
# These are development tasks: the settings' development mode (SQLite, eager tasks without a
# broker) unless the environment says otherwise. Production is DJANGO_DEBUG's default.
export DJANGO_DEBUG ?= true
PYTEST_ARGS ?=
# Python writes the bytecode it compiles (__pycache__, ignored by git), whatever the environment
# says: the suite starts many interpreters (a worker per core, the processes tests/config and the
# engine's CLI tests run), and with PYTHONDONTWRITEBYTECODE set, as on this machine, each of them
# compiled every module it imported again. On a fresh clone the settings and CLI tests alone took
# 210 s of CPU that way against 85 s (2026-11-29; docs/contributing.md).
unexport PYTHONDONTWRITEBYTECODE
# pytest-xdist: one worker per core. loadscope sends a module's tests to one worker, so a
# module-scoped fixture (tests/volume's world) is built once, not once per worker.
PYTEST_WORKERS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo auto)
PYTEST_DIST ?= loadscope
# --no-loadscope-reorder keeps pytest-django's order on each worker (the tests that commit, and
# so end by emptying the database of the rows data migrations wrote, after those that roll
# back); xdist would otherwise send the largest modules first.
XDIST = -n $(PYTEST_WORKERS) $(if $(filter 0,$(PYTEST_WORKERS)),,--dist $(PYTEST_DIST) \
	$(if $(filter loadscope,$(PYTEST_DIST)),--no-loadscope-reorder))
# tests/hypothesis_profiles.py: make test draws a fifth of each property test's examples;
# make test-property (a CI step of its own) draws them all.
HYPOTHESIS_PROFILE ?= dev
# The marks make test selects; CI's step c adds "and not property", since its step c2 (make
# test-property) runs those tests at their full count right after.
FAST_SUITE_MARKS ?= not integration and not browser
FAST_SUITE = -m "$(FAST_SUITE_MARKS)"

BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py

# The first interpreter >= 3.12: versioned names on PATH first, then pyenv installs (newest
# first). Each candidate is run, not just looked up: a pyenv shim exists on PATH even when it
# has no such version behind it, and fails when run.
PYTHON_MIN_CHECK := import sys; sys.exit(sys.version_info < (3, 12))
PYTHON_CANDIDATES := python3.14 python3.13 python3.12 python3 \
	$(shell ls -d $(HOME)/.pyenv/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -rV)
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell for p in $(PYTHON_CANDIDATES); do \
	if "$$p" -c '$(PYTHON_MIN_CHECK)' >/dev/null 2>&1; then \
	"$$p" -c 'import sys; print(sys.executable)'; break; fi; done)
endif

.DEFAULT_GOAL := help

.PHONY: help install run test test-property test-postgres test-browser test-integration api-fuzz lint docs docs-openapi docs-serve bench load messages worker beat \
	clean distclean print-python

help:
	@echo "Targets:"
	@echo "  install           create $(VENV) and install the project with dev extras"
	@echo "  run               migrate, load demo data, serve on http://127.0.0.1:$(PORT)/"
	@echo "  test              unit and page tests (no browser, no PostgreSQL/Redis), on every core"
	@echo "                    (PYTEST_WORKERS=N workers, 0 for a serial run; property tests at a fifth)"
	@echo "  test-property     the hypothesis property and state-machine tests at their full count"
	@echo "  test-browser      headless Chromium tests (pytest -m browser)"
	@echo "  test-postgres     the unit and page tests that use a database, on PostgreSQL (needs DATABASE_URL)"
	@echo "  test-integration  PostgreSQL + Redis + Celery tests (needs DATABASE_URL, CELERY_BROKER_URL)"
	@echo "  api-fuzz          schemathesis: every API response matches the OpenAPI document, no 500"
	@echo "  lint              ruff check and format, mypy, lint-imports (the layer contracts)"
	@echo "  docs              the documentation site (MkDocs, strict: a broken link fails) into site/"
	@echo "  docs-serve        the documentation site with live reload on http://127.0.0.1:$(DOCS_PORT)/"
	@echo "  bench             run tests/benchmarks/bench_*.py"
	@echo "  load              locust load test: PostgreSQL, Redis, 2 gunicorns, 2 workers (loadtests/)"
	@echo "  messages          update and compile the French translations"
	@echo "  worker / beat     Celery workers (two pools: notifications, the rest) / beat scheduler"
	@echo "  clean             remove caches and collected static files (distclean: also $(VENV))"
	@echo "  print-python      show the interpreter used to create $(VENV)"

print-python:
	@echo "PYTHON=$(PYTHON)"
	@test -z "$(PYTHON)" || $(PYTHON) --version

# The stamp is rebuilt when pyproject.toml changes. A venv left by an older Python is replaced.
# --no-compile: pip would otherwise compile every module of every package it installs (about
# half a minute of one core here, mypy's and Playwright's included); Python compiles what a
# command imports, the first time it does, and keeps it.
$(VENV)/.installed: pyproject.toml
	@if [ -z "$(PYTHON)" ]; then \
		echo "error: no Python 3.12 or newer found (tried: $(strip $(PYTHON_CANDIDATES)))." >&2; \
		echo "Django 6 needs Python 3.12 or newer: install one, or run make PYTHON=/path/to/python3.12" >&2; \
		exit 1; \
	fi
	@if ! $(PYTHON) -c '$(PYTHON_MIN_CHECK)' >/dev/null 2>&1; then \
		echo "error: $(PYTHON) is not Python 3.12 or newer; Django 6 needs Python 3.12 or newer." >&2; \
		exit 1; \
	fi
	@if [ -x $(BIN)/python ] && ! $(BIN)/python -c '$(PYTHON_MIN_CHECK)' >/dev/null 2>&1; then \
		echo "$(VENV) uses Python older than 3.12; recreating it"; rm -rf $(VENV); \
	fi
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install --no-compile -e '.[dev]'
	@touch $@

install: $(VENV)/.installed

run: install
	$(MANAGE) migrate --noinput
	$(MANAGE) demo_data
	EAGER_TASKS_IN_BACKGROUND=true $(MANAGE) runserver 127.0.0.1:$(PORT)

# pytest exits 5 when it collects no test; make fails on it, and so should CI.
test: install
	HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) $(BIN)/pytest $(FAST_SUITE) $(XDIST) $(PYTEST_ARGS)

# The property tests (pytest -m property, tests/conftest.py marks them) with every example.
test-property: install
	HYPOTHESIS_PROFILE=full $(BIN)/pytest -m "property and not integration and not browser" \
		$(XDIST) $(PYTEST_ARGS)

# The same unit and page tests on PostgreSQL, tasks still eager (no broker): row locks, JSON key
# order, sequences and COPY differ from SQLite's. Only those that use a database
# (--database-tests-only, tests/database_tests_only.py): the rest ran in make test, and no
# database changes them; the summary says how many were left out.
test-postgres: install
	@case "$${DATABASE_URL:-}" in postgres*) ;; *) \
		echo "error: test-postgres needs a PostgreSQL DATABASE_URL, e.g." >&2; \
		echo "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/league_ci_main make test-postgres" >&2; \
		exit 1;; esac
	env -u CELERY_BROKER_URL HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) \
		$(BIN)/pytest $(FAST_SUITE) --database-tests-only $(XDIST) $(PYTEST_ARGS)

# On every core like make test: each worker has its own live server, test database and Chromium.
test-browser: install
	$(BIN)/pytest -m browser $(XDIST) $(PYTEST_ARGS)

# On every core like make test: each worker adds its index to CELERY_BROKER_URL's Redis database
# number (tests/settings.py), so its broker, cache and Celery worker are its own.
test-integration: install
	@if [ -z "$${DATABASE_URL:-}" ] || [ -z "$${CELERY_BROKER_URL:-}" ]; then \
		echo "error: test-integration needs DATABASE_URL and CELERY_BROKER_URL, e.g." >&2; \
		echo "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/league_ci CELERY_BROKER_URL=redis://127.0.0.1:6379/14 make test-integration" >&2; \
		exit 1; \
	fi
	$(BIN)/pytest -m integration $(XDIST) $(PYTEST_ARGS)

# Schemathesis against the demo app and its OpenAPI document (SQLite, no broker needed).
api-fuzz: install
	BIN=$(BIN) bash tests/api_fuzz.sh

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

# The documentation site (mkdocs.yml, pages in docs/). The OpenAPI document is generated from
# the code each time (docs/api/openapi.yaml, not committed), so the REST API page links to the
# API as it is; the build is strict: a broken link or anchor, or a page left out of the nav, fails.
docs-openapi: install
	@mkdir -p docs/api
	$(MANAGE) spectacular --validate --fail-on-warn --file docs/api/openapi.yaml

# NO_MKDOCS_2_WARNING: the Material theme's notice of its end of life (May 2027) would
# otherwise open every build's output.
docs: docs-openapi
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

docs-serve: docs-openapi
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --strict -a 127.0.0.1:$(DOCS_PORT)

# The engine's benchmarks first: run after the database ones, they would share the cores with
# PostgreSQL's clean-up of the databases those drop (checkpoints, autovacuum).
ENGINE_BENCHMARKS = tests/benchmarks/bench_rotzball.py tests/benchmarks/bench_witcher.py
BENCHMARKS = $(ENGINE_BENCHMARKS) $(filter-out $(ENGINE_BENCHMARKS),$(sort $(wildcard tests/benchmarks/bench_*.py)))

bench: install
	@if [ -z "$(BENCHMARKS)" ]; then echo "error: no tests/benchmarks/bench_*.py found" >&2; exit 1; fi
	@set -e; for b in $(BENCHMARKS); do echo "== $$b"; $(BIN)/python $$b; done

# The load test (loadtests/run.py): needs PostgreSQL and Redis; LOAD_* variables override it.
load: install
	$(BIN)/python loadtests/run.py

messages: install
	$(MANAGE) makemessages -l fr --ignore=.venv --ignore=staticfiles
	$(MANAGE) compilemessages --ignore=.venv

# Two pools (config/workers.py): notifications on threads of their own, so a slow webhook
# receiver never delays a settlement; simulation, settlement and the rest on processes.
worker: install
	$(BIN)/python -m config.workers -l info

beat: install
	$(BIN)/celery -A config beat -l info

clean:
	rm -rf staticfiles site docs/api/openapi.yaml .pytest_cache .mypy_cache .ruff_cache .test-databases *.egg-info celerybeat-schedule*
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
