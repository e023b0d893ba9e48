"""`memjobs doctor`'s secret scan where a secret is named by a key and stored as its value (core
memory, the audit trail, run folders, the last-known-good context), and where a transcript's path
holds one (a warning about the folder, not an error about memjobs' state)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.jobs.doctor.test_doctor import _by, _doctor

PW = "hunter2-" + "Sup3rS3cret!"
RUN = "20261120T030000Z-core-ab12"


def _line(key: str, value: str, n: str) -> str:
    return (f"- key:{key} | value:{value} | priority:50 | ttl:none | source:user_explicit | "
            f"updated_at:2026-11-20T03:00:00Z | kind:preference | applies_to:global | status:active | version:1 | "
            f"created_at:2026-11-20T03:00:00Z | ref:manual:cli | id:m-00000000{n}")


def _event(key: str, old: str | None, new: str) -> str:
    return json.dumps({"id": "e1", "ts": "2026-11-20T03:00:00Z", "op": "upsert", "type": "fact.created",
                       "key": key, "old": old, "new": new,
                       "diff": {"before": None, "after": {"key": key, "value": new}}})


def _plant(ws: Path, key: str, value: str) -> None:
    """What an older memjobs wrote for `mem set KEY VALUE`: PROFILE.md, the trail, a run folder
    (its audit and a patch whose hunk holds the PROFILE line), the last-known-good context."""
    (ws / "PROFILE.md").write_text("# PROFILE\n\n## Preferences\n" + _line("user.name", "Nok", "01") + "\n"
                                   + _line(key, value, "02") + "\n", encoding="utf-8")
    audit = ws / ".memjobs" / "audit"
    audit.mkdir(parents=True, exist_ok=True)
    (audit / "memory_audit.jsonl").write_text(_event("user.name", None, "Nok") + "\n" + _event(key, None, value) + "\n",
                                              encoding="utf-8")
    run = ws / ".memjobs" / "runs" / RUN
    (run / "state" / ".memjobs" / "context").mkdir(parents=True)
    (run / "memory_audit.jsonl").write_text(_event(key, None, value) + "\n", encoding="utf-8")
    (run / "patches.jsonl").write_text(json.dumps({"op": "replace", "path": "PROFILE.md", "hunks": [
        {"b": [4, 5], "old": _line(key, value, "02") + "\n"}]}) + "\n", encoding="utf-8")
    context = {"items": [{"key": "user.name", "value": "Nok"}, {"key": key, "value": value}]}
    (run / "state" / ".memjobs" / "context" / "last-known-good.json").write_text(json.dumps(context, indent=1),
                                                                              encoding="utf-8")


def test_a_value_stored_under_a_secret_key_is_found_everywhere_with_its_fix(workspace: Path):
    """Pins: `mem set db.password …` as older versions stored it (in clear in PROFILE.md, the trail,
    the run folder) was "no secret found"; each copy is now an error naming file, line and kind,
    never the value, with a fix that fits the file."""
    _plant(workspace, "db.password", PW)
    code, info, _ = _doctor(workspace)
    errors = [f for f in _by(info, "secrets") if f["level"] == "error"]
    found = sorted((f["path"], f["line"]) for f in errors)
    assert code == 1 and found == [
        (".memjobs/audit/memory_audit.jsonl", 2),
        (f".memjobs/runs/{RUN}/memory_audit.jsonl", 1),
        (f".memjobs/runs/{RUN}/patches.jsonl", 1),
        (f".memjobs/runs/{RUN}/state/.memjobs/context/last-known-good.json", 9),
        ("PROFILE.md", 5),
    ], found
    assert all("(password)" in f["message"] and "rotate" in f["fix"] for f in errors)
    fixes = {f["path"]: f["fix"] for f in errors}
    assert "edit PROFILE.md:5 to replace the value" in fixes["PROFILE.md"]
    assert f"delete .memjobs/runs/{RUN}/" in fixes[f".memjobs/runs/{RUN}/patches.jsonl"]
    assert "[REDACTED] at .memjobs/audit/memory_audit.jsonl:2" in fixes[".memjobs/audit/memory_audit.jsonl"]
    assert PW not in json.dumps(info)


def test_a_random_word_under_a_key_that_names_a_secret_is_found_in_profile(workspace: Path):
    """Pins: `user.wifi_pass = Kq8z!Lm2Xy` kept by an older memjobs was "no secret found" (no sentence
    around it says password); core memory now refuses it at write and doctor finds the old one."""
    _plant(workspace, "user.wifi_pass", "Kq8z!Lm2Xy")
    code, info, _ = _doctor(workspace)
    errors = [f for f in _by(info, "secrets") if f["level"] == "error"]
    assert code == 1 and ("PROFILE.md", 5) in [(f["path"], f["line"]) for f in errors]
    assert "Kq8z!Lm2Xy" not in json.dumps(info)


def test_ordinary_values_under_keys_that_name_secrets_are_not_errors(workspace: Path):
    """Near misses: a token budget, a key whose value is empty, `none` or already redacted."""
    import shutil

    for key, value in (("response.token_budget", "4096"), ("auth.token", "none"),
                       ("db.password", "[REDACTED:password]"), ("password.policy", "12 characters, rotated monthly")):
        _plant(workspace, key, value)
        code, info, _ = _doctor(workspace)
        assert [f["level"] for f in _by(info, "secrets")] == ["ok"], (key, _by(info, "secrets"))
        assert code == 0
        shutil.rmtree(workspace / ".memjobs" / "runs" / RUN)


def test_a_token_in_a_transcript_folder_name_is_a_warning_about_the_folder(tmp_path: Path):
    """Pins: a Claude Code project folder named after a token made doctor report an error on
    .memjobs/microsync/cursors.json (exit 1) that no edit of memjobs' files can fix: memjobs keeps
    the path to read the file. It is now one warning naming the folder, redacted, and exit 0."""
    from tests.conftest import cli_run
    from tests.microsync_helpers import claude_code_workspace

    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    ws = claude_code_workspace(tmp_path)
    folder = tmp_path / "transcripts" / f"-home-u-{token}"
    folder.mkdir(parents=True)
    turn = {"type": "user", "sessionId": "11111111-0000-4000-8000-000000000001", "uuid": "u1", "parentUuid": None,
            "cwd": "/home/u/app", "timestamp": "2026-11-24T03:00:00.000Z",
            "message": {"role": "user", "content": "we decided to use Postgres for the main database"}}
    (folder / "11111111-0000-4000-8000-000000000001.jsonl").write_text(json.dumps(turn) + "\n", encoding="utf-8")
    p = cli_run("--workspace", str(ws), "backfill", "--since", "2026-11-24", "--until", "2026-11-24")
    assert p.returncode == 0, p.stdout + p.stderr
    assert token in (ws / ".memjobs" / "microsync" / "cursors.json").read_text("utf-8")   # the path, as it must be
    code, info, _ = _doctor(ws)
    secrets = _by(info, "secrets")
    warnings = [f for f in secrets if f["level"] == "warning"]
    assert [f["level"] for f in secrets if f["level"] == "error"] == [] and code == 0, secrets
    (w,) = warnings
    assert "transcript's path holds a secret (github_token)" in w["message"]
    assert "[REDACTED:github_token]" in w["message"]
    assert token not in json.dumps(info)


def test_a_password_said_in_a_clause_and_kept_by_an_older_memjobs_is_found(workspace: Path):
    """Pins: "we decided to use X as the password", "密码就用 X 吧" and "ใช้ X เป็นรหัสผ่าน" kept in
    clear in a daily file and a run intent by older versions were "no secret found": doctor uses the
    same detector as the redactor, so each is now an error naming file and line, never the value."""
    values = ["Zx9k" + "Lm2Qp7", "Pz7x" + "Cv4Nm9Lk", "Hn5t" + "Vb8Mkq2"]
    daily = workspace / "memory" / "2026-11-23.md"
    daily.parent.mkdir(exist_ok=True)
    daily.write_text("# 2026-11-23\n\n## Decisions\n"
                     f"- we decided to use {values[0]} as the password for the prod database\n"
                     f"- 决定了，密码就用 {values[1]} 吧\n", encoding="utf-8")
    run = workspace / ".memjobs" / "runs" / RUN
    run.mkdir(parents=True)
    (run / "intent.json").write_text(json.dumps({"entries": [f"ใช้ {values[2]} เป็นรหัสผ่าน staging"]},
                                                ensure_ascii=False, indent=1), encoding="utf-8")
    code, info, _ = _doctor(workspace)
    errors = [f for f in _by(info, "secrets") if f["level"] == "error"]
    found = sorted((f["path"], f["line"]) for f in errors)
    assert code == 1 and found == [(f".memjobs/runs/{RUN}/intent.json", 3),
                                   ("memory/2026-11-23.md", 4), ("memory/2026-11-23.md", 5)], found
    assert all("(password)" in f["message"] for f in errors)
    assert not any(v in json.dumps(info) for v in values)
