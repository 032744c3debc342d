"""The Tantivy index of passages and the narrow search tool the agent calls.

Only this package imports ``tantivy``; callers get the pydantic models from :mod:`indexer.results`.
"""
