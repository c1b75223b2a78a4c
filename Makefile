# On a fresh clone, nothing installed by hand:
#   make demo      - set up and run the main job on SQLite
#   make test      - set up and run the checks: ruff, mypy, lint-imports, every test not `slow`
#   make test-all  - the same with every test (kills, crashes, browsers, long property runs)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test test-all lint typecheck pytest pytest-all bench clean catalogs site-catalog messages-catalog

# Installed against constraints.txt: the versions last seen passing, on every machine.
PIP_INSTALL := $(BIN)/pip install --quiet -c constraints.txt

$(BIN)/tourney: pyproject.toml constraints.txt tests/games/morra/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(PIP_INSTALL) -e '.[dev]'
	# The tests' third game, High card, a distribution of its own found through its entry
	# point (tests/games/highcard/pyproject.toml), as a club's game would be.
	$(PIP_INSTALL) --no-deps -e tests/games/highcard
	# Its fourth, Morra in partnerships, with its own words in Italian and Russian.
	$(PIP_INSTALL) --no-deps -e tests/games/morra
	# An editable install compiles nothing; where PYTHONDONTWRITEBYTECODE is set, every
	# command would compile tourney's modules again (tens of ms each): compile them once.
	$(BIN)/python -m compileall -q tourney
	touch $@

# The demo runs in its own folder: demo/tourney.db (SQLite) and the site in demo/site/.
demo: $(BIN)/tourney
	mkdir -p demo
	cd demo && ../$(BIN)/tourney demo

lint: $(BIN)/tourney
	$(BIN)/ruff check tourney tests bench fixtures migrations
	$(BIN)/ruff format --check tourney tests bench fixtures migrations
	$(BIN)/lint-imports

typecheck: $(BIN)/tourney
	$(BIN)/mypy

# Every core: `-n auto`. Tests marked `slow` (pyproject.toml) run only in `make test-all`.
# `--dist worksteal`: a worker that runs out of tests takes some from another's queue (the
# default hands out fixed chunks, and a 2-core run sat with one worker idle for its last
# ten minutes while the other worked through the evenings' scenarios).
#
# Where PYTHONDONTWRITEBYTECODE is set, pytest keeps no copy of the test modules it rewrote
# for its assertions, and every worker rewrote all of them again at each run (about 11 s of
# CPU each, two thirds of collecting): the tests run with it unset (an empty value), and
# the rewritten modules go to tests/**/__pycache__/ (ignored by git).
#
# `make test` runs the property tests with a fifth of their examples (Hypothesis' profile
# `quick`, tests/conftest.py: every test's own count scaled by tests/support.py's
# `examples`); `make test-all`, and so CI, runs every one of them in full.
# `make test` also leaves to `make test-all` the tests another, faster one in it repeats:
# each whole evening's language scan in its second language (test_no_english_left), and
# the PostgreSQL cases of the rebuilds and of most of the store contract (SQLite runs all).
pytest pytest-all: export PYTHONDONTWRITEBYTECODE :=
pytest: export HYPOTHESIS_PROFILE ?= quick

pytest: $(BIN)/tourney
	$(BIN)/pytest -q -n auto --dist worksteal -m "not slow"

pytest-all: $(BIN)/tourney
	$(BIN)/pytest -q -n auto --dist worksteal

test: lint typecheck pytest

test-all: lint typecheck pytest-all

bench: $(BIN)/tourney
	$(PIP_INSTALL) -e '.[dev,bench]'
	$(BIN)/python -m bench

# The pages' gettext catalog (domain `site`, tourney/i18n.py): extract every English string
# of the templates and of page_()/npage_()/page_p()/npage_p() (with a msgctxt)/page_mark()
# into a template (.pot), merge it into
# each language's .po (a translator fills the new entries: a test fails on an empty or fuzzy
# one), compile the .mo files the package ships (a test fails when they differ from the .po).
# `make catalogs` does every domain (the CLI's `messages` has its own target). What a
# translator follows, and the tests that check it: docs/translating.md.
LOCALE    := tourney/locale
LANGS     := it ru
PYBABEL   := $(BIN)/pybabel
site-catalog: $(BIN)/tourney
	$(PYBABEL) -q extract -F babel-site.cfg --no-default-keywords -k page_ -k npage_:1,2 \
		-k page_p:1c,2 -k npage_p:1c,2,3 -k page_mark -k sentence_ -k nsentence_:1,2 --sort-by-file --no-wrap --omit-header -o $(LOCALE)/site.pot .
	for lang in $(LANGS); do \
		if [ -f $(LOCALE)/$$lang/LC_MESSAGES/site.po ]; then \
			$(PYBABEL) -q update --no-wrap --no-fuzzy-matching --ignore-obsolete --ignore-pot-creation-date -D site \
				-l $$lang -i $(LOCALE)/site.pot -d $(LOCALE); \
		else \
			$(PYBABEL) -q init --no-wrap -D site -l $$lang -i $(LOCALE)/site.pot -d $(LOCALE); \
		fi; \
	done
	$(PYBABEL) -q compile -D site -d $(LOCALE) --statistics


# The messages catalog (what the CLI says): the code's _()/ngettext() and every --help text
# into tourney/locale/messages.pot, merged into each language's .po, compiled to the .mo
# files the package ships.
messages-catalog: $(BIN)/tourney
	$(BIN)/pybabel extract -F babel.cfg -k sentence_ -k nsentence_:1,2 \
		-o tourney/locale/messages.pot --add-location file \
		--width 100 --project tourney --copyright-holder tourney --sort-by-file .
	$(BIN)/python -m tourney.cli.catalog tourney/locale/messages.pot
	$(BIN)/pybabel update -D messages -i tourney/locale/messages.pot -d tourney/locale \
		--no-fuzzy-matching --ignore-obsolete --width 100 --ignore-pot-creation-date
	$(BIN)/pybabel compile -D messages -d tourney/locale --statistics

catalogs: site-catalog messages-catalog

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
