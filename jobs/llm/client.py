"""A thin wrapper around the `openai` client for any OpenAI-compatible endpoint.

What it adds (docs/design.md §5, §7): structured output negotiated once per (base_url, model)
and remembered (`jobs.llm.negotiate`), bounded requests (`llm.max_tokens` on every request, the
prompt sized to the model's context, timeouts never retried into a server that may still be
working on the abandoned request), our own retries with backoff (the SDK's are off), a circuit
breaker, a token budget per run, usage counters, and the reply cache. The `openai` package is
imported only when the first request is made.
"""
from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from jobs.llm import estimate_tokens, redact
from jobs.llm.cache import ReplyCache, cache_key, is_empty_reply, schema_version
from jobs.llm.fit import fit_schema
from jobs.llm.negotiate import (
    MODES,
    Capabilities,
    CapabilityStore,
    context_from_models,
    names_length_keyword,
    next_mode,
    request_fields,
    says_unsupported,
    strip_lengths,
)
from memory_store.config import LLMConfig
from memory_store.errors import LLMError

log = logging.getLogger("memjobs")

__all__ = ["MODES", "LLMClient", "LLMUnavailable", "CallFailed", "BreakerOpen", "BudgetExceeded",
           "TimedOut", "InvalidReply", "Reply", "Usage", "parse_lenient", "estimate_tokens"]

DUMMY_KEY = "memjobs-no-key"  # keyless local servers (Ollama, llama.cpp, LM Studio) accept any key
PROBE_MAX_TOKENS = 64
PROMPT_MARGIN_TOKENS = 256      # room for the chat template's own tokens
BREAKER_AFTER_TIMEOUTS = 2      # a model that timed out twice in a row will not answer this run

PROBE_SYSTEM = 'You are a health check. Reply with the JSON object {"ok": true} and nothing else.'
PROBE_SCHEMA: dict[str, Any] = {"type": "object", "properties": {"ok": {"type": "boolean"}},
                                "required": ["ok"], "additionalProperties": False}


class LLMUnavailable(LLMError):
    """A call could not be answered; with `llm.fallback: rules` the caller falls back."""

    code = "llm"


class CallFailed(LLMUnavailable):
    code = "llm_failed"


class TimedOut(CallFailed):
    code = "llm_timeout"


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


class _Timeout(Exception):
    pass


class _Truncated(Exception):
    """The reply hit max_tokens: asking again at temperature 0 would cut it at the same place."""


@dataclass
class Usage:
    """Counters of one run, for the run report."""

    calls: int = 0              # HTTP requests made (negotiation included)
    failed_calls: int = 0
    retries: int = 0
    timeouts: int = 0
    truncated: int = 0          # replies cut at max_tokens
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0         # replies (or whole chunks) served from the caches, no request
    budget_refusals: int = 0
    breaker_refusals: int = 0
    request_s: float = 0.0      # wall time spent waiting for the server, all requests

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def to_dict(self) -> dict[str, float]:
        out = asdict(self)
        out["request_s"] = round(self.request_s, 3)
        return out


