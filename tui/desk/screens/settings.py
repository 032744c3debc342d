"""Settings: the model file, the agent's limits and its decision mode, saved to the TOML config under
``CARREL_HOME``.

A new model is validated on save by really opening it (in a worker) through ``models.open_model``, so the user
sees the same typed error the desk would hit (missing file, not a GGUF, corrupt, no chat template, checksum);
nothing is saved until it opens, and the opened model goes straight into use.
"""

from __future__ import annotations

import typing
from typing import ClassVar

from pydantic import ValidationError
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

from agent.settings import AgentSettings
from models.errors import ModelError
from tui.config import CarrelConfig
from tui.desk.formatting import display_path
from tui.desk.models_slot import ModelSlot, model_slot_for
from tui.desk.services import services_of
from tui.wiring import resolve_settings

LIMIT_FIELDS = {
    "max_steps": "Max steps",
    "max_searches": "Max searches",
    "token_budget": "Token budget",
    "time_limit_s": "Time limit (s)",
}
# Settings chosen from a list: the field's label and its choices (the AgentSettings field's Literal values).
CHOICE_FIELDS = {"decisions": "Decisions"}


def config_errors(error: ValidationError) -> list[str]:
    """One line per bad field, named as the form names it."""
    lines = []
    for detail in error.errors():
        field = str(detail["loc"][0]) if detail["loc"] else ""
        lines.append(f"{({**LIMIT_FIELDS, **CHOICE_FIELDS}).get(field, field)}: {detail['msg']}")
    return lines


def form_to_config(values: dict[str, str], current: CarrelConfig) -> CarrelConfig:
    """The form as the config, each limit checked by the agent's settings themselves (raises
    ``ValidationError``). An empty field means the default; settings the form does not show are kept."""
    shown = {**LIMIT_FIELDS, **CHOICE_FIELDS}
    limits = {key: values[key].strip() for key in shown if values.get(key, "").strip()}
    kept = {key: value for key, value in current.settings.items() if key not in shown}
    checked = AgentSettings.model_validate({**kept, **limits})
    settings = checked.model_dump(include=set(kept) | set(limits))
    return CarrelConfig(model=values.get("model", "").strip() or None, settings=settings)


def field_choices(field: str) -> tuple[str, ...]:
    """The values an ``AgentSettings`` Literal field allows, in its declared order."""
    return typing.get_args(AgentSettings.model_fields[field].annotation)


class SettingsScreen(Screen[None]):
    """A form; Ctrl+S validates and saves."""

    IS_PAGE: ClassVar[bool] = True  # Library, History and Settings replace each other instead of stacking

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("ctrl+s", "save", "Save"),
    ]

    class ModelChecked(Message):
        """The worker tried to open the model: its loaded ``slot`` on success, else ``error`` (a ModelError)."""

        def __init__(self, config: CarrelConfig, slot: ModelSlot | None, error: str = "") -> None:
            super().__init__()
            self.config = config
            self.slot = slot
            self.error = error

    class ModelChosen(Message):
        """A new model was saved and is loaded; the app puts ``slot`` into use (this bubbles up to it)."""

        def __init__(self, slot: ModelSlot) -> None:
            super().__init__()
            self.slot = slot

    def compose(self) -> ComposeResult:
        config = services_of(self.app).config
        shown = resolve_settings(config).agent  # the config file's values, defaults where it has none
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
                    yield Input(str(getattr(shown, field)), id=field, type="number")
                for field, label in CHOICE_FIELDS.items():
                    yield Label(label)
                    yield Select(
                        [(choice, choice) for choice in field_choices(field)],
                        value=getattr(shown, field),
                        allow_blank=False,
                        id=field,
                    )
            yield Static("", id="settings-error")
            with Horizontal(id="settings-buttons"):
                yield Button("Save (Ctrl+S)", id="save", variant="primary")

    def on_mount(self) -> None:
        self.sub_title = "settings"
        self.query_one("#model", Input).focus()

    def form_values(self) -> dict[str, str]:
        typed = {field.id or "": field.value for field in self.query(Input)}
        chosen = {field.id or "": str(field.value) for field in self.query(Select)}
        return typed | chosen

    @on(Button.Pressed, "#save")
    @on(Input.Submitted)
    def action_save(self) -> None:
        error_box = self.query_one("#settings-error", Static)
        try:
            config = form_to_config(self.form_values(), services_of(self.app).config)
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
        slot = model_slot_for(services_of(self.app).home, config, None)
        try:
            slot.load()
        except (ModelError, OSError) as error:
            self.post_message(self.ModelChecked(config, None, f"{type(error).__name__}: {error}"))
            return
        self.post_message(self.ModelChecked(config, slot))

    @on(ModelChecked)
    def _model_checked(self, message: ModelChecked) -> None:
        if message.slot is None:
            self.query_one("#settings-error", Static).update(
                Content.from_markup("[$error]Not saved.[/] $e", e=message.error)
            )
            return
        self._save(message.config, message.slot)

    def _save(self, config: CarrelConfig, slot: ModelSlot | None) -> None:
        services = services_of(self.app)
        services.save_config(config)
        if slot is not None:
            self.post_message(self.ModelChosen(slot))
        self.query_one("#settings-error", Static).update("")
        self.notify(f"Saved to {display_path(services.home.config_file)}", title="Settings", markup=False)
