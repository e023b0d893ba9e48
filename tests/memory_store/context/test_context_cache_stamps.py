"""The MCP context cache stamps every file a context reads, and only those (review13 #5).

A real demo workspace with two hundred old daily files: the files `build_context` opens (seen by an
audit hook, nothing replaced) are each stamped by `Generation`, so a change to any of them drops the
cached context; a daily file older than `warm_days` that nothing links to is not stamped (a history
of a thousand days cost a stat each on every call, cache hits too), yet adding or removing one still
changes the stamp (the folder's mtime), and so does editing an old daily file MEMORY.md links to."""
from __future__ import annotations

import os
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from memory_store.config import load_config
from memory_store.context.build import build_context
from memory_store.context.cache import ContextCache, Generation
from memory_store.context.model import ContextRequest
from tests.conftest import copy_built

if TYPE_CHECKING:
    from jobs.demo.build import DemoResult

_OPENED: list[str] | None = None


def _hook(event: str, args: tuple[object, ...]) -> None:
    if _OPENED is not None and event == "open" and args and isinstance(args[0], (str, Path)):
        _OPENED.append(str(args[0]))


sys.addaudithook(_hook)


def _demo(tmp_path: Path, demo: DemoResult) -> Path:
    """A copy of the session's demo workspace (conftest `demo_built`) with 200 old daily files."""
    ws = copy_built(demo.workspace, tmp_path / "demo")
    for i in range(200):
        day = date(2023, 1, 1) + timedelta(i)
        (ws / "memory" / f"{day}.md").write_text(f"# {day}\n", encoding="utf-8")
    return ws


def _touch(path: Path, n: int) -> None:
    """Change a file as an editor does: other bytes, a later mtime."""
    data = path.read_bytes() if path.is_file() else b""
    path.write_bytes(data + b"\n" * n)
    st = os.stat(path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000 * n))


def test_every_file_a_context_reads_is_stamped_and_a_change_drops_the_cache(tmp_path: Path,
                                                                             demo_built: DemoResult) -> None:
    global _OPENED
    ws = _demo(tmp_path, demo_built)
    cfg = load_config(ws)
    _OPENED = []
    try:
        build_context(cfg, ContextRequest(format="json", task="deploy the api"))
        opened = {Path(p) for p in _OPENED}
    finally:
        _OPENED = None
    mine = sorted(p for p in opened if p.is_file() and (ws in p.parents or p == cfg.policy_file))
    assert any(p.parent == ws / "memory" for p in mine)             # not vacuous: daily files are read
    gen = Generation(ws, cfg.policy_file, cfg.limits.warm_days)
    stamped = {Path(p) for p, *_ in gen.stamp()}
    assert [p for p in mine if p not in stamped] == []
    for n, path in enumerate(mine, start=1):
        before = gen.stamp()
        _touch(path, n)
        assert gen.stamp() != before, path

    built: list[int] = []
    cache = ContextCache(ws, cfg.policy_file, warm_days=cfg.limits.warm_days)
    cache.get("k", lambda: built.append(1))
    cache.get("k", lambda: built.append(1))
    assert len(built) == 1
    _touch(next(p for p in mine if p.parent == ws / "memory"), 99)
    cache.get("k", lambda: built.append(1))
    assert len(built) == 2


def test_an_old_history_costs_no_stat_but_its_adds_removes_and_links_count(tmp_path: Path,
                                                                            demo_built: DemoResult) -> None:
    ws = _demo(tmp_path, demo_built)
    cfg = load_config(ws)
    gen = Generation(ws, cfg.policy_file, cfg.limits.warm_days)
    stamp = gen.stamp()
    old = ws / "memory" / "2023-01-05.md"
    assert str(old) not in {p for p, *_ in stamp}
    assert len(stamp) < 40                                         # not one per daily file
    _touch(old, 1)
    assert gen.stamp() == stamp                                    # nothing reads it
    new = ws / "memory" / "2022-12-31.md"
    new.write_text("# 2022-12-31\n", encoding="utf-8")
    added = gen.stamp()
    assert added != stamp
    new.unlink()
    assert gen.stamp() != added
    with (ws / "MEMORY.md").open("a", encoding="utf-8") as fh:     # MEMORY.md now links the old file
        fh.write("\n- The office is on floor 3 ([REMEMBER-20230105-office-floor-3-abcdef](memory/2023-01-05.md))\n")
    linked = gen.stamp()
    assert str(old) in {p for p, *_ in linked}
    _touch(old, 2)
    assert gen.stamp() != linked
