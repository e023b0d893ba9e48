"""A thin wrapper around the `openai` client for any OpenAI-compatible endpoint.

What it adds (docs/design.md §5, §7): our own retries (the SDK's are off), structured output
negotiated per (base_url, model) — json_schema, then json_object, then plain text parsed
leniently —, a circuit breaker, a token budget per run, usage counters, and the reply cache.
The `openai` package is imported only when the first request is made.
"""
from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jobs.llm import redact
from jobs.llm.cache import ReplyCache, cache_key
from memory_store.config import LLMConfig
from memory_store.errors import LLMError

log = logging.getLogger("memjobs")

MODES = ("json_schema", "json_object", "text")
CHARS_PER_TOKEN = 4
DUMMY_KEY = "memjobs-no-key"  # keyless local servers (Ollama, llama.cpp, LM Studio) accept any key


class LLMUnavailable(LLMError):
    """A call could not be answered; with `llm.fallback: rules` the caller falls back."""

    code = "llm"


class CallFailed(LLMUnavailable):
    code = "llm_failed"


class BreakerOpen(LLMUnavailable):
    code = "llm_breaker"


class BudgetExceeded(LLMUnavailable):
    code = "llm_budget"


class InvalidReply(Exception):
    """The model answered, but not with what was asked (no JSON, wrong shape): retried."""


class _Retryable(Exception):
    pass


class _Fatal(Exception):
    pass


@dataclass
class Usage:
    """Counters of one run, for the run report."""

    calls: int = 0              # HTTP requests made (format negotiation included)
    failed_calls: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0
    budget_refusals: int = 0
    breaker_refusals: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def to_dict(self) -> dict[str, int]:
        return asdict(self)


@dataclass(frozen=True)
class Reply:
    data: Any
    mode: str          # json_schema | json_object | text | cache
    cached: bool = False


