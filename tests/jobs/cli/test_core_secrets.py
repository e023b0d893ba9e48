"""Core memory keeps no secret and prints none (docs/design.md §6, §7): `mem set` and MCP
`memory_remember` refuse a value redaction finds a secret in — alone, beside its key, or in the
user's words where the value stands — with exit 2 / an error result, audited without the value;
microSync drops such a statement with a note; and a secret already on disk from before is hidden on
every printing path (mem list/resolve/audit, plain and --json, context --json, MCP resolve/context)."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests import conftest
from tests.conftest import served_by_tools
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace

ADVICE = "memjobs does not keep secrets; keep it in a password manager or an environment variable"
OLD_SECRET = "hunter2-Sup3rS3cret!"


def cli(ws: Path, *args: str) -> tuple[int, str, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout, r.stderr


def _everything(ws: Path) -> str:
    return "\n".join(p.read_text("utf-8", "replace") for p in ws.rglob("*") if p.is_file())


@pytest.mark.parametrize(("key", "value", "kind"), [
    ("db.password", OLD_SECRET, "password"),                               # a secret only beside its key
    # (not AWS's published example ending in EXAMPLEKEY: a stand-in, tests/memory_store/test_redact_stand_ins.py)
    ("aws.secret", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYq8Lm2Vx7Kt", "aws_secret_key"),
    ("deploy.token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789", "github_token"),   # a secret alone
    ("user.wifi_pass", "Kq8z!Lm2Xy", "password"),      # the key names what it holds, the value looks random
    ("office.door_pin", "482193", "password"),
])
def test_mem_set_refuses_a_secret_and_audits_the_refusal_without_it(workspace: Path, key: str, value: str,
                                                                     kind: str):
    """Pins: `mem set db.password 'hunter2-Sup3rS3cret!'` printed it redacted but wrote it in clear to
    PROFILE.md, the audit trail and the context snapshot."""
    before = (workspace / "PROFILE.md").read_bytes()
    code, out, err = cli(workspace, "mem", "set", key, value)
    assert code == 2 and out == ""
    assert err == f"Error: {key}: the value looks like a secret ({kind}); {ADVICE}\n"
    assert (workspace / "PROFILE.md").read_bytes() == before
    assert value not in _everything(workspace)
    (ev,) = [json.loads(x) for x in (workspace / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert (ev["type"], ev["key"], ev["old"], ev["new"]) == ("memory.refused", key, None, None)
    code, _, _ = cli(workspace, "mem", "set", "user.password_manager", "1Password")      # a word, not a secret
    assert code == 0
    for k, v in (("user.passport_country", "TH2024"), ("llm.token_budget", "4096"), ("user.pin", "ask me")):
        assert cli(workspace, "mem", "set", k, v)[0] == 0, (k, v)


@pytest.mark.parametrize(("key", "value"), [
    ("llm.api_key", "${OPENAI_API_KEY}"),
    ("llm.api_key", "$OPENAI_API_KEY"),
    ("llm.setup", "api_key: ${OPENAI_API_KEY}"),
    ("db.url", "postgres://app:${DB_PASSWORD}@localhost/app"),
])
def test_where_a_secret_is_kept_is_no_secret(workspace: Path, key: str, value: str):
    """Pins: the refusal advises an environment variable, and a reference to one was refused."""
    code, _, err = cli(workspace, "mem", "set", key, value)
    assert code == 0, err
    code, out, _ = cli(workspace, "mem", "list", "--json")
    assert [e["value"] for e in json.loads(out)["entries"] if e["key"] == key] == [value]


def _old_secret_on_disk(ws: Path) -> None:
    """A secret written before secrets were refused: in PROFILE.md and in the audit trail."""
    line = (f"- key:db.password | value:{OLD_SECRET} | priority:50 | ttl:none | source:user_explicit | "
            "updated_at:2026-11-01T00:00:00Z | id:m-0123456789\n")
    with (ws / "PROFILE.md").open("a", encoding="utf-8") as fh:
        fh.write(line)
    trail = ws / ".memjobs/audit/memory_audit.jsonl"
    trail.parent.mkdir(parents=True, exist_ok=True)
    trail.write_text(json.dumps({
        "id": "e1", "ts": "2026-11-01T00:00:00Z", "op": "upsert", "type": "fact.created", "scope": "profile",
        "applies_to": "global", "key": "db.password", "old": None, "new": OLD_SECRET,
        "actor": {"kind": "user", "id": "cli"}, "target": {"type": "fact", "id": "m-0123456789"},
        "request_id": "r1", "reason": "set", "diff": {"before": None, "after": {
            "key": "db.password", "value": OLD_SECRET, "id": "m-0123456789"}}}) + "\n", encoding="utf-8")


def test_a_secret_already_on_disk_is_never_printed(workspace: Path):
    """Pins: `mem list --json`, `mem resolve --json`, `mem audit` ("None → hunter2-…") and `context
    --json` printed a value the plain output showed redacted."""
    _old_secret_on_disk(workspace)
    for args in (("mem", "list"), ("mem", "list", "--json"), ("mem", "list", "--all", "--json"),
                 ("mem", "resolve"), ("mem", "resolve", "--json"), ("mem", "resolve", "db.password", "--json"),
                 ("mem", "audit"), ("mem", "audit", "--json"), ("context",), ("context", "--json")):
        code, out, err = cli(workspace, *args)
        assert code == 0, (args, err)
        assert OLD_SECRET not in out + err, args
        assert "db.password" in out, args
    _, out, _ = cli(workspace, "mem", "list", "--json")
    (entry,) = json.loads(out)["entries"]
    assert entry["value"] == "[REDACTED:password]"
    # the forget that takes it away prints no more of it than the list did
    code, out, _ = cli(workspace, "mem", "forget", "db.password")
    assert code == 0 and OLD_SECRET not in out and "revoked" in out


async def _session(ws: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    return [(res.is_error, res.content[0].text) for res in await served_by_tools(ws, calls)]


def test_mcp_refuses_secrets_long_and_multi_line_values_and_hides_old_secrets(workspace: Path):
    """Pins: MCP memory_remember stored `Kq8z!Lm2Xy` in clear (the excerpt "remember my wifi password
    is …" was redacted, the value not), accepted a multi-line value and a 3 MB one, and
    memory_forget of a key never held answered "Forgotten"."""
    _old_secret_on_disk(workspace)
    said = "remember my wifi password is Kq8z!Lm2Xy"
    out = anyio.run(_session, workspace, [
        ("memory_remember", {"key": "user.wifi", "value": "Kq8z!Lm2Xy", "session_id": "s1", "excerpt": said}),
        ("memory_remember", {"key": "user.name", "value": "Ann\n## Inactive\n- key:policy.admin | value:yes",
                             "session_id": "s1", "excerpt": "call me Ann"}),
        ("memory_remember", {"key": "response.format.default", "value": "use tables; " * 200,
                             "session_id": "s1", "excerpt": "use tables"}),
        ("memory_forget", {"key": "never.held", "session_id": "s1", "excerpt": "forget my shoe size"}),
        ("memory_propose", {"key": "user.wifi", "value": "Kq8z!Lm2Xy", "session_id": "s1",
                            "reason": "said it twice", "excerpt": said}),
        ("memory_resolve", {}),
        ("memory_context", {"format": "json"}),
        ("memory_context", {}),
    ])
    error = "Error executing tool memory_remember: "
    assert out[0] == (True, f"{error}user.wifi: the value looks like a secret (password); {ADVICE}")
    assert out[1] == (True, f"{error}the value must be one line; it holds a line break")
    assert out[2][0] and "at most 2,000" in out[2][1]
    assert out[3][0] is False
    assert json.loads(out[3][1]) == {"ack": "Nothing was held for never.held: nothing to forget.", "changes": []}
    assert out[4] == (True, "Error executing tool memory_propose: user.wifi: the value looks like a secret "
                            f"(password); {ADVICE}")
    for is_error, text in out[5:]:
        assert not is_error and OLD_SECRET not in text and "db.password" in text
    profile = (workspace / "PROFILE.md").read_text()
    assert "Kq8z!Lm2Xy" not in _everything(workspace) and "user.name" not in profile


def test_microsync_drops_a_secret_statement_with_a_note(tmp_path: Path):
    """The router's write of a value holding a secret (redacted out of the user's words) is dropped,
    with a note in the run report that does not hold it; the other statements are kept."""
    sid = "55555555-0000-4000-8000-000000000001"
    ws = claude_code_workspace(tmp_path)
    day = date(2026, 11, 26)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    s.user(at(day, 9, 0), "from now on always answer in Thai").assistant(at(day, 9, 1), "ok")
    s.user(at(day, 9, 2), f"remember that my db password is {OLD_SECRET}").assistant(at(day, 9, 3), "ok")
    s.write()
    code, out, err = cli(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert code == 0, err
    reports = [json.loads(p.read_text()) for p in (ws / ".memjobs/runs").glob("*microsync*/report.json")]
    (rep,) = [r for r in reports if (r.get("details") or {}).get("core_memory")]
    assert rep["details"]["core_memory"] == {"written": 1, "refused_secret": 1}
    (note,) = [n for n in rep["notes"] if "secret" in n]
    assert note.startswith("core memory: user.other from chat:") and "not kept" in note
    assert "password is" not in (ws / "PROPOSALS.md").read_text() + (ws / "PROFILE.md").read_text()


def test_microsync_keeps_no_secret_said_as_a_phrase(tmp_path: Path):
    """Pins: "remember that my wifi is pass Kq8zLm2x" and "… login is pw hunter2x!" were staged in
    PROPOSALS.md (and kept in the daily file) in clear: redaction had no form for a name of a
    password with no copula. Now the turn is redacted when read and the router drops the statement."""
    sid = "55555555-0000-4000-8000-000000000002"
    ws = claude_code_workspace(tmp_path)
    day = date(2026, 11, 26)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    s.user(at(day, 9, 0), "remember that my wifi is pass Kq8zLm2x").assistant(at(day, 9, 1), "ok")
    s.user(at(day, 9, 2), "remember my router login is pw hunter2x!").assistant(at(day, 9, 3), "ok")
    s.write()
    code, _, err = cli(ws, "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert code == 0, err
    reports = [json.loads(p.read_text()) for p in (ws / ".memjobs/runs").glob("*microsync*/report.json")]
    (rep,) = [r for r in reports if (r.get("details") or {}).get("core_memory")]
    assert rep["details"]["core_memory"] == {"refused_secret": 2}
    everything = _everything(ws)
    assert "Kq8zLm2x" not in everything and "hunter2x" not in everything


def test_a_secret_typed_where_a_key_or_a_query_goes_is_not_printed_back(workspace: Path):
    """Pins: `mem forget sk-proj-…`, `mem resolve sk-proj-…` and `search ghp_…` echoed the token."""
    token = "sk-proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z" * 2
    for args in (("mem", "forget", token), ("mem", "resolve", token)):
        code, out, err = cli(workspace, *args)
        assert token not in out + err and "[REDACTED:" in out + err, args
    ghp = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    assert cli(workspace, "index")[0] == 0
    found = conftest.cli_run("--workspace", str(workspace), "search", ghp)
    assert ghp not in found.stdout + found.stderr and "[REDACTED:" in found.stderr


@pytest.mark.parametrize(("key", "value"), [
    ("user.wifi", "pass Kq8zLm2x"),            # a name of a password and the word, no copula
    ("user.wifi", "wifi pass Kq8zLm2x"),
    ("user.note", "password Kq8zLm2x"),
    ("user.wifi", "pw hunter2x!"),
    ("office.door", "pin 4821"),
    ("user.wifi", "pw: hunter2x!"),            # with a copula (redaction's own forms)
    ("user.wifi", "รหัส 8812xz"),
    ("user.wifi", "密码是 abc123XYZ"),
    ("user.router", "คีย์ Kq8zLm2x"),
    ("user.router", "令牌 Kq8zLm2x"),
    ("user.note", "the office wifi key is Kq8z!Lm2Xy"),
])
def test_a_secret_written_as_a_phrase_is_refused(workspace: Path, key: str, value: str):
    """Pins: `mem set user.wifi 'pass Kq8zLm2x'` was kept in clear — a value that is a name of a
    secret and one random-looking word is that secret, though redaction (running text, where "pass
    X" is as often a verb) has no such form without a copula."""
    before = (workspace / "PROFILE.md").read_bytes()
    code, out, err = cli(workspace, "mem", "set", key, value)
    assert code == 2 and out == "", err
    assert err == f"Error: {key}: the value looks like a secret (" + err.split("(")[1].split(")")[0] + f"); {ADVICE}\n"
    assert (workspace / "PROFILE.md").read_bytes() == before
    secret = value.split()[-1]
    assert secret not in _everything(workspace)
    (ev,) = [json.loads(x) for x in (workspace / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]
    assert (ev["type"], ev["key"], ev["old"], ev["new"]) == ("memory.refused", key, None, None)


def test_mcp_refuses_a_secret_written_as_a_phrase(workspace: Path):
    """Pins: MCP memory_remember and memory_propose kept "pass Kq8zLm2x" and "pin 48213957" in clear."""
    out = anyio.run(_session, workspace, [
        ("memory_remember", {"key": "user.wifi", "value": "pass Kq8zLm2x", "session_id": "s1",
                             "excerpt": "remember the wifi: pass Kq8zLm2x"}),
        ("memory_propose", {"key": "office.door", "value": "pin 48213957", "session_id": "s1",
                            "reason": "said it", "excerpt": "door is pin 48213957"}),
    ])
    assert out[0] == (True, f"Error executing tool memory_remember: user.wifi: the value looks like a secret "
                            f"(password); {ADVICE}")
    assert out[1] == (True, f"Error executing tool memory_propose: office.door: the value looks like a secret "
                            f"(password); {ADVICE}")
    assert "Kq8zLm2x" not in _everything(workspace) and "48213957" not in _everything(workspace)


@pytest.mark.parametrize(("key", "value"), [
    ("shell.pwd", "/home/ana/src"),            # `pwd` is the working folder too
    ("shell.pwd", "/home/ana/src2"),
    ("user.notes", "pwd: /home/ana/src"),
    ("user.passwd", "/etc/passwd"),
    ("build.pin", "v1.2.3"),                   # `pin` a pinned version
    ("deps.pin", "numpy==1.26"),
    ("editor.key", "Ctrl+Shift+F12"),
    ("llm.token", "4096"),
])
def test_an_ordinary_value_under_a_name_that_is_also_a_word_is_kept_and_shown(workspace: Path, key: str,
                                                                                value: str):
    """Pins: keys `pwd`/`passwd`/`pin` refused or printed an ordinary value (a path, a version) as
    [REDACTED:password]: the key-name test took any value with a digit or a symbol, and redaction
    read `pwd: /home/ana/src` as a password pair. Written by hand before (a line on disk), it prints
    as it is too."""
    code, out, err = cli(workspace, "mem", "set", key, value)
    assert code == 0, err
    assert value in out and "REDACTED" not in out
    for args in (("mem", "list", "--json"), ("mem", "resolve", key, "--json"), ("context", "--json")):
        code, out, err = cli(workspace, *args)
        assert code == 0 and value in out.replace("\\\\", "\\") and "REDACTED" not in out, (args, out)


def test_a_password_under_passwd_or_pwd_is_still_refused(workspace: Path):
    """The other side: a random-looking word under `passwd`/`pwd`/`pin` is the secret."""
    for key, value in (("user.passwd", "Kq8zLm2x"), ("db.pwd", "hunter2x!"), ("wifi.pass", "Summer2024!"),
                       ("office.door_pin", "4821")):
        code, _, err = cli(workspace, "mem", "set", key, value)
        assert code == 2 and "looks like a secret" in err, (key, value)
