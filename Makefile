# pgweb: `make run` serves the game, `make test` checks everything. See README.md.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# pgweb runs on Python 3.11 to 3.13 (pyproject.toml's requires-python). A Python that runs and
# is supported, as its real path (a pyenv shim that has no such version installed fails here).
SUPPORTED := import sys; assert (3, 11) <= sys.version_info[:2] <= (3, 13); print(sys.executable)
# pyenv's shims answer only for the versions selected: unless PYENV_VERSION says otherwise,
# the probe selects the newest of each supported minor version (pyenv resolves the prefixes).
find_python = $(shell for p in $(1); do PYENV_VERSION="$${PYENV_VERSION:-3.13:3.12:3.11}" \
	$$p -c '$(SUPPORTED)' 2>/dev/null && break; done)
# The virtualenv gets the newest available; `make test` also runs the rules layer on another.
PYTHON ?= $(call find_python,python3.13 python3.12 python3.11 python3)
OLDEST_PYTHON ?= $(call find_python,python3.11 python3.12 python3.13 python3)
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

# A stamp named after the dependency files: a second install with nothing changed does nothing.
DEPS_HASH := $(shell cat pyproject.toml constraints.txt | sha256sum | cut -c1-16)
INSTALL_STAMP := $(VENV)/.installed-run-$(DEPS_HASH)
TEST_STAMP := $(VENV)/.installed-test-$(DEPS_HASH)
PIP := $(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt

.PHONY: help install install-test run test test-other-python lint lock clean distclean

help:
	@echo "make run      install, migrate, check the scenarios and serve on http://$(HOST):$(PORT)/"
	@echo "make test     install test tools and services, then ruff, mypy, node --test, pytest"
	@echo "              and the benches' smoke runs, on the newest supported Python found"
	@echo "make test-other-python   the rules layer again on the oldest supported Python found"
	@echo "make install  create $(VENV) and install pgweb into it (nothing if up to date)"
	@echo "make lint     ruff only"
	@echo "make lock     re-resolve constraints.txt from pyproject.toml"
	@echo "make clean    remove var/, staticfiles/ and caches (distclean: also $(VENV))"

install: $(INSTALL_STAMP)

$(INSTALL_STAMP):
	@if ! $(BIN)/python -c '$(SUPPORTED)' >/dev/null 2>&1; then \
		if [ -z "$(PYTHON)" ]; then \
			echo "make install: pgweb needs Python 3.11, 3.12 or 3.13; none found"; exit 1; \
		fi; \
		echo "make install: creating $(VENV) with $(PYTHON)"; \
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
	@# Links in mails and pushes point at this server unless SITE_URL says otherwise.
	export SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"; \
	$(BIN)/python manage.py worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker' EXIT INT TERM; \
	$(BIN)/python -m pgweb.serve -b $(HOST) -p $(PORT) pgweb.asgi:application

# The whole suite in $(VENV), on the newest supported Python found (CI's is 3.13). The rules
# layer on the oldest is `make test-other-python`, kept out of `make test` for its time.
test: install install-test
	$(BIN)/python scripts/run_tests.py

# The rules layer (pure Python, where a new Python's changes would show) on the oldest
# supported Python available, or on the newest when $(VENV) is itself the oldest; its own
# virtualenv under var/, from the same constraints. Nothing to do with only one Python.
test-other-python:
	@venv=$$($(BIN)/python -c 'import sys; print(sys.executable)'); \
	other="$(OLDEST_PYTHON)"; \
	if [ "$$($$other -c 'import sys; print(sys.version_info[:2])')" = \
	     "$$($(BIN)/python -c 'import sys; print(sys.version_info[:2])')" ]; then other="$(PYTHON)"; fi; \
	version=$$($$other -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	if [ "$$version" = "$$($(BIN)/python -c 'import sys; print("%d.%d" % sys.version_info[:2])')" ]; then \
		echo "[make test] one supported Python here ($$version): the rules layer ran with the suite"; \
		exit 0; \
	fi; \
	dir=var/venv-$$version; stamp=$$dir/.installed-test-$(DEPS_HASH); \
	if [ ! -f $$stamp ]; then \
		echo "[make test] building $$dir with $$other"; \
		rm -rf $$dir && $$other -m venv $$dir && \
		$$dir/bin/python -m pip install --quiet --disable-pip-version-check -c constraints.txt \
			-e '.[test]' && touch $$stamp || exit 1; \
	fi; \
	echo "[make test] the rules layer on Python $$version"; \
	$$dir/bin/python scripts/run_tests.py tests/rules -q

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
