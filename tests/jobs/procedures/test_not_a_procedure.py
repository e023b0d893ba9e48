"""Turns that teach no procedure though they look like a list (explore17 #8, #9): a request to forget the
procedure ("ขั้นตอน release ที่ให้จำไว้ ลืมไปได้เลย เลิกใช้แล้ว" was learned as "ลืมไปได้ → เลิกใช้แล้ว" and served
beside the procedure it asks to drop), and a fact to remember whose host name holds a number and a dot
("记住：staging 服务器是 stg-03.internal，SSH 端口是 2222" read "3." as a numbered list)."""
from __future__ import annotations

import pytest

from jobs.procedures.learn import learn


@pytest.mark.parametrize("text", [
    "ขั้นตอน release ที่ให้จำไว้ ลืมไปได้เลย เลิกใช้แล้ว",
    "Forget the release procedure, we do not do it that way anymore: first tag, then build.",
    "发布流程不用记了，我们不这么做了，先打 tag 再构建那套作废。",
    "記住：staging 伺服器是 stg-03.internal，SSH 連接埠是 2222。",
    "记住：staging 服务器是 stg-03.internal，SSH 端口是 2222。",
    "记住：线上版本是 v2.4.1，回滚用 v2.3.9",
])
def test_no_procedure(text: str) -> None:
    assert learn([("user", text)]) is None


@pytest.mark.parametrize("text", [
    "Whenever you cut a release: don't forget to bump the version, then tag it, then publish.",
    "ทุกครั้งที่ deploy อย่าลืม backup database ก่อน แล้วค่อยรัน migration",
    "以后发布的时候别忘了先跑测试，再打 tag",
    "以后部署流程：\n1. 备份数据库\n2. 跑 migration\n3. 重启服务",
])
def test_still_a_procedure(text: str) -> None:
    got = learn([("user", text)])
    assert got is not None and len(got.steps) >= 2, got
