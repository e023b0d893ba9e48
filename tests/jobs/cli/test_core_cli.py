"""`memjobs mem …` and `memjobs policy check` (docs/design.md §6, §8): thin over the library, --json on
each, exit codes, and POLICY.md never printed — every command's output is searched for its text."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import conftest
from tests.conftest import memjobs

MARK = "ZEBRA-POLICY-7731"
POLICY = ("# POLICY\n\n## Guardrails\n"
          f"- key:policy.allow.tools | value:list_dir,{MARK} | priority:100 | ttl:none | source:admin | "
          "updated_at:2026-02-01T00:00:00Z\n"
          f"- key:response.language | value:{MARK}-lang | priority:100 | ttl:none | source:admin | "
          "updated_at:2026-02-01T00:00:00Z\n"
          f"- key:broken.line | value:{MARK}-bad | priority:{MARK}\n")


def cli(ws: Path, *args: str) -> tuple[int, str, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout, r.stderr


@pytest.fixture
def policy(isolated_env: Path) -> Path:
    path = isolated_env / ".config" / "memjobs" / "POLICY.md"
    path.parent.mkdir(parents=True)
    path.write_text(POLICY, encoding="utf-8")
    return path


@pytest.mark.parametrize("value", ["a\nb", "first line\r\nsecond", "one\rtwo"])
def test_set_refuses_a_value_of_more_than_one_line(workspace: Path, value: str):
    """Pins: `mem set user.name "$(printf 'a\\nb')"` was accepted (stored as an escaped "a\\nb")
    though the help says one line; exit 2 and nothing written now. A trailing newline is trimmed."""
    before = (workspace / "PROFILE.md").read_bytes()
    code, out, err = cli(workspace, "mem", "set", "user.name", value)
    assert (code, out, err) == (2, "", "Error: the value must be one line; it holds a line break\n")
    assert (workspace / "PROFILE.md").read_bytes() == before
    code, out, _ = cli(workspace, "mem", "set", "user.name", "Ann\n")
    assert code == 0 and out.startswith("created m-")


@pytest.mark.parametrize("ttl", ["0m", "0s", "0d", "00h"])
def test_set_refuses_a_ttl_of_no_time(workspace: Path, ttl: str):
    """Pins: `mem set user.city Lyon --ttl 0m` printed "created" with exit 0 for a fact never read (a
    past ISO time was already refused): exit 2 and nothing written now."""
    before = (workspace / "PROFILE.md").read_bytes()
    code, out, err = cli(workspace, "mem", "set", "user.city", "Lyon", "--ttl", ttl)
    assert (code, out) == (2, "") and err == (f"Error: ttl {ttl} is no time at all: the fact would expire before "
                                              "it is read (give a duration such as 8h, or none)\n")
    assert (workspace / "PROFILE.md").read_bytes() == before
    assert cli(workspace, "mem", "set", "user.city", "Lyon", "--ttl", "1s")[0] == 0


def test_set_resolve_list_forget_round_trip(workspace: Path):
    code, out, _ = cli(workspace, "mem", "set", "response.tone", "professional-friendly", "--priority", "70")
    assert code == 0 and out.startswith("created m-") and "PROFILE.md" in out
    code, out, _ = cli(workspace, "mem", "set", "response.tone", "concise", "--applies-to", "session:s1", "--json")
    data = json.loads(out)
    assert code == 0 and data["type"] == "fact.created" and data["entry"]["ttl"] == "session_end"
    code, out, _ = cli(workspace, "mem", "resolve", "response.tone", "--applies-to", "session:s1", "--json")
    res = json.loads(out)["values"][0]
    assert res["value"] == "concise" and res["beat"][0]["why"].startswith("applies_to session:s1 is more specific")
    code, out, _ = cli(workspace, "mem", "resolve", "response.tone")
    assert out.startswith("response.tone = professional-friendly  [PROFILE.md:")
    code, out, _ = cli(workspace, "mem", "list", "--json")
    assert [e["value"] for e in json.loads(out)["entries"]] == ["professional-friendly", "concise"]
    code, out, _ = cli(workspace, "mem", "forget", "response.tone")
    assert code == 0 and out.count("revoked m-") == 2
    code, out, err = cli(workspace, "mem", "resolve", "response.tone")
    assert out == "" and "response.tone: not held" in err
    code, out, _ = cli(workspace, "mem", "list", "--all", "--json")
    assert {e["state"] for e in json.loads(out)["entries"]} == {"revoked"}
    code, out, _ = cli(workspace, "mem", "audit", "response.tone", "--json")
    assert [e["type"] for e in json.loads(out)["events"]] == ["fact.created"] * 2 + ["fact.revoked"] * 2


def test_transitions_and_exit_codes(workspace: Path):
    fid = json.loads(cli(workspace, "mem", "set", "user.name", "Somchai", "--json")[1])["id"]
    assert cli(workspace, "mem", "archive", fid)[0] == 0
    code, _, err = cli(workspace, "mem", "archive", fid)
    assert code == 1 and err.startswith("Error: PROFILE.md:") and "only an active fact" in err
    assert json.loads(cli(workspace, "mem", "reactivate", fid, "--json")[1])["type"] == "fact.reactivated"
    code, _, err = cli(workspace, "mem", "revoke", "m-nope")
    assert code == 2 and "no fact has the id" in err     # an unknown id is a usage error, as for get
    code, _, err = cli(workspace, "proposals", "accept", "p-nope")
    assert code == 2 and "no proposal has the id" in err
    code, _, err = cli(workspace, "mem", "set", "bad key", "x")
    assert code == 2 and "bad key" in err
    code, _, err = cli(workspace, "mem", "set", "k", "v", "--ttl", "soon")
    assert code == 2 and "bad ttl" in err
    code, out, _ = cli(workspace, "mem", "compact", "--json")
    assert code == 0 and json.loads(out) == {"changes": []}


def test_reserved_key_refused_exit_1_in_a_real_process(workspace: Path):
    p = memjobs("--workspace", str(workspace), "mem", "set", "policy.allow.tools", "all")
    assert p.returncode == 1 and p.stderr.startswith("Error: policy.allow.tools is reserved")
    audit = (workspace / ".memjobs" / "audit" / "memory_audit.jsonl").read_text().splitlines()
    assert [json.loads(x)["type"] for x in audit] == ["memory.refused"]


def test_policy_check_prints_version_and_key_names_only(workspace: Path, policy: Path):
    code, out, err = cli(workspace, "policy", "check")
    assert code == 3
    assert "policy.allow.tools" in out and "response.language" in out and "POLICY.md:6:" in out
    assert MARK not in out + err
    info = json.loads(cli(workspace, "policy", "check", "--json")[1])
    assert info["keys"] == ["policy.allow.tools", "response.language"] and len(info["version"]) == 12
    policy.write_text(POLICY.rsplit("- key:broken", 1)[0], encoding="utf-8")
    code, out, _ = cli(workspace, "policy", "check", "--json")
    assert code == 0 and json.loads(out)["version"] != info["version"]
    # a POLICY.md inside the workspace is ignored, with a warning
    (workspace / "POLICY.md").write_text(POLICY.replace("value:list_dir", "value:inside"), encoding="utf-8")
    code, out, err = cli(workspace, "mem", "resolve", "policy.allow.tools")
    version = json.loads(cli(workspace, "policy", "check", "--json")[1])["version"]
    assert "inside the workspace is ignored" in err and f"policy.allow.tools = policy@{version}" in out


def test_policy_check_names_a_key_set_twice(workspace: Path, policy: Path):
    """Pins: POLICY.md setting one single-valued key twice (same applies_to) passed `policy check`;
    resolution silently used one line, so an admin's edit of the other did nothing. A key that
    holds several values (`…[]`, core.multi_valued) or another applies_to is not repeated."""
    again = (f"- key:response.language | value:{MARK}-again | priority:90 | ttl:none | source:admin | "
             "updated_at:2026-03-01T00:00:00Z\n")
    other = again.replace("updated_at:", "applies_to:project:x | updated_at:")
    multi = again.replace("response.language", "allowed.hosts[]")
    policy.write_text(POLICY.rsplit("- key:broken", 1)[0] + again + other + multi + multi, encoding="utf-8")
    code, out, err = cli(workspace, "policy", "check")
    assert code == 3 and MARK not in out + err
    assert [x for x in out.splitlines() if x.startswith("POLICY.md:")] == [
        "POLICY.md:6: the key response.language is set again for applies_to global (first on line 5); "
        "only one of them is used"]


def test_a_guardrail_written_as_key_colon_value_is_an_error_and_doctor_agrees(workspace: Path, policy: Path):
    """Pins: `- policy.max_spend_usd: 100` in POLICY.md (the form PROFILE.md reports as an error with
    the fix) was ignored silently, and `doctor` said "ok policy" while `policy check` exited 3 over a
    key set twice. One checker for both now; the value is never shown."""
    again = f"- key:response.language | value:{MARK}-again\n"
    policy.write_text(POLICY.rsplit("- key:broken", 1)[0] + f"- policy.max_spend_usd: {MARK}\n" + again,
                      encoding="utf-8")
    code, out, err = cli(workspace, "policy", "check", "--json")
    problems = [(p["line"], p["message"]) for p in json.loads(out)["problems"]]
    assert code == 3 and MARK not in out + err and [line for line, _ in problems] == [6, 7]
    assert problems[0][1] == ("not an entry, so memjobs does not read it (kept as written): write it as "
                              "`- key:policy.max_spend_usd | value:<value>`")
    code, out, err = cli(workspace, "doctor", "--json")
    found = [f for f in json.loads(out)["findings"] if f["check"] == "policy"]
    assert MARK not in out + err and len(found) == 1 and found[0]["level"] == "warning"
    assert found[0]["message"].startswith("POLICY.md has 2 problem(s), first: not an entry") and found[0]["line"] == 6


def test_policy_text_is_never_printed_by_any_command(workspace: Path, policy: Path):
    """Every command that reads core memory, in text and JSON, and the ones around it: none shows POLICY.md."""
    (workspace / "POLICY.md").write_text(POLICY, encoding="utf-8")   # also ignored when inside the workspace
    fid = json.loads(cli(workspace, "mem", "set", "user.name", "Somchai", "--json")[1])["id"]
    commands = [
        ["mem", "set", "response.language", "th"], ["mem", "set", "policy.allow.tools", "x"],
        ["mem", "resolve"], ["mem", "resolve", "policy.allow.tools", "response.language", "broken.line"],
        ["mem", "list", "--all"], ["mem", "revoke", fid], ["mem", "reactivate", fid], ["mem", "archive", fid],
        ["mem", "compact"], ["mem", "forget", "response.language"], ["mem", "forget", "policy.allow.tools"],
        ["mem", "audit"], ["policy", "check"], ["validate"], ["validate", str(workspace / "POLICY.md")],
        ["status"], ["config"], ["runs"], ["search", "ZEBRA"], ["context"], ["context", "--format", "xml"],
    ]
    seen = 0
    for args in commands:
        for extra in ([], ["--json"]):
            if args[0] in ("validate", "search") and extra:
                continue
            code, out, err = cli(workspace, *args, *extra)
            assert MARK not in out + err, f"memjobs {' '.join(args + extra)} printed POLICY.md"
            seen += 1
    assert seen >= 30
    for f in workspace.rglob("*"):
        if f.is_file() and f.name != "POLICY.md":
            assert MARK not in f.read_text("utf-8", errors="replace"), f"{f} holds POLICY.md text"


def test_a_held_core_lock_waits_lock_wait_s_then_exits_75_and_a_killed_holder_frees_it(workspace: Path):
    """Pins the core lock with real processes: `mem set` waits `limits.lock_wait_s` for it, then exits 75
    naming the holder; kill -9 of the holder frees it and the write goes through."""
    import os
    import signal
    import time

    from tests.memory_store.test_locks import _hold

    (workspace / "memjobs.yaml").write_text("timezone: UTC\ntranscripts: []\nlimits: {lock_wait_s: 1}\n")
    holder = _hold(workspace, "core")
    try:
        t0 = time.monotonic()
        p = memjobs("--workspace", str(workspace), "mem", "set", "user.name", "Somchai")
        assert p.returncode == 75 and "core lock is held" in p.stderr and str(holder.pid) in p.stderr
        assert time.monotonic() - t0 >= 1.0
        assert "Somchai" not in (workspace / "PROFILE.md").read_text()
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    p = memjobs("--workspace", str(workspace), "mem", "set", "user.name", "Somchai")
    assert p.returncode == 0 and "Somchai" in (workspace / "PROFILE.md").read_text()


def test_secrets_are_redacted_in_the_file_the_trail_and_the_output(workspace: Path):
    secret = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0" * 2
    code, out, err = cli(workspace, "mem", "set", "tool.openai_key", f"use {secret}", "--json")
    # refused, not kept redacted (tests/jobs/cli/test_core_secrets.py): memjobs keeps no secret
    assert code == 2 and secret not in out + err and "looks like a secret (openai_key)" in err
    code, out, err = cli(workspace, "mem", "audit")
    assert secret not in out + err
    for f in workspace.rglob("*"):
        if f.is_file():
            assert secret not in f.read_text("utf-8", errors="replace"), f


def test_a_mistyped_memjobs_policy_is_an_error_and_an_inside_policy_a_warning(
        workspace: Path, policy: Path, monkeypatch: pytest.MonkeyPatch):
    """Pins: MEMJOBS_POLICY naming a file that does not exist is a configuration error from
    `policy check` (exit 1) and doctor (an error), never "no policy in effect"; the default path
    missing is not an error; `validate` with no arguments warns about a POLICY.md inside the
    workspace (docs/spec/memory.md §1), as `validate POLICY.md` did."""
    monkeypatch.setenv("MEMJOBS_POLICY", str(policy))
    code, out, _ = cli(workspace, "policy", "check", "--json")
    assert code == 3 and "error" not in json.loads(out)
    typo = policy.with_name("POLlCY.md")
    monkeypatch.setenv("MEMJOBS_POLICY", str(typo))
    code, out, err = cli(workspace, "policy", "check")
    assert code == 1 and "no policy in effect" not in out
    assert f"Error: MEMJOBS_POLICY names {typo}, which does not exist" in err
    code, out, _ = cli(workspace, "policy", "check", "--json")
    assert code == 1 and "does not exist" in json.loads(out)["error"]
    code, out, _ = cli(workspace, "doctor", "--no-llm", "--json")
    found = [f for f in json.loads(out)["findings"] if f["check"] == "policy"]
    assert code == 1 and [f["level"] for f in found] == ["error"] and str(typo) in found[0]["message"]
    assert MARK not in out

    monkeypatch.delenv("MEMJOBS_POLICY")
    policy.unlink()                       # the default path missing: no policy, not an error
    code, out, err = cli(workspace, "policy", "check")
    assert code == 0 and "no policy in effect" in out and not err
    assert cli(workspace, "validate")[0] == 0
    (workspace / "POLICY.md").write_text(POLICY, encoding="utf-8")
    code, out, _ = cli(workspace, "validate")
    assert code == 0   # a warning: the file is ignored, not checked
    assert "POLICY.md:1: warning: POLICY.md inside the workspace is ignored" in out
    code, out, _ = cli(workspace, "doctor", "--no-llm", "--json")
    found = [f for f in json.loads(out)["findings"] if f["check"] == "policy"]
    assert [f["level"] for f in found] == ["warning"] and "inside the workspace" in found[0]["message"]


def test_proposals_list_all_prints_a_forgotten_value_as_forgotten(workspace: Path):
    """Pins explore14 #10 (r10): `proposals list --all` (plain and --json) printed the value of a proposal
    a forget withdrew ("user.other = my locker code is 4711-alpha."), while get, memory_get and mem audit
    print `[forgotten]`. Its id, key and status stay."""
    from memory_store.config import load_config
    from memory_store.core.proposals import ProposalBook
    from memory_store.core.store import CoreMemory

    book = ProposalBook(CoreMemory.from_config(load_config(workspace, env={})))
    made = book.propose("user.other", "my locker code is 4711-alpha.", reason="said in a session")
    kept = book.propose("user.other", "my desk is by the window", reason="said in a session")
    assert made is not None and kept is not None
    code, _, err = cli(workspace, "mem", "forget", "user.other", "--value", "my locker code is 4711-alpha.")
    assert code == 0, err
    code, out, err = cli(workspace, "proposals", "list", "--all")
    assert code == 0, err
    assert "4711" not in out and "locker" not in out
    line = next(x for x in out.splitlines() if x.startswith(made.id))
    assert "user.other = [forgotten]" in line and "rejected" in line
    assert "my desk is by the window" in out       # nothing else is masked
    code, out, err = cli(workspace, "proposals", "list", "--all", "--json")
    assert code == 0, err
    assert "4711" not in out
    shown = {p["id"]: p for p in json.loads(out)["proposals"]}
    assert shown[made.id]["value"] == "[forgotten]" and shown[made.id]["key"] == "user.other"
    assert shown[kept.id]["value"] == "my desk is by the window"
