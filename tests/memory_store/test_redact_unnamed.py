"""A made-up password with no name of what it opens anywhere in the turn: a correction ("it's actually X"), a value
offered with a pronoun ("try this instead: X"), the value first, an agent echoing what it will set, a value in
backticks after a user name. What makes it one is its shape alone (memory_store/secret_shaped.py `made_up_words`):
two or more parts joined by a symbol, words among them, upper and lower case and a digit. Identifiers, file names,
model names and ids stay."""
from __future__ import annotations

import pytest

from memory_store.redact import redact


@pytest.mark.parametrize("text, value", [
    ("forget what I wrote earlier, it's actually Lantern-Moss_63 for the staging box", "Lantern-Moss_63"),
    ("the old one expired. Try this instead: Walrus9!Copper", "Walrus9!Copper"),
    ("Fennel.Harbor52 — that one is for the library portal, the kids' one", "Fennel.Harbor52"),
    ("ok, I'll set the analytics user to Tamarind#Coast19 and restart the service", "Tamarind#Coast19"),
    ("sign on as `report_bot` with `Vx7pQa-Marlin3` for the dashboards", "Vx7pQa-Marlin3"),
    ("เปลี่ยนเป็น gecko-River_881 แล้วนะ ของเดิมใช้ไม่ได้", "gecko-River_881"),
    ("改好了，现在是 Pinecone#Ridge41，旧的别再用", "Pinecone#Ridge41"),
    ("แก้ให้แล้ว “Mango_Sticky-27” อันนี้ถูก", "Mango_Sticky-27"),
])
def test_a_made_up_password_goes_without_a_name(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "def load(db: sqlite3.Connection, cfg: Config) -> None:",
    "answer_sharegpt_qTi81nS_0",
    "tool id toolu_01zZXtBOdxzpxImshZctCceG finished",
    "acts like Blink-182 and Green Day on the same bill",
    "check the digest against SHASUMS256.txt first",
    "static embeddings: Model2Vec-style, 10k words",
    "claude-sonnet-4-5 answered in 12 s",
    "the report for April.2023 is late",
    "we are on Windows-11-Pro and Python-3.12 now",
    "order ORD-2024-88123 shipped, commit 9c0822c fixed it",
    "the 1-800-Flowers order and the 256-Color palette",
    "hashed with Sha3_256 before storing",
    "see Section-4.2 and Figure_3a in the paper",
    "the class is named HttpClient2 and lives in net_utils.py",
])
def test_identifiers_and_names_stay(text: str) -> None:
    assert redact(text) == text
