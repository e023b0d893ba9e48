"""`memjobs llm check`: one tiny request that says whether the endpoint, the model and the
structured-output mode work. Returns a plain dict; the CLI renders it (and `--json`)."""
from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from jobs.llm.client import InvalidReply, LLMClient, LLMUnavailable
from memory_store.config import Config

CHECK_SYSTEM = 'You are a health check. Reply with the JSON object {"ok": true} and nothing else.'
CHECK_SCHEMA: dict[str, Any] = {"type": "object", "properties": {"ok": {"type": "boolean"}},
                                "required": ["ok"], "additionalProperties": False}


def _is_object(value: Any) -> Any:
    if not isinstance(value, dict):
        raise InvalidReply("the reply is not a JSON object")
    return value


def llm_check(cfg: Config, *, env: Mapping[str, str] | None = None) -> dict[str, Any]:
    """{"ok", "base_url", "model", "key_set", "reachable", "model_answers", "mode", "latency_ms",
    "calls", "prompt_tokens", "completion_tokens", "error"}; `ok` is true when the model answered JSON.

    No retries, no cache: the answer describes the endpoint as it is now. `mode` is the first
    structured-output mode the server accepted (json_schema, json_object or text).
    """
    llm = cfg.llm
    client = LLMClient(llm, None, retries=0, use_cache=False, env=env)
    key_set = bool(client.env.get(llm.api_key_env or ""))
    out: dict[str, Any] = {
        "ok": False, "base_url": llm.base_url or "https://api.openai.com/v1", "model": llm.model,
        "api_key_env": llm.api_key_env, "key_set": key_set, "reachable": False,
        "model_answers": False, "mode": None, "latency_ms": None, "error": None,
    }
    import openai  # noqa: F401  -- imported before the clock starts: latency is the request's

    started = time.monotonic()
    try:
        client.complete_json(system=CHECK_SYSTEM, user="ping", schema=CHECK_SCHEMA,
                             schema_name="health_check", prompt_version="check", check=_is_object)
    except LLMUnavailable as exc:
        out["error"] = exc.message
    else:
        out["ok"] = out["model_answers"] = True
    out["latency_ms"] = round((time.monotonic() - started) * 1000, 1)
    out["reachable"] = client.responded
    out["mode"] = client.mode()
    out.update({k: getattr(client.usage, k) for k in ("calls", "prompt_tokens", "completion_tokens")})
    return out
