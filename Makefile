# pgweb: `make run` serves the game, `make test` checks everything. See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

# A stamp named after the dependency files: a second install with nothing changed does nothing.
DEPS_HASH := $(shell cat pyproject.toml constraints.txt | sha256sum | cut -c1-16)
INSTALL_STAMP := $(VENV)/.installed-run-$(DEPS_HASH)
TEST_STAMP := $(VENV)/.installed-test-$(DEPS_HASH)
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt

.PHONY: help install install-test run test lint lock clean distclean

help:
	@echo "make run      install, migrate, check the scenarios and serve on http://$(HOST):$(PORT)/"
	@echo "make test     install test tools and services, then ruff, pytest and node --test"
	@echo "make install  create $(VENV) and install pgweb into it (nothing if up to date)"
	@echo "make lint     ruff only"
	@echo "make lock     re-resolve constraints.txt from pyproject.toml"
	@echo "make clean    remove var/, staticfiles/ and caches (distclean: also $(VENV))"

install: $(INSTALL_STAMP)

$(INSTALL_STAMP):
	@if ! $(BIN)/python -c 'import sys; assert sys.version_info[:2] == (3, 11)' 2>/dev/null; then \
		echo "make install: creating $(VENV) with $(PYTHON)"; \
		$(PYTHON) -c 'import sys; assert sys.version_info[:2] == (3, 11), \
			f"pgweb needs Python 3.11, {sys.executable} is {sys.version.split()[0]}"' || exit 1; \
		rm -rf $(VENV); \
		$(PYTHON) -m venv $(VENV) || exit 1; \
	fi
	$(PIP) -e .
	@rm -f $(VENV)/.installed-run-*
	@touch $@

install-test: $(TEST_STAMP)

$(TEST_STAMP): $(INSTALL_STAMP)
	$(PIP) -e '.[test]'
	@rm -f $(VENV)/.installed-test-*
	@touch $@

run: install
	@mkdir -p var
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_scenarios
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo
	@echo "pgweb is serving on http://$(HOST):$(PORT)/  (Ctrl-C stops it and the worker)"
	@echo
	@# One background worker (clock sweeps, notifications) beside daphne, stopped with it.
	$(BIN)/python manage.py worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	$(BIN)/python -m pgweb.serve -b $(HOST) -p $(PORT) pgweb.asgi:application

test: install install-test
	$(BIN)/python scripts/run_tests.py

lint: install-test
	$(BIN)/ruff check .

# Resolve the newest versions pyproject.toml allows in a scratch venv and pin them.
lock:
	rm -rf var/lock-venv
	$(PYTHON) -m venv var/lock-venv
	var/lock-venv/bin/python -m pip install --quiet --disable-pip-version-check '.[test]'
	{ echo "# Every machine installs these exact versions: pip install -c constraints.txt -e '.[test]'"; \
	  echo "# Regenerate with 'make lock' after changing pyproject.toml."; \
	  var/lock-venv/bin/python -m pip freeze --exclude-editable | grep -v '^pgweb'; } > constraints.txt
	rm -rf var/lock-venv build pgweb.egg-info

clean:
	rm -rf var staticfiles .pytest_cache .ruff_cache test-results build *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
