"""The Carrel desk app and its factory. ``make_app`` is the one way to build it: the CLI and the tests share it.

The app owns the screens and the background model load; everything it does to documents, indexes and models
goes through :class:`tui.desk.services.DeskServices`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen

from agent.events import AgentEvent
from agent.meaning import TextEmbedder
from agent.settings import AgentSettings
from agent.state import AgentState
from agent.tool import SearchBackend
from models.errors import ModelError
from models.protocol import ChatModel
from tui.config import load_config
from tui.desk.models_slot import EmbedderSlot, ModelSlot, embedder_slot_for, model_slot_for
from tui.desk.screens.desk import DeskScreen
from tui.desk.screens.settings import SettingsScreen
from tui.desk.services import (
    AgentRunner,
    CancelCheck,
    Clock,
    DeskSearchTool,
    DeskServices,
    utc_clock,
)
from tui.home import CarrelHome


class CarrelApp(App[None]):
    """Carrel's full-screen research desk."""

    CSS_PATH = "app.tcss"
    TITLE = "Carrel"
    SUB_TITLE = "offline research desk"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 (App declares it)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("ctrl+l", "library", "Library"),
        Binding("ctrl+r", "history", "History"),
        Binding("ctrl+o", "settings", "Settings"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
    ]

    class ModelLoaded(Message):
        """The background model load finished (successfully or not); the status bar says which."""

    class EmbedderLoaded(Message):
        """The background load of the sentence embedder finished; a warning says why tasks read by words only."""

    def __init__(self, services: DeskServices, *, index_paths: Sequence[Path] = ()) -> None:
        super().__init__()
        self.services = services
        self.index_paths = list(index_paths)

    def get_default_screen(self) -> Screen[Any]:
        return DeskScreen()

    def on_mount(self) -> None:
        for warning in self.services.config_warnings:
            self.notify(str(warning), title="Config", severity="warning", timeout=10, markup=False)
        self.load_model()
        self.call_after_refresh(self._open_start_screen)

    def _open_start_screen(self) -> None:
        """``carrel PATH`` indexes PATH first; a first run offers the demo corpus or a folder."""
        from tui.desk.screens.first_run import FirstRunScreen
        from tui.desk.screens.indexing import IndexingScreen

        if self.index_paths:
            self.push_screen(IndexingScreen(self.index_paths))
        elif not self.services.has_index():
            self.push_screen(FirstRunScreen())

    @work(thread=True, exclusive=True, exit_on_error=False, group="model")
    def load_model(self) -> None:
        """Load the model while the user types; a failure is kept and reported, never raised into the UI."""
        try:
            self.services.model_slot.load()
        except (ModelError, OSError, ValueError):
            pass
        finally:
            self.post_message(self.ModelLoaded())
        # After the model, so the model is ready first; loaded once, however often the model is swapped.
        self.services.embedder_slot.load()
        self.post_message(self.EmbedderLoaded())

    def on_carrel_app_embedder_loaded(self, _message: EmbedderLoaded) -> None:
        warning = self.services.embedder_slot.warning
        if warning is not None:
            self.notify(
                warning, title="Reranking by meaning off", severity="warning", timeout=15, markup=False
            )

    def on_carrel_app_model_loaded(self, _message: ModelLoaded) -> None:
        error = self.services.model_slot.error
        if error is not None:
            self.notify(str(error), title="Model not loaded", severity="error", timeout=15, markup=False)
        for screen in self.screen_stack:
            if isinstance(screen, DeskScreen):
                screen.refresh_model_status()

    @on(SettingsScreen.ModelChosen)
    def _model_chosen(self, message: SettingsScreen.ModelChosen) -> None:
        self.reload_model(message.slot)

    def reload_model(self, slot: ModelSlot) -> None:
        """Settings changed the model: swap the slot and load the new one in the background."""
        self.services.model_slot = slot
        self.load_model()
        for screen in self.screen_stack:
            if isinstance(screen, DeskScreen):
                screen.refresh_model_status()

    # -- navigation ---------------------------------------------------------------------------------------

    def _open_once(self, screen_type: type[Screen[None]], factory: Callable[[], Screen[None]]) -> None:
        """Open a page; from another idle page it replaces that one, so Escape leads back to the desk."""
        if isinstance(self.screen, screen_type):
            return
        if getattr(self.screen, "IS_PAGE", False) and not getattr(self.screen, "busy", False):
            self.switch_screen(factory())
        else:
            self.push_screen(factory())

    def action_help(self) -> None:
        from tui.desk.screens.help import HelpScreen

        self._open_once(HelpScreen, HelpScreen)

    def action_library(self) -> None:
        from tui.desk.screens.library import LibraryScreen

        self._open_once(LibraryScreen, LibraryScreen)

    def action_history(self) -> None:
        from tui.desk.screens.history import HistoryScreen

        self._open_once(HistoryScreen, HistoryScreen)

    def action_settings(self) -> None:
        self._open_once(SettingsScreen, SettingsScreen)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Every action in the command palette, with the key that also runs it."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Help (F1)", "Keys, screens and what Carrel does", self.action_help)
        yield SystemCommand("Library (Ctrl+L)", "Indexed folders: add, re-index, remove", self.action_library)
        yield SystemCommand("History (Ctrl+R)", "Past tasks; reopen one read-only", self.action_history)
        yield SystemCommand("Settings (Ctrl+O)", "Model file and agent limits", self.action_settings)
        desk = next((s for s in reversed(self.screen_stack) if isinstance(s, DeskScreen)), None)
        if desk is not None and desk.replay is None:
            yield SystemCommand(
                "Export answer (Ctrl+E)", "Write answer and sources to Markdown", desk.action_export
            )
            yield SystemCommand(
                "Cancel task (Escape)", "Stop the running task; it is recorded", desk.action_cancel_task
            )
            yield SystemCommand(
                "New question (Ctrl+N)",
                "Start afresh, dropping a needs-user context",
                desk.action_new_question,
            )
            yield SystemCommand(
                "Toggle trajectory (Ctrl+T)", "Show or hide the step log", desk.action_toggle_trajectory
            )


