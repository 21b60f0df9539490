# Two commands set everything up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench screenshot clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hammertui $(ARGS)

test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --durations=5 $(ARGS)

bench: $(STAMP)
	$(BIN)/python bench/startup
	$(BIN)/python bench/actions
	$(BIN)/python bench/autosave
	$(BIN)/python bench/odds
	$(BIN)/python bench/pool
	$(BIN)/python bench/fight
	$(BIN)/python bench/keys

screenshot: $(STAMP)
	$(BIN)/python docs/screenshot
	$(BIN)/python docs/player-screenshot

clean:
	rm -rf $(VENV) build dist *.egg-info
