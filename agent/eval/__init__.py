"""Judging the agent by its trajectories: regression suites, grading, reports, baseline and replay.

``suite`` loads JSONL cases; ``judge`` grades one finished ``AgentState`` against its case (pure);
``metrics`` aggregates grades per category; ``baseline`` grades the top search hit for comparison;
``report`` writes and compares ``report.json``/``report.md``; ``runner`` drives a whole suite through the
agent over a real index; ``replay`` re-runs a recorded task through the current code. No module here
renders anything or imports Textual: the ``carrel eval`` and ``carrel replay`` commands live in ``tui``.
"""
