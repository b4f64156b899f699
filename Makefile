# Meld: `make run` serves the demo, `make test` runs every test.
PORT ?= 8000
HOST ?= 0.0.0.0
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
PYTEST_ARGS ?= -n 2

.PHONY: run test bench lint messages install browser migrate demo clean

$(PY):
	python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PIP) install --quiet --upgrade pip 2>&1 | grep -v "WARNING: Location" || true
	$(PIP) install --quiet -e '.[test,dev]' 2>&1 | grep -v "WARNING: Location" || true
	$(PY) -c "import django, reportlab, pytest_django, hypothesis"
	touch $(STAMP)

install: $(STAMP)

# German catalogue: compiled on every build, the .mo files are not committed.
messages-compile: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0

messages: install
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=tests --ignore=benchmarks --ignore=staticfiles --ignore=scripts --ignore=test-artifacts --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv

browser:
	@if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = "0" ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
		|| echo "chromium could not be installed: browser tests will be skipped"; \
	else echo "chromium is missing and we are not root: browser tests will be skipped"; fi
	@command -v pdftoppm >/dev/null 2>&1 || [ "$$(id -u)" != "0" ] || \
		(DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null 2>&1 || true)

migrate: messages-compile
	$(PY) manage.py migrate --noinput -v 0

demo: migrate
	$(PY) manage.py load_demo

# serve_info also creates .secret_key the first time: both workers must sign with one key.
run: demo
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) manage.py serve_info --port $(PORT)
	$(VENV)/bin/gunicorn meld.wsgi:application --bind $(HOST):$(PORT) --workers 2 --access-logfile - --error-logfile -

test: messages-compile browser
	$(PY) manage.py collectstatic --noinput -v 0
	$(PY) -m pytest $(PYTEST_ARGS)

bench: migrate
	$(PY) -m benchmarks

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .cache
