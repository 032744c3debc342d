"""Read the answer out of a final decision while the model is still writing its JSON.

The model streams ``{"action": "final", "citations": [...], "answer": "...`` token by token; the desk shows the
answer text as a draft before the JSON is complete. Only display uses this: the validated answer replaces it.
"""

from __future__ import annotations

import json
import re

_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def _field_start(text: str, key: str) -> int | None:
    match = re.search(rf'"{re.escape(key)}"\s*:\s*"', text)
    return match.end() if match else None


def _decode_partial(body: str) -> str:
    """Decode a JSON string body that may be cut anywhere, stopping at its closing quote if present."""
    decoded: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == '"':
            break
        if char != "\\":
            decoded.append(char)
            index += 1
            continue
        if index + 1 >= len(body):
            break  # an escape cut in half: wait for the rest
        code = body[index + 1]
        if code == "u":
            if index + 6 > len(body):
                break
            decoded.append(json.loads(f'"{body[index : index + 6]}"'))
            index += 6
            continue
        decoded.append(_ESCAPES.get(code, code))
        index += 2
    return "".join(decoded)


def partial_string_field(text: str, key: str) -> str | None:
    """The (possibly unfinished) value of string field ``key`` in partial JSON, or None if not begun."""
    start = _field_start(text, key)
    if start is None:
        return None
    return _decode_partial(text[start:])


def is_final_decision(text: str) -> bool:
    """Whether the partial JSON is a final answer (so its answer text may be shown as a draft)."""
    return re.search(r'"action"\s*:\s*"final"', text) is not None
