"""Proposals (docs/design.md §6): pending → accepted | rejected | expired, once; accepting onto a key
already held shows the collision and follows the key's policy (overwrite_latest bumps the version,
keep_both adds a fact); an accept's two events share one request_id; resolved ones are compacted."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CoreMemory
from memory_store.errors import MemoryRefused
from tests import conftest

T0 = datetime(2026, 11, 22, 4, 0, tzinfo=UTC)


@pytest.fixture
def book(workspace: Path) -> ProposalBook:
    clock = [T0]
    mem = CoreMemory.from_config(load_config(workspace, env={}), clock=lambda: clock[0])
    b = ProposalBook(mem)
    b.clock = clock  # type: ignore[attr-defined]
    return b


def trail(ws: Path) -> list[dict]:
    return [json.loads(x) for x in (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()]


def test_accept_once_onto_a_held_single_valued_key_overwrites_and_shows_the_collision(book: ProposalBook,
                                                                                       workspace: Path):
    held = book.mem.set("response.length", "long")
    p = book.propose("response.length", "short", confidence=0.8, reason="asked for shorter answers 3 times",
                     excerpt="shorter please", ref="chat:s1#L3-L9")
    assert p is not None and p.status == "pending"
    assert book.propose("response.length", "short") is None                  # the same pending proposal again
    assert book.mem.resolve(["response.length"]).values["response.length"].winner.loc.entry.value == "long"
    acc = book.accept(p.id)
    assert acc.strategy == "overwrite_latest"
    assert acc.collision == [{"id": held.entry.id, "value": "long", "version": 1, "where": "PROFILE.md:7"}]
    assert acc.fact.type == "fact.updated" and acc.fact.entry.version == 2 and acc.fact.entry.id == held.entry.id
    assert acc.fact.entry.source == "user_inferred" and acc.fact.entry.ref == "chat:s1#L3-L9"
    assert acc.proposal.status == "accepted" and "## Resolved" in (workspace / "PROPOSALS.md").read_text()
    events = trail(workspace)
    assert [e["type"] for e in events] == ["fact.created", "proposal.created", "proposal.accepted", "fact.updated"]
    assert events[2]["request_id"] == events[3]["request_id"] and events[2]["target"]["type"] == "proposal"
    with pytest.raises(MemoryRefused, match="resolved once only"):
        book.accept(p.id)
    with pytest.raises(MemoryRefused):
        book.reject(p.id)
    assert len(trail(workspace)) == 4


def test_keep_both_for_multi_valued_keys_and_by_strategy(book: ProposalBook):
    book.mem.set("favorite_tools[]", "ruff")
    acc = book.accept(book.propose("favorite_tools[]", "uv").id)            # type: ignore[union-attr]
    assert acc.strategy == "keep_both" and acc.fact.type == "fact.created" and len(acc.collision) == 1
    book.mem.set("user.name", "Somchai")
    acc = book.accept(book.propose("user.name", "Som").id, strategy="keep_both")  # type: ignore[union-attr]
    assert acc.fact.type == "fact.created"
    assert sorted(x.loc.entry.value for x in book.mem.listing() if x.loc.entry.key == "user.name") == ["Som", "Somchai"]


def test_reject_expire_and_compact(book: ProposalBook, workspace: Path):
    a = book.propose("user.timezone", "UTC", reason="mentioned UTC once")
    b = book.propose("response.format.default", "table", ttl="7d")
    assert a is not None and b is not None
    assert book.reject(a.id, reason="I live in Bangkok").status == "rejected"
    book.clock[0] = T0 + timedelta(days=8)                                   # type: ignore[attr-defined]
    with pytest.raises(MemoryRefused, match="expired"):
        book.accept(b.id)
    assert [p.id for p in book.expire()] == [b.id] and book.expire() == []
    assert [(p.id, p.status) for p in book.proposals(all_states=True)] == [(a.id, "rejected"), (b.id, "expired")]
    assert [e["type"] for e in trail(workspace)][-2:] == ["proposal.rejected", "proposal.expired"]
    book.clock[0] = T0 + timedelta(days=40)                                  # type: ignore[attr-defined]
    changes = book.mem.compact()
    assert [c.scope for c in changes] == ["proposals", "proposals"]
    assert "key:user.timezone" in (workspace / "memory/archive/core.md").read_text()
    assert book.proposals(all_states=True) == []


def test_cli_lists_accepts_and_rejects(book: ProposalBook, workspace: Path):
    book.mem.set("user.name", "Somchai")
    p = book.propose("user.name", "Som", reason="signs off as Som")
    q = book.propose("user.timezone", "UTC")
    assert p is not None and q is not None

    def cli(*args: str) -> tuple[int, str, str]:
        r = conftest.cli("--workspace", str(workspace), *args)
        return r.exit_code, r.stdout, r.stderr

    code, out, _ = cli("proposals")
    assert code == 0 and out.count("pending") == 2
    code, out, _ = cli("proposals", "accept", p.id)
    assert code == 0 and out.startswith("collision: user.name is held by ") and "strategy overwrite_latest" in out
    assert f"accepted {p.id}: fact.updated" in out
    code, _, err = cli("proposals", "accept", p.id)
    assert code == 1 and "resolved once only" in err
    code, out, _ = cli("proposals", "reject", q.id, "--reason", "no", "--json")
    assert json.loads(out)["status"] == "rejected"
    code, out, _ = cli("proposals", "list", "--all", "--json")
    assert [x["status"] for x in json.loads(out)["proposals"]] == ["accepted", "rejected"]
    run = next(e for e in trail(workspace) if e["type"] == "proposal.created")
    runs = [d.name for d in (workspace / ".memjobs/runs").iterdir()
            if (d / "memory_audit.jsonl").exists() and run["id"] in (d / "memory_audit.jsonl").read_text()]
    code, out, _ = cli("proposals", "list", "--all", "--run", runs[0], "--json")
    assert [x["id"] for x in json.loads(out)["proposals"]] == [p.id]
    code, out, _ = cli("proposals", "expire")
    assert out.strip() == "no proposals"


def test_proposals_are_never_searched(book: ProposalBook, workspace: Path):
    from memory_store.search.indexer import discover

    book.propose("user.codename", "zebrafinch", reason="guess")
    book.mem.set("user.name", "Somchai")
    found = discover(load_config(workspace, env={}))
    assert "PROFILE.md" in found and "PROPOSALS.md" not in found


def test_a_forget_rejects_the_keys_pending_proposals_audited_so_no_accept_brings_the_value_back(
        book: ProposalBook, workspace: Path):
    mine = book.propose("user.name", "Chai", ref="chat:s1#L1-L1", excerpt="เรียกผมว่าชัยนะ")
    other = book.propose("response.tone", "formal", ref="chat:s1#L2-L2")
    assert mine is not None and other is not None
    changes = book.mem.forget("user.name")                  # nothing was held: only the proposal goes
    assert [(c.type, c.entry.key, c.entry.status) for c in changes] == [("proposal.rejected", "user.name",
                                                                        "rejected")]
    assert [p.id for p in book.proposals()] == [other.id]
    with pytest.raises(MemoryRefused, match="already rejected"):
        book.accept(mine.id)
    assert "user.name" not in book.mem.resolve().values
    rejected = [e for e in trail(workspace) if e["type"] == "proposal.rejected"]
    assert len(rejected) == 1 and rejected[0]["key"] == "user.name" and rejected[0]["actor"]["id"] == "cli"
    assert "forget user.name" in rejected[0]["reason"] and rejected[0]["target"] == {"type": "proposal",
                                                                                    "id": mine.id}
    # the same statement read again proposes nothing: the rejected proposal stands
    assert book.propose("user.name", "Chai", ref="chat:s1#L1-L1") is None


def test_a_forget_said_in_a_transcript_leaves_a_proposal_made_after_it(book: ProposalBook):
    book.clock[0] = T0 + timedelta(days=2)                                   # type: ignore[attr-defined]
    later = book.propose("user.name", "Tom", ref="chat:s2#L9-L9")
    assert later is not None
    # the forget said two days earlier is read again (backfill): the newer proposal stays pending
    assert book.mem.forget("user.name", said_at=T0) == []
    assert [p.id for p in book.proposals()] == [later.id]
    assert book.mem.forget("user.name", said_at=T0 + timedelta(days=3))[0].type == "proposal.rejected"


def test_a_pending_proposal_past_its_ttl_is_listed_as_expired(workspace: Path):
    """Pins: `memjobs proposals` listed a proposal past its ttl as `pending` until someone ran
    `proposals expire`, while accepting it was refused (every proposal a backfill staged from more
    than 30 days ago). Now it is shown as expired, in text and --json, with the command that marks it."""
    book = ProposalBook(CoreMemory.from_config(load_config(workspace, env={})))
    old = book.propose("response.length", "short", reason="asked twice", said_at=datetime(2026, 1, 5, tzinfo=UTC))
    new = book.propose("user.timezone", "UTC", reason="mentioned UTC")
    assert old is not None and new is not None

    def cli(*args: str) -> tuple[int, str, str]:
        r = conftest.cli("--workspace", str(workspace), *args)
        return r.exit_code, r.stdout, r.stderr

    code, out, _ = cli("proposals")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith(f"{old.id:<13} expired  response.length = short")
    assert lines[1].startswith(f"{new.id:<13} pending  user.timezone = UTC")
    assert lines[2] == ("1 pending proposal(s) past their ttl cannot be accepted: `memjobs proposals expire` marks "
                        "them expired")
    listed = {p["id"]: p for p in json.loads(cli("proposals", "list", "--json")[1])["proposals"]}
    assert (listed[old.id]["status"], listed[old.id]["expired_at"]) == ("expired", "2026-02-04T00:00:00Z")
    assert (listed[new.id]["status"], listed[new.id]["expired_at"]) == ("pending", None)
    assert cli("proposals", "accept", old.id)[0] == 1
    assert cli("proposals", "expire")[0] == 0
    listed = {p["id"]: p for p in json.loads(cli("proposals", "list", "--all", "--json")[1])["proposals"]}
    assert (listed[old.id]["status"], listed[old.id]["expired_at"]) == ("expired", None)
    assert [p["id"] for p in json.loads(cli("proposals", "list", "--json")[1])["proposals"]] == [new.id]
