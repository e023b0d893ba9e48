"""Which summariser a run uses: the rules one, or the LLM one with the rules as its fallback."""
from __future__ import annotations

from typing import Any

from jobs.daily.model import Summarizer
from jobs.daily.rules import RulesSummarizer
from memory_store.config import Config


def summarizer_for(cfg: Config, extras: dict[str, Any] | None = None, *, dry_run: bool = False) -> Summarizer:
    """`summarize.engine: rules` → the rules summariser; `llm` → the LLM summariser, sharing the
    run's LLM client with the microSync step's extractor when there is one (one breaker and one
    token budget per run), with the rules as fallback unless `llm.fallback: fail`."""
    rules = RulesSummarizer(tz=cfg.tz)
    if cfg.summarize.engine != "llm":
        return rules
    from jobs.daily.llm_engine import LLMSummarizer
    from jobs.llm.client import LLMClient

    extras = extras if extras is not None else {}
    client = getattr(extras.get("llm_extractor"), "client", None) or extras.get("llm_client")
    if client is None:
        client = LLMClient(cfg.llm, cfg.state_dir, write_cache=not dry_run)
        extras["llm_client"] = client
    return LLMSummarizer(client, rules if cfg.llm.fallback == "rules" else None)