def estimate_tokens(text: str) -> int:
    return max(1, len(text) // CHARS_PER_TOKEN)


_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*\s*\n?(.*?)```", re.S)
_THINK_RE = re.compile(r"<think>.*?</think>", re.S | re.I)


def parse_lenient(text: str) -> Any:
    """The first JSON object or array in a model's text: code fences and <think> blocks skipped.

    Local models often wrap JSON in ```json fences or prepend reasoning; peers that parsed the
    raw text failed on exactly that (mem0 #3391). Raises InvalidReply when no JSON is found.
    """
    text = _THINK_RE.sub("", text).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    candidates = [m.group(1) for m in _FENCE_RE.finditer(text)] + [text]
    decoder = json.JSONDecoder()
    for chunk in candidates:
        for i, ch in enumerate(chunk):
            if ch not in "{[":
                continue
            try:
                value, _end = decoder.raw_decode(chunk, i)
            except json.JSONDecodeError:
                continue
            return value
    raise InvalidReply("the reply holds no JSON object")


def _short(text: str, limit: int = 300) -> str:
    text = redact(" ".join(str(text).split()))
    return text if len(text) <= limit else text[: limit - 1] + "…"


class LLMClient:
    """One per run: the breaker, the budget and the negotiated modes live as long as the run."""

    def __init__(
        self,
        llm: LLMConfig,
        state_dir: Path | None,
        budget: int | None = None,
        *,
        retries: int = 2,
        backoff_s: float = 0.5,
        breaker_after: int = 3,
        env: Mapping[str, str] | None = None,
        use_cache: bool = True,
        write_cache: bool = True,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.cfg = llm
        self.budget = llm.max_tokens_per_run if budget is None else budget
        self.retries = retries
        self.backoff_s = backoff_s
        self.breaker_after = breaker_after
        self.env = os.environ if env is None else env
        self.cache = ReplyCache(state_dir / "llm-cache" if (state_dir is not None and use_cache) else None,
                                write=write_cache)
        self.usage = Usage()
        self.consecutive_failures = 0
        self.last_error: str | None = None
        self.responded = False      # any HTTP answer at all (an error status included)
        self._sleep = sleep
        self._sdk_client: Any = None
        self._modes: dict[tuple[str, str], str] = {}
        self._no_temperature: set[tuple[str, str]] = set()

    # -- state -----------------------------------------------------------------------------

    @property
    def model(self) -> str:
        return self.cfg.model or ""

    @property
    def endpoint(self) -> tuple[str, str]:
        return (self.cfg.base_url or "https://api.openai.com/v1", self.model)

    @property
    def breaker_open(self) -> bool:
        return self.consecutive_failures >= self.breaker_after

    def mode(self) -> str | None:
        """The structured-output mode that worked for this endpoint in this run, if any yet."""
        return self._modes.get(self.endpoint)

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.usage.to_dict())
        out["model"] = self.model
        out["mode"] = self.mode()
        out["breaker_open"] = self.breaker_open
        if self.last_error:
            out["last_error"] = self.last_error
        return out

    # -- the one public call ---------------------------------------------------------------

    def complete_json(
        self,
        *,
        system: str,
        user: str,
        schema: dict[str, Any],
        schema_name: str,
        prompt_version: str,
        cache_text: str | None = None,
        check: Callable[[Any], Any] | None = None,
    ) -> Reply:
        """Ask for JSON; returns the parsed (and `check`ed) reply, from the cache when there.

        `cache_text` is what identifies the request's content (the chunk as sent); None means
        no caching. `check` raises InvalidReply for a reply of the wrong shape (then retried)
        and may return a normalised value. Raises an LLMUnavailable when no reply is had.
        """
        key = cache_key(prompt_version, self.model, cache_text) if cache_text is not None else None
        if key is not None:
            cached = self.cache.get(key)
            if cached is not None:
                try:
                    value = check(cached) if check else cached
                except InvalidReply:
                    value = None  # an old or damaged entry: ask again
                if value is not None:
                    self.usage.cache_hits += 1
                    return Reply(value, "cache", cached=True)
        last: str = "no attempt made"
        for attempt in range(self.retries + 1):
            self._guard(system, user)
            if attempt:
                self.usage.retries += 1
                self._sleep(self.backoff_s * (2 ** (attempt - 1)))
            try:
                data, mode = self._call(system, user, schema, schema_name)
                value = check(data) if check else data
            except (_Retryable, InvalidReply) as exc:
                last = _short(str(exc))
                self._failed(last)
                continue
            except _Fatal as exc:
                last = _short(str(exc))
                self._failed(last)
                raise CallFailed(f"LLM request failed: {last}") from None
            self.consecutive_failures = 0
            if key is not None:
                self.cache.put(key, data, model=self.model, prompt_version=prompt_version)
            return Reply(value, mode)
        raise CallFailed(f"LLM request failed after {self.retries + 1} attempts: {last}")

    # -- internals -------------------------------------------------------------------------

    def _guard(self, system: str, user: str) -> None:
        if self.breaker_open:
            self.usage.breaker_refusals += 1
            raise BreakerOpen(f"LLM breaker open after {self.consecutive_failures} failed calls in a row"
                              + (f" (last: {self.last_error})" if self.last_error else ""))
        need = estimate_tokens(system) + estimate_tokens(user)
        if self.usage.total_tokens + need > self.budget:
            self.usage.budget_refusals += 1
            raise BudgetExceeded(f"llm.max_tokens_per_run ({self.budget}) reached: "
                                 f"{self.usage.total_tokens} tokens used, next call needs ~{need}")

    def _failed(self, message: str) -> None:
        self.usage.failed_calls += 1
        self.consecutive_failures += 1
        self.last_error = message
        log.warning("LLM call failed (%d in a row): %s", self.consecutive_failures, message)

    def _client(self) -> Any:
        if self._sdk_client is not None:
            return self._sdk_client
        if not self.cfg.model:
            # A configuration problem repeats on every call: open the breaker at once.
            self.consecutive_failures = self.breaker_after
            raise _Fatal("llm.model is not set")
        key = self.env.get(self.cfg.api_key_env or "", "")
        if not key:
            if not self.cfg.base_url:
                self.consecutive_failures = self.breaker_after
                raise _Fatal(f"environment variable {self.cfg.api_key_env} is not set (and no llm.base_url)")
            key = DUMMY_KEY
        from openai import OpenAI  # deferred: ~0.7 s of import (docs/design.md §7)

        self._sdk_client = OpenAI(api_key=key, base_url=self.cfg.base_url or None,
                                  timeout=float(self.cfg.timeout_s), max_retries=0)
        return self._sdk_client

    def _call(self, system: str, user: str, schema: dict[str, Any], schema_name: str) -> tuple[Any, str]:
        import openai  # deferred, see _client

        client = self._client()
        endpoint = self.endpoint
        start = MODES.index(self._modes.get(endpoint, MODES[0]))
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        for mode in MODES[start:]:
            kwargs: dict[str, Any] = {"model": self.model, "messages": messages}
            if endpoint not in self._no_temperature:
                kwargs["temperature"] = 0
            if mode == "json_schema":
                kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                    "name": schema_name, "schema": schema, "strict": True}}
            elif mode == "json_object":
                kwargs["response_format"] = {"type": "json_object"}
            self.usage.calls += 1
            try:
                resp = client.chat.completions.create(**kwargs)
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                self.responded = True
                message = str(getattr(exc, "message", exc))
                if "temperature" in message.lower() and "temperature" in kwargs:
                    # Some reasoning models reject any temperature but the default: retry without.
                    self._no_temperature.add(endpoint)
                    return self._call(system, user, schema, schema_name)
                if mode != "text":
                    log.info("LLM endpoint refused response_format %s (%s); trying the next mode",
                             mode, _short(message, 120))
                    continue
                raise _Fatal(f"HTTP {exc.status_code}: {message}") from None
            except openai.APITimeoutError:
                raise _Retryable(f"timed out after {self.cfg.timeout_s:g} s") from None
            except openai.APIConnectionError as exc:
                raise _Retryable(f"cannot reach {endpoint[0]}: {exc}") from None
            except openai.APIStatusError as exc:
                self.responded = True
                if exc.status_code == 429 or exc.status_code >= 500:
                    raise _Retryable(f"HTTP {exc.status_code}: {exc.message}") from None
                raise _Fatal(f"HTTP {exc.status_code}: {exc.message}") from None
            except openai.APIError as exc:
                raise _Retryable(f"bad response: {exc}") from None
            except ValueError as exc:
                # Trigger: a 200 whose body is not JSON (a proxy's HTML page, a crashed server).
                # Why: the SDK lets json.JSONDecodeError through. Outcome: an invalid reply, retried.
                raise _Retryable(f"the server's answer is not JSON: {exc}") from None
            self.responded = True
            self._modes[endpoint] = mode     # accepted: later calls of the run start here
            self._account(resp, system, user)
            content = _content(resp)
            if not content:
                raise InvalidReply("the reply is empty")
            return parse_lenient(content), mode
        raise _Fatal("no structured-output mode accepted")  # unreachable: text mode raises or returns

    def _account(self, resp: Any, system: str, user: str) -> None:
        usage = getattr(resp, "usage", None)
        prompt = getattr(usage, "prompt_tokens", None) if usage is not None else None
        completion = getattr(usage, "completion_tokens", None) if usage is not None else None
        # Servers that send no usage still spend tokens: estimate rather than count zero.
        self.usage.prompt_tokens += int(prompt) if prompt is not None else estimate_tokens(system + user)
        self.usage.completion_tokens += (int(completion) if completion is not None
                                         else estimate_tokens(_content(resp) or ""))


def _content(resp: Any) -> str | None:
    choices = getattr(resp, "choices", None) or []
    if not choices:
        return None
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None) if message is not None else None
    return content if isinstance(content, str) else None
