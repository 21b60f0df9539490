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

# Four workers on two cores: a Pilot test waits on its app about half the time, so two workers
# a core keep both cores busy.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n 4 --durations=5 $(ARGS)

BENCHES := startup actions autosave odds pool keys player_view crash hostile monkey memory
# Every script runs; the target fails afterwards if any of them missed a target (exited non-zero).
bench: $(STAMP)
	@failed=""; for script in $(BENCHES); do \
		echo "== bench/$$script"; $(BIN)/python bench/$$script || failed="$$failed $$script"; \
	done; \
	if [ -n "$$failed" ]; then echo "bench: missed a target:$$failed"; exit 1; fi

screenshot: $(STAMP)
	$(BIN)/python docs/screenshot
	$(BIN)/python docs/player-screenshot

clean:
	rm -rf $(VENV) build dist *.egg-info
