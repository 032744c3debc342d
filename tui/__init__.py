"""The terminal front end: the Textual research desk and the ``carrel`` command line. Only this package imports Textual."""
