# deckjudge: `make run` serves on 127.0.0.1:8000 (PORT overrides); `make test` runs the suite.
VENV ?= .venv
PYTHON ?= python3
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Installs a Debian package (as root, or with sudo); does nothing where there is no apt-get.
apt_install = if command -v apt-get >/dev/null; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	    $$sudo apt-get install -y -qq --no-install-recommends $(1) >/dev/null; \
	fi

.PHONY: install compile postgresql browser axe nginx sheets wrk run production import test test-fast test-long \
	contract-fuzz lint bench clean

install: $(STAMP) compile

# Each step of a first `make run` says what it does and how long it takes on 2 cores
# (install, then compile, import and serve).
$(STAMP): pyproject.toml
	@echo "==> installing deckjudge and its packages into $(VENV) with pip:" \
	  "about half a minute the first time"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The hot path compiled with mypyc beside its sources (tools/compiled.py says which modules
# and what it buys); rebuilt when one of them changes. `tools/compiled.py --clean` undoes it.
COMPILED := $(shell $(PYTHON) tools/compiled.py --list)
COMPILED_MANIFEST := build/compiled.json
compile: $(COMPILED_MANIFEST)

$(COMPILED_MANIFEST): $(STAMP) $(COMPILED) tools/compiled.py
	@if ! command -v cc >/dev/null; then \
	  echo "==> installing a C compiler (gcc, libc6-dev) with apt-get, for mypyc"; \
	  $(call apt_install,gcc libc6-dev); fi
	@if [ ! -f "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]; \
	then echo "==> installing Python's headers (python3-dev) with apt-get, for mypyc"; \
	  $(call apt_install,python3-dev); fi
	@$(BIN)/python tools/compiled.py --build

# The tests run every database test on a real PostgreSQL server they start themselves
# from the server binaries; on Debian without them, install the package.
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ -z "$$DECKJUDGE_PG_BIN" ]; \
	then $(call apt_install,postgresql); fi

# The browser tests drive Debian's Chromium through its ChromeDriver (Selenium downloads
# nothing); on Debian without them, install the packages.
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; \
	then $(call apt_install,chromium chromium-driver); fi

# The page's accessibility test runs axe-core, taken from the npm registry at a pinned
# version (its Python wrapper bundles a 2018 one); on Debian without npm, install it.
AXE_VERSION := 4.14.1
AXE_CORE := .cache/axe-core-$(AXE_VERSION)/axe.min.js
axe: $(AXE_CORE)

$(AXE_CORE):
	@if ! command -v npm >/dev/null; then $(call apt_install,npm); fi
	mkdir -p $(dir $@)
	cd $(dir $@) && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null \
	  && tar -xzf axe-core-$(AXE_VERSION).tgz --strip-components=1 package/axe.min.js \
	  && rm axe-core-$(AXE_VERSION).tgz

# The registration sheets print with Debian's fonts (DejaVu Sans; Noto Sans CJK for Japanese,
# Chinese and Korean; sheets/fonts.py finds them by path), and their tests read the PDFs back
# with poppler's pdftotext, pdfinfo and pdftoppm; on Debian without them, install the packages.
sheets:
	@if ! command -v pdftotext >/dev/null || [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] \
	  || [ ! -f /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ]; \
	then $(call apt_install,poppler-utils fonts-dejavu-core fonts-noto-cjk); fi

# The production stack (and its tests) put Debian's nginx in front of gunicorn.
nginx:
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; \
	then $(call apt_install,nginx); fi

import: install
	@echo "==> importing the card catalog (into DATABASE_URL, else instance/deckjudge.sqlite3):" \
	  "about 20 s the first time; later runs read the data again, a few seconds," \
	  "and skip the import when it is unchanged"
	$(BIN)/flask --app app catalog import

run: import
	@echo "==> serving on http://$${BIND:-127.0.0.1:$${PORT:-8000}}/:" \
	  "ready in a few seconds, until Ctrl-C"
	$(BIN)/gunicorn -c gunicorn_conf.py 'app:create_app()'

# deckjudge behind nginx on 127.0.0.1:8080 (PORT overrides): deploy/production.py.
production: import nginx
	$(BIN)/python -m deploy.production

# The whole suite, in parallel (pytest-xdist; each e2e module on one worker, see
# tests/conftest.py), with the soak and the fuzz shortened: `make test-long` runs those two
# at full length.
WORKERS ?= 3
SOAK_SECONDS ?= 10
FUZZ_EXAMPLES ?= 20
test: install postgresql browser axe nginx sheets
	DECKJUDGE_AXE=$(AXE_CORE) DECKJUDGE_SOAK_SECONDS=$(SOAK_SECONDS) \
	  DECKJUDGE_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) DECKJUDGE_FUZZ_COVERAGE=sqlite \
	  $(BIN)/python -m pytest -n $(WORKERS) --dist loadgroup --no-loadscope-reorder --no-cov

# What needs no server process, browser or PostgreSQL: tests/unit and tests/api on SQLite,
# with the full catalog's import kept in .cache/ between runs (tests/support/kept_catalog.py),
# and Python's bytecode and pytest's rewritten test modules kept in __pycache__ (whatever
# PYTHONDONTWRITEBYTECODE says): compiling them afresh cost every worker a fifth of the run.
# None of them fuzzes: leaving out Hypothesis's and schemathesis's plugins saves each of the
# three processes 1.6 s of imports.
FAST_WORKERS ?= 2
test-fast: install
	env -u PYTHONDONTWRITEBYTECODE DECKJUDGE_KEPT_CATALOG=.cache/test-catalog \
	  $(BIN)/python -m pytest tests/unit tests/api \
	  -m "not postgresql and not sweep" -n $(FAST_WORKERS) --no-cov -q -p no:schemathesis -p no:hypothesispytest

# The soak (60 s on each database) and the contract fuzz (50 examples) at full length.
test-long: install postgresql nginx
	DECKJUDGE_SOAK_SECONDS=60 DECKJUDGE_FUZZ_EXAMPLES=50 \
	  $(BIN)/python -m pytest -m slow -n 2 --dist loadgroup --no-cov

# The contract fuzz of the suite, longer and with a fresh seed each time.
contract-fuzz: install postgresql
	DECKJUDGE_FUZZ_EXAMPLES=$${EXAMPLES:-300} DECKJUDGE_FUZZ_SEED=$${SEED:-random} \
	  $(BIN)/python -m pytest tests/e2e/long/test_schemathesis.py -k sqlite

# Also: no code, comment, doc or test name tells history, the docs' figures are those of
# the last `make bench` (bench/figures.json), and the repository's own rules hold
# (tests/tooling: the layers, the compiled build, the deployment files).
lint: install
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python tools/no_history.py
	$(BIN)/python bench/report.py --check
	$(BIN)/python -m pytest tests/tooling -q --no-cov -p no:schemathesis -p no:hypothesispytest

# The load benchmark drives gunicorn with wrk; on Debian without it, install the package.
wrk:
	@if ! command -v wrk >/dev/null; then $(call apt_install,wrk); fi

bench: import wrk nginx browser
	$(BIN)/python bench/run.py

clean:
	$(PYTHON) tools/compiled.py --clean
	rm -rf $(VENV) instance .pytest_cache .cache build
