# Every target sets up what it needs: on a fresh clone `make serve` and `make test` are the whole set-up.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Serving needs the package alone; the tests and lint also their tools (extras test, lint).
SERVE_STAMP := $(VENV)/.installed-serve
TEST_STAMP := $(VENV)/.installed-test
MUTATE_STAMP := $(VENV)/.installed-mutate
# `make serve HOST=0.0.0.0` serves the house network (phones and other computers may join).
HOST ?= 127.0.0.1
BENCH_VENV := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.installed
JAX_VENV := .venv-jax
JAX_STAMP := $(JAX_VENV)/.installed
# axe-core, which the accessibility browser tests inject into pages (package.json pins it).
AXE := node_modules/axe-core/axe.min.js

# `make test` runs one case of each parametrized slow check (tests/slow_sample.py); `make test-full` all.
.PHONY: serve test test-full mutate play bench bench-train lint messages clean

define make_venv
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
endef

$(SERVE_STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/python -m pip install --quiet -e .
	touch $(SERVE_STAMP)

$(TEST_STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/python -m pip install --quiet -e ".[test,lint]"
	touch $(TEST_STAMP)

$(MUTATE_STAMP): pyproject.toml
	$(make_venv)
	$(BIN)/python -m pip install --quiet -e ".[test,mutate]"
	touch $(MUTATE_STAMP)

serve: $(SERVE_STAMP)
	$(BIN)/ludoteca serve --host $(HOST)

# The second pass: the kernels' equality check compiled with bounds checks (tests/vector/test_kernel_bounds.py).
test: $(TEST_STAMP) $(AXE)
	$(BIN)/python -m pytest -n 2 --dist loadgroup
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest -n 2 tests/vector/test_kernel_bounds.py

test-full: $(TEST_STAMP) $(AXE)
	$(BIN)/python -m pytest -n 2 --dist loadgroup --slow=all
	NUMBA_BOUNDSCHECK=1 $(BIN)/python -m pytest -n 2 tests/vector/test_kernel_bounds.py

# Mutation testing of the modules where a bug costs most, in a scratch copy (.runs/mutate/): long,
# so not in CI. `make mutate SAMPLE=40` tries 40 mutants per module, `MODULE=web/http/limits` one module.
mutate: $(MUTATE_STAMP)
	nice -n 10 $(BIN)/python benchmarks/mutate.py $(if $(SAMPLE),--sample $(SAMPLE)) \
		$(foreach module,$(MODULE),--module $(module))

# Without npm the accessibility tests fail and say why (see docs/web.md, "Accessibility").
$(AXE): package.json package-lock.json
	@if command -v npm >/dev/null; then npm ci --ignore-scripts --no-audit --no-fund && touch $(AXE); \
	else echo "npm is missing: the accessibility tests will fail (apt-get install npm)"; fi

play: $(SERVE_STAMP)
	$(BIN)/ludoteca play ludo --seats human,greedy,random,random

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

$(BENCH_STAMP): pyproject.toml benchmarks/requirements.txt
	test -x $(BENCH_VENV)/bin/python || $(PYTHON) -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(BENCH_VENV)/bin/python -m pip install --quiet -e ".[fast]" -r benchmarks/requirements.txt
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BENCH_VENV)/bin/python benchmarks/ludo_speed.py
	$(BENCH_VENV)/bin/python benchmarks/vector_speed.py
	$(BENCH_VENV)/bin/python benchmarks/mcts_speed.py
	$(BENCH_VENV)/bin/python benchmarks/siege_perft.py
	$(BENCH_VENV)/bin/python benchmarks/vector_speed.py --game museum
	$(BENCH_VENV)/bin/python benchmarks/vector_speed.py --game bremen --players 2 4

# PyTorch against JAX on the trainers' optimisation step (docs/learning.md "Why PyTorch"): JAX
# lives in its own environment, torch is the project's `[learn]` extra.
$(JAX_STAMP): benchmarks/requirements-jax.txt
	test -x $(JAX_VENV)/bin/python || $(PYTHON) -m venv $(JAX_VENV)
	$(JAX_VENV)/bin/python -m pip install --quiet -r benchmarks/requirements-jax.txt
	touch $(JAX_STAMP)

bench-train: $(TEST_STAMP) $(JAX_STAMP)
	$(BIN)/python benchmarks/train_speed.py --jax-python $(JAX_VENV)/bin/python

# Refresh the translation catalogs from the source (then translate the new entries).
LOCALES := src/ludoteca/i18n/locales
messages: $(SERVE_STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k NP_:1c,2 --no-location --sort-output --width 100 \
		--project ludoteca --msgid-bugs-address "" -o $(LOCALES)/ludoteca.pot src/ludoteca
	for lang in $$(ls $(LOCALES) | grep -v '\.pot$$'); do \
		$(BIN)/pybabel update --width 100 --no-fuzzy-matching --ignore-obsolete -D ludoteca \
			-i $(LOCALES)/ludoteca.pot -d $(LOCALES) -l $$lang; done

clean:
	rm -rf $(VENV) $(BENCH_VENV) $(JAX_VENV)