def _default_search_opener(index_dir: Path) -> DeskSearchTool:
    from indexer.search import open_search_tool

    return open_search_tool(index_dir)


def _default_agent_runner() -> AgentRunner:
    from agent.loop import Agent

    def run(
        question: str,
        settings: AgentSettings,
        *,
        model: ChatModel,
        tool: SearchBackend,
        should_cancel: CancelCheck,
        previous: AgentState | None,
        embedder: TextEmbedder | None,
    ) -> Iterator[AgentEvent]:
        agent = Agent(model=model, tool=tool, settings=settings, embedder=embedder)
        return agent.run(question, should_cancel=should_cancel, previous=previous)

    return run


def start_process_helpers() -> None:
    """Start multiprocessing's resource tracker while stdio is still real.

    The indexer extracts large folders in a forkserver process pool; the tracker it needs passes
    ``sys.stderr.fileno()`` to its child, and inside a running Textual app stderr is a capture object whose
    fileno is -1, which makes the pool fail with "bad value(s) in fds_to_keep".
    """
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()


def make_app(
    home: CarrelHome,
    *,
    model_spec: str | None = None,
    setting_options: Mapping[str, Any] | None = None,
    model: ChatModel | None = None,
    agent_runner: AgentRunner | None = None,
    search_opener: Callable[[Path], DeskSearchTool] | None = None,
    index_paths: Sequence[Path] = (),
    clock: Clock = utc_clock,
    export_dir: Path | None = None,
    embedder: TextEmbedder | None = None,
) -> CarrelApp:
    """Build the app. Tests pass ``model`` (a ScriptedModel) and a ``home`` under ``tmp_path``, and ``embedder``
    when the task should rerank with one (without ``model``, the installed embedder is loaded instead).

    ``setting_options`` are the command line's (``tui.wiring.resolve_settings`` checks them, as for ask).
    """
    home.ensure()
    start_process_helpers()
    config, warnings = load_config(home.config_file)
    if model is not None:
        ready_model = model
        slot = ModelSlot(lambda: ready_model, model.model_id)
        embedder_slot = EmbedderSlot(lambda _warn: embedder)
    else:
        slot = model_slot_for(home, config, model_spec)
        embedder_slot = embedder_slot_for(home, config, dict(setting_options or {}))
    services = DeskServices(
        home=home,
        model_slot=slot,
        agent_runner=agent_runner or _default_agent_runner(),
        open_search=search_opener or _default_search_opener,
        embedder_slot=embedder_slot,
        config=config,
        config_warnings=warnings,
        setting_options=dict(setting_options or {}),
        clock=clock,
        export_dir=export_dir,
    )
    return CarrelApp(services, index_paths=index_paths)
