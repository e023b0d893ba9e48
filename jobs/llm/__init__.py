"""LLM extraction and summaries through any OpenAI-compatible endpoint (DESIGN §5, §7, §8).

Nothing here imports `openai` at module level: `memjobs --help` and `memjobs search` must stay
fast (DESIGN §7), so the SDK is imported inside `LLMClient` only when a request is made.
"""
from __future__ import annotations

from typing import Any

from memory_store.redact import redact

__all__ = ["redact", "redact_tree"]


def redact_tree(value: Any) -> Any:
    """Every string inside a parsed JSON value, redacted (a model may echo a secret)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [redact_tree(v) for v in value]
    if isinstance(value, dict):
        return {redact(str(k)): redact_tree(v) for k, v in value.items()}
    return value
