"""Limits of a core-memory value (docs/design.md §6, docs/spec/memory.md §5): at most 2,000
characters at write, a `--ttl` already past refused, and one oversized value already in PROFILE.md
cut in the runtime context with a notice instead of emptying it."""
from __future__ import annotations

import json
from pathlib import Path

from tests import conftest


def cli(ws: Path, *args: str) -> tuple[int, str, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout, r.stderr


def test_a_value_over_2000_characters_is_refused(workspace: Path):
    """Pins: `mem set response.format.default "$(… 900 times)"` (10,800 characters) was kept, and
    MCP memory_remember took a 3 MB one."""
    before = (workspace / "PROFILE.md").read_bytes()
    code, out, err = cli(workspace, "mem", "set", "response.format.default", "x" * 2001)
    assert (code, out) == (2, "")
    assert "the value is 2,001 characters; a core-memory value holds at most 2,000" in err
    assert (workspace / "PROFILE.md").read_bytes() == before
    code, _, _ = cli(workspace, "mem", "set", "response.format.default", "x" * 2000)
    assert code == 0


def test_a_ttl_already_past_is_refused(workspace: Path):
    """Pins: `mem set k v --ttl 2020-01-01T00:00` silently created an already-expired fact."""
    before = (workspace / "PROFILE.md").read_bytes()
    for ttl in ("2020-01-01T00:00", "2020-01-01", "2020-01-01T00:00:00Z"):
        code, _, err = cli(workspace, "mem", "set", "response.tone", "warm", "--ttl", ttl)
        assert code == 2 and f"ttl {ttl} is already past" in err
    assert (workspace / "PROFILE.md").read_bytes() == before
    code, _, _ = cli(workspace, "mem", "set", "response.tone", "warm", "--ttl", "2999-01-01")
    assert code == 0


def test_one_oversized_profile_value_is_cut_not_the_whole_context(workspace: Path):
    """Pins: one hand-written PROFILE value of ~2,700 tokens left `memjobs context` with only
    "## References" (--json: long_memory empty, no notice)."""
    assert cli(workspace, "mem", "set", "user.name", "Ann")[0] == 0
    assert cli(workspace, "mem", "set", "response.language", "th")[0] == 0
    with (workspace / "PROFILE.md").open("a", encoding="utf-8") as fh:
        fh.write("- key:response.format.default | value:" + "use tables; " * 900 + "| priority:50 | ttl:none | "
                 "source:user_explicit | updated_at:2026-11-01T00:00:00Z | id:m-00000000ab\n")
    code, out, err = cli(workspace, "context", "--json")
    assert code == 0, err
    got = json.loads(out)
    profile = {i["key"]: i["value"] for i in got["long_memory"]["profile"]}
    assert profile["user.name"] == "Ann" and profile["response.language"] == "th"
    cut = profile["response.format.default"]
    assert cut.startswith("use tables; use tables;") and cut.endswith("…") and len(cut) < 2000
    assert got["tokens"] <= got["budget"]
    (notice,) = got["notices"]
    assert notice.startswith("m-00000000ab is too long for the context budget: cut to fit")
    assert any(e["operation"] == "oversized" and e["entity_id"] == "m-00000000ab" for e in got["events"])
    code, out, _ = cli(workspace, "context")
    assert code == 0 and "> NOTE: m-00000000ab is too long" in out and "user.name: Ann" in out


def test_a_small_budget_holds_and_the_cut_notice_names_only_what_is_shown(workspace: Path):
    """Pins: at --budget 128 the notice named every item cut once (14 ids on the demo), cost more than the
    budget alone and left the context with no item (224 of 128 tokens)."""
    with (workspace / "PROFILE.md").open("a", encoding="utf-8") as fh:
        for n in range(12):
            fh.write(f"- key:user.note{n} | value:" + f"a long hand-written note number {n}; " * 40
                     + f"| priority:50 | ttl:none | source:user_explicit | updated_at:2026-11-01T00:00:00Z"
                     f" | id:m-0000000{n:03d}\n")
    for budget in (128, 160, 200):
        code, out, err = cli(workspace, "context", "--json", "--budget", str(budget))
        assert code == 0, err
        got = json.loads(out)
        assert got["tokens"] <= budget, (budget, got["tokens"])
        shown = {i["id"] for group in got["long_memory"].values() for i in group}
        for notice in got["notices"]:
            named = notice.split(" is too long")[0].split(" are too long")[0]
            assert all(part.split(" and ")[0] in shown for part in named.split(", ")), (notice, shown)
        assert shown, budget
