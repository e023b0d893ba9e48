"""An id copied from PROFILE.md into SESSION.md (a line copied in an editor with its `id:`): every edit
by that id — `mem forget`, MCP memory_forget, `mem revoke` / `archive` / `reactivate`, `reset --user-model`
— is refused before anything is written, naming both places, whatever key the copy now has.

Pins review13 #2: `refuse_ambiguous` compared a picked fact's id only with the files read after the one
it was picked in, and `_transition` edited the first file holding the id. With the copy's key edited,
`mem forget user.nickname` revoked PROFILE's `user.name`, then exited 1 "still resolves" with that write
on disk; with the copy unchanged, `mem revoke <id>` said "revoked" and exited 0 while the copy was served."""
from __future__ import annotations

import re
from pathlib import Path

import anyio
import pytest

from tests.conftest import cli, served_by_tools

_FILES = ("PROFILE.md", "SESSION.md", "PROPOSALS.md")


def _copied(ws: Path, sub: tuple[str, str] = ("", ""),
            *first: tuple[str, str]) -> tuple[str, int, int, dict[str, bytes]]:
    """user.name = Tom in PROFILE.md (after the facts `first`), its line copied to the end of SESSION.md
    with `sub` applied: (the id, PROFILE line, SESSION line, the files' bytes)."""
    w = ("--workspace", str(ws))
    assert cli(*w, "init").exit_code == 0
    for key, value in first:
        assert cli(*w, "mem", "set", key, value).exit_code == 0
    assert cli(*w, "mem", "set", "user.name", "Tom").exit_code == 0
    profile = (ws / "PROFILE.md").read_text("utf-8").splitlines()
    n, line = next((i + 1, x) for i, x in enumerate(profile) if "key:user.name " in x)
    with (ws / "SESSION.md").open("a", encoding="utf-8") as f:
        f.write(line.replace(*sub) + "\n")
    copy = (ws / "SESSION.md").read_text("utf-8").count("\n")
    found = re.search(r"\bid:(m-[0-9a-f]+)", line)
    assert found is not None, line
    return found.group(1), n, copy, _bytes(ws)


def _bytes(ws: Path) -> dict[str, bytes]:
    return {p: (ws / p).read_bytes() for p in _FILES if (ws / p).exists()}


def _named_both(text: str, n: int, copy: int, fact_id: str) -> bool:
    return f"PROFILE.md:{n}" in text and f"SESSION.md:{copy}" in text and fact_id in text and "same id" in text


def test_forget_of_the_copy_s_edited_key_writes_nothing_and_keeps_the_profile_fact(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("key:user.name | value:Tom", "key:user.nickname | value:Tommy"))
    got = cli("--workspace", str(ws), "mem", "forget", "user.nickname")
    assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert "still resolves" not in got.output, got.output
    assert _bytes(ws) == before                       # nothing written, in either file
    assert "user.name = Tom" in cli("--workspace", str(ws), "mem", "resolve", "user.name").output


def test_forget_by_value_and_by_id_of_the_copy_refuse_too(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("key:user.name | value:Tom", "key:user.nickname | value:Tommy"))
    by_value = cli("--workspace", str(ws), "mem", "forget", "user.nickname", "--value", "Tommy")
    by_id = cli("--workspace", str(ws), "mem", "forget", "user.nickname", "--id", fact_id)
    for got in (by_value, by_id):
        assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert _bytes(ws) == before


def test_forget_of_the_profile_key_refuses_when_the_copy_has_another_key(tmp_path: Path) -> None:
    """The fact picked in the first file, its id on a line of another key in the second."""
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("key:user.name | value:Tom", "key:user.nickname | value:Tommy"))
    got = cli("--workspace", str(ws), "mem", "forget", "user.name")
    assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert _bytes(ws) == before


@pytest.mark.parametrize("verb", ["revoke", "archive"])
def test_revoke_or_archive_by_a_copied_id_is_refused_naming_both(tmp_path: Path, verb: str) -> None:
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws)
    got = cli("--workspace", str(ws), "mem", verb, fact_id)
    assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert _bytes(ws) == before
    assert "user.name = Tom" in cli("--workspace", str(ws), "mem", "resolve", "user.name").output


def test_reactivate_by_an_id_a_revoked_line_and_its_copy_share_is_refused(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    w = ("--workspace", str(ws))
    assert cli(*w, "init").exit_code == 0
    assert cli(*w, "mem", "set", "user.name", "Tom").exit_code == 0
    fact_id = next(m.group(1) for m in [re.search(r"\bid:(m-[0-9a-f]+)", (ws / "PROFILE.md").read_text("utf-8"))]
                   if m)
    assert cli(*w, "mem", "revoke", fact_id).exit_code == 0
    line = next(x for x in (ws / "PROFILE.md").read_text("utf-8").splitlines() if fact_id in x)
    with (ws / "SESSION.md").open("a", encoding="utf-8") as f:
        f.write(line.replace("key:user.name", "key:user.nickname") + "\n")
    before = _bytes(ws)
    got = cli(*w, "mem", "reactivate", fact_id)
    assert got.exit_code != 0 and "PROFILE.md:" in got.output and "SESSION.md:" in got.output, got.output
    assert _bytes(ws) == before


def test_reset_user_model_refuses_before_archiving_anything(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("", ""), ("user.city", "Lyon"))
    got = cli("--workspace", str(ws), "mem", "reset", "--user-model")
    assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert _bytes(ws) == before


def test_mcp_forget_of_the_copy_s_key_refuses_and_writes_nothing(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("key:user.name | value:Tom", "key:user.nickname | value:Tommy"))
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    [res] = anyio.run(served_by_tools, ws, [("memory_forget", {"key": "user.nickname", "session_id": "s1",
                                                          "excerpt": "forget my nickname"})])
    assert res.is_error and _named_both(res.content[0].text, n, copy, fact_id), res.content[0].text
    assert _bytes(ws) == before


@pytest.mark.parametrize(("key", "scope"), [("user.name", "profile"), ("user.nickname", "session")])
def test_set_overwriting_a_line_of_a_copied_id_is_refused_naming_both(tmp_path: Path, key: str, scope: str) -> None:
    """`mem set` overwrites a line by its id: of either file, with the id on a line of the other, it would
    leave one id on two facts and an audit event naming both."""
    ws = tmp_path / "ws"
    fact_id, n, copy, before = _copied(ws, ("key:user.name | value:Tom", "key:user.nickname | value:Tommy"))
    got = cli("--workspace", str(ws), "mem", "set", key, "Bob", "--scope", scope)
    assert got.exit_code != 0 and _named_both(got.output, n, copy, fact_id), got.output
    assert _bytes(ws) == before
