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
