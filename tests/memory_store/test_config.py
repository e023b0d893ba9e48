"""Configuration: defaults, file, MEMJOBS_* environment, flags; unknown keys are errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.errors import ConfigError
from tests.conftest import cli_run


def test_defaults_have_every_key(tmp_path: Path):
    cfg = load_config(tmp_path, env={})
    assert cfg.limits.memory_md_lines == 200 and cfg.limits.memory_md_chars == 12000
    assert cfg.limits.daily_entries == 300 and cfg.limits.summary_lines == 1500 and cfg.limits.warm_days == 30
    assert cfg.limits.job_timeout_s == 900 and cfg.limits.lock_wait_s == 300 and cfg.limits.keep_runs_days == 90
    assert cfg.schedule.microsync == "0 10,13,16,19,22 * * *" and cfg.schedule.weekly == "0 3 * * mon"
    assert cfg.search.max_results == 6 and cfg.search.extra_paths == ("second-brain/summaries",)
    assert (
        cfg.llm.api_key_env == "OPENAI_API_KEY" and cfg.llm.fallback == "rules" and cfg.llm.max_tokens_per_run == 200000
    )
    assert cfg.extract.engine == "rules" and cfg.summarize.engine == "rules"
    assert [s.format for s in cfg.transcripts] == ["openclaw", "claude-code", "codex"]
    assert cfg.exclude_sessions == ("cron:*", "hook:*", "heartbeat*", "subagent*")


def test_file_then_env_then_flags(tmp_path: Path):
    (tmp_path / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\nllm: {model: file-model, timeout_s: 5}\nlimits: {warm_days: 10}\n"
        "transcripts:\n  - {format: codex, path: /x}\n",
        encoding="utf-8",
    )
    cfg = load_config(
        tmp_path,
        env={"MEMJOBS_LLM__MODEL": "env-model", "MEMJOBS_LIMITS__WARM_DAYS": "12"},
        overrides={"limits": {"warm_days": 14}},
    )
    assert cfg.timezone == "Asia/Bangkok" and cfg.llm.model == "env-model" and cfg.llm.timeout_s == 5
    assert cfg.limits.warm_days == 14
    assert cfg.transcripts[0].format == "codex" and cfg.transcripts[0].chat_types == ("direct",)
    assert not cfg.transcripts[0].is_default


@pytest.mark.parametrize(
    "text, needle",
    [
        ("limts: {}\n", "unknown key 'limts'"),
        ("llm: {modle: x}\n", "unknown key 'llm.modle'"),
        ("transcripts:\n  - {format: codex, path: /x, colour: red}\n", "unknown key 'transcripts[0].colour'"),
        ("transcripts:\n  - {format: chatgpt, path: /x}\n", "format must be one of"),
        ("timezone: Mars/Olympus\n", "unknown timezone"),
        ("limits: {memory_md_lines: lots}\n", "limits.memory_md_lines: expected int"),
        ("llm: [\n", "invalid YAML"),
    ],
)
def test_bad_configuration_names_key_and_file(tmp_path: Path, text: str, needle: str):
    (tmp_path / "memjobs.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert needle in str(err.value) and "memjobs.yaml" in str(err.value)


@pytest.mark.parametrize(
    "text, where",
    [
        ("timezone: UTC\ntranscripts:\n  - {format: claude-code, path: /a}\n"
         "transcripts:\n  - {format: codex, path: /b}\n",
         "memjobs.yaml:4: the key 'transcripts' appears twice (first on line 2)"),
        ("timezone: Asia/Bangkok\nllm: {model: m}\ntimezone: UTC\n",
         "memjobs.yaml:3: the key 'timezone' appears twice (first on line 1)"),
        ("llm:\n  model: a\n  timeout_s: 5\n  model: b\n",
         "memjobs.yaml:4: the key 'model' appears twice (first on line 2)"),
        ("llm: {model: a, model: b}\n", "memjobs.yaml:1: the key 'model' appears twice (first on line 1)"),
        ("transcripts:\n  - format: codex\n    path: /x\n    format: openclaw\n",
         "memjobs.yaml:4: the key 'format' appears twice (first on line 2)"),
    ],
)
def test_a_repeated_key_is_an_error_naming_file_line_and_key(tmp_path: Path, text: str, where: str):
    """Pins: a second `transcripts:` or `timezone:` was accepted silently, the last one winning (the
    first sources were never read, exit 0)."""
    (tmp_path / "memjobs.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert str(err.value) == f"{tmp_path / where}"


def test_a_merge_key_may_still_be_overridden(tmp_path: Path):
    """A `<<:` merge brings keys in to be overridden: not a repeated key."""
    (tmp_path / "memjobs.yaml").write_text(
        "llm: &base {model: a, timeout_s: 5}\nsummarize: {engine: rules}\n"
        "context:\n  profiles:\n    reply:\n      <<: {max_items: 5}\n      max_items: 7\n",
        encoding="utf-8")
    cfg = load_config(tmp_path, env={})
    assert cfg.llm.model == "a" and cfg.context.profiles[0].max_items == 7


def test_a_repeated_key_in_an_environment_variable_names_it(tmp_path: Path):
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={"MEMJOBS_LLM": "{model: a, model: b}"})
    assert "environment variable MEMJOBS_LLM: the key 'model' appears twice" in str(err.value)


def test_config_command_prints_effective_config_and_errors_cleanly(workspace: Path):
    p = cli_run("--workspace", str(workspace), "config", env={"MEMJOBS_LLM__MODEL": "qwen2.5"})
    assert p.returncode == 0 and "Asia/Bangkok" in p.stdout and "qwen2.5" in p.stdout
    (workspace / "memjobs.yaml").write_text("bogus: 1\n")
    p = cli_run("--workspace", str(workspace), "status")
    assert p.returncode == 1 and p.stderr.startswith("Error: ") and "bogus" in p.stderr
    assert "Traceback" not in p.stderr


@pytest.mark.parametrize(
    "text, needle",
    [
        ("limits: {keep_runs_days: -1}\n", "limits.keep_runs_days must be at least 1"),
        ("limits: {keep_runs_days: 0}\n", "limits.keep_runs_days must be at least 1"),
        ("limits: {job_timeout_s: .nan}\n", "limits.job_timeout_s must be a finite number"),
        ("limits: {job_timeout_s: .inf}\n", "limits.job_timeout_s must be a finite number"),
        ("limits: {lock_wait_s: -5}\n", "limits.lock_wait_s must be at least 0"),
        ("limits: {warm_days: .inf}\n", "limits.warm_days: expected int"),
        ("limits: {daily_entries: 2.5}\n", "limits.daily_entries: expected int"),
        ("llm: {timeout_s: 0}\n", "llm.timeout_s must be more than 0"),
        ("limits: {job_timeout_s: -1}\n", "limits.job_timeout_s must be more than 0"),
        ("llm: {timeout_s: -.inf}\n", "llm.timeout_s must be a finite number"),
        ("llm: {max_tokens_per_run: 0}\n", "llm.max_tokens_per_run must be at least 1"),
        ("search: {max_results: true}\n", "search.max_results: expected int"),
    ],
)
def test_out_of_range_values_are_errors_naming_key_and_file(tmp_path: Path, text: str, needle: str):
    """Pins: values are range-checked (a negative keep_runs_days once deleted the whole run
    ledger; NaN/inf timeouts gave tracebacks)."""
    (tmp_path / "memjobs.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert needle in str(err.value) and "memjobs.yaml" in str(err.value)


def test_a_bad_environment_variable_is_blamed_on_the_variable(tmp_path: Path):
    """Pins: an error in a MEMJOBS_* value names the variable, not memjobs.yaml."""
    (tmp_path / "memjobs.yaml").write_text("limits: {warm_days: 10}\n", encoding="utf-8")
    for var, value, needle in (("MEMJOBS_LIMITS__JOB_TIMEOUT_S", "nan", "finite number"),
                               ("MEMJOBS_LIMITS__KEEP_RUNS_DAYS", "-1", "at least 1"),
                               ("MEMJOBS_LLM__MODLE", "x", "unknown key 'llm.modle'"),
                               ("MEMJOBS_TIMEZONE", "Mars/Olympus", "unknown timezone")):
        with pytest.raises(ConfigError) as err:
            load_config(tmp_path, env={var: value})
        assert needle in str(err.value) and f"(set by the environment variable {var})" in str(err.value)
        assert "memjobs.yaml" not in str(err.value)
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={}, overrides={"limits": {"keep_runs_days": -3}})
    assert "(set by a command-line option)" in str(err.value)


def test_cli_refuses_a_negative_keep_runs_days_and_keeps_the_ledger(workspace: Path):
    """Pins: `keep_runs_days: -1` is a one-line error before any run, so no run is pruned."""
    w = ["--workspace", str(workspace)]
    p = cli_run(*w, "run", "microsync", "--now", "2026-11-22T10:00:00+07:00")
    assert p.returncode == 0, p.stderr
    runs = sorted((workspace / ".memjobs" / "runs").iterdir())
    (workspace / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\nlimits: {keep_runs_days: -1}\n")
    p = cli_run(*w, "run", "microsync", "--now", "2026-11-22T13:00:00+07:00")
    assert p.returncode == 1 and p.stderr.startswith("Error: ") and "keep_runs_days" in p.stderr
    assert "Traceback" not in p.stderr
    assert sorted((workspace / ".memjobs" / "runs").iterdir()) == runs
    p = cli_run(*w, "status", env={"MEMJOBS_LIMITS__JOB_TIMEOUT_S": "inf"})
    assert p.returncode == 1 and "MEMJOBS_LIMITS__JOB_TIMEOUT_S" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("expr, why", [("61 * * * *", "minute: 61 is out of range 0-59"),
                                       ("0 3 * * funday", "day-of-week: 'funday' is not a number"),
                                       ("0 3 L * *", "L, W, # and ? are not supported")])
def test_an_invalid_cron_schedule_is_a_configuration_error_at_load(workspace: Path, expr: str, why: str):
    """Pins: a schedule no scheduler can run is refused when the configuration loads, with its key,
    file, line and why, the same words and exit code 1 from doctor, run, cron, systemd and the
    daemon (doctor once said "configuration loads" while the others failed)."""
    text = (workspace / "memjobs.yaml").read_text(encoding="utf-8")
    line = len(text.splitlines()) + 2
    (workspace / "memjobs.yaml").write_text(text + f"schedule:\n  daily: '30 0 * * *'\n  microsync: '{expr}'\n",
                                            encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(workspace, env={})
    want = f"memjobs.yaml:{line + 1}: schedule.microsync: '{expr}': "
    assert want in str(err.value) and why in str(err.value)
    w = ["--workspace", str(workspace)]
    for args in (("doctor", "--no-llm"), ("run", "microsync"), ("cron",), ("systemd", "print"), ("daemon",)):
        p = cli_run(*w, *args)
        assert p.returncode == 1, (args, p.stdout, p.stderr)
        assert want in p.stdout + p.stderr and why in p.stdout + p.stderr, (args, p.stdout, p.stderr)


def test_a_config_error_names_the_line_of_its_key(tmp_path: Path):
    """A value error names the line its key is written on: nested blocks and one-line mappings."""
    (tmp_path / "memjobs.yaml").write_text(
        "# schedule: {weekly: '0 3 * * mon'}\ntimezone: UTC\nllm:\n  model: x\n\n  timeout_s: 0\n"
        "limits: {keep_runs_days: 3}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert "memjobs.yaml:6: llm.timeout_s must be more than 0" in str(err.value)
    (tmp_path / "memjobs.yaml").write_text("timezone: UTC\nlimits: {keep_runs_days: 0}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert "memjobs.yaml:2: limits.keep_runs_days" in str(err.value)


@pytest.mark.parametrize("tag, ok", [("th", True), ("en-GB", True), ("zh-Hans", True), ("zh-Hant-TW", True),
                                     ("pt-BR", True), ("es-419", True), ("klingon", False), ("xx", False),
                                     ("Thai", False), ("en_US", False)])
def test_context_language_is_a_known_language_tag_named_by_file_and_line(tmp_path: Path, tag: str, ok: bool):
    """`context.language` is handed to the agent as the user's language: an invented one ('klingon')
    is a configuration error at load, with its file, line and key, like every other config error."""
    (tmp_path / "memjobs.yaml").write_text(f"timezone: UTC\ncontext:\n  budget: 2000\n  language: {tag}\n",
                                           encoding="utf-8")
    if ok:
        assert load_config(tmp_path, env={}).context.language == tag
        return
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path, env={})
    assert f"memjobs.yaml:4: context.language must be a language tag such as en, th or zh-Hans (BCP 47), " \
           f"not {tag!r}" in str(err.value)
