"""The precedence ladder of docs/design.md §6, rung by rung, with provenance: scope (policy > profile >
session), then the more specific applies_to, then priority, then updated_at, then the later write;
expired, revoked and archived entries never resolve; a policy key shows only policy@<version>."""
from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memory_store.core.store import CoreMemory

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def line(key: str, value: str, *, priority: int = 50, updated: str = "2026-11-22T04:00:00Z", ttl: str = "none",
         applies: str | None = None, status: str | None = None, source: str = "user_explicit") -> str:
    extra = (f" | applies_to:{applies}" if applies else "") + (f" | status:{status}" if status else "")
    return (f"- key:{key} | value:{value} | priority:{priority} | ttl:{ttl} | source:{source} | "
            f"updated_at:{updated}{extra} | ref:manual:test\n")


def store(ws: Path, profile: str = "", session: str = "", policy: str | None = None) -> CoreMemory:
    ws.mkdir(parents=True, exist_ok=True)
    (ws / "PROFILE.md").write_text("# PROFILE\n\n## Preferences\n" + profile, encoding="utf-8")
    (ws / "SESSION.md").write_text("# SESSION\n\n## Context\n" + session, encoding="utf-8")
    pol = ws.parent / "cfg" / "POLICY.md"
    if policy is not None:
        pol.parent.mkdir(parents=True, exist_ok=True)
        pol.write_text("# POLICY\n\n## Guardrails\n" + policy, encoding="utf-8")
    return CoreMemory(ws, ws / ".memjobs", pol, clock=lambda: NOW)


def winner(m: CoreMemory, key: str, context: tuple[str, ...] = ()) -> dict:
    return m.resolve([key], context).to_dict()["values"][0]


def test_scope_policy_beats_profile_beats_session(tmp_path: Path):
    m = store(tmp_path / "ws", profile=line("k", "profile", priority=10),
              session=line("k", "session", priority=99, updated="2026-11-22T11:00:00Z"))
    w = winner(m, "k")
    assert (w["value"], w["scope"], w["where"]) == ("profile", "profile", "PROFILE.md:4")
    assert [(b["value"], b["why"]) for b in w["beat"]] == [("session", "scope profile > session")]
    m = store(tmp_path / "ws", profile=line("k", "profile"), policy=line("k", "ADMIN-TEXT", priority=1, source="admin"))
    w = winner(m, "k")
    assert w["scope"] == "policy" and w["value"] == m.policy().ref and w["value"].startswith("policy@")
    assert "ADMIN-TEXT" not in str(m.resolve().to_dict())
    assert w["beat"][0]["why"] == "scope policy > profile"


def test_more_specific_applies_to_wins_before_priority(tmp_path: Path):
    m = store(tmp_path / "ws", profile=line("response.length", "long", priority=90)
              + line("response.length", "medium", applies="project:nimbus")
              + line("response.length", "concise", applies="session:s1", priority=10, ttl="session_end",
                     updated="2026-11-22T11:00:00Z"))
    assert winner(m, "response.length")["value"] == "long"                      # global only
    w = winner(m, "response.length", ("project:nimbus",))
    assert w["value"] == "medium" and w["beat"][0]["why"] == "applies_to project:nimbus is more specific than global"
    w = winner(m, "response.length", ("project:nimbus", "session:s1"))
    assert w["value"] == "concise" and w["applies_to"] == "session:s1"
    assert [b["value"] for b in w["beat"]] == ["medium", "long"]
    # another session's entry is not in effect, and says so
    w = winner(m, "response.length", ("session:other",))
    assert w["value"] == "long" and [i["why"] for i in w["ignored"]] == [
        "applies_to project:nimbus is not in effect", "applies_to session:s1 is not in effect"]


