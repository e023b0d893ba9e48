"""`memjobs llm check`: negotiate the structured-output form afresh (a tiny request per form
tried, the answer remembered for later runs) and say what was found. Returns a plain dict; the
CLI renders it (and `--json`)."""
from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from jobs.llm.client import LLMClient, LLMUnavailable
from jobs.llm.fit import bounds
from memory_store.config import Config


def llm_check(cfg: Config, *, env: Mapping[str, str] | None = None,
              schemas: Mapping[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """{"ok", "base_url", "model", "api_key_env", "key_set", "reachable", "model_answers", "mode",
    "schema_constrained", "negotiation", "context_tokens", "max_tokens", "reply_bounds",
    "sample_reply", "latency_ms", "calls", "prompt_tokens", "completion_tokens", "error"}.

    `schemas` (name → the reply schema a job sends): `reply_bounds` says, for each, the most items
    and the longest string its replies may hold once fitted to `max_tokens` (jobs/llm/fit.py).

    `ok` is true when some request form gave the JSON asked for; `mode` is that form
    (json_schema, json_object_schema, guided_json, json_object or text) and `negotiation.steps`
    what each form tried got. No retries, no reply cache: the answer describes the endpoint now.
    """
    llm = cfg.llm
    client = LLMClient(llm, cfg.state_dir, retries=0, use_cache=False, env=env)
    key_set = bool(client.env.get(llm.api_key_env or ""))
    out: dict[str, Any] = {
        "ok": False, "base_url": llm.base_url or "https://api.openai.com/v1", "model": llm.model,
        "api_key_env": llm.api_key_env, "key_set": key_set, "reachable": False,
        "model_answers": False, "mode": None, "schema_constrained": False, "negotiation": None,
        "context_tokens": None, "max_tokens": None, "reply_bounds": None, "sample_reply": None, "latency_ms": None,
        "error": None,
    }
    import openai  # noqa: F401  -- imported before the clock starts: latency is the request's

    started = time.monotonic()
    try:
        client.capabilities(fresh=True)
    except LLMUnavailable as exc:
        out["error"] = exc.message
    else:
        out["ok"] = out["model_answers"] = True
    out["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    out["reachable"] = client.responded
    out["mode"] = client.mode()
    out["schema_constrained"] = client.mode() in ("json_schema", "json_object_schema", "guided_json")
    out["negotiation"] = client.negotiation.get("steps")
    out["context_tokens"] = client.context_tokens()
    out["max_tokens"] = client.max_tokens()
    out["reply_bounds"] = {name: bounds(client.reply_schema(dict(schema)))
                           for name, schema in (schemas or {}).items()}
    out["sample_reply"] = client.sample
    out.update({k: getattr(client.usage, k) for k in ("calls", "prompt_tokens", "completion_tokens")})
    return out
