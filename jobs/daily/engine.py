"""Which summariser a run uses: the rules one, or the LLM one with the rules as its fallback."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from jobs.daily.model import Summarizer
from jobs.daily.rules import RulesSummarizer
from memory_store.config import Config

if TYPE_CHECKING:
    from jobs.llm.client import LLMClient


def summarizer_for(cfg: Config, llm_client: Callable[[], LLMClient]) -> Summarizer:
    """`summarize.engine: rules` → the rules summariser; `llm` → the LLM summariser on the run's
    LLM client (`RunContext.llm_client`, shared with the microSync step: one breaker and one token
    budget per run), with the rules as fallback unless `llm.fallback: fail`."""
    rules = RulesSummarizer(tz=cfg.tz)
    if cfg.summarize.engine != "llm":
        return rules
    from jobs.daily.llm_engine import LLMSummarizer

    return LLMSummarizer(llm_client(), rules if cfg.llm.fallback == "rules" else None)