def test_priority_then_updated_at_then_last_write(tmp_path: Path):
    m = store(tmp_path / "ws", profile=line("k", "low", priority=40, updated="2026-11-22T11:00:00Z")
              + line("k", "high", priority=60))
    w = winner(m, "k")
    assert w["value"] == "high" and w["beat"][0]["why"] == "priority 60 > 40"
    m = store(tmp_path / "ws", profile=line("k", "newer", updated="2026-11-22T11:00:00Z") + line("k", "older"))
    w = winner(m, "k")
    assert w["value"] == "newer" and w["beat"][0]["why"].startswith("updated_at 2026-11-22T11:00:00Z is later")
    m = store(tmp_path / "ws", profile=line("k", "first") + line("k", "second"))
    w = winner(m, "k")
    assert w["value"] == "second" and w["beat"][0]["why"] == "last write: PROFILE.md:5 comes after PROFILE.md:4"


@pytest.mark.parametrize("status", ["revoked", "archived"])
def test_inactive_and_expired_never_resolve(tmp_path: Path, status: str):
    m = store(tmp_path / "ws", profile=line("k", "gone", status=status, priority=99)
              + line("k", "expired", ttl="1h", updated="2026-11-22T10:00:00Z", priority=98) + line("k", "kept"))
    w = winner(m, "k")
    assert w["value"] == "kept" and w["beat"] == []
    assert [i["value"] for i in w["ignored"]] == ["expired"] and w["ignored"][0]["why"].startswith("expired")
    m = store(tmp_path / "ws", profile=line("k", "gone", status=status))
    assert m.resolve(["k"]).missing == ["k"]


def test_multi_valued_keys_resolve_to_every_value_of_the_winning_rung(tmp_path: Path):
    m = store(tmp_path / "ws", profile=line("favorite_tools[]", "ruff") + line("favorite_tools[]", "uv")
              + line("favorite_tools[]", "pip", applies="project:old"))
    assert winner(m, "favorite_tools[]")["values"] == ["uv", "ruff"]
    m2 = store(tmp_path / "ws2", profile=line("projects", "a") + line("projects", "b"))
    m2.multi_valued = frozenset({"projects"})
    assert sorted(winner(m2, "projects")["values"]) == ["a", "b"]


def test_policy_reloads_when_its_hash_changes(tmp_path: Path):
    m = store(tmp_path / "ws", policy=line("policy.allow.tools", "a", source="admin"))
    first = m.policy().version
    assert m.policy().version == first
    (tmp_path / "cfg" / "POLICY.md").write_text("# POLICY\n" + line("policy.allow.tools", "b", source="admin"))
    second = m.policy().version
    assert second != first and winner(m, "policy.allow.tools")["value"] == f"policy@{second}"


def test_resolve_writes_nothing(tmp_path: Path):
    m = store(tmp_path / "ws", profile=line("k", "v"))
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    m.resolve()
    m.listing(all_states=True)
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_a_multi_valued_keys_other_values_are_kept_beside_not_beaten(tmp_path: Path):
    """Pins: `mem resolve favorite_tools[]` listed the second value as "beat … last write" although the
    key keeps every value of its winning rung; it is "kept" beside the first, and a value of a lower rung
    is still beaten."""
    from tests.conftest import cli

    ws = tmp_path / "ws"
    store(ws, profile=line("favorite_tools[]", "ruff") + line("favorite_tools[]", "uv")
          + line("favorite_tools[]", "pip", applies="project:old", priority=90))
    (ws / "memjobs.yaml").write_text("timezone: UTC\n", encoding="utf-8")
    w = winner(store(ws, profile=(ws / "PROFILE.md").read_text().split("## Preferences\n", 1)[1]),
               "favorite_tools[]")
    assert [b["value"] for b in w["kept"]] == ["ruff"] and w["beat"] == []
    res = cli("--workspace", str(ws), "mem", "resolve", "favorite_tools[]", "--applies-to", "project:old")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].startswith("favorite_tools[] = pip")
    res = cli("--workspace", str(ws), "mem", "resolve", "favorite_tools[]")
    assert res.exit_code == 0, res.output
    assert not [x for x in res.stdout.splitlines() if x.strip().startswith("beat")], res.stdout
    assert any(x.strip().startswith("kept ") and "ruff" in x and "beside" in x for x in res.stdout.splitlines())
