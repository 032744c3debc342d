"""Everything the desk asks of Carrel's core, in one place: the seam between the Textual app and the packages.

Screens never import ``agent``'s loop, ``indexer`` or ``models`` directly; they call a :class:`DeskServices`,
built by :func:`tui.desk.app.make_app`. Tests build the same object with a scripted model and a temporary index,
so the app under test runs the real agent loop, the real search tool and the real trajectory recorder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from agent.events import AgentEvent
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings
from agent.state import AgentState
from agent.system_prompt import load_system_prompt
from agent.tool import SearchBackend
from agent.trajectory import (
    RunContext,
    Trajectory,
    TrajectoryRecorder,
    list_trajectories,
    load_trajectory,
    recorded,
)
from indexer.results import IndexStats, PassageRecord, RootInfo
from indexer.summary import IndexProgress, IndexSummary
from models.protocol import ChatModel
from tui.config import CarrelConfig, ConfigWarning, save_config
from tui.desk.models_slot import EmbedderSlot, ModelSlot
from tui.home import CarrelHome
from tui.wiring import resolve_settings, run_context

CancelCheck = Callable[[], bool]
Clock = Callable[[], datetime]

# The desk's interface runs in the indexing process: extracting inline there holds the interpreter from the
# interface, so the desk keeps the bound decision 0084 measured (about a second of extraction) rather than the
# command line's (decision 0097), and larger folders go to worker processes whatever the load.
DESK_INLINE_MAX_BYTES = 24_000_000


class AgentRunner(Protocol):
    """Runs one task and yields its events (default: ``agent.loop.Agent.run``, reranking with ``embedder`` when
    it is not None); the services record whatever it yields."""

    def __call__(
        self,
        question: str,
        settings: AgentSettings,
        *,
        model: ChatModel,
        tool: SearchBackend,
        should_cancel: CancelCheck,
        previous: AgentState | None,
        embedder: TextEmbedder | None,
    ) -> Iterator[AgentEvent]: ...


class DeskSearchTool(SearchBackend, Protocol):
    """What the desk reads from the index besides searching: full passages, whole documents, totals."""

    def passage(self, passage_id: str) -> PassageRecord | None: ...

    def query_terms(self, text: str) -> list[str]: ...

    def document_passages(self, doc_id: str) -> list[PassageRecord]: ...

    def stats(self) -> IndexStats: ...


def utc_clock() -> datetime:
    return datetime.now(UTC)


@dataclass
class DeskServices:
    """The core as the TUI sees it. Every method may block; screens call them from workers."""

    home: CarrelHome
    model_slot: ModelSlot
    agent_runner: AgentRunner
    open_search: Callable[[Path], DeskSearchTool]
    embedder_slot: EmbedderSlot = field(default_factory=EmbedderSlot)
    config: CarrelConfig = field(default_factory=CarrelConfig)
    config_warnings: list[ConfigWarning] = field(default_factory=list)
    setting_options: dict[str, Any] = field(default_factory=dict)
    clock: Clock = utc_clock
    export_dir: Path | None = None
    last_export: Path | None = None

    # -- the model ----------------------------------------------------------------------------------------

    @property
    def model_ready(self) -> bool:
        return self.model_slot.ready

    def model_status_text(self) -> str:
        """A few words for the status bar; the full error goes to a notification."""
        slot = self.model_slot
        if slot.error is not None:
            return f"model failed ({type(slot.error).__name__}); Ctrl+O to choose another"
        if slot.ready:
            return f"model ready: {slot.description}"
        return f"loading model {slot.description}…"

    # -- tasks --------------------------------------------------------------------------------------------

    def agent_settings(self) -> AgentSettings:
        """The settings ask would use: the config as it is now (Settings may have changed it), then the
        options the desk was started with."""
        return resolve_settings(self.config, self.setting_options).agent

    def run_task(
        self, question: str, *, previous: AgentState | None, should_cancel: CancelCheck
    ) -> Iterator[AgentEvent]:
        """Open the index, wait for the model, run the agent and record its trajectory.

        After a needs_user stop, ``previous`` is that task: the question refines it, and the new task starts
        from its sources and searches (``agent.continuation``) with limits of its own.
        """
        tool = self.open_search(self.home.index_dir)
        model = self.model_slot.get()
        settings = self.agent_settings()
        embedder = self.embedder_slot.load() if settings.reads_by_meaning else None
        events = self.agent_runner(
            question,
            settings,
            model=model,
            tool=tool,
            should_cancel=should_cancel,
            previous=previous,
            embedder=embedder,
        )
        recorder = TrajectoryRecorder(self.home.trajectories_dir, self._run_context(model, tool, settings))
        yield from recorded(events, recorder)

    def _run_context(self, model: ChatModel, tool: DeskSearchTool, settings: AgentSettings) -> RunContext:
        return run_context(
            model_id=model.model_id,
            choice=self.model_slot.choice,
            prompt_version=load_system_prompt().version,
            index_path=str(self.home.index_dir),
            document_count=tool.stats().documents,
            settings=settings,
        )

    # -- history ------------------------------------------------------------------------------------------

    def past_tasks(self) -> list[Path]:
        """Trajectory files, newest first."""
        return list_trajectories(self.home.trajectories_dir)

    def load_task(self, path: Path) -> Trajectory:
        """Raises ``TrajectoryError`` naming the file and line when it cannot be read."""
        return load_trajectory(path)

    # -- reading sources ----------------------------------------------------------------------------------

    def passage(self, passage_id: str) -> PassageRecord | None:
        """The full passage behind a source; None if it left the index since (re-indexed, removed)."""
        return self.open_search(self.home.index_dir).passage(passage_id)

    def query_terms(self, query: str) -> list[str]:
        """The index terms a query matched on, to highlight them in the passage."""
        return self.open_search(self.home.index_dir).query_terms(query)

    def document(self, doc_id: str) -> list[PassageRecord]:
        return self.open_search(self.home.index_dir).document_passages(doc_id)

    # -- the library --------------------------------------------------------------------------------------

    def has_index(self) -> bool:
        from indexer.build import list_roots

        return bool(list_roots(self.home.index_dir))

    def library(self) -> list[RootInfo]:
        from indexer.build import list_roots

        return list_roots(self.home.index_dir)

    def index_folders(
        self,
        roots: list[Path],
        *,
        on_progress: Callable[[IndexProgress], None],
        should_cancel: CancelCheck,
    ) -> IndexSummary:
        from indexer.build import index_folders

        return index_folders(
            roots,
            self.home.index_dir,
            on_progress=on_progress,
            should_cancel=should_cancel,
            inline_max_bytes=DESK_INLINE_MAX_BYTES,
        )

    def remove_folder(self, root: Path) -> IndexSummary:
        from indexer.build import remove_root

        return remove_root(self.home.index_dir, root)

    def write_demo_corpus(self) -> Path:
        from corpus.demo import write_demo_corpus

        return write_demo_corpus(self.home.demo_corpus_dir).root

    # -- settings -----------------------------------------------------------------------------------------

    def save_config(self, config: CarrelConfig) -> None:
        save_config(config, self.home.config_file)
        self.config = config

    @property
    def exports(self) -> Path:
        return self.export_dir or self.home.root / "exports"


def services_of(app: object) -> DeskServices:
    """The services of the running Carrel app (screens and widgets reach the core only through these)."""
    services = getattr(app, "services", None)
    if not isinstance(services, DeskServices):
        raise RuntimeError(
            "this screen runs only inside the Carrel app (build it with tui.desk.app.make_app)"
        )
    return services
