"""No path under the workspace is followed through a symlink that leaves it — for indexing,
search, MCP `memory_get`, weekly's reads or microSync's appends — and `memory_get` serves only
memory files (docs/design.md §2; memory_store.confine)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import anyio
import pytest

from memory_store.confine import is_memory_file, memory_file
from memory_store.errors import OutsideWorkspace, UsageError, WriterRefused
from memory_store.search.indexer import update_index
from memory_store.search.query import search
from memory_store.workspace import entry_files, markdown_files
from memory_store.writers import writer_for
from tests.conftest import cli_run, mcp_server
from tests.memory_store.search.test_search_fixtures import config, entry, snapshot, write_daily

DAY = "2026-10-06"
OUTSIDE_WORD = "zanzibarquokka"


@pytest.fixture
def linked(workspace: Path, tmp_path: Path) -> Path:
    """A workspace with links out of it (a project note, a daily file, a folder), one link that
    stays inside, a README.md and node_modules/ markdown, and one ordinary daily entry."""
    out = tmp_path / "outside"
    (out / "notes").mkdir(parents=True)
    (out / "passwd.md").write_text(f"# outside\n\nroot:x:0:0 {OUTSIDE_WORD}\n", encoding="utf-8")
    (out / "notes" / "n.md").write_text(f"# n\n\n{OUTSIDE_WORD} in a folder\n", encoding="utf-8")
    e = entry("Decision", "Use PostgreSQL for bookings", DAY, "Bookings live in PostgreSQL 16.")
    write_daily(workspace, DAY, [e])
    projects = workspace / "memory" / "projects"
    projects.mkdir(parents=True, exist_ok=True)
    (projects / "x.md").symlink_to(out / "passwd.md")
    (projects / "notes").symlink_to(out / "notes")
    (workspace / "memory" / "2026-10-05.md").symlink_to(out / "passwd.md")
    (projects / "api.md").write_text("# api\n\nThe inside note about kiwifruit.\n", encoding="utf-8")
    (projects / "alias.md").symlink_to("api.md")                  # a link that stays inside
    (workspace / "README.md").write_text(f"# readme {OUTSIDE_WORD}\n", encoding="utf-8")
    (workspace / "node_modules" / "pkg").mkdir(parents=True)
    (workspace / "node_modules" / "pkg" / "README.md").write_text("# pkg\n", encoding="utf-8")
    return workspace


def test_walks_leave_out_links_out_of_the_workspace(linked: Path) -> None:
    """Pins: markdown_files / entry_files (indexing, validate, weekly) skip links that leave."""
    rels = {p.relative_to(linked).as_posix() for p in markdown_files(linked)}
    assert "memory/projects/alias.md" in rels and "memory/projects/api.md" in rels
    assert "memory/projects/x.md" not in rels and "memory/2026-10-05.md" not in rels
    assert not any(r.startswith("memory/projects/notes") for r in rels)
    assert [p.name for p in entry_files(linked)] == [f"{DAY}.md"]


def test_index_and_search_never_see_the_outside_file(linked: Path) -> None:
    """Pins: `memory/projects/x.md -> /etc/passwd` is not indexed and not found by search."""
    cfg = config(linked)
    stats = update_index(cfg)
    assert stats.files > 0
    assert search(cfg, OUTSIDE_WORD, None).hits == []
    assert search(cfg, "kiwifruit", None).hits
    db = (cfg.state_dir / "index.sqlite").read_bytes()
    assert OUTSIDE_WORD.encode() not in db and b"root:x:0:0" not in db


@pytest.mark.parametrize(("rel", "error", "words"), [
    ("memory/projects/x.md", OutsideWorkspace, "symlink out of the workspace"),
    ("memory/2026-10-05.md", OutsideWorkspace, "symlink out of the workspace"),
    ("memory/projects/notes/n.md", OutsideWorkspace, "symlink out of the workspace"),
    ("README.md", OutsideWorkspace, "not a memory file"),
    ("node_modules/pkg/README.md", OutsideWorkspace, "not a memory file"),
    ("memory/.locks/daily.lock.json", OutsideWorkspace, "not a memory file"),
    ("../outside/passwd.md", OutsideWorkspace, "not a memory file"),
    ("memory/a\0b.md", UsageError, "NUL"),
    ("memory/nothing.md", UsageError, "no such file"),
])
def test_memory_file_refuses_with_a_clear_error(linked: Path, rel: str, error: type, words: str) -> None:
    with pytest.raises(error) as info:
        memory_file(linked, rel)
    assert words in str(info.value)


def test_memory_file_serves_the_tiers_and_links_that_stay_inside(linked: Path) -> None:
    assert memory_file(linked, "memory/projects/alias.md").read_text("utf-8").startswith("# api")
    assert memory_file(linked, f"memory/{DAY}.md").is_file()
    assert all(is_memory_file(r) for r in ("MEMORY.md", "PROFILE.md", "second-brain/summaries/x.md"))
    assert not any(is_memory_file(r) for r in ("README.md", "memjobs.yaml", "memory/x.txt", ".memjobs/a.md"))


async def _mcp_gets(ws: Path, paths: list[str]) -> list[tuple[bool, str]]:
    from mcp import stdio_client
    from mcp.client import ClientSession

    params = mcp_server(ws)
    out = []
    with open(os.devnull, "w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for p in paths:
                res = await session.call_tool("memory_get", {"path": p})
                out.append((bool(res.is_error), res.content[0].text))
    return out


def test_mcp_memory_get_serves_only_memory_files_inside(linked: Path) -> None:
    """Pins: MCP memory_get refuses the link to /etc/passwd, README.md, node_modules and a NUL
    byte with a tool error (no traceback), and still serves a daily file and an inside link."""
    update_index(config(linked))
    before = snapshot(linked)
    got = anyio.run(_mcp_gets, linked, ["memory/projects/x.md", "README.md", "node_modules/pkg/README.md",
                                        "memory/a\0b.md", f"memory/{DAY}.md", "memory/projects/alias.md"])
    for is_error, text in got[:4]:
        assert is_error and "Traceback" not in text, text
        assert OUTSIDE_WORD not in text and "root:x" not in text
    assert "symlink out of the workspace" in got[0][1] and "not a memory file" in got[1][1]
    assert not got[4][0] and "Use PostgreSQL for bookings" in json.loads(got[4][1])["text"]
    assert not got[5][0] and "kiwifruit" in json.loads(got[5][1])["text"]
    assert snapshot(linked) == before


def test_writer_refuses_a_symlink_out_and_a_folder_named_like_a_file(linked: Path, tmp_path: Path) -> None:
    """Pins: nothing is appended or replaced through a link out of the workspace, and a folder
    with a daily file's name is a clear error, not IsADirectoryError."""
    target = tmp_path / "outside" / "passwd.md"
    before = target.read_bytes()
    w = writer_for("microsync", linked)
    with pytest.raises(OutsideWorkspace, match="memory/2026-10-05.md is a symlink out of the workspace"):
        w.append("memory/2026-10-05.md", "## Decision: x\n")
    with pytest.raises(OutsideWorkspace):
        w.replace("memory/2026-10-05.md", lambda old: (old or "") + "x\n")
    assert target.read_bytes() == before
    (linked / "memory" / "2026-10-07.md").mkdir()
    with pytest.raises(WriterRefused, match="is a folder"):
        w.append("memory/2026-10-07.md", "## Decision: x\n")


