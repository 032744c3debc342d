"""Settings: the model file and the agent's limits, saved to the TOML config under ``CARREL_HOME``.

A new model is validated on save by really opening it (in a worker) through ``models.open_model``, so the user
sees the same typed error the desk would hit (missing file, not a GGUF, corrupt, no chat template, checksum);
nothing is saved until it opens, and the opened model goes straight into use.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Static

from agent.settings import AgentSettings
from models.errors import ModelError
from models.protocol import ChatModel
from tui.config import CarrelConfig
from tui.formatting import display_path
from tui.models_slot import ModelSlot
from tui.services import services_of

LIMIT_FIELDS = {
    "max_steps": "Max steps",
    "max_searches": "Max searches",
    "token_budget": "Token budget",
    "time_limit_s": "Time limit (s)",
}


def config_errors(error: ValidationError) -> list[str]:
    """One line per bad field, named as the form names it."""
    lines = []
    for detail in error.errors():
        field = str(detail["loc"][0]) if detail["loc"] else ""
        lines.append(f"{LIMIT_FIELDS.get(field, field)}: {detail['msg']}")
    return lines


def form_to_config(values: dict[str, str]) -> CarrelConfig:
    """Validate the form as the config (and as the agent's settings, which are stricter on searches)."""
    raw: dict[str, object] = {key: value.strip() for key, value in values.items() if value.strip()}
    raw["model"] = values.get("model", "").strip() or None
    config = CarrelConfig.model_validate(raw)
    AgentSettings(
        max_steps=config.max_steps,
        max_searches=config.max_searches,
        token_budget=config.token_budget,
        time_limit_s=config.time_limit_s,
    )
    return config


class SettingsScreen(Screen[None]):
    """A form; Ctrl+S validates and saves."""

    IS_PAGE: ClassVar[bool] = True  # Library, History and Settings replace each other instead of stacking

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "save", "Save"),
    ]

    class ModelChecked(Message):
        """The worker tried to open the model: ``model`` on success, else ``error`` (a typed ModelError)."""

        def __init__(self, config: CarrelConfig, model: ChatModel | None, error: str = "") -> None:
            super().__init__()
            self.config = config
            self.model = model
            self.error = error

    def compose(self) -> ComposeResult:
        config = services_of(self.app).config
        yield Header()
        with Vertical(classes="page"):
            yield Static(
                Content.from_markup(
                    "Saved to [b]$path[/b]. Leave the model empty to use the bundled one.",
                    path=display_path(services_of(self.app).home.config_file),
                ),
                classes="page-intro",
            )
            with Grid(id="settings-form"):
                yield Label("Model file")
                yield Input(
                    config.model or "", placeholder="/path/to/model.gguf or scripted:FILE", id="model"
                )
                for field, label in LIMIT_FIELDS.items():
                    yield Label(label)
                    yield Input(str(getattr(config, field)), id=field, type="number")
            yield Static("", id="settings-error")
            with Horizontal(id="settings-buttons"):
                yield Button("Save (Ctrl+S)", id="save", variant="primary")

    def on_mount(self) -> None:
        self.sub_title = "settings"
        self.query_one("#model", Input).focus()

    def form_values(self) -> dict[str, str]:
        return {field.id or "": field.value for field in self.query(Input)}

    @on(Button.Pressed, "#save")
    @on(Input.Submitted)
    def action_save(self) -> None:
        error_box = self.query_one("#settings-error", Static)
        try:
            config = form_to_config(self.form_values())
        except ValidationError as error:
            error_box.update("\n".join(config_errors(error)))
            return
        if config.model == services_of(self.app).config.model:
            self._save(config, None)
            return
        error_box.update("Checking the model file…")
        self.check_model(config)

    @work(thread=True, exclusive=True, exit_on_error=False, group="settings")
    def check_model(self, config: CarrelConfig) -> None:
        """Open the model exactly as the desk would; a failure is reported, never saved."""
        from tui.app import model_slot_for

        services = services_of(self.app)
        slot = model_slot_for(services.home, None, config.model)
        try:
            model = slot.load()
        except (ModelError, OSError) as error:
            self.post_message(self.ModelChecked(config, None, f"{type(error).__name__}: {error}"))
            return
        self.post_message(self.ModelChecked(config, model))

    @on(ModelChecked)
    def _model_checked(self, message: ModelChecked) -> None:
        if message.model is None:
            self.query_one("#settings-error", Static).update(
                Content.from_markup("[$error]Not saved.[/] $e", e=message.error)
            )
            return
        self._save(message.config, message.model)

    def _save(self, config: CarrelConfig, model: ChatModel | None) -> None:
        services = services_of(self.app)
        services.save_config(config)
        if model is not None:
            from tui.app import CarrelApp

            loaded = model
            if isinstance(self.app, CarrelApp):
                self.app.reload_model(ModelSlot(lambda: loaded, model.model_id))
        self.query_one("#settings-error", Static).update("")
        self.notify(f"Saved to {display_path(services.home.config_file)}", title="Settings", markup=False)
