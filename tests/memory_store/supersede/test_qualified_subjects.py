"""A quantity of one thing beside the same quantity of another thing (explore7 #7): the qualifier
that says WHICH thing (session or refresh token, importer or exporter, staging or prod, iOS or
Android) differs, so the two are two subjects, each with its own value — no possible conflict that
would hold the newer decision out of MEMORY.md. The same thing given another value still warns."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge

# A few unrelated entries, as in a real log: how rare a word is decides how much it weighs.


@pytest.mark.parametrize("old,new", [
    # the report's exact inputs (title, and the excerpt the extractor keeps beside it)
    ("The session TTL is 24 hours|we decided the session TTL is 24 hours",
     "The refresh token TTL is 30 days|we decided the refresh token TTL is 30 days"),
    ("Batch size ของ importer คือ 500|ตัดสินใจแล้วว่า batch size ของ importer คือ 500",
     "Batch size ของ exporter คือ 200|ตัดสินใจแล้วว่า batch size ของ exporter คือ 200"),
    ("导入器的批量大小是 500|我们决定导入器的批量大小是 500", "导出器的批量大小是 200|我们决定导出器的批量大小是 200"),
    # other phrasings of the class
    ("The staging deploy timeout is 10 minutes", "The prod deploy timeout is 30 minutes"),
    ("The iOS build cache TTL is 7 days", "The Android build cache TTL is 3 days"),
    ("The web session TTL is 12 hours", "The mobile refresh token TTL is 60 days"),
    ("上传接口的超时是 30 秒", "下载接口的超时是 60 秒"),
    ("测试环境的连接池大小是 20", "生产环境的连接池大小是 100"),
    ("timeout ของ upload คือ 30 วินาที", "timeout ของ download คือ 60 วินาที"),
    ("batch size ของ staging คือ 50", "batch size ของ prod คือ 500"),
])
def test_the_same_quantity_of_another_thing_is_no_conflict(old: str, new: str) -> None:
    (old_title, _, old_text), (new_title, _, new_text) = old.partition("|"), new.partition("|")
    found = judge(old_title, new_title, old_text, new_text)
    assert found.outcome != "conflict" and not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    ("The session TTL is 24 hours", "The session TTL is 12 hours"),
    ("The refresh token TTL is 30 days", "The refresh token TTL is 90 days"),
    ("Batch size ของ importer คือ 500", "Batch size ของ importer คือ 1000"),
    ("导入器的批量大小是 500", "导入器的批量大小是 1000"),
    ("每周二 10 点发版", "每周四 14 点发版"),
    ("The API timeout is 30 seconds", "The API timeout is 60 seconds"),
    # the qualifiers differ, but name one thing (a tool and its role)
    ("Postgres max connections is 100", "The max DB connections is 200"),
    # a known tool written in lower case inside Thai or Chinese text is a tool, not a thing
    ("缓存用 redis 部署 2 个节点", "缓存用 memcached 部署 3 个节点"),
    ("session cache ใช้ redis 2 node", "session cache ใช้ memcached 3 node"),
])
def test_the_same_thing_given_another_value_still_warns(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found
