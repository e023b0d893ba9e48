"""Configuration of docs/design.md §8, read once into one frozen object.

Order: defaults < `<workspace>/memjobs.yaml` (or `--config FILE`) < `MEMJOBS_<SECTION>__<KEY>`
environment variables < flags. Every key is optional; an unknown key is an error naming the key
and the file. No other module reads configuration by itself (docs/style.md §2).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from memory_store.errors import ConfigError

JOBS = ("microsync", "daily", "weekly")
FORMATS = ("openclaw", "claude-code", "codex")
CONFIG_NAME = "memjobs.yaml"


@dataclass(frozen=True)
class TranscriptSource:
    """One configured transcript source: a folder searched recursively, or a glob."""

    format: str
    path: str
    chat_types: tuple[str, ...] = ("direct",)
    include: tuple[str, ...] = ("*",)
    subagents: bool = False
    is_default: bool = False  # a default for an agent that may not be installed: no match is only noted

    @property
    def name(self) -> str:
        return self.format

    def expanded_path(self) -> str:
        return os.path.expandvars(os.path.expanduser(self.path))


DEFAULT_SOURCES = (
    TranscriptSource("openclaw", "~/.openclaw/agents/*", is_default=True),
    TranscriptSource("claude-code", "~/.claude/projects", is_default=True),
    TranscriptSource("codex", "~/.codex/sessions", is_default=True),
)


@dataclass(frozen=True)
class ExtractConfig:
    engine: str = "rules"


@dataclass(frozen=True)
class SummarizeConfig:
    engine: str = "rules"


@dataclass(frozen=True)
class LLMConfig:
    base_url: str | None = None
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    timeout_s: float = 60.0
    max_tokens: int = 2048              # the reply's cap, sent on every request
    context_tokens: int = 0             # the model's context; 0: as /v1/models says, else unbounded
    max_tokens_per_run: int = 200_000
    fallback: str = "rules"


@dataclass(frozen=True)
class ScheduleConfig:
    microsync: str = "0 10,13,16,19,22 * * *"
    daily: str = "30 0 * * *"
    weekly: str = "0 3 * * mon"


@dataclass(frozen=True)
class LimitsConfig:
    memory_md_lines: int = 200
    memory_md_chars: int = 12_000
    daily_entries: int = 300
    summary_lines: int = 1500
    warm_days: int = 30
    job_timeout_s: float = 900.0
    lock_wait_s: float = 300.0
    keep_runs_days: int = 90


@dataclass(frozen=True)
class SearchConfig:
    max_results: int = 6
    extra_paths: tuple[str, ...] = ("second-brain/summaries",)


DEFAULT_EXCLUDES = ("cron:*", "hook:*", "heartbeat*", "subagent*")


def system_timezone() -> str:
    """The system's zone name: $TZ, else the /etc/localtime link, else UTC."""
    tz = os.environ.get("TZ", "").lstrip(":")
    if tz:
        return tz
    try:
        target = os.path.realpath("/etc/localtime")
        if "zoneinfo/" in target:
            return target.split("zoneinfo/", 1)[1]
    except OSError:
        pass
    return "UTC"


@dataclass(frozen=True)
class Config:
    workspace: Path
    source_file: Path | None = None
    timezone: str = field(default_factory=system_timezone)
    transcripts: tuple[TranscriptSource, ...] = DEFAULT_SOURCES
    exclude_sessions: tuple[str, ...] = DEFAULT_EXCLUDES
    extract: ExtractConfig = ExtractConfig()
    summarize: SummarizeConfig = SummarizeConfig()
    llm: LLMConfig = LLMConfig()
    schedule: ScheduleConfig = ScheduleConfig()
    limits: LimitsConfig = LimitsConfig()
    search: SearchConfig = SearchConfig()

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def state_dir(self) -> Path:
        return self.workspace / ".memjobs"

    def to_dict(self) -> dict[str, Any]:
        """The effective configuration, as `memjobs config` prints it (YAML/JSON-ready)."""
        out = asdict(self)
        out["workspace"] = str(self.workspace)
        out["source_file"] = str(self.source_file) if self.source_file else None
        out["transcripts"] = [
            {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(s).items() if k != "is_default"}
            for s in self.transcripts
        ]
        for section in ("exclude_sessions",):
            out[section] = list(out[section])
        out["search"]["extra_paths"] = list(self.search.extra_paths)
        return out


