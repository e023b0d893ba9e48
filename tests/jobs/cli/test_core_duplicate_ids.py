"""Two lines of one core-memory file with the same `id:` (a line copied by hand in an editor, which
kept its id; docs/design.md §4, §5). Pins: `mem forget`, MCP memory_forget, `mem set`, the daily
cleanup and `mem compact` deleted or overwrote the OTHER line, with no `## Inactive` line and no audit
event, and `validate` said nothing. Now validate and doctor name both lines, an edit by an ambiguous
id is refused before anything is written, and the cleanup leaves such a line where it is."""
from __future__ import annotations

import json
import re
from pathlib import Path

import anyio
import pytest

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CLI, CoreMemory
from tests import conftest
from tests.conftest import served_by_tools


def cli(ws: Path, *args: str) -> tuple[int, str, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout, r.stderr


def _copy_line(ws: Path, key: str, sub: tuple[str, str], rel: str = "PROFILE.md") -> tuple[int, int]:
    """The line of `key` duplicated at the end of `rel` with `sub` applied (its id kept), as a person
    adding a fact in an editor does; (line of the original, line of the copy)."""
    path = ws / rel
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if f"key:{key} " in line)
    lines.append(lines[at].replace(*sub))
    path.write_text("".join(lines), encoding="utf-8")
    return at + 1, len(lines)


def _audit(ws: Path) -> str:
    path = ws / ".memjobs" / "audit" / "memory_audit.jsonl"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _copied(ws: Path) -> tuple[bytes, int, int]:
    assert cli(ws, "mem", "set", "user.nickname", "Chai")[0] == 0
    first, copy = _copy_line(ws, "user.nickname", ("key:user.nickname | value:Chai", "key:user.city | value:Lyon"))
    return (ws / "PROFILE.md").read_bytes(), first, copy


def test_validate_and_doctor_name_both_lines_of_a_copied_id(workspace: Path):
    _, first, copy = _copied(workspace)
    code, out, _ = cli(workspace, "validate", "--json")
    found = [p for p in json.loads(out)["problems"] if "same id" in p["message"]]
    assert code == 3 and len(found) == 1 and found[0]["line"] == copy and found[0]["severity"] == "error"
    assert found[0]["message"].startswith("the same id m-") and f"as line {first}:" in found[0]["message"]
    code, out, _ = cli(workspace, "doctor", "--json")
    assert f"PROFILE.md:{copy}: the same id m-" in out and f"as line {first}:" in out


def test_forget_of_one_line_refuses_and_leaves_the_copied_line(workspace: Path):
    before, first, copy = _copied(workspace)
    audit = _audit(workspace)
    code, out, err = cli(workspace, "mem", "forget", "user.nickname")
    assert code == 1 and out == ""
    assert f"PROFILE.md:{first} and PROFILE.md:{copy} have the same id m-" in err
    assert (workspace / "PROFILE.md").read_bytes() == before and _audit(workspace) == audit
    code, out, _ = cli(workspace, "mem", "resolve", "user.city")
    assert code == 0 and out.startswith("user.city = Lyon")


def test_mcp_forget_refuses_and_leaves_the_copied_line(workspace: Path):
    before, first, copy = _copied(workspace)
    [res] = anyio.run(served_by_tools, workspace, [("memory_forget", {"key": "user.nickname", "session_id": "s1",
                                                                 "excerpt": "forget my nickname"})])
    assert res.is_error and f"PROFILE.md:{first} and PROFILE.md:{copy} have the same id" in res.content[0].text
    assert (workspace / "PROFILE.md").read_bytes() == before


def test_set_does_not_overwrite_a_line_nobody_named(workspace: Path):
    """Two lines of one id for one key (Chai, then a copy changed to Nok): `mem set` reported
    "Nok → Tom" and overwrote the Chai line."""
    assert cli(workspace, "mem", "set", "user.nickname", "Chai")[0] == 0
    first, copy = _copy_line(workspace, "user.nickname", ("value:Chai", "value:Nok"))
    before = (workspace / "PROFILE.md").read_bytes()
    code, _, err = cli(workspace, "mem", "set", "user.nickname", "Tom")
    assert code == 1 and f"PROFILE.md:{first} and PROFILE.md:{copy} have the same id" in err
    assert (workspace / "PROFILE.md").read_bytes() == before


