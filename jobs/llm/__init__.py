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

import re
from typing import Any

from memory_store.redact import redact

__all__ = ["redact", "redact_tree", "estimate_tokens", "chars_per_token"]

CHARS_PER_TOKEN = 4     # spaced scripts, roughly, in the common tokenizers
# Thai, kana, CJK and Hangul take about a token a character (often more in small vocabularies).
_DENSE_RE = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def estimate_tokens(text: str) -> int:
    """A conservative token count without a tokenizer: a token per Thai/CJK character, one per
    four other characters. Used to size prompts to a context, so it errs on the high side."""
    dense = len(_DENSE_RE.findall(text))
    return max(1, dense + (len(text) - dense) // CHARS_PER_TOKEN)


def chars_per_token(text: str) -> float:
    """How many characters of this text make a token (4 for English, ~1 for Thai or Chinese)."""
    return max(1.0, len(text) / estimate_tokens(text)) if text else float(CHARS_PER_TOKEN)


def redact_tree(value: Any) -> Any:
    """Every string inside a parsed JSON value, redacted (a model may echo a secret)."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [redact_tree(v) for v in value]
    if isinstance(value, dict):
        return {redact(str(k)): redact_tree(v) for k, v in value.items()}
    return value
