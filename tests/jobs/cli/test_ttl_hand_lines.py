"""A hand-written core line with a relative ttl and no updated_at (docs/spec/memory.md §4): validate
warns on it whether or not it has a `ref:` (a hand line rarely has one: the warning was hidden behind
the no-ref warning), and `mem list` says where its age counts from (`ttl 8h from the file's last
change`, or `from its created_at`). explore15 #12."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import cli

HAND = ("- key:回复.语气 | value:友好 | ttl:7d\n"
        "- key:response.verbosity | value:concise | ttl:8h | ref:manual:me\n"
        "- key:task.made | value:review | ttl:2h | created_at:2026-11-27T12:00:00Z\n"
        "- key:task.dated | value:dated | ttl:2h | updated_at:2026-11-27T12:00:00Z | ref:manual:me\n")


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    with (ws / "PROFILE.md").open("a", encoding="utf-8") as f:
        f.write(HAND)
    return ws


def test_validate_warns_on_a_ttl_without_updated_at_with_or_without_a_ref(tmp_path: Path) -> None:
    out = cli("--workspace", str(_workspace(tmp_path)), "validate").output
    warned = [x for x in out.splitlines() if "but no updated_at" in x]
    assert any("ttl 7d" in x for x in warned), out              # no ref: was hidden
    assert any("ttl 8h" in x for x in warned), out
    assert any("ttl 2h" in x and "created_at" in x for x in warned), out
    assert "line entry has no ref" in out                        # still said as well


def test_mem_list_says_where_the_age_counts_from(tmp_path: Path) -> None:
    out = cli("--workspace", str(_workspace(tmp_path)), "mem", "list", "--all").output
    lines = {k: x for x in out.splitlines() for k in ("语气", "verbosity", "task.made", "task.dated") if k in x}
    assert "ttl 7d from the file's last change" in lines["语气"], out
    assert "ttl 8h from the file's last change" in lines["verbosity"], out
    assert "ttl 2h from its created_at" in lines["task.made"], out
    assert "from" not in lines["task.dated"].split("ttl 2h")[1], out
