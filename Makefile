# deckjudge: `make run` serves on 127.0.0.1:8000 (PORT overrides); `make test` runs the suite.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run import test lint bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

import: install
	$(BIN)/flask --app app catalog import

run: import
	$(BIN)/gunicorn -c gunicorn_conf.py 'app:create_app()'

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check .

bench: import
	$(BIN)/python bench/validate.py

clean:
	rm -rf $(VENV) instance .pytest_cache
