"""The terminal front end, and the only package that imports Textual.

``tui.cli`` is the ``carrel`` command line (one module per command); ``tui.desk`` is the Textual research desk,
which only the ``desk`` command loads. Both stand on the same few modules here: where data lives (``home``),
the config file (``config``), the settings a user may choose (``user_settings``) and the one path from those
to a run's settings and recorded context (``wiring``).
"""
