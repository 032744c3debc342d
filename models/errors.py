"""Typed model failures. Each message names the file involved and what the user can do about it."""

from __future__ import annotations


class ModelError(Exception):
    """Base of every failure at the model boundary; the agent turns these into ``model_error`` stops."""
