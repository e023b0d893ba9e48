"""The secret catalogue through every door of real runs (docs/design.md §7): transcripts that hold
the issue's secrets (passwords in postgres/mysql/https URLs, "the db password is X", an AWS
secret after "with secret", Stripe, HuggingFace and GitLab tokens, Thai and Chinese phrasings)
go through microSync, daily and weekly with the rules engine via the real CLI, and through the
LLM engines against tests/llm_server.py; no secret may reach a memory file, `.memjobs/` (state,
ledger, index, cache), an entry id, stdout/stderr, or a request to the model."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from memory_store.workspace import init_workspace
from tests.conftest import cli_run
from tests.llm_server import FakeLLM, files_text
from tests.memory_store.test_redact_catalogue import AWS_SECRET, fake

SID = "5ec2e75e-0000-4000-8000-00000000d00r"
DAY = "2026-11-17"
PG_PW = "Pg5ecret" + fake(6, seed=11)
MY_PW = "My5ql" + fake(8, seed=12)
GIT_TOKEN = fake(24, seed=13)
DB_PW = "Tr0ub4dor-" + fake(5, seed=14)
STRIPE = "sk_" + "live_" + fake(24, seed=15)
HF = "hf_" + fake(34, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", seed=16)
GITLAB = "glpat-" + fake(20, seed=17)
TH_PW = "Th41" + fake(6, seed=18)
ZH_PW = "Zh88" + fake(6, seed=19)
SECRETS = [PG_PW, MY_PW, GIT_TOKEN, DB_PW, AWS_SECRET, STRIPE, HF, GITLAB, TH_PW, ZH_PW]
TURNS = [
    f"We decided to use postgres://app:{PG_PW}@db.internal/bookings for the bookings store.",
    f"We decided to move reporting to mysql://root:{MY_PW}@db/reports because it is cheaper.",
    f"From now on, push with https://deploy:{GIT_TOKEN}@git.example.com/nimbus.git only.",
    f"Remember that the db password is {DB_PW} for staging.",
    f"We decided to sign uploads with access key AKIAQ3EXAMPLEZ7K2LMN with secret {AWS_SECRET}.",
    f"We decided to charge cards with {STRIPE} in production.",
    f"From now on, download models with the token {HF} only.",
    f"We decided to use {GITLAB} for the CI mirror.",
    f"จำไว้ว่ารหัสผ่านของ staging คือ {TH_PW} นะ",
    f"我们决定数据库密码是 {ZH_PW}，以后都用这个。",
]


def _write_session(path: Path, sid: str, cwd: str, turns: list[tuple[str, str]]) -> None:
    """A Claude Code session of (timestamp, user text) turns, each answered "Noted." 30 s later."""
    lines = []
    for i, (ts, text) in enumerate(turns):
        lines.append({"type": "user", "sessionId": sid, "uuid": f"u{i}", "parentUuid": None, "cwd": cwd,
                      "timestamp": ts, "message": {"role": "user", "content": text}})
        lines.append({"type": "assistant", "sessionId": sid, "uuid": f"a{i}", "parentUuid": f"u{i}",
                      "timestamp": ts.replace(":00.000Z", ":30.000Z"),
                      "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}})
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")


def _transcript(folder: Path) -> None:
    _write_session(folder / "-home-u-nimbus" / f"{SID}.jsonl", SID, "/home/u/nimbus",
                   [(f"{DAY}T0{2 + i // 6}:{(i * 7) % 60:02d}:00.000Z", text) for i, text in enumerate(TURNS)])


def _workspace(tmp_path: Path, **extra: object) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    _transcript(tmp_path / "projects")
    doc = {"timezone": "Asia/Bangkok",
           "transcripts": [{"format": "claude-code", "path": str(tmp_path / "projects")}], **extra}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return ws


def _assert_nowhere(where: str, text: str) -> None:
    for s in SECRETS:
        assert s not in text, (where, s)


def test_rules_runs_and_every_command_keep_the_catalogue_out(tmp_path: Path) -> None:
    """Pins: the issue's secret formats reach no daily file, MEMORY.md, wrap-up, entry id,
    `.memjobs/` file (state, ledger, index) or command output."""
    ws = _workspace(tmp_path)
    w = ["--workspace", str(ws)]
    outputs = []
    for args in (
        ["run", "microsync", "--since", f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00", "--json"],
        ["run", "daily", "--date", DAY, "--now", "2026-11-18T00:30:00+07:00", "--json"],
        ["run", "weekly", "--now", "2026-11-23T03:00:00+07:00", "--json", "--force"],
        ["run", "microsync", "--since", f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00", "--dry-run"],
        ["search", "postgres", "--json", "--tier", "all"], ["search", "staging", "--tier", "all"],
        ["search", "password", "--json", "--tier", "all"], ["status", "--json"], ["validate", "--json"],
        ["runs", "--json"], ["config"],
    ):
        p = cli_run(*w, *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    for run in sorted((ws / ".memjobs" / "runs").iterdir()):
        p = cli_run(*w, "runs", "show", run.name, "--json")
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{DAY}.md").read_text("utf-8")
    assert daily.count("## ") >= 8, daily                     # the turns were kept, as entries
    assert "[REDACTED:url_password]" in daily and "[REDACTED:stripe_key]" in daily
    assert "[REDACTED:password]" in daily and "[REDACTED:aws_secret_key]" in daily
    assert (ws / "second-brain" / "summaries" / f"{DAY}-wrapup.md").is_file()
    assert "memjobs:begin" in (ws / "MEMORY.md").read_text("utf-8")
    assert (ws / ".memjobs" / "index.sqlite").is_file()
    for out in outputs:
        _assert_nowhere("output", out)
    for f in ws.rglob("*"):
        if f.is_file():
            _assert_nowhere(str(f), f.read_bytes().decode("utf-8", "replace"))
            _assert_nowhere(str(f), f.name)


def test_llm_engines_send_and_cache_no_secret(tmp_path: Path) -> None:
    """Pins: with `extract.engine: llm` and `summarize.engine: llm`, no request to the model, no
    cache file and no memory file holds a secret of the catalogue."""
    with FakeLLM() as server:
        ws = _workspace(tmp_path, extract={"engine": "llm"}, summarize={"engine": "llm"},
                        llm={"base_url": server.base_url, "model": "test-model",
                             "api_key_env": "MEMJOBS_TEST_LLM_KEY", "timeout_s": 5})
        env = {"MEMJOBS_TEST_LLM_KEY": "test"}
        w = ["--workspace", str(ws)]
        p = cli_run(*w, "run", "daily", "--date", DAY, "--now", "2026-11-18T00:30:00+07:00", "--json", env=env)
        assert p.returncode == 0, p.stdout + p.stderr
        report = json.loads(p.stdout)
        assert report["status"] in ("ok", "degraded"), report
        assert server.chat_requests(), "the model was never asked"
        _assert_nowhere("requests", server.all_bodies())
        _assert_nowhere("output", p.stdout + p.stderr)
        assert list((ws / ".memjobs").rglob("llm-cache/**/*.json"))
        _assert_nowhere("workspace", files_text(ws))


def test_config_prints_no_credentials_of_the_base_url(tmp_path: Path) -> None:
    """Pins: `memjobs config` (YAML and --json) prints `llm.base_url` without its password or key."""
    pw = "Cfg" + fake(12, seed=21)
    key = fake(32, seed=22)
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"transcripts": [], "llm": {
        "base_url": f"https://me:{pw}@llm.example.com/v1?api_key={key}", "model": "m"}}), encoding="utf-8")
    for args in (["config"], ["config", "--json"]):
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode == 0, p.stderr
        assert "llm.example.com" in p.stdout and "[REDACTED" in p.stdout
        assert pw not in p.stdout + p.stderr and key not in p.stdout + p.stderr


# Secrets said the way people say them in chat and type them on a command line: a Telegram token
# of the length in Telegram's docs, mysql's glued `-p`, curl's `-u user:pass`, a key after "api
# key:", "with password X", and Thai sentences with an English or Thai name of the key.
TELEGRAM = "4839574812:AA" + fake(32, seed=31)
MYSQL_PW = "S3cr3t" + fake(8, seed=32)
CURL_PW = "Cu7l" + fake(10, seed=33)
MAILGUN = fake(32, "0123456789abcdef", seed=34)
SSH_PW = "Tr0ub" + fake(6, seed=35)
OMISE = "skey_" + "live_" + fake(19, "abcdefghijklmnopqrstuvwxyz0123456789", seed=36)
LINE = fake(40, seed=37)
SPOKEN = [TELEGRAM, MYSQL_PW, CURL_PW, MAILGUN, SSH_PW, OMISE, LINE]
SPOKEN_TURNS = [
    f"Remember: the ops bot token is {TELEGRAM}",
    f"Remember: connect to the reporting db with mysql -u root -p{MYSQL_PW} reports",
    f"Remember: the metrics endpoint needs curl -u admin:{CURL_PW} https://metrics.internal",
    f"Remember: the mailgun api key: {MAILGUN}",
    f"Remember: ssh root@10.0.0.5 with password {SSH_PW}",
    f"จำไว้นะ Omise secret key คือ {OMISE}",
    f"จำไว้นะ โทเค็นของ LINE คือ {LINE}",
]


def test_spoken_and_command_line_secrets_reach_no_door_and_doctor_finds_each(tmp_path: Path) -> None:
    """Pins: the seven reach no daily file, MEMORY.md, index, `.memjobs/` file or search/context
    output after real runs; typed by hand into a memory file, doctor names each one's line."""
    from tests.microsync_helpers import claude_code_workspace

    ws = claude_code_workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-u-ops"
    folder.mkdir(parents=True)
    lines = [{"type": "user", "sessionId": SID, "uuid": f"u{i}", "parentUuid": f"u{i - 1}" if i else None,
              "cwd": "/home/u/ops", "timestamp": f"{DAY}T03:0{i}:00.000Z", "message": {"role": "user", "content": t}}
             for i, t in enumerate(SPOKEN_TURNS)]
    (folder / f"{SID}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    w = ["--workspace", str(ws)]
    outputs = []
    for args in (["run", "microsync", "--since", DAY, "--now", f"{DAY}T22:00:00+07:00", "--json"],
                 ["run", "weekly", "--now", "2026-11-23T03:00:00+07:00", "--force"],
                 ["search", "metrics", "--tier", "all", "--json"], ["search", "LINE", "--tier", "all"],
                 ["context", "--json"], ["doctor", "--no-llm"]):
        p = cli_run(*w, *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{DAY}.md").read_text("utf-8")
    assert daily.count("[REDACTED:") >= 7, daily          # each turn was kept, its secret redacted
    for out in outputs:
        for s in SPOKEN:
            assert s not in out, s
    for f in ws.rglob("*"):
        if f.is_file():
            text = f.read_bytes().decode("utf-8", "replace")
            for s in SPOKEN:
                assert s not in text, (str(f), s)
    # typed by hand (the writer leaves a person's text alone): doctor finds each, by line
    (ws / "memory" / "notes.md").write_text("# notes\n" + "".join(t + "\n" for t in SPOKEN_TURNS), "utf-8")
    p = cli_run(*w, "doctor", "--json", "--no-llm")
    assert p.returncode == 1
    found = [f for f in json.loads(p.stdout)["findings"] if f["check"] == "secrets" and f["level"] == "error"]
    assert sorted((f["path"], f["line"]) for f in found) == [("memory/notes.md", i) for i in range(2, 9)], found
    for s in SPOKEN:
        assert s not in p.stdout + p.stderr


# ---- the secret classes added after the exploratory tests (tests/memory_store/test_redact_classes.py):
# a URL password with `#` or `@`, "the aws secret for … is", "login is admin / X", `DB_PASS=`,
# "密码 X", "wifi รหัส X", through microSync, daily, weekly, the index, the sessions tier,
# `context` and `doctor`.

CLASS_SID = "5ec2e75e-0000-4000-8000-00000000c1a5"
CLASS_DAY = "2026-11-20"
CLASS_URL_PW = "ZhongWen#" + fake(6, seed=31)
CLASS_AT_PW = "p@ss#" + fake(8, seed=32)
CLASS_LOGIN_PW = "S0me" + fake(8, seed=33) + "!"
CLASS_ENV_PW = "Zx9!" + fake(8, seed=34)
CLASS_ZH_PW = "Kq8z" + fake(8, seed=35)
CLASS_TH_PW = "Wf7k" + fake(8, seed=36)
CLASS_SECRETS = [CLASS_URL_PW, CLASS_AT_PW, CLASS_LOGIN_PW, CLASS_ENV_PW, CLASS_ZH_PW, CLASS_TH_PW, AWS_SECRET]
CLASS_TURNS = [
    f"remember: the aws secret for the backup bucket is {AWS_SECRET}",
    f"记住：生产数据库连接串是 mysql://root:{CLASS_URL_PW}@10.1.2.3:3306/prod",
    f"remember that the admin login is admin / {CLASS_LOGIN_PW}",
    f"remember the cache is redis://default:{CLASS_AT_PW}@redis:6379",
    f"here is my .env: DB_PASS={CLASS_ENV_PW} SMTP_PASS=Qw3rTy9Uiop",
    f"记住数据库密码 {CLASS_ZH_PW} 以后都用这个",
    f"จำไว้นะ wifi รหัส {CLASS_TH_PW}",
]


def _class_workspace(tmp_path: Path) -> Path:
    _write_session(tmp_path / "projects" / "-home-u-app" / f"{CLASS_SID}.jsonl", CLASS_SID, "/home/u/app",
                   [(f"{CLASS_DAY}T03:{i * 5:02d}:00.000Z", text) for i, text in enumerate(CLASS_TURNS)])
    ws = tmp_path / "ws"
    init_workspace(ws)
    doc = {"timezone": "Asia/Bangkok", "transcripts": [{"format": "claude-code", "path": str(tmp_path / "projects")}]}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return ws


def test_new_classes_reach_no_file_and_no_output(tmp_path: Path) -> None:
    """Pins: the shapes the exploratory tests found in memory files, wrap-ups, MEMORY.md and the
    sessions tier (a URL password with `#` or `@`, "the aws secret for … is", "login is admin / X",
    `DB_PASS=`, "密码 X", "wifi รหัส X") are redacted at every door."""
    ws = _class_workspace(tmp_path)
    w = ["--workspace", str(ws)]
    outputs = []
    for args in (
        ["run", "microsync", "--since", f"{CLASS_DAY}T00:00:00+07:00", "--now", f"{CLASS_DAY}T22:00:00+07:00",
         "--json"],
        ["run", "daily", "--date", CLASS_DAY, "--now", "2026-11-21T00:30:00+07:00", "--json"],
        ["run", "weekly", "--now", "2026-11-23T03:00:00+07:00", "--json", "--force"],
        ["index"], ["search", "backup bucket", "--tier", "sessions"], ["search", "redis", "--json", "--tier", "all"],
        ["context", "--json"], ["doctor", "--no-llm"],
    ):
        p = cli_run(*w, *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{CLASS_DAY}.md").read_text("utf-8")
    assert "[REDACTED:url_password]" in daily and "[REDACTED:aws_secret_key]" in daily, daily
    assert "[REDACTED:password]" in daily, daily
    assert "[REDACTED:aws_secret_key]" in outputs[4], outputs[4]       # the sessions tier holds the turn, redacted
    assert "no secret found" in outputs[-1], outputs[-1]
    for out in outputs:
        for s in CLASS_SECRETS:
            assert s not in out, s
    for f in ws.rglob("*"):
        if f.is_file():
            data = f.read_bytes().decode("utf-8", "replace")
            for s in CLASS_SECRETS:
                assert s not in data and s not in f.name, (f, s)
