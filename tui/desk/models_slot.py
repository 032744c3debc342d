"""The model, loaded once in the background: the user types while llama.cpp maps the file and evaluates the
system prompt (``agent.loop.warm_up``). The sentence embedder (decision 0081) loads the same way, after it.

A task that starts before the load finishes waits for it; a load that fails keeps its typed ``ModelError`` so the
status bar and the task both report the same words.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path

from agent.loop import warm_up
from agent.meaning import TextEmbedder
from models.errors import ModelError
from models.factory import ModelChoice, open_model
from models.protocol import ChatModel
from tui.config import CarrelConfig
from tui.home import CarrelHome
from tui.wiring import model_choice, open_embedder, resolve_settings

ModelOpener = Callable[[], ChatModel]


class ModelSlot:
    """Holds one model (or its load error); ``load`` runs in a worker thread, ``get`` blocks until it is done."""

    def __init__(self, opener: ModelOpener, description: str, choice: ModelChoice | None = None) -> None:
        self._opener = opener
        self.description = description
        self.choice = choice  # which file, for the trajectory's sha256; None for a model built in code
        self._future: Future[ChatModel] = Future()
        self._lock = threading.Lock()
        self._started = False
        self.load_seconds: float | None = None

    def load(self) -> ChatModel:
        """Open the model once; later calls (and concurrent ones) wait for the first."""
        with self._lock:
            first = not self._started
            self._started = True
        if not first:
            return self._future.result()
        started = time.perf_counter()
        try:
            model = self._opener()
        except BaseException as error:
            self._future.set_exception(error)
            raise
        self.load_seconds = time.perf_counter() - started
        self._future.set_result(model)
        return model

    def get(self) -> ChatModel:
        """The model, loading it in this thread if nobody started the load yet."""
        return self.load()

    @property
    def ready(self) -> bool:
        return self._future.done() and self._future.exception() is None

    @property
    def error(self) -> BaseException | None:
        return self._future.exception() if self._future.done() else None

    @property
    def loading(self) -> bool:
        return self._started and not self._future.done()


def model_slot_for(home: CarrelHome, config: CarrelConfig, spec: str | None) -> ModelSlot:
    """Resolve which model to use (as ``tui.wiring.model_choice`` does for ask) into a lazy slot."""
    try:
        choice = model_choice(config, spec)
    except ModelError as error:
        failure = error

        def fail() -> ChatModel:
            raise failure

        return ModelSlot(fail, "no model")
    warm_settings = resolve_settings(config).agent

    def open_warmed() -> ChatModel:
        """Open the model, then put the system prompt in its cache while the user types, before any task can use
        it (a model serves one call at a time), so the first question costs what later ones do."""
        model = open_model(choice, cache_dir=home.cache_dir)
        with contextlib.suppress(
            ModelError
        ):  # the first task meets the same error and reports it in its words
            warm_up(model, warm_settings)
        return model

    return ModelSlot(open_warmed, Path(choice.path).name, choice)


EmbedderOpener = Callable[[Callable[[str], None]], TextEmbedder | None]


class EmbedderSlot:
    """Holds the sentence embedder, or None (not installed, or it would not load: ``warning`` says why).

    ``load`` runs in the desk's background worker right after the model's; a task that starts first waits in
    its own worker, never the UI.
    """

    def __init__(self, opener: EmbedderOpener | None = None) -> None:
        self._opener = opener
        self._lock = threading.Lock()
        self._loaded = False
        self._embedder: TextEmbedder | None = None
        self.warning: str | None = None

    def load(self) -> TextEmbedder | None:
        """Open the embedder once; later calls (and concurrent ones) wait for the first and get its result."""
        with self._lock:
            if not self._loaded and self._opener is not None:
                self._embedder = self._opener(self._warn)
            self._loaded = True
            return self._embedder

    def _warn(self, message: str) -> None:
        self.warning = message


def embedder_slot_for(home: CarrelHome, config: CarrelConfig, options: dict[str, object]) -> EmbedderSlot:
    """The embedder the desk's tasks read by meaning with (reranking, the answer's closeness to the question),
    unless the settings it starts with use neither."""

    def opener(warn: Callable[[str], None]) -> TextEmbedder | None:
        try:
            settings = resolve_settings(config, options).agent
        except ValueError:  # a bad option: the task reports it in its own words
            return None
        return open_embedder(home, settings, warn)

    return EmbedderSlot(opener)
