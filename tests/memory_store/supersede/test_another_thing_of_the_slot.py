"""A rename of another thing of a slot changes no choice of the slot's tool ("Rename the staging bucket"
beside "Store images in S3" was a reversal: the rename cue, the storage role named by the noun
"bucket"); two services each with their own tool are no rival ("auth uses Memcached" / "search uses
Redis" was a possible conflict); a "can" that follows what must come first is a requirement
("… ถึงจะ tag ได้" loosened the Friday deploy rule in the dev project kopi-loyalty)."""
from __future__ import annotations

import pytest

from memory_store.entries import BlockEntry, Source
from memory_store.supersede.detect import Statement, detect, statement_of

_SRC = Source("eval", "eval", "L1-L1")


def _stmt(kind: str, day: str, ident: str, text: str, n: int) -> Statement:
    return statement_of(BlockEntry(kind=kind, title=text, id=ident, date=day, source=_SRC, conclusion=text), n)


def _found(earlier: str, later: str, kinds: tuple[str, str] = ("Decision", "Decision")):  # type: ignore[no-untyped-def]
    return detect(_stmt(kinds[1], "2026-06-10", "L1", later, 1), [_stmt(kinds[0], "2026-06-05", "E1", earlier, 0)])


@pytest.mark.parametrize("later", ["Rename the staging bucket", "Rename the staging bucket to acme-staging-assets"])
def test_a_rename_of_another_thing_keeps_the_choice(later: str) -> None:
    found = _found("Store images in S3", later)
    assert not found.supersedes, found


@pytest.mark.parametrize(("earlier", "later"), [
    ("Search uses Redis for its cache", "Auth uses Memcached for its cache"),
    ("The search service caches results in Redis", "The auth service caches sessions in Memcached"),
])
def test_two_services_each_with_its_own_tool(earlier: str, later: str) -> None:
    found = _found(earlier, later)
    assert found.outcome == "none", found


def test_one_thing_given_another_tool_is_still_a_rival() -> None:
    found = _found("Sessions are cached in Redis", "Sessions are cached in Memcached")
    assert found.outcome == "conflict" and found.target == "E1", found


def test_only_then_can_is_no_relaxation() -> None:
    found = _found("No production deploys on Fridays after 15:00 Bangkok time, and none on weekends",
                   "แล้วก่อน deploy production ทุกครั้ง ให้รัน alembic upgrade บน staging ก่อน แล้วเช็ค /healthz "
                   "ว่า db: true ถึงจะ tag ได้ ใส่ไว้ใน workflow", ("Rule", "Rule"))
    assert found.outcome != "relaxation", found
