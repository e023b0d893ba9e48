"""The secret classes added after the exploratory tests (tests/memory_store/test_redact_classes.py)
through the doors of real runs: a Claude Code transcript holding them goes through microSync,
daily, weekly, the index and the sessions tier with the rules engine via the real CLI; none may
reach a memory file, `.memjobs/`, or a command's output."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from memory_store.workspace import init_workspace
from tests.conftest import cli_run
from tests.memory_store.test_redact_catalogue import AWS_SECRET, fake

SID = "5ec2e75e-0000-4000-8000-00000000c1a5"
DAY = "2026-11-20"
URL_PW = "ZhongWen#" + fake(6, seed=31)
AT_PW = "p@ss#" + fake(8, seed=32)
LOGIN_PW = "S0me" + fake(8, seed=33) + "!"
ENV_PW = "Zx9!" + fake(8, seed=34)
ZH_PW = "Kq8z" + fake(8, seed=35)
TH_PW = "Wf7k" + fake(8, seed=36)
SECRETS = [URL_PW, AT_PW, LOGIN_PW, ENV_PW, ZH_PW, TH_PW, AWS_SECRET]
TURNS = [
    f"remember: the aws secret for the backup bucket is {AWS_SECRET}",
    f"记住：生产数据库连接串是 mysql://root:{URL_PW}@10.1.2.3:3306/prod",
    f"remember that the admin login is admin / {LOGIN_PW}",
    f"remember the cache is redis://default:{AT_PW}@redis:6379",
    f"here is my .env: DB_PASS={ENV_PW} SMTP_PASS=Qw3rTy9Uiop",
    f"记住数据库密码 {ZH_PW} 以后都用这个",
    f"จำไว้นะ wifi รหัส {TH_PW}",
]


def _workspace(tmp_path: Path) -> Path:
    lines = []
    for i, text in enumerate(TURNS):
        ts = f"{DAY}T03:{i * 5:02d}:00.000Z"
        lines.append({"type": "user", "sessionId": SID, "uuid": f"u{i}", "parentUuid": None, "cwd": "/home/u/app",
                      "timestamp": ts, "message": {"role": "user", "content": text}})
        lines.append({"type": "assistant", "sessionId": SID, "uuid": f"a{i}", "parentUuid": f"u{i}",
                      "timestamp": ts.replace(":00.000Z", ":30.000Z"),
                      "message": {"role": "assistant", "content": [{"type": "text", "text": "Noted."}]}})
    path = tmp_path / "projects" / "-home-u-app" / f"{SID}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    ws = tmp_path / "ws"
    init_workspace(ws)
    doc = {"timezone": "Asia/Bangkok", "transcripts": [{"format": "claude-code", "path": str(tmp_path / "projects")}]}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return ws


def test_new_classes_reach_no_file_and_no_output(tmp_path: Path) -> None:
    """Pins: the shapes the exploratory tests found in memory files, wrap-ups, MEMORY.md and the
    sessions tier (a URL password with `#` or `@`, "the aws secret for … is", "login is admin / X",
    `DB_PASS=`, "密码 X", "wifi รหัส X") are redacted at every door."""
    ws = _workspace(tmp_path)
    w = ["--workspace", str(ws)]
    outputs = []
    for args in (
        ["run", "microsync", "--since", f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00", "--json"],
        ["run", "daily", "--date", DAY, "--now", "2026-11-21T00:30:00+07:00", "--json"],
        ["run", "weekly", "--now", "2026-11-23T03:00:00+07:00", "--json", "--force"],
        ["index"], ["search", "backup bucket", "--tier", "sessions"], ["search", "redis", "--json", "--tier", "all"],
        ["context", "--json"], ["doctor", "--no-llm"],
    ):
        p = cli_run(*w, *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{DAY}.md").read_text("utf-8")
    assert "[REDACTED:url_password]" in daily and "[REDACTED:aws_secret_key]" in daily, daily
    assert "[REDACTED:password]" in daily, daily
    assert "[REDACTED:aws_secret_key]" in outputs[4], outputs[4]       # the sessions tier holds the turn, redacted
    assert "no secret found" in outputs[-1], outputs[-1]
    for out in outputs:
        for s in SECRETS:
            assert s not in out, s
    for f in ws.rglob("*"):
        if f.is_file():
            data = f.read_bytes().decode("utf-8", "replace")
            for s in SECRETS:
                assert s not in data and s not in f.name, (f, s)