def test_microsync_run_refuses_a_daily_file_linked_out(tmp_path: Path) -> None:
    """Pins: a real microSync run whose daily file is a symlink out of the workspace fails with
    one line naming the path (exit 1, run recorded failed) and writes nothing outside."""
    from tests.test_secret_doors import DAY as TDAY
    from tests.test_secret_doors import _workspace

    ws = _workspace(tmp_path)
    outside = tmp_path / "elsewhere.md"
    outside.write_text("# not memjobs'\n", encoding="utf-8")
    (ws / "memory" / f"{TDAY}.md").symlink_to(outside)
    w = ["--workspace", str(ws)]
    p = cli_run(*w, "run", "microsync", "--since", f"{TDAY}T00:00:00+07:00", "--now", f"{TDAY}T22:00:00+07:00")
    assert p.returncode == 1, p.stdout + p.stderr
    assert f"memory/{TDAY}.md is a symlink out of the workspace" in p.stderr
    assert "Traceback" not in p.stderr
    assert outside.read_text("utf-8") == "# not memjobs'\n"
    runs = json.loads(cli_run(*w, "runs", "--json").stdout)
    assert runs and runs[0]["status"] == "failed"


def test_weekly_refuses_a_memory_md_linked_out(workspace: Path, tmp_path: Path) -> None:
    """Pins: weekly does not plan from (nor archive into the workspace from) a MEMORY.md that is
    a link out of the workspace."""
    outside = tmp_path / "MEMORY.md"
    outside.write_text((workspace / "MEMORY.md").read_text("utf-8"), encoding="utf-8")
    (workspace / "MEMORY.md").unlink()
    (workspace / "MEMORY.md").symlink_to(outside)
    before = outside.read_bytes()
    p = cli_run("--workspace", str(workspace), "run", "weekly", "--now", "2026-10-12T03:00:00+07:00")
    assert p.returncode == 1, p.stdout + p.stderr
    assert "MEMORY.md is a symlink out of the workspace" in p.stderr and "Traceback" not in p.stderr
    assert outside.read_bytes() == before
    assert not list((workspace / "memory" / "archive").glob("*.md")) or all(
        "weekly" not in f.name for f in (workspace / "memory" / "archive").glob("*.md"))