_SECTIONS: dict[str, type] = {
    "extract": ExtractConfig,
    "summarize": SummarizeConfig,
    "llm": LLMConfig,
    "schedule": ScheduleConfig,
    "limits": LimitsConfig,
    "search": SearchConfig,
}
_TOP_KEYS = {"timezone", "transcripts", "exclude_sessions", *_SECTIONS}
_SOURCE_KEYS = {f.name for f in fields(TranscriptSource)} - {"is_default"}
_ENGINES = {"rules", "llm"}


def load_config(
    workspace: Path | str | None = None,
    config_file: Path | str | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Config:
    """Build the one Config object: defaults, file, `MEMJOBS_*` environment, then `overrides`.

    `overrides` uses the file's shape (`{"llm": {"model": "x"}}`) and comes from flags.
    """
    env = os.environ if env is None else env
    ws = Path(workspace or env.get("MEMJOBS_WORKSPACE") or os.getcwd()).expanduser().resolve()
    path = Path(config_file).expanduser() if config_file else ws / CONFIG_NAME
    if config_file and not path.is_file():
        raise ConfigError(f"configuration file not found: {path}", path=path)
    data: dict[str, Any] = {}
    if path.is_file():
        data = _read_yaml(path)
    label = str(path)
    env_data = _env_overrides(env)
    merged = _deep_merge(_deep_merge(data, env_data), dict(overrides or {}))
    try:
        return _build(ws, path if path.is_file() else None, merged, label)
    except ConfigError as exc:
        culprit = _env_culprit(ws, data, env, label) if env_data else None
        if culprit is None:
            raise
        # Trigger: MEMJOBS_LLM__TIMEOUT_S=abc. Why: the message named memjobs.yaml, which is fine.
        # Outcome: the error names the environment variable instead.
        raise ConfigError(f"{exc.message} (set by the environment variable {culprit})") from exc


def _env_culprit(ws: Path, data: dict[str, Any], env: Mapping[str, str], label: str) -> str | None:
    """The `MEMJOBS_*` variable that makes an otherwise valid configuration fail, if one does."""
    try:
        _build(ws, None, data, label)
    except ConfigError:
        return None  # the file itself is wrong
    for key in sorted(k for k in env if k.startswith("MEMJOBS_")):
        one = _env_overrides({key: env[key]})
        if not one:
            continue
        try:
            _build(ws, None, _deep_merge(data, one), label)
        except ConfigError:
            return key
    return None


def _read_yaml(path: Path) -> dict[str, Any]:
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
        loaded = yaml.safe_load(text)
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8: {exc}", path=path) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise ConfigError(f"invalid YAML: {problem}", path=path, line=line) from exc
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        raise ConfigError("the configuration must be a mapping of keys", path=path, line=1)
    return loaded


def _env_overrides(env: Mapping[str, str]) -> dict[str, Any]:
    """`MEMJOBS_LLM__MODEL=x` → {"llm": {"model": x}}; `MEMJOBS_TIMEZONE=x` → {"timezone": x}."""
    out: dict[str, Any] = {}
    for key, raw in env.items():
        if not key.startswith("MEMJOBS_") or key in ("MEMJOBS_WORKSPACE", "MEMJOBS_POLICY"):
            continue
        if key.startswith("MEMJOBS_TEST_"):
            continue  # test hooks, never configuration
        import yaml  # only when there is something to parse: `memjobs search` starts without it

        parts = key[len("MEMJOBS_") :].lower().split("__")
        try:
            value = yaml.safe_load(raw) if raw.strip() else raw
        except yaml.YAMLError:
            value = raw
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise ConfigError(f"environment variable {key} conflicts with another", path=None)
        node[parts[-1]] = value
    return out


def _deep_merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _build(ws: Path, path: Path | None, data: dict[str, Any], label: str) -> Config:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ConfigError(f"unknown key {unknown[0]!r}", path=Path(label))
    kw: dict[str, Any] = {"workspace": ws, "source_file": path}
    if "timezone" in data and data["timezone"] is not None:
        tzname = str(data["timezone"])
        try:
            ZoneInfo(tzname)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ConfigError(f"unknown timezone {tzname!r}", path=Path(label)) from exc
        kw["timezone"] = tzname
    if "transcripts" in data and data["transcripts"] is not None:
        kw["transcripts"] = tuple(
            _source(s, i, label) for i, s in enumerate(_as_list(data["transcripts"], "transcripts", label))
        )
    if "exclude_sessions" in data and data["exclude_sessions"] is not None:
        kw["exclude_sessions"] = tuple(str(x) for x in _as_list(data["exclude_sessions"], "exclude_sessions", label))
    for name, cls in _SECTIONS.items():
        if name in data and data[name] is not None:
            kw[name] = _section(cls, name, data[name], label)
    cfg = Config(**kw)
    _check(cfg, label)
    return cfg


def _as_list(value: Any, key: str, label: str) -> list[Any]:
    if not isinstance(value, list):
        raise ConfigError(f"{key} must be a list", path=Path(label))
    return value


def _source(raw: Any, index: int, label: str) -> TranscriptSource:
    if not isinstance(raw, dict):
        raise ConfigError(f"transcripts[{index}] must be a mapping", path=Path(label))
    unknown = sorted(set(raw) - _SOURCE_KEYS)
    if unknown:
        raise ConfigError(f"unknown key 'transcripts[{index}].{unknown[0]}'", path=Path(label))
    fmt = raw.get("format")
    if fmt not in FORMATS:
        raise ConfigError(
            f"transcripts[{index}].format must be one of {', '.join(FORMATS)}, not {fmt!r}", path=Path(label)
        )
    if not raw.get("path"):
        raise ConfigError(f"transcripts[{index}].path is required", path=Path(label))
    kw: dict[str, Any] = {"format": fmt, "path": str(raw["path"])}
    for key in ("chat_types", "include"):
        if key in raw:
            kw[key] = tuple(str(x) for x in _as_list(raw[key], f"transcripts[{index}].{key}", label))
    if "subagents" in raw:
        kw["subagents"] = bool(raw["subagents"])
    return TranscriptSource(**kw)


def _section(cls: type, name: str, raw: Any, label: str) -> Any:
    if not isinstance(raw, dict):
        raise ConfigError(f"{name} must be a mapping", path=Path(label))
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise ConfigError(f"unknown key '{name}.{unknown[0]}'", path=Path(label))
    defaults = cls()
    kw: dict[str, Any] = {}
    for key, value in raw.items():
        default = getattr(defaults, key)
        kw[key] = _coerce(value, default, f"{name}.{key}", label)
    return replace(defaults, **kw)


def _coerce(value: Any, default: Any, key: str, label: str) -> Any:
    try:
        if isinstance(default, bool):
            return bool(value)
        if isinstance(default, int):
            return int(value)
        if isinstance(default, float):
            return float(value)
        if isinstance(default, tuple):
            return tuple(str(x) for x in _as_list(value, key, label))
        if value is None:
            return None
        return str(value)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{key}: expected {type(default).__name__}, got {value!r}", path=Path(label)) from exc


def _check(cfg: Config, label: str) -> None:
    where = Path(label)
    if cfg.extract.engine not in _ENGINES:
        raise ConfigError(f"extract.engine must be rules or llm, not {cfg.extract.engine!r}", path=where)
    if cfg.summarize.engine not in _ENGINES:
        raise ConfigError(f"summarize.engine must be rules or llm, not {cfg.summarize.engine!r}", path=where)
    if cfg.llm.fallback not in ("rules", "fail"):
        raise ConfigError(f"llm.fallback must be rules or fail, not {cfg.llm.fallback!r}", path=where)
    if cfg.llm.max_tokens <= 0 or cfg.llm.timeout_s <= 0 or cfg.llm.context_tokens < 0:
        raise ConfigError("llm.max_tokens and llm.timeout_s must be positive, llm.context_tokens not negative",
                          path=where)
    if not 1 <= cfg.search.max_results <= 50:
        raise ConfigError("search.max_results must be between 1 and 50", path=where)
    for name in JOBS:
        expr = getattr(cfg.schedule, name)
        if len(expr.split()) not in (5, 6):
            raise ConfigError(f"schedule.{name} is not a 5-field cron expression: {expr!r}", path=where)
    for key in ("memory_md_lines", "memory_md_chars", "daily_entries", "summary_lines", "warm_days"):
        if getattr(cfg.limits, key) <= 0:
            raise ConfigError(f"limits.{key} must be positive", path=where)