def test_an_operation_on_another_line_still_works_and_touches_only_it(workspace: Path):
    assert cli(workspace, "mem", "set", "response.length", "short")[0] == 0
    before, _, _ = _copied(workspace)
    code, out, _ = cli(workspace, "mem", "forget", "response.length")
    assert code == 0 and out.startswith("revoked m-")
    text = (workspace / "PROFILE.md").read_text(encoding="utf-8")
    copied = [line for line in before.decode().splitlines(keepends=True) if "user.nickname" in line or "Lyon" in line]
    assert len(copied) == 2 and all(text.count(line) == 1 for line in copied)
    assert re.search(r"## Inactive\n- key:response.length \| value:short .*status:revoked", text)


def _expired_copy(ws: Path) -> None:
    """An 8h task note whose line was copied (id kept) to hold a lasting fact; the note is past its ttl."""
    assert cli(ws, "mem", "set", "task.focus", "billing migration", "--ttl", "8h")[0] == 0
    _copy_line(ws, "task.focus", ("key:task.focus | value:billing migration", "key:user.city | value:Lyon"))
    path = ws / "PROFILE.md"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"(key:task\.focus .*?updated_at:)[^ |]*", r"\g<1>2026-01-01T00:00:00Z", text)
    path.write_text(re.sub(r"(key:user\.city .*?ttl:)8h", r"\g<1>none", text), encoding="utf-8")


def test_compact_and_the_daily_cleanup_leave_a_copied_line_where_it_is(workspace: Path):
    _expired_copy(workspace)
    before = (workspace / "PROFILE.md").read_bytes()
    assert "ttl:none" in before.decode()
    code, _, _ = cli(workspace, "mem", "compact")
    assert code == 0 and (workspace / "PROFILE.md").read_bytes() == before
    code, _, _ = cli(workspace, "run", "daily")
    assert code == 0 and (workspace / "PROFILE.md").read_bytes() == before
    code, out, _ = cli(workspace, "mem", "resolve", "user.city")
    assert code == 0 and out.startswith("user.city = Lyon")


def _book(ws: Path) -> ProposalBook:
    return ProposalBook(CoreMemory.from_config(load_config(ws)))


def test_accept_refuses_when_the_fact_it_would_replace_was_copied(workspace: Path):
    assert cli(workspace, "mem", "set", "user.nickname", "Chai")[0] == 0
    _copy_line(workspace, "user.nickname", ("value:Chai", "value:Nok"))
    pid = _book(workspace).propose("user.nickname", "Tom", reason="asked twice").id
    before = {rel: (workspace / rel).read_bytes() for rel in ("PROFILE.md", "PROPOSALS.md")}
    code, _, err = cli(workspace, "proposals", "accept", pid)
    assert code == 1 and "have the same id" in err
    assert {rel: (workspace / rel).read_bytes() for rel in before} == before


def test_a_forget_that_names_a_value_refuses_before_writing_anything(workspace: Path):
    """A forget said by value (memory_store/core/forget_named.py): the fact it picks first is held once,
    the second was copied — nothing is revoked rather than the first alone."""
    from memory_store.core.forget_named import withdraw
    from memory_store.errors import DuplicateId

    assert cli(workspace, "mem", "set", "response.length", "short")[0] == 0
    before, first, copy = _copied(workspace)
    audit = _audit(workspace)
    mem = CoreMemory.from_config(load_config(workspace))
    with pytest.raises(DuplicateId, match=f"PROFILE.md:{first} and PROFILE.md:{copy} have the same id"):
        withdraw(mem, lambda e: False, lambda e: e.value in ("short", "Chai"), actor=CLI, reason="forget")
    assert (workspace / "PROFILE.md").read_bytes() == before and _audit(workspace) == audit
