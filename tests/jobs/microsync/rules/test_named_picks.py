"""A terse reply that names one of the things the assistant just laid out to choose from.

The alternatives are not always joined by "or": the assistant may name them side by side ("X and Y
both work … Which one?"), and the user may name one shorter than it was written ("mongo" for
MongoDB) or with the qualifier the assistant's recommendation gave it ("plain sqs").
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize(("offer", "reply", "name"), [
    ("Search can run on Typesense and Elasticsearch. Elasticsearch scales further; Typesense is far "
     "simpler to run. Which one?", "typesense. the team is tiny", "typesense"),
    ("Both MongoDB and DynamoDB give you TTL indexes. Dynamo is managed, Mongo we'd host. Which do you prefer?",
     "mongo", "mongo"),
    ("ค้นหาใช้ได้ทั้ง Typesense และ Meilisearch ครับ ตัวแรกเร็วกว่า ตัวหลังตั้งค่าง่ายกว่า เลือกตัวไหนดีครับ",
     "meilisearch ครับ", "meilisearch"),
    ("日志可以放 Loki 和 OpenSearch 两边，Loki 便宜，OpenSearch 查询强。选哪个？",
     "opensearch，我们查询多", "opensearch"),
])
def test_a_name_among_alternatives_laid_out_without_or_is_a_pick(offer: str, reply: str, name: str) -> None:
    found = extract(("assistant", offer), ("user", reply))
    assert len(found) == 1, found
    assert found[0].kind in ("Decision", "Architecture")
    assert name in found[0].statement.lower()
    assert found[0].first_line == 1


@pytest.mark.parametrize(("offer", "reply", "name"), [
    ("Queue: SQS, or a RabbitMQ container next to the app (one more thing to patch). I'd take plain SQS.",
     "plain sqs, for staging and prod", "sqs"),
    ("队列可以用 SQS，或者在机器上跑 RabbitMQ。我会选托管的 SQS。", "托管的 SQS，两个环境都用", "sqs"),
])
def test_the_recommended_alternative_named_with_its_qualifier_is_a_pick(offer: str, reply: str, name: str) -> None:
    found = extract(("assistant", offer), ("user", reply))
    assert len(found) == 1, found
    assert name in found[0].statement.lower()


@pytest.mark.parametrize(("offer", "reply"), [
    # Not asked to choose: a report naming two things, and a reply naming one of them.
    ("I upgraded Typesense and Elasticsearch on staging; both are green.", "typesense. nice"),
    # A short name is no prefix of a longer one ("go" is not "Golang").
    ("The worker can be written in Golang and Python equally well. Which one?", "go"),
    # A name the assistant never offered.
    ("Search can run on Typesense and Elasticsearch. Which one?", "solr"),
])
def test_a_name_that_answers_no_choice_is_no_pick(offer: str, reply: str) -> None:
    assert extract(("assistant", offer), ("user", reply)) == []
