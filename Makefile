# Meld: `make run` serves the demo, `make test` runs every test.
PORT ?= 8000
HOST ?= 0.0.0.0
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
PYTEST_ARGS ?= -n 2
# Every recipe stops at the first failing command, a failing command inside a pipe included.
SHELL := /bin/bash
.SHELLFLAGS := -e -o pipefail -c

.PHONY: run test test-languages bench lint wheel messages install browser migrate demo clean docs

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PIP) install --quiet --upgrade pip 2>&1 | sed '/WARNING: Location/d'
	$(PIP) install --quiet -e '.[test,dev,docs]' 2>&1 | sed '/WARNING: Location/d'
	$(PY) -c "import django, reportlab, pytest_django, hypothesis, playwright, pypdf, zxingcpp, mkdocs, material, mkdocs_static_i18n"
	touch $(STAMP)

install: $(STAMP)

# German catalogue: compiled on every build, the .mo files are not committed.
messages-compile: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0

messages: install
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=tests --ignore=benchmarks --ignore=staticfiles --ignore=scripts --ignore=test-artifacts --ignore=meld_testkit --ignore=build --ignore=dist --ignore=docs --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv

# Debian packages the tests need: chromium (browser tests), poppler-utils (pdftoppm
# renders a PDF page for the QR test), fonts-dejavu-core (the PDFs' font). As root a
# missing one is installed. With CI=true a missing one that cannot be installed stops
# the build; elsewhere the tests that need it are skipped and say why.
browser:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v pdftoppm >/dev/null 2>&1 || missing="$$missing poppler-utils"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = "0" ]; then \
		echo "Installing$$missing for the browser and printing tests"; \
		if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
		then exit 0; fi; \
		echo "Could not install$$missing" >&2; \
	else echo "Missing$$missing, and only root can install it" >&2; fi; \
	if [ "$${CI:-}" = "true" ]; then echo "CI=true: every test must run: stopping." >&2; exit 1; fi; \
	echo "The tests that need$$missing will be skipped (with CI=true they fail)."

migrate: messages-compile
	$(PY) manage.py migrate --noinput -v 0

demo: migrate
	$(PY) manage.py load_demo

# The director's handbook (docs/), served by Meld at /help/: its pictures are taken from a
# running Meld by a browser test whenever a page, style or the catalogue changed, then MkDocs
# builds docs/site/ (warnings are errors). Without Chromium (and without CI=true) the pages
# say where a picture would be.
SHOTS := docs/pages/.shots-taken
SHOT_SOURCES := $(shell find templates static/css static/js -type f) locale/de/LC_MESSAGES/django.po \
	fixtures/demo.json tests/browser/test_handbook_shots.py

$(SHOTS): $(SHOT_SOURCES) | messages-compile browser
	@if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then \
		$(PY) manage.py collectstatic --noinput -v 0; \
		MELD_BOTH_LANGUAGES=1 $(PY) -m pytest -q -n 0 -p no:cacheprovider tests/browser/test_handbook_shots.py; \
		touch $@; \
	else echo "No Chromium: the handbook is built without its pictures."; fi

docs: install $(SHOTS)
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet --config-file docs/mkdocs.yml

# `meld serve` as on a club laptop: waitress (MELD_THREADS threads, MELD_CONNECTION_LIMIT
# connections: idle ones hold no thread), the secret key created the first time, the
# addresses printed, timed backups, the serving lock that `restore` checks.
run: demo docs
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) -m meld serve --host $(HOST) --port $(PORT)

test: messages-compile browser docs
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) -m pytest $(PYTEST_ARGS)

# Every browser flow in both languages (`make test` walks each in one of them).
test-languages: messages-compile browser docs
	$(PY) manage.py collectstatic --noinput -v 0
	MELD_BOTH_LANGUAGES=1 $(PY) -m pytest $(PYTEST_ARGS) tests/browser

bench: migrate
	$(PY) -m benchmarks

# Style (ruff), the layers (import-linter, contracts in pyproject.toml), types (mypy with
# django-stubs, strict; every `# type: ignore` with its code and its reason), function and
# module lengths (flake8, pylint).
lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy
	$(PY) scripts/check_type_ignores.py
	$(VENV)/bin/flake8
	$(VENV)/bin/pylint --score=n meld tournaments scoring pairings meldcore ratings meld_testkit benchmarks scripts

# Meld as a wheel for a club laptop (`pipx install dist/meld-*.whl`, then `meld serve`):
# the German catalogue compiled and the static files collected go inside it.
wheel: messages-compile docs
	$(PY) manage.py collectstatic --noinput -v 0
	rm -rf build
	$(PY) -m build --wheel --no-isolation --outdir dist .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .cache build dist docs/site docs/pages/*/shots $(SHOTS)
