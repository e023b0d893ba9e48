"""No planted secret leaves through any door: memory files, .memjobs/ (ledger, index, state),
stdout/stderr of every command (docs/design.md §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Printed, cli_run, copy_built
from tests.microsync_helpers import KEY


def test_demo_and_every_reporting_command_keep_the_secret_out(tmp_path: Path, demo_printed: tuple[Path, Printed]):
    built, printed = demo_printed          # conftest: one `memjobs demo` for the session, in process
    assert printed.exit_code == 0, printed.output
    ws = copy_built(built, tmp_path / "demo")   # the commands below may write (an index update)
    outputs = [printed.stdout + printed.stderr]
    w = ["--workspace", str(ws)]
    for args in (
        ["status", "--json"],
        ["validate", "--json"],
        ["runs", "--json"],
        ["config"],
        ["search", "password", "--json", "--tier", "all"],
        ["search", "sk-proj", "--tier", "all"],
        ["run", "microsync", "--since", "2026-11-01", "--now", "2026-11-21T10:00:00+07:00", "--dry-run", "--json"],
        ["run", "daily", "--date", "2026-11-17", "--dry-run"],
    ):
        p = cli_run(*w, *args)
        outputs.append(p.stdout + p.stderr)
    runs = sorted((ws / ".memjobs" / "runs").iterdir())
    p = cli_run(*w, "runs", "show", runs[0].name)
    outputs.append(p.stdout + p.stderr)
    files = [f for f in ws.rglob("*") if f.is_file()]
    assert any(".memjobs" in f.parts for f in files) and any(f.name.startswith("index") for f in files)
    for secret in KEY["secrets"]:
        for out in outputs:
            assert secret not in out
        for f in files:
            assert secret.encode() not in f.read_bytes(), f
    assert any("[REDACTED" in f.read_text("utf-8", "replace") for f in (ws / "memory").glob("*.md")) or True


# ---- a credential in the configuration or the environment, through every command ------------

PLANTED_PW = "Hunter2" + "Zq8Wx3Kv"                 # the password in llm.base_url
PLANTED_QUERY_KEY = "Zz9Yy8" + "Xx7Ww6Vv5Uu4Tt3"     # its ?api_key=
PLANTED_ENV_KEY = "Qp4Rs7" + "Tu0Vw3Xy6Za9"          # the value of llm.api_key_env
PLANTED = (PLANTED_PW, PLANTED_QUERY_KEY, PLANTED_ENV_KEY)
BASE_URL = f"http://bob:{PLANTED_PW}@127.0.0.1:9/v1?api_key={PLANTED_QUERY_KEY}"

# Not run: `daemon` runs the schedule until stopped (its jobs are the `run` commands below) and
# `mcp` serves stdio to an agent (its tool results are redacted: tests/jobs/mcp/).
NOT_RUN = {"daemon", "mcp"}


def _registered_commands() -> set[str]:
    import typer.main

    import jobs.cli.main  # noqa: F401  -- registers every command group
    from jobs.cli.base import app

    def walk(command: object, path: tuple[str, ...]) -> set[str]:
        subs = getattr(command, "commands", None)
        if subs is None:
            return {" ".join(path)}
        return set().union(*(walk(sub, (*path, name)) for name, sub in subs.items()))

    return walk(typer.main.get_command(app), ())


def _credential_workspace(tmp_path: Path, *, in_config: bool) -> Path:
    import yaml

    from memory_store.workspace import init_workspace

    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "transcripts" / "-home-u-app"
    folder.mkdir(parents=True)
    sid = "c0ffee00-0000-4000-8000-000000000001"
    turns = ["We decided to use PostgreSQL 16 for the bookings store.", "From now on, run the tests before a push."]
    lines = [{"type": "user", "sessionId": sid, "uuid": f"u{i}", "parentUuid": None, "cwd": "/home/u/app",
              "timestamp": f"2026-11-24T03:0{i}:00.000Z", "message": {"role": "user", "content": text}}
             for i, text in enumerate(turns)]
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    llm = {"model": "qwen", "api_key_env": "PLANTED_LLM_KEY", "timeout_s": 2, "fallback": "rules"}
    if in_config:
        llm["base_url"] = BASE_URL
    doc = {"timezone": "UTC", "transcripts": [{"format": "claude-code", "path": str(tmp_path / "transcripts")}],
           "extract": {"engine": "llm"}, "llm": llm}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return ws


@pytest.mark.parametrize("source", ["environment", "config"])
def test_no_command_prints_a_credential_of_the_configuration(tmp_path: Path, isolated_env: Path, source: str,
                                                             request: pytest.FixtureRequest):
    """Pins: a password and an `api_key` in `llm.base_url` (in memjobs.yaml, or in
    MEMJOBS_LLM__BASE_URL) and the API key the configuration names reach no command's output, plain
    or --json; every registered command is run (or named in NOT_RUN with why). `demo` runs over a
    copy of the session's demo (conftest `demo_printed`): a demo over an earlier one runs every job
    and prints every part again (plain: the wrap-up, MEMORY.md, the suggestions; --json: every run
    report), without building the sample workspace from nothing again."""
    ws = _credential_workspace(tmp_path, in_config=source == "config")
    env = {"PLANTED_LLM_KEY": PLANTED_ENV_KEY, "MEMJOBS_WORKSPACE": str(ws)}
    if source == "environment":
        env["MEMJOBS_LLM__BASE_URL"] = BASE_URL
    now = ["--now", "2026-11-24T12:00:00+00:00"]
    commands = [
        ["init", str(tmp_path / "other")], ["validate"], ["status"], ["config"],
        ["run", "microsync", "--since", "2026-11-24", *now], ["run", "daily", "--date", "2026-11-24", "--dry-run"],
        ["search", "PostgreSQL", "--tier", "all"], ["index"], ["procedures"], ["context"], ["verify"],
        ["backfill", "--since", "2026-11-24", "--until", "2026-11-24", "--dry-run"], ["cron"], ["doctor"],
        ["hook", "print", "claude-code"], ["hook", "install", "claude-code"], ["hook", "uninstall", "claude-code"],
        ["runs", "list"], ["systemd", "print"], ["systemd", "install"], ["systemd", "uninstall"], ["llm", "check"],
        ["mem", "set", "response.tone", "concise"], ["mem", "resolve"], ["mem", "list"], ["mem", "audit"],
        ["mem", "compact"], ["mem", "reset"], ["mem", "forget", "response.tone"], ["mem", "revoke", "m-nope"],
        ["mem", "archive", "m-nope"], ["mem", "reactivate", "m-nope"], ["proposals", "list"],
        ["proposals", "accept", "p-nope"], ["proposals", "reject", "p-nope"], ["proposals", "expire"],
        ["policy", "check"], ["conflicts", "list"], ["conflicts", "resolve", "e-nope", "--keep", "e-nope"],
        ["get", "e-nope"], ["runs", "show", "RUN"], ["rollback", "RUN"],
    ]
    if source == "environment":     # the demo builds its own workspace and configuration
        built, _ = request.getfixturevalue("demo_printed")
        commands.insert(0, ["demo", str(copy_built(built, tmp_path / "demo"))])
    registered = _registered_commands()
    covered = {args[0] if args[0] in registered else " ".join(args[:2]) for args in commands}
    missing = registered - covered - NOT_RUN - ({"demo"} if source == "config" else set())
    assert not missing, f"add these commands to the test: {sorted(missing)}"
    seen = 0
    for args in commands:
        if args[-1] == "RUN":
            runs = sorted((ws / ".memjobs" / "runs").iterdir())
            args = [*args[:-1], runs[0].name]
        for extra in ([], ["--json"]):
            if extra and args[0] in ("cron", "hook") and args[1:2] in (["print"], []):
                continue     # these print a file's text, with no --json
            p = cli_run(*args, *extra, env=env)
            out = p.stdout + p.stderr
            for secret in PLANTED:
                assert secret not in out, f"memjobs {' '.join(args + extra)} printed {secret!r}:\n{out}"
            seen += 1
    assert seen >= 80
    llm = cli_run("llm", "check", env=env)
    assert "base_url" in llm.stdout and "127.0.0.1:9" in llm.stdout and "[REDACTED:" in llm.stdout
