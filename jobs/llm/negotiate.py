"""Structured-output negotiation: which request form an endpoint honours, learned once per
(base_url, model) and remembered in `<state_dir>/llm-cache/endpoints.json` (docs/design.md §5).

OpenAI-compatible servers disagree on how a JSON schema is asked for:

- `json_schema`: `response_format: {"type": "json_schema", "json_schema": {name, schema, strict}}`
  — OpenAI, vLLM, LM Studio (which refuses `json_object` with a 400), Ollama ≥ 0.5, the
  llama.cpp server.
- `json_object_schema`: `response_format: {"type": "json_object", "schema": {…}}` — the
  llama-cpp-python server (which answers a `json_schema` request with an HTTP 500), and the
  llama.cpp server too.
- `guided_json`: the schema as the extra body field `guided_json` — vLLM before `json_schema`.
- `json_object`: plain JSON mode, unconstrained by the schema.
- `text`: no `response_format`; the reply is parsed leniently (fenced JSON, `<think>` skipped).

The probe walks the list with a tiny request: any 4xx/5xx, or a 200 whose content is not the JSON
asked for, steps down to the next form. A later request whose error body says the form is
unsupported steps down too (and the new form is remembered).
"""
from __future__ import annotations

import json
import re
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from memory_store.fileio import atomic_write
from memory_store.redact import redact

MODES = ("json_schema", "json_object_schema", "guided_json", "json_object", "text")
SCHEMA_MODES = ("json_schema", "json_object_schema", "guided_json")   # replies constrained by the schema
STORE_VERSION = 1
RELEARN_AFTER_S = 30 * 86400.0     # a remembered answer is asked again after 30 days

# An error body that says the request form (not the server) is the problem.
_UNSUPPORTED_RE = re.compile(
    r"response_format|json_schema|json_object|guided_json|structured.output|grammar|"
    r"not (?:be )?supported|unsupported|unknown (?:field|parameter|type|format)|must be '|"
    r"unrecognized|extra (?:fields|inputs) not permitted|invalid.*format",
    re.I,
)
# A schema keyword named in a refusal (strict json_schema on some servers rejects length limits).
_LENGTH_KEYWORD_RE = re.compile(r"maxLength|maxItems|minItems", re.I)


def says_unsupported(message: str) -> bool:
    """True when an error body blames the structured-output form of the request."""
    return bool(_UNSUPPORTED_RE.search(message or ""))


def names_length_keyword(message: str) -> bool:
    return bool(_LENGTH_KEYWORD_RE.search(message or ""))


def strip_lengths(schema: Any) -> Any:
    """The schema without maxLength/maxItems (for servers that refuse them; max_tokens still bounds)."""
    if isinstance(schema, dict):
        return {k: strip_lengths(v) for k, v in schema.items() if k not in ("maxLength", "maxItems")}
    if isinstance(schema, list):
        return [strip_lengths(v) for v in schema]
    return schema


def request_fields(mode: str, schema: dict[str, Any], name: str) -> dict[str, Any]:
    """The keyword arguments of `chat.completions.create` that ask for `mode`."""
    if mode == "json_schema":
        return {"response_format": {"type": "json_schema",
                                    "json_schema": {"name": name, "schema": schema, "strict": True}}}
    if mode == "json_object_schema":
        return {"response_format": {"type": "json_object", "schema": schema}}
    if mode == "guided_json":
        return {"extra_body": {"guided_json": schema}}
    if mode == "json_object":
        return {"response_format": {"type": "json_object"}}
    return {}


def next_mode(mode: str) -> str | None:
    i = MODES.index(mode)
    return MODES[i + 1] if i + 1 < len(MODES) else None


_CONTEXT_KEYS = ("max_model_len", "context_length", "max_context_length", "context_window", "n_ctx",
                 "n_ctx_train", "max_position_embeddings")


def context_from_models(payload: Any, model: str) -> int | None:
    """The context size a `/v1/models` answer states for `model` (vLLM `max_model_len`, LM Studio
    `max_context_length`, llama.cpp `meta.n_ctx_train`, …), or None when it says none."""
    data = payload.get("data") if isinstance(payload, dict) else payload
    if not isinstance(data, list):
        return None
    rows = [d for d in data if isinstance(d, dict)]
    mine = [d for d in rows if d.get("id") == model] or (rows if len(rows) == 1 else [])
    for row in mine:
        meta = row.get("meta")
        for place in (row, meta if isinstance(meta, dict) else {}):
            for key in _CONTEXT_KEYS:
                value = place.get(key)
                if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                    return value
    return None


@dataclass
class Capabilities:
    """What one endpoint+model was found to accept."""

    mode: str = MODES[0]
    context_tokens: int | None = None      # from /v1/models; None when the server does not say
    token_param: str = "max_tokens"        # or max_completion_tokens (newer OpenAI models)
    lengths_ok: bool = True                # False: maxLength/maxItems are stripped from schemas
    temperature_ok: bool = True            # False: the model refuses any temperature but its default
    learned_at: float = field(default_factory=time.time)
    probed: bool = False                   # True once the probe has run (not merely defaults)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Capabilities | None:
        if not isinstance(data, dict) or data.get("mode") not in MODES:
            return None
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        try:
            return cls(**known)
        except TypeError:
            return None


class CapabilityStore:
    """`endpoints.json`: {"version", "endpoints": {"<base_url> <model>": Capabilities}}."""

    def __init__(self, folder: Path | None, *, write: bool = True) -> None:
        self.path = folder / "endpoints.json" if folder is not None else None
        self.write = write

    @staticmethod
    def key(base_url: str, model: str) -> str:
        """The endpoint's name in the file: the URL redacted, so a password or key written into
        `base_url` (`http://user:pass@host/v1`, `?api_key=`) never reaches the disk from here."""
        return f"{redact(base_url).rstrip('/')} {model}"

    def _load(self) -> dict[str, Any]:
        if self.path is None or not self.path.is_file():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return {}
        if not isinstance(data, dict) or data.get("version") != STORE_VERSION:
            return {}
        endpoints = data.get("endpoints")
        return endpoints if isinstance(endpoints, dict) else {}

    def get(self, base_url: str, model: str, *, now: float | None = None) -> Capabilities | None:
        caps = Capabilities.from_dict(self._load().get(self.key(base_url, model)))
        if caps is None or not caps.probed:
            return None
        if (now if now is not None else time.time()) - caps.learned_at > RELEARN_AFTER_S:
            return None
        return caps

    def put(self, base_url: str, model: str, caps: Capabilities) -> None:
        if self.path is None or not self.write:
            return
        endpoints = self._load()
        endpoints[self.key(base_url, model)] = caps.to_dict()
        doc = {"version": STORE_VERSION, "endpoints": endpoints}
        atomic_write(self.path, json.dumps(doc, indent=1, sort_keys=True).encode("utf-8"), mode=0o600)
