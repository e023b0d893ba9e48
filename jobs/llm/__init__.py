"""LLM extraction and summaries through any OpenAI-compatible endpoint (docs/design.md §5, §7, §8).

- `client.LLMClient(cfg.llm, state_dir, budget)`: retries, structured-output negotiation, breaker,
  token budget, reply cache. One per run, shared by the extractor and the summariser.
- `extractor.LLMExtractor(client, fallback)` / `build_llm_extractor(cfg, client)`: `Extractor`.
- `summarizer.LLMSummarizer(client, fallback)` / `summarize_day(...)`: the wrap-up's `Summarizer`.
- `check.llm_check(cfg) -> dict`: `memjobs llm check`.

Nothing here imports `openai` at module level: `memjobs --help` and `memjobs search` must stay
fast (docs/design.md §7), so the SDK is imported inside `LLMClient` only when a request is made.
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
