"""The agent settings a user may choose, declared once: the config file, the command line and the desk
all read this list.

Kept free of imports so the command line can declare its options before it knows which command runs.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UserSetting:
    """An agent setting a user may choose: ``key = value`` in the config file, ``--key`` on the command line
    of ``ask``, ``eval`` and the desk. Its type, bounds, default and meaning are the ``AgentSettings`` field
    of the same name; ``help`` is the short line ``--help`` shows."""

    key: str
    help: str

    @property
    def flag(self) -> str:
        return "--" + self.key.replace("_", "-")


# The one place to declare a setting users may choose: add an AgentSettings key here and the config file
# accepts it, ask, eval and the desk gain its option, and all three resolve it the same way (tui.wiring).
USER_SETTINGS = (
    UserSetting("max_steps", "model decisions allowed"),
    UserSetting("max_searches", "searches allowed"),
    UserSetting("token_budget", "prompt + completion tokens allowed"),
    UserSetting("time_limit_s", "wall-clock seconds allowed"),
    UserSetting("question_search", "code first searches the question text itself"),
    UserSetting(
        "rerank_by_meaning",
        "reorder what a search finds by closeness in meaning to the question (when the sentence embedder "
        "package is installed)",
    ),
    UserSetting(
        "rank_answers_by_meaning",
        "choose the answer by closeness in meaning to the question as well as by its words; whether there is "
        "one stays the words' to say (when the sentence embedder package is installed)",
    ),
    UserSetting(
        "answer_min_closeness",
        "how close in meaning to the question an answer must be to be offered (with the sentence embedder "
        "package; 0 judges by the question's key words instead)",
    ),
    UserSetting(
        "model_chooses",
        "in choices mode, the model picks which of code's queries to run and whether to search on (off: code "
        "takes its own first choice and the model is not asked)",
    ),
    UserSetting(
        "decisions",
        "choices: pick among code's queries and quoted answers; free: write them, each sentence checked against "
        "its sources; auto: free for a model of 1B+ parameters or a script",
    ),
)
USER_SETTING_KEYS = frozenset(setting.key for setting in USER_SETTINGS)
