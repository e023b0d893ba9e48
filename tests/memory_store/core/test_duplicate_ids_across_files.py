"""A fact line copied from PROFILE.md into SESSION.md with its id: a forget fails whole, before it writes.

Pins review12 #7: `mem forget user.name` revoked the PROFILE line, then failed ("fact … is revoked")
on the SESSION copy, and failed again on every retry, while the copy kept being served; validate said
nothing. An operation of several writes never writes half."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import cli


def test_a_forget_over_an_id_copied_across_files_writes_nothing_and_names_both(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    assert cli("--workspace", str(ws), "mem", "set", "user.name", "Tom").exit_code == 0
    line = next(x for x in (ws / "PROFILE.md").read_text("utf-8").splitlines() if "user.name" in x)
    with (ws / "SESSION.md").open("a", encoding="utf-8") as f:
        f.write(line + "\n")
    before = {p: (ws / p).read_bytes() for p in ("PROFILE.md", "SESSION.md")}
    got = cli("--workspace", str(ws), "mem", "forget", "user.name")
    assert got.exit_code != 0
    assert "PROFILE.md" in got.output and "SESSION.md" in got.output and "same id" in got.output, got.output
    assert {p: (ws / p).read_bytes() for p in before} == before      # nothing written


def test_validate_and_doctor_name_an_id_in_both_files(tmp_path: Path) -> None:
    """fixdoc13 #4: the forget refused it, but `memjobs validate` said "ok" and doctor nothing."""
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    assert cli("--workspace", str(ws), "mem", "set", "user.name", "Tom").exit_code == 0
    profile = (ws / "PROFILE.md").read_text("utf-8").splitlines()
    n, line = next((i + 1, x) for i, x in enumerate(profile) if "user.name" in x)
    with (ws / "SESSION.md").open("a", encoding="utf-8") as f:
        f.write(line + "\n")
    copy = (ws / "SESSION.md").read_text("utf-8").count("\n")
    whole = cli("--workspace", str(ws), "validate")
    assert whole.exit_code == 3, whole.output
    assert f"SESSION.md:{copy}: the same id" in whole.output and f"PROFILE.md:{n}" in whole.output, whole.output
    alone = cli("--workspace", str(ws), "validate", str(ws / "PROFILE.md"))
    assert alone.exit_code == 3 and f"PROFILE.md:{n}: the same id" in alone.output, alone.output
    assert f"SESSION.md:{copy}" in alone.output
    assert f"SESSION.md:{copy}: the same id" in cli("--workspace", str(ws), "doctor").output


def test_the_same_value_set_in_both_files_at_once_gets_two_ids(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from memory_store.core.store import CoreMemory

    mem = CoreMemory(tmp_path, tmp_path / ".memjobs", clock=lambda: datetime(2026, 11, 28, 2, 0, tzinfo=UTC))
    a = mem.set("user.city", "Lyon")
    b = mem.set("user.city", "Lyon", scope="session")
    assert a.to_dict()["id"] != b.to_dict()["id"]
    assert mem.forget("user.city") and "user.city" not in mem.resolve().values
