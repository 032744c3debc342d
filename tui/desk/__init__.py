"""The research desk: the Textual app, its screens and widgets, and the services they reach the core through.

Only the ``desk`` command imports this package; the other commands never load Textual or Rich.
"""