@dataclass(frozen=True)
class Reply:
    data: Any
    mode: str          # a negotiate.MODES value, or "cache"
    cached: bool = False


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
    """One per run: the breaker, the budget and the negotiated form live as long as the run; the
    negotiated form also outlives it, in `<state_dir>/llm-cache/endpoints.json`."""

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
        folder = state_dir / "llm-cache" if state_dir is not None else None
        self.cache = ReplyCache(folder if use_cache else None, write=write_cache)
        self.store = CapabilityStore(folder, write=write_cache)
        self.usage = Usage()
        self.consecutive_failures = 0
        self.consecutive_timeouts = 0
        self.last_error: str | None = None
        self.responded = False      # any HTTP answer at all (an error status included)
        self.caps: Capabilities | None = None
        self.negotiation: dict[str, Any] = {}   # how `caps` was had, for reports and `llm check`
        self.sample: Any = None                  # the probe's parsed reply
        self._sleep = sleep
        self._sdk_client: Any = None
        self._quiet_until = 0.0     # after a timeout: no request before the server is done
        self._largest_reply = 0     # completion tokens of the largest reply so far

    # -- state -----------------------------------------------------------------------------

    @property
    def model(self) -> str:
        return self.cfg.model or ""

    @property
    def endpoint(self) -> tuple[str, str]:
        return (self.cfg.base_url or "https://api.openai.com/v1", self.model)

    @property
    def breaker_open(self) -> bool:
        return (self.consecutive_failures >= self.breaker_after
                or self.consecutive_timeouts >= BREAKER_AFTER_TIMEOUTS)

    def mode(self) -> str | None:
        """The structured-output form in use for this endpoint, once known."""
        return self.caps.mode if self.caps is not None else None

    def report(self) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.usage.to_dict())
        out["model"] = self.model
        out["mode"] = self.mode()
        out["max_tokens"] = self.max_tokens()
        if self.negotiation:
            out["negotiation"] = dict(self.negotiation)
        out["breaker_open"] = self.breaker_open
        if self.last_error:
            out["last_error"] = self.last_error
        return out

    # -- limits ----------------------------------------------------------------------------

    def context_tokens(self) -> int | None:
        """The model's context: what the server said (/v1/models), else `llm.context_tokens`."""
        if self.caps is not None and self.caps.context_tokens:
            return self.caps.context_tokens
        return self.cfg.context_tokens or None

    def max_tokens(self) -> int:
        """`llm.max_tokens`, lowered to a third of a known context (the prompt needs the rest)."""
        ctx = self.context_tokens()
        cap = max(1, int(self.cfg.max_tokens))
        return min(cap, max(128, ctx // 3)) if ctx else cap

    def reply_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        """`schema` as sent: its bounds lowered so the longest reply fits `max_tokens()` (jobs/llm/fit.py)."""
        return fit_schema(schema, self.max_tokens())

    def prompt_tokens_for(self, system: str, default: int) -> int:
        """How many tokens of data one request may carry next to `system`: `default`, shrunk to
        what the context leaves after the system prompt, the reply and a margin. Negotiates first
        (one tiny request, remembered) when the endpoint is not known yet and the server is up."""
        if self.caps is None:
            # On failure the requests will fail and fall back too; size as configured.
            with contextlib.suppress(LLMUnavailable):
                self.capabilities()
        ctx = self.context_tokens()
        if not ctx:
            return default
        room = ctx - self.max_tokens() - estimate_tokens(system) - PROMPT_MARGIN_TOKENS
        return max(200, min(default, room))

    # -- negotiation -----------------------------------------------------------------------

    def capabilities(self, *, fresh: bool = False) -> Capabilities:
        """The endpoint's negotiated form: remembered, else probed now (`fresh`: probed now in
        any case, as `llm check` does). Raises LLMUnavailable."""
        self._guard(PROBE_SYSTEM, "ping")
        try:
            return self._negotiated(fresh=fresh)
        except (_Retryable, _Timeout, _Fatal) as exc:
            message = _short(str(exc))
            self._failed(message)
            if isinstance(exc, _Timeout):
                self._timed_out()
                raise TimedOut(f"LLM negotiation failed: {message}") from None
            raise CallFailed(f"LLM negotiation failed: {message}") from None

    def _negotiated(self, *, fresh: bool = False) -> Capabilities:
        if self.caps is not None and not fresh:
            return self.caps
        remembered = None if fresh else self.store.get(*self.endpoint)
        if remembered is not None:
            self.caps = remembered
            self.negotiation = {"mode": remembered.mode, "source": "remembered",
                                "context_tokens": remembered.context_tokens}
            return remembered
        return self.probe()

    def probe(self) -> Capabilities:
        """Walk the request forms with a tiny request; the first that yields the JSON asked for
        wins and is remembered. Raises _Retryable/_Timeout/_Fatal (see `capabilities`)."""
        client = self._client()
        caps = Capabilities(probed=True)
        caps.context_tokens = self._model_context(client)
        steps: list[dict[str, Any]] = []
        mode: str | None = MODES[0]
        server_errors = 0
        while mode is not None:
            try:
                resp = self._create(client, caps, mode, PROBE_SYSTEM, "ping", PROBE_SCHEMA, "health_check",
                                    PROBE_MAX_TOKENS)
            except _Refused as refused:
                if self._adjust(caps, mode, refused.message):
                    continue
                steps.append({"mode": mode, "status": refused.status, "error": _short(refused.message, 160)})
                if refused.status in (401, 403, 404):
                    raise _Fatal(f"HTTP {refused.status}: {refused.message}") from None
                if refused.status == 429:
                    raise _Retryable(f"HTTP 429: {refused.message}") from None
                server_errors += refused.status >= 500
                mode = next_mode(mode)
                continue
            self.responded = True
            self._account(resp, PROBE_SYSTEM, "ping")
            content = _content(resp)
            try:
                data = parse_lenient(content or "")
            except InvalidReply:
                data = None
            if not isinstance(data, dict) or "ok" not in data:
                steps.append({"mode": mode, "status": 200, "error": "the reply is not the JSON asked for: "
                              + _short(content or "(empty)", 80)})
                mode = next_mode(mode)
                continue
            caps.mode = mode
            steps.append({"mode": mode, "status": 200})
            self.caps = caps
            self.sample = data
            self.negotiation = {"mode": mode, "source": "probe", "context_tokens": caps.context_tokens,
                                "steps": steps}
            self.store.put(*self.endpoint, caps)
            if mode not in ("json_schema",):
                log.info("LLM endpoint %s (%s) negotiated structured output: %s", self.endpoint[0],
                         self.model, mode)
            return caps
        self.negotiation = {"mode": None, "source": "probe", "steps": steps}
        if server_errors == len(steps):
            raise _Retryable(f"every request form failed with a server error (last: {steps[-1]['error']})")
        # No form works: every later request of the run would walk them all again. Open the breaker.
        self.consecutive_failures = self.breaker_after
        raise _Fatal("no request form gave a JSON reply: "
                     + "; ".join(f"{s['mode']}: {s.get('status')} {s.get('error', '')}".strip() for s in steps))

    def _model_context(self, client: Any) -> int | None:
        """The context size `/v1/models` states for the model (one GET), or None."""
        import openai

        try:
            page = client.models.list()
        except (openai.APIError, ValueError):
            return None
        rows = []
        for m in getattr(page, "data", None) or []:
            rows.append(m.model_dump() if hasattr(m, "model_dump") else dict(m))
        return context_from_models({"data": rows}, self.model)

    def _adjust(self, caps: Capabilities, mode: str, message: str) -> bool:
        """A refusal that names one parameter is fixed once and the same form asked again."""
        low = message.lower()
        if "temperature" in low and caps.temperature_ok:
            caps.temperature_ok = False         # reasoning models accept only their default
            return True
        if "max_tokens" in low and "max_completion_tokens" in low and caps.token_param == "max_tokens":
            caps.token_param = "max_completion_tokens"
            return True
        if mode in ("json_schema", "json_object_schema", "guided_json") and caps.lengths_ok \
                and names_length_keyword(message):
            caps.lengths_ok = False
            return True
        return False

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
        schema = self.reply_schema(schema)
        key = (cache_key(prompt_version, self.model, schema_version(schema), cache_text)
               if cache_text is not None else None)
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
            except _Timeout as exc:
                last = _short(str(exc))
                self._failed(last)
                self._timed_out()
                raise TimedOut(f"LLM request {last} (not retried: the server may still be working on it)") \
                    from None
            except _Truncated as exc:
                last = _short(str(exc))
                self.usage.truncated += 1
                self._failed(last)
                raise CallFailed(f"LLM reply {last}") from None
            except _Fatal as exc:
                last = _short(str(exc))
                self._failed(last)
                raise CallFailed(f"LLM request failed: {last}") from None
            self.consecutive_failures = 0
            self.consecutive_timeouts = 0
            if key is not None:
                self.cache.put(key, data, model=self.model, prompt_version=prompt_version,
                               empty=is_empty_reply(data))
            return Reply(value, mode)
        raise CallFailed(f"LLM request failed after {self.retries + 1} attempts: {last}")

    # -- internals -------------------------------------------------------------------------

    def _guard(self, system: str, user: str) -> None:
        if self.breaker_open:
            self.usage.breaker_refusals += 1
            raise BreakerOpen(f"LLM breaker open after {self.consecutive_failures} failed calls in a row"
                              + (f" (last: {self.last_error})" if self.last_error else ""))
        # The reply's size is not known before it comes: reserve the largest one of the run so far.
        need = estimate_tokens(system) + estimate_tokens(user) + self._largest_reply
        if self.usage.total_tokens + need > self.budget:
            self.usage.budget_refusals += 1
            raise BudgetExceeded(f"llm.max_tokens_per_run ({self.budget}) reached: "
                                 f"{self.usage.total_tokens} tokens used, next call needs ~{need}")

    def _failed(self, message: str) -> None:
        self.usage.failed_calls += 1
        self.consecutive_failures += 1
        self.last_error = message
        log.warning("LLM call failed (%d in a row): %s", self.consecutive_failures, message)

    def _timed_out(self) -> None:
        """The abandoned request may keep the server busy up to the timeout again (its reply is
        bounded by max_tokens): the next request waits that long instead of queueing behind it."""
        self.usage.timeouts += 1
        self.consecutive_timeouts += 1
        self._quiet_until = time.monotonic() + float(self.cfg.timeout_s)

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

    def _create(self, client: Any, caps: Capabilities, mode: str, system: str, user: str,
                schema: dict[str, Any], schema_name: str, max_tokens: int) -> Any:
        """One request; HTTP errors come back as _Refused, transport errors as _Retryable/_Timeout."""
        import openai  # deferred, see _client

        wait = self._quiet_until - time.monotonic()
        if wait > 0:
            log.info("LLM: waiting %.1f s for the server to finish the request that timed out", wait)
            self._sleep(wait)
        kwargs: dict[str, Any] = {"model": self.model, "messages": [
            {"role": "system", "content": system}, {"role": "user", "content": user}]}
        if caps.temperature_ok:
            kwargs["temperature"] = 0
        kwargs[caps.token_param] = max_tokens
        kwargs.update(request_fields(mode, schema if caps.lengths_ok else strip_lengths(schema), schema_name))
        self.usage.calls += 1
        started = time.monotonic()
        try:
            return client.chat.completions.create(**kwargs)
        except openai.APITimeoutError:
            raise _Timeout(f"timed out after {self.cfg.timeout_s:g} s") from None
        except openai.APIConnectionError as exc:
            raise _Retryable(f"cannot reach {self.endpoint[0]}: {exc}") from None
        except openai.APIStatusError as exc:
            self.responded = True
            raise _Refused(exc.status_code, _error_text(exc)) from None
        except openai.APIError as exc:
            raise _Retryable(f"bad response: {exc}") from None
        except ValueError as exc:
            # Trigger: a 200 whose body is not JSON (a proxy's HTML page, a crashed server).
            # Why: the SDK lets json.JSONDecodeError through. Outcome: an invalid reply, retried.
            raise _Retryable(f"the server's answer is not JSON: {exc}") from None
        finally:
            self.usage.request_s += time.monotonic() - started

    def _call(self, system: str, user: str, schema: dict[str, Any], schema_name: str) -> tuple[Any, str]:
        client = self._client()
        caps = self._negotiated()
        mode: str | None = caps.mode
        while mode is not None:
            try:
                resp = self._create(client, caps, mode, system, user, schema, schema_name, self.max_tokens())
            except _Refused as refused:
                if self._adjust(caps, mode, refused.message):
                    self.store.put(*self.endpoint, caps)
                    continue
                status, message = refused.status, refused.message
                # Only a refusal that blames the form steps down: a prompt too long for the context
                # (also a 400) must not make the run forget a form that works.
                form_refused = (status in (400, 422) or status >= 500) and says_unsupported(message)
                if mode != "text" and form_refused:
                    lower = next_mode(mode)
                    log.warning("LLM endpoint refused the %s request form (HTTP %d: %s); using %s from now on",
                                mode, status, _short(message, 120), lower)
                    mode = caps.mode = lower or "text"
                    self.negotiation = {**self.negotiation, "mode": mode, "stepped_down": True}
                    self.store.put(*self.endpoint, caps)
                    continue
                if status == 429 or status >= 500:
                    raise _Retryable(f"HTTP {status}: {message}") from None
                raise _Fatal(f"HTTP {status}: {message}") from None
            self.responded = True
            self._account(resp, system, user)
            content = _content(resp)
            if _finish_reason(resp) == "length":
                raise _Truncated(f"was cut at max_tokens ({self.max_tokens()}): "
                                 "raise llm.max_tokens or use a model that answers shorter")
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
        spent = int(completion) if completion is not None else estimate_tokens(_content(resp) or "")
        self.usage.completion_tokens += spent
        self._largest_reply = max(self._largest_reply, spent)


class _Refused(Exception):
    """An HTTP error status: the caller decides (step down, adjust, retry or give up)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status
        self.message = message


def _error_text(exc: Any) -> str:
    """The server's own words: the SDK's message plus the raw body (some servers put the reason
    only in a field the SDK does not read)."""
    parts = [str(getattr(exc, "message", "") or exc)]
    body = getattr(exc, "body", None)
    if body is not None:
        parts.append(json.dumps(body, default=str) if not isinstance(body, str) else body)
    return " ".join(parts)


def _finish_reason(resp: Any) -> str | None:
    choices = getattr(resp, "choices", None) or []
    return getattr(choices[0], "finish_reason", None) if choices else None


def _content(resp: Any) -> str | None:
    choices = getattr(resp, "choices", None) or []
    if not choices:
        return None
    message = getattr(choices[0], "message", None)
    content = getattr(message, "content", None) if message is not None else None
    return content if isinstance(content, str) else None
