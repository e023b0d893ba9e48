"""Configuration of docs/design.md §8, read once into one frozen object.

Order: defaults < `<workspace>/memjobs.yaml` (or `--config FILE`) < `MEMJOBS_<SECTION>__<KEY>`
environment variables < flags. Every key is optional; an unknown key is an error naming the key
and the file, and so is a key written twice (its file and line). No other module reads
configuration by itself (docs/style.md §2).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from memory_store.errors import ConfigError

JOBS = ("microsync", "daily", "weekly")
FORMATS = ("openclaw", "claude-code", "codex")
CHAT_TYPES = ("direct", "group", "channel", "room")   # what `chat_types` selects (OpenClaw)
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
    """How microSync finds entries: rules or an LLM."""
    engine: str = "rules"


@dataclass(frozen=True)
class SummarizeConfig:
    """How the daily wrap-up is written: rules or an LLM."""
    engine: str = "rules"


@dataclass(frozen=True)
class LLMConfig:
    """The OpenAI-compatible server and the limits of what is sent to it."""
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
    """Cron expressions of the three jobs."""
    microsync: str = "0 10,13,16,19,22 * * *"
    daily: str = "30 0 * * *"
    weekly: str = "0 3 * * mon"


@dataclass(frozen=True)
class LimitsConfig:
    """Size, age and time limits of the files and jobs."""
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
    """What search returns and which extra folders it reads."""
    max_results: int = 6
    extra_paths: tuple[str, ...] = ("second-brain/summaries",)
    sessions: bool = True  # index what was said in transcripts as the coldest tier
    # auto: when the optional `embed` extra is installed, the index maintainer stores a sentence
    # vector per row and message, and long-lived searchers (the MCP server) fuse a question's
    # cosine ranking with the word ranking (memory_store/search/vectors.py); off: never.
    embed: str = "auto"


# the free-form keys (memory_store/core/router.py): each value is a fact or rule of its own in the
# user's words ("my sister lives in Chiang Mai", "my brother works at Siam Bank"), so every one holds
# at once: always multi-valued, whatever core.multi_valued lists
FREE_FORM_KEYS = ("instruction.other", "user.other")


@dataclass(frozen=True)
class CoreConfig:
    """Core memory (docs/design.md §6): how long a session may be idle before `ttl:session_end`
    entries expire, keys that keep several values (besides names ending in `[]`, and the free-form
    keys, which always do), and how many expired facts one cleanup archives (the rest wait for the
    next run)."""

    session_idle: str = "2h"
    multi_valued: tuple[str, ...] = FREE_FORM_KEYS
    cleanup_limit: int = 5000          # expired facts archived per daily run / `mem compact`

    def __post_init__(self) -> None:
        listed = tuple(self.multi_valued)
        object.__setattr__(self, "multi_valued",
                           listed + tuple(k for k in FREE_FORM_KEYS if k not in listed))


@dataclass(frozen=True)
class ContextConfig:
    """The runtime context (docs/design.md §6): the token budget of the whole output, how many
    thread items it keeps, the shortest value worth showing, how many recent episodes and
    matching procedures it takes, and the user's language shown while PROFILE.md holds no fact
    (with the time zone: the user model's defaults, docs/design.md §6.6)."""

    budget_tokens: int = 2000          # also read under its short name `context.budget`
    max_items: int = 20
    min_value_length: int = 2
    episodes: int = 3
    procedures: int = 3
    language: str | None = None        # the user model's language while PROFILE.md holds no fact
    cache_s: int = 30                  # how long the MCP server keeps a built context (0: never)
    profiles: tuple[ContextProfile, ...] = ()   # `context.profiles.NAME`, picked with --task-type NAME


@dataclass(frozen=True)
class ContextProfile:
    """A named set of overrides of the context section, picked with `--task-type NAME`
    (docs/spec/context.md §7): a budget, caps and which layers or groups it shows. A key left out
    keeps the context section's value; `layers` left out shows every layer."""

    name: str
    budget_tokens: int | None = None
    max_items: int | None = None
    min_value_length: int | None = None
    episodes: int | None = None
    procedures: int | None = None
    layers: tuple[str, ...] | None = None


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
    """The whole configuration, read once (docs/design.md §8)."""
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
    core: CoreConfig = CoreConfig()
    context: ContextConfig = ContextConfig()
    policy_file: Path | None = None       # POLICY.md, outside the workspace ($MEMJOBS_POLICY, XDG)
    policy_named: bool = False            # policy_file was named by $MEMJOBS_POLICY: it must exist

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
        out["policy_file"] = str(self.policy_file) if self.policy_file else None
        out.pop("policy_named")
        out["core"]["multi_valued"] = list(self.core.multi_valued)
        out["transcripts"] = [
            {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(s).items() if k != "is_default"}
            for s in self.transcripts
        ]
        for section in ("exclude_sessions",):
            out[section] = list(out[section])
        out["search"]["extra_paths"] = list(self.search.extra_paths)
        out["context"]["profiles"] = {p.name: {k: (list(v) if isinstance(v, tuple) else v)
                                               for k, v in asdict(p).items() if k != "name" and v is not None}
                                      for p in self.context.profiles}
        return out


_SECTIONS: dict[str, type] = {
    "extract": ExtractConfig,
    "summarize": SummarizeConfig,
    "llm": LLMConfig,
    "schedule": ScheduleConfig,
    "limits": LimitsConfig,
    "search": SearchConfig,
    "core": CoreConfig,
    "context": ContextConfig,
}
_PROFILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
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
    env_data, env_keys = _env_overrides(env)
    flags = dict(overrides or {})
    blame = _Blame(path, env_keys, _keys_of(flags), _keys_of(data))
    data, env_data, flags = (_budget_name(d, blame) for d in (data, env_data, flags))
    merged = _deep_merge(_deep_merge(data, env_data), flags)
    from memory_store.core.files import policy_path

    return replace(_build(ws, path if path.is_file() else None, merged, blame), policy_file=policy_path(env),
                   policy_named=bool(env.get("MEMJOBS_POLICY")))


class _Blame:
    """Where a key's value came from, for an error message: the file, the environment variable
    that set it, or a flag — so a bad `MEMJOBS_…` value is not blamed on memjobs.yaml."""

    def __init__(self, file: Path, env_keys: dict[str, str], flag_keys: set[str],
                 file_keys: set[str] | None = None) -> None:
        self.file = file
        self.env_keys = env_keys
        self.flag_keys = flag_keys
        self.file_keys = file_keys or set()

    def error(self, message: str, key: str) -> ConfigError:
        """The error for a bad value of `key`: naming the file, or saying which environment
        variable or command-line option set it (then the file is not named)."""
        parts = key.replace("[", ".").split(".")
        for n in range(len(parts), 0, -1):
            prefix = ".".join(parts[:n])
            if prefix in self.flag_keys:
                return ConfigError(f"{message} (set by a command-line option)")
            if prefix in self.env_keys:
                return ConfigError(f"{message} (set by the environment variable {self.env_keys[prefix]})")
        dotted = ".".join(parts)
        if dotted not in self.file_keys:
            # A section the file does not have, made by the keys under it: a mistyped section in
            # `MEMJOBS_LIMTS__WARM_DAYS` is the variable's, not memjobs.yaml's.
            if any(k.startswith(dotted + ".") for k in self.flag_keys):
                return ConfigError(f"{message} (set by a command-line option)")
            under = sorted(v for k, v in self.env_keys.items() if k.startswith(dotted + "."))
            if under:
                said = "environment variable" if len(under) == 1 else "environment variables"
                return ConfigError(f"{message} (set by the {said} {', '.join(under)})")
        return ConfigError(message, path=self.file, line=key_line(self.file, key))


def key_line(path: Path, key: str) -> int | None:
    """The 1-based line of `key` (`schedule.weekly`) in a configuration file, for an error message:
    the deepest part of the key found, so a key left to its default is blamed on its section's
    line (or on no line). Reads block and one-line flow mappings (`schedule: {weekly: …}`)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    parts = [p for p in re.split(r"[.\[\]]", key) if p and not p.isdigit()]
    found: int | None = None
    start, end, indent = 0, len(lines), -1
    for part in parts:
        name = rf"[\"']?{re.escape(part)}[\"']?\s*:"
        block = re.compile(rf"^(\s*)(?:-\s+)?{name}")
        hit = next((i for i in range(start, end)
                    if (m := block.match(lines[i])) and len(m.group(1)) > indent), None)
        if hit is None:
            return found
        found = hit + 1
        if "{" in lines[hit].split(":", 1)[1]:  # a one-line flow mapping: the rest of the key is on this line
            return found
        indent = len(block.match(lines[hit]).group(1))  # type: ignore[union-attr]
        start = hit + 1
        end = next((j for j in range(start, len(lines)) if lines[j].strip()
                    and not lines[j].lstrip().startswith("#")
                    and len(lines[j]) - len(lines[j].lstrip()) <= indent), len(lines))
    return found


def _keys_of(data: Mapping[str, Any], prefix: str = "") -> set[str]:
    out: set[str] = set()
    for k, v in data.items():
        key = f"{prefix}{k}"
        out.add(key)
        if isinstance(v, Mapping):
            out |= _keys_of(v, key + ".")
    return out


def _read_yaml(path: Path) -> dict[str, Any]:
    from memory_store.simple_yaml import load

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8: {exc}", path=path) from exc
    loaded = load(text)            # the plain subset without importing PyYAML (start-up time)
    if loaded is None:
        loaded = _pyyaml(text, path)
    if not isinstance(loaded, dict):
        raise ConfigError("the configuration must be a mapping of keys", path=path, line=1)
    return loaded


def _pyyaml(text: str, path: Path) -> Any:
    import yaml

    from memory_store import yaml_unique

    try:
        loaded = yaml_unique.load(text)        # a repeated key is an error, not "the last wins"
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8: {exc}", path=path) from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or "invalid YAML"
        if not isinstance(exc, yaml_unique.DuplicateKey):
            problem = f"invalid YAML: {problem}"
        raise ConfigError(problem, path=path, line=line) from exc
    return {} if loaded is None else loaded


def _env_overrides(env: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """`MEMJOBS_LLM__MODEL=x` → {"llm": {"model": x}}; `MEMJOBS_TIMEZONE=x` → {"timezone": x};
    with the dotted key each variable set (`llm.model` → `MEMJOBS_LLM__MODEL`)."""
    out: dict[str, Any] = {}
    keys: dict[str, str] = {}
    for key, raw in env.items():
        if not key.startswith("MEMJOBS_") or key in ("MEMJOBS_WORKSPACE", "MEMJOBS_POLICY"):
            continue
        if key.startswith("MEMJOBS_TEST_"):
            continue  # test hooks, never configuration
        import yaml  # only when there is something to parse: `memjobs search` starts without it

        from memory_store import yaml_unique

        parts = key[len("MEMJOBS_") :].lower().split("__")
        try:
            value = yaml_unique.load(raw) if raw.strip() else raw
        except yaml_unique.DuplicateKey as exc:
            raise ConfigError(f"environment variable {key}: {exc.problem}") from exc
        except yaml.YAMLError:
            value = raw
        node = out
        for p in parts[:-1]:
            node = node.setdefault(p, {})
            if not isinstance(node, dict):
                raise ConfigError(f"environment variable {key} conflicts with another", path=None)
        node[parts[-1]] = value
        keys[".".join(parts)] = key
    return out, keys


def _deep_merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, Mapping) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


def _build(ws: Path, path: Path | None, data: dict[str, Any], blame: _Blame) -> Config:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise blame.error(f"unknown key {unknown[0]!r}", unknown[0])
    kw: dict[str, Any] = {"workspace": ws, "source_file": path}
    if "timezone" in data and data["timezone"] is not None:
        tzname = str(data["timezone"])
        try:
            ZoneInfo(tzname)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise blame.error(f"unknown timezone {tzname!r}", "timezone") from exc
        kw["timezone"] = tzname
    if "transcripts" in data and data["transcripts"] is not None:
        kw["transcripts"] = tuple(
            _source(s, i, blame) for i, s in enumerate(_as_list(data["transcripts"], "transcripts", blame))
        )
    if "exclude_sessions" in data and data["exclude_sessions"] is not None:
        kw["exclude_sessions"] = tuple(str(x) for x in _as_list(data["exclude_sessions"], "exclude_sessions", blame))
    for name, cls in _SECTIONS.items():
        if name in data and data[name] is not None:
            raw = data[name]
            profiles = None
            if name == "context" and isinstance(raw, dict) and "profiles" in raw:
                raw = {k: v for k, v in raw.items() if k != "profiles"}
                profiles = _profiles(data[name]["profiles"], blame)
            kw[name] = _section(cls, name, raw, blame)
            if profiles is not None:
                kw[name] = replace(kw[name], profiles=profiles)
    if "search" in kw and str(kw["search"].embed) in ("False", "True"):  # YAML reads a bare `off` as false
        kw["search"] = replace(kw["search"], embed="auto" if str(kw["search"].embed) == "True" else "off")
    cfg = Config(**kw)
    _check(cfg, blame)
    return cfg


def _budget_name(data: dict[str, Any], blame: _Blame) -> dict[str, Any]:
    """One source's `context.budget` (the short name our first configurations used, still
    accepted) read as `context.budget_tokens` (docs/design.md §8.1), in the section and in each
    `context.profiles` entry; both names in one place is an error, never "the last wins".
    Done per source, before the file, the environment and the flags are merged, so a variable
    may override the file under either name."""
    section = data.get("context")
    if not isinstance(section, dict):
        return data

    def renamed(body: dict[str, Any], where: str) -> dict[str, Any]:
        if "budget" not in body:
            return body
        if "budget_tokens" in body:
            raise blame.error(f"{where}.budget_tokens and {where}.budget are the same setting: give one",
                              f"{where}.budget")
        return {("budget_tokens" if k == "budget" else k): v for k, v in body.items()}

    section = renamed(section, "context")
    profiles = section.get("profiles")
    if isinstance(profiles, dict):
        section = {**section, "profiles": {name: renamed(body, f"context.profiles.{name}")
                                           if isinstance(body, dict) else body
                                           for name, body in profiles.items()}}
    return {**data, "context": section}


def _as_list(value: Any, key: str, blame: _Blame) -> list[Any]:
    if not isinstance(value, list):
        raise blame.error(f"{key} must be a list", key)
    return value


def _source(raw: Any, index: int, blame: _Blame) -> TranscriptSource:
    if not isinstance(raw, dict):
        raise blame.error(f"transcripts[{index}] must be a mapping", "transcripts")
    unknown = sorted(set(raw) - _SOURCE_KEYS)
    if unknown:
        raise blame.error(f"unknown key 'transcripts[{index}].{unknown[0]}'", "transcripts")
    fmt = raw.get("format")
    if fmt not in FORMATS:
        raise blame.error(f"transcripts[{index}].format must be one of {', '.join(FORMATS)}, not {fmt!r}",
                          "transcripts")
    if not raw.get("path"):
        raise blame.error(f"transcripts[{index}].path is required", "transcripts")
    kw: dict[str, Any] = {"format": fmt, "path": str(raw["path"])}
    for key in ("chat_types", "include"):
        if key in raw:
            kw[key] = tuple(str(x) for x in _as_list(raw[key], f"transcripts[{index}].{key}", blame))
    if "chat_types" in kw:
        # OpenClaw's chat types (docs/transcripts.md §1.2); any other word would skip every session
        kw["chat_types"] = tuple(c.lower() for c in kw["chat_types"])
        wrong = [c for c in kw["chat_types"] if c not in CHAT_TYPES]
        if wrong:
            hint = " (a direct message is `direct`)" if wrong[0] in ("dm", "private", "im") else ""
            raise blame.error(f"transcripts[{index}].chat_types: {wrong[0]!r} is not a chat type; "
                              f"known: {', '.join(CHAT_TYPES)}{hint}", "transcripts")
    if "subagents" in raw:
        if not isinstance(raw["subagents"], bool):
            raise blame.error(f"transcripts[{index}].subagents must be true or false, not {raw['subagents']!r}",
                              "transcripts")
        kw["subagents"] = raw["subagents"]
    return TranscriptSource(**kw)


_PROFILE_KEYS = ("budget_tokens", "max_items", "min_value_length", "episodes", "procedures", "layers")


def _profiles(raw: Any, blame: _Blame) -> tuple[ContextProfile, ...]:
    """`context.profiles`: a mapping of task-type names to their overrides (docs/spec/context.md §7)."""
    from memory_store.context.model import PROFILE_LAYERS
    from memory_store.context.tokens import MIN_BUDGET

    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise blame.error("context.profiles must be a mapping of task-type names to settings", "context.profiles")
    out = []
    for name, body in raw.items():
        where = f"context.profiles.{name}"
        if not isinstance(name, str) or not _PROFILE_NAME.match(name):
            raise blame.error(f"context.profiles: bad task-type name {name!r} (letters, digits, '_' and '-')",
                              "context.profiles")
        if body is None:
            body = {}
        if not isinstance(body, dict):
            raise blame.error(f"{where} must be a mapping of {', '.join(_PROFILE_KEYS)}", where)
        unknown = sorted(set(body) - set(_PROFILE_KEYS))
        if unknown:
            raise blame.error(f"unknown key '{where}.{unknown[0]}' (known: {', '.join(_PROFILE_KEYS)})",
                              f"{where}.{unknown[0]}")
        kw: dict[str, Any] = {}
        for key in _PROFILE_KEYS[:-1]:
            if body.get(key) is not None:
                value = _coerce(body[key], 0, f"{where}.{key}", blame)
                if value < (MIN_BUDGET if key == "budget_tokens" else 0):
                    bound = f"at least {MIN_BUDGET} tokens" if key == "budget_tokens" else "not negative"
                    raise blame.error(f"{where}.{key} must be {bound}, not {value}", f"{where}.{key}")
                kw[key] = value
        if body.get("layers") is not None:
            layers = tuple(str(x) for x in _as_list(body["layers"], f"{where}.layers", blame))
            bad = [x for x in layers if x not in PROFILE_LAYERS]
            if bad:
                raise blame.error(f"{where}.layers: unknown layer {bad[0]!r} (one of {', '.join(PROFILE_LAYERS)})",
                                  f"{where}.layers")
            kw["layers"] = layers
        out.append(ContextProfile(name, **kw))
    return tuple(out)


def _section(cls: type, name: str, raw: Any, blame: _Blame) -> Any:
    if not isinstance(raw, dict):
        raise blame.error(f"{name} must be a mapping", name)
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(raw) - set(known))
    if unknown:
        raise blame.error(f"unknown key '{name}.{unknown[0]}'", f"{name}.{unknown[0]}")
    defaults = cls()
    kw: dict[str, Any] = {}
    for key, value in raw.items():
        default = getattr(defaults, key)
        kw[key] = _coerce(value, default, f"{name}.{key}", blame)
    return replace(defaults, **kw)


def _coerce(value: Any, default: Any, key: str, blame: _Blame) -> Any:
    try:
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise TypeError(value)
            return value
        if isinstance(default, int):
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise TypeError(value)
            return int(value)
        if isinstance(default, float):
            if isinstance(value, bool):
                raise TypeError(value)
            number = float(value)
            if not math.isfinite(number):
                raise blame.error(f"{key} must be a finite number, not {value!r}", key)
            return number
        if isinstance(default, tuple):
            return tuple(str(x) for x in _as_list(value, key, blame))
        if value is None:
            return None
        return str(value)
    except (TypeError, ValueError, OverflowError) as exc:
        raise blame.error(f"{key}: expected {type(default).__name__}, got {value!r}", key) from exc


# (key, lowest allowed, whether the lowest itself is allowed, unit) — checked after the types.
# A value outside its range is an error, never clamped: `keep_runs_days: -1` once deleted the
# whole run ledger.
_RANGES: tuple[tuple[str, float, bool, str], ...] = (
    ("limits.memory_md_lines", 1, True, "lines"),
    ("limits.memory_md_chars", 1, True, "characters"),
    ("limits.daily_entries", 1, True, "entries"),
    ("limits.summary_lines", 1, True, "lines"),
    ("limits.warm_days", 1, True, "days"),
    ("limits.keep_runs_days", 1, True, "days (runs younger than this are kept)"),
    ("limits.job_timeout_s", 0, False, "seconds"),
    ("limits.lock_wait_s", 0, True, "seconds"),
    ("llm.timeout_s", 0, False, "seconds"),
    ("llm.max_tokens_per_run", 1, True, "tokens"),
    ("llm.max_tokens", 1, True, "tokens (the cap on every reply)"),
    ("llm.context_tokens", 0, True, "tokens (0: as the server's /v1/models says)"),
    ("core.cleanup_limit", 1, True, "facts per run"),
    ("context.cache_s", 0, True, "seconds (0: the MCP server builds every context anew)"),
)


def _check(cfg: Config, blame: _Blame) -> None:
    if cfg.extract.engine not in _ENGINES:
        raise blame.error(f"extract.engine must be rules or llm, not {cfg.extract.engine!r}", "extract.engine")
    if cfg.summarize.engine not in _ENGINES:
        raise blame.error(f"summarize.engine must be rules or llm, not {cfg.summarize.engine!r}", "summarize.engine")
    if cfg.llm.fallback not in ("rules", "fail"):
        raise blame.error(f"llm.fallback must be rules or fail, not {cfg.llm.fallback!r}", "llm.fallback")
    if not 1 <= cfg.search.max_results <= 50:
        raise blame.error("search.max_results must be between 1 and 50", "search.max_results")
    if cfg.search.embed not in ("auto", "off"):
        raise blame.error(f"search.embed must be auto or off, not {cfg.search.embed!r}", "search.embed")
    from memory_store.context.tokens import MIN_BUDGET

    if cfg.context.budget_tokens < MIN_BUDGET:
        raise blame.error(f"context.budget_tokens must be at least {MIN_BUDGET} tokens", "context.budget_tokens")
    for name in ("max_items", "min_value_length", "episodes", "procedures"):
        if getattr(cfg.context, name) < 0:
            raise blame.error(f"context.{name} must not be negative", f"context.{name}")
    from memory_store.languages import is_language_tag

    if cfg.context.language is not None and not is_language_tag(cfg.context.language):
        raise blame.error(f"context.language must be a language tag such as en, th or zh-Hans (BCP 47), "
                          f"not {cfg.context.language!r}", "context.language")
    from memory_store.cronexpr import CronError, parse_cron

    for name in JOBS:
        # Read by the same parser as the daemon, systemd and cron (docs/design.md §8.1), so an
        # expression none of them can run is refused here, at load, for every command alike.
        try:
            parse_cron(getattr(cfg.schedule, name), allow_seconds=True, where=f"schedule.{name}")
        except CronError as exc:
            raise blame.error(exc.message, f"schedule.{name}") from None
    for key, lowest, inclusive, unit in _RANGES:
        section, name = key.split(".")
        value = getattr(getattr(cfg, section), name)
        if value < lowest or (value == lowest and not inclusive):
            bound = f"at least {lowest:g}" if inclusive else f"more than {lowest:g}"
            raise blame.error(f"{key} must be {bound} {unit}, not {value:g}", key)
    from memory_store.core.ttl import parse_duration
    from memory_store.errors import UsageError

    try:
        parse_duration(cfg.core.session_idle, "core.session_idle")
    except UsageError as exc:
        raise blame.error(exc.message, "core.session_idle") from None
