# The two commands of the README: `make run` and `make test`; `make lint` is ruff, mypy and the
# layers of pyproject.toml (lint-imports).
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell sha1sum pyproject.toml | cut -c1-12)
PORT ?= 8000

.PHONY: run test setup install lint typecheck messages bench

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check uv || true
	@if $(VENV)/bin/uv --version >/dev/null 2>&1; then \
	  $(VENV)/bin/uv pip install -q --python $(PY) --compile-bytecode -e '.[dev]'; \
	else \
	  $(PY) -m pip install -q --disable-pip-version-check -e '.[dev]'; \
	fi
	@rm -f $(VENV)/.installed-*
	@touch $@

install: $(STAMP)

# Migrate and load the rulebooks and demo data; safe to repeat.
setup: install
	DEBUG=$${DEBUG:-1} $(PY) manage.py setup_site

# The web server, a Celery worker and Celery beat together; Ctrl-C stops all three. The demo
# logins are printed last, once all three are ready; the links in emails follow PORT.
run: install
	DEBUG=$${DEBUG:-1} $(PY) manage.py setup_site --no-logins
	DEBUG=$${DEBUG:-1} PORT=$(PORT) $(PY) manage.py rundev --port $(PORT)

test: install
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install
	$(VENV)/bin/ruff check .
	# All of games/, as pyproject.toml says: strict for the engines, bots, tournaments' formats and
	# actions. The Django plugin reads the settings, which want DEBUG on or a SECRET_KEY.
	DEBUG=1 $(VENV)/bin/mypy games
	$(VENV)/bin/lint-imports --no-logo --no-cache

# Extract the strings to translate into locale/*/LC_MESSAGES/django.po (needs gettext).
messages: install
	DEBUG=1 $(PY) manage.py makemessages -l es -l it --no-obsolete --no-location -i '.venv/*' -i 'var/*' -i 'tests/*' -i 'bench/*' -i 'examples/*'
	DEBUG=1 $(PY) manage.py compilemessages -i '.venv' -i 'var'
