"""What a part of the project is on now, said with a product's name the extractor has never heard of.

"web checkout: we're on LemonSqueezy now", "search runs on Meilisearch now", "图片现在都放 Backblaze 了",
"dev ย้ายไป Vultr แล้ว": the report of a settled choice does not depend on the name being in a list of
known technologies; a capitalised product name in the frame of a status report is enough. A person
somewhere, a question or a hedge is none.
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("text", "name"), [
    ("web checkout: we're on LemonSqueezy now, it handles VAT for us.", "lemonsqueezy"),
    ("search runs on Meilisearch now, the old Solr box is off.", "meilisearch"),
    ("图片现在都放 Backblaze 了，旧的 bucket 删了", "backblaze"),
    ("dev ย้ายไป Vultr Singapore แล้วนะ เครื่องเก่าปิดแล้ว", "vultr"),
    ("เราย้ายไป Vultr แล้ว", "vultr"),
])
def test_a_part_of_the_project_now_on_a_named_product_is_a_settled_choice(text: str, name: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert found[0].kind in ("Decision", "Architecture")
    assert name in found[0].statement.lower()


@pytest.mark.parametrize("text", [
    "my sister lives in Chiang Mai now.",
    "is search on Meilisearch now?",
    "maybe search runs on Meilisearch now, not sure.",
    "Tom is with Acme now.",
    "พี่ต้อมย้ายไป Google แล้วนะ",
    "他现在都在 Google 上班了",
])
def test_a_person_a_question_or_a_hedge_is_no_settled_choice(text: str) -> None:
    assert extract(("user", text)) == []
