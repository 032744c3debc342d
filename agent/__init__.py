"""The ReAct research agent: explicit state, hard limits in code, validated citations, recorded trajectories.

Never imports Textual; the TUI, the CLI, the recorder and the eval harness consume the same event stream.
"""
