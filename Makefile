# Companion: `make run` to play, `make test` to check everything.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 5000
STAMP := $(VENV)/.installed-stamp
AXE := tests/e2e/node_modules/axe-core/axe.min.js

.PHONY: setup run test lint bench soak translations extract db clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

translations: $(STAMP)
	$(BIN)/pybabel compile --use-fuzzy -d companion/translations -D messages --statistics 2>&1 | grep -v "^compiling"

setup: $(STAMP) translations

$(AXE):
	@if command -v npm >/dev/null 2>&1; then \
	  npm install --silent --no-audit --no-fund --prefix tests/e2e >/dev/null; \
	else echo "npm not found: browser tests will not run the accessibility checks"; fi

db: setup
	$(BIN)/flask --app companion db upgrade

# Both cores: WORKERS gevent workers on one database (SQLite in WAL mode, or DATABASE_URL), each
# holding up to CONNECTIONS connections, 500 of them kept for ordinary requests (the others may
# be doorbell streams). The migrations run once, above, before any worker starts.
WORKERS ?= 3
CONNECTIONS ?= 2000
run: db
	@$(BIN)/flask --app companion show-url --port $(PORT)
	$(BIN)/gunicorn -c companion/live/serving.py --bind 0.0.0.0:$(PORT) --workers $(WORKERS) \
	  --worker-class gevent --worker-connections $(CONNECTIONS) --access-logfile - 'companion:create_app()'

test: setup
	-@$(MAKE) --no-print-directory $(AXE)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict --follow-imports=silent companion/rules

bench: setup
	$(BIN)/python -m tests.bench.run

# The long reliability runs (minutes): backups under load, a frozen database (PostgreSQL, with
# TEST_DATABASE_URL), 100,000 fuzzed requests. SOAK_BACKUPS / SOAK_FUZZ / SOAK_FREEZES resize.
soak: setup
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/soak $(PYTEST_ARGS)

extract: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ -k _l -k lazy_pgettext:1c,2 -o companion/translations/messages.pot .
	$(BIN)/pybabel update -i companion/translations/messages.pot -d companion/translations --no-fuzzy-matching

clean:
	rm -rf $(VENV) tests/e2e/node_modules .pytest_cache .hypothesis test-output
