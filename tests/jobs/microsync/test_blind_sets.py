"""The blind sets (conflicts: dev, heldout, heldout2-7 and the fresh heldout8; preferences: dev, heldout,
heldout2-4 and the fresh heldout5) are well-formed.

They were written before the code they measure by someone who never saw it. This test reads
every split, held-out included, but only for schema and totals: no assertion here looks at
what a held-out item says.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest
import yaml

from tests.conftest import REPO

FIXTURES = REPO / "tests" / "fixtures"
LANGS = ("en", "th", "zh")
CONFLICT_SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8",
                   "heldout9", "heldout10", "heldout11", "heldout12", "heldout13")
PREFERENCE_SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5")
# heldout2 (the blind conflict half; README there): label totals per language, as its writer's
# count script printed them.
HELDOUT2_TOTALS = {
    "en": {"reversal": 11, "relaxation": 4, "refinement": 6, "conflict": 5, "same": 3, "unrelated": 7},
    "th": {"reversal": 9, "relaxation": 3, "refinement": 5, "conflict": 4, "same": 3, "unrelated": 6},
    "zh": {"reversal": 10, "relaxation": 3, "refinement": 4, "conflict": 4, "same": 3, "unrelated": 6},
}
HELDOUT3_TOTALS = {
    "en": {"reversal": 11, "relaxation": 5, "refinement": 7, "conflict": 8, "same": 4, "unrelated": 12},
    "th": {"reversal": 9, "relaxation": 4, "refinement": 7, "conflict": 8, "same": 3, "unrelated": 10},
    "zh": {"reversal": 9, "relaxation": 4, "refinement": 7, "conflict": 9, "same": 3, "unrelated": 10},
}
HELDOUT4_TOTALS = {
    "en": {"reversal": 12, "relaxation": 7, "refinement": 8, "conflict": 10, "same": 6, "unrelated": 13},
    "th": {"reversal": 10, "relaxation": 5, "refinement": 6, "conflict": 8, "same": 6, "unrelated": 10},
    "zh": {"reversal": 11, "relaxation": 4, "refinement": 7, "conflict": 9, "same": 5, "unrelated": 9},
}
# heldout5: as its README's table gives them.
HELDOUT5_TOTALS = {
    "en": {"reversal": 10, "relaxation": 5, "refinement": 7, "conflict": 8, "same": 6, "unrelated": 13},
    "th": {"reversal": 10, "relaxation": 4, "refinement": 8, "conflict": 8, "same": 4, "unrelated": 11},
    "zh": {"reversal": 11, "relaxation": 4, "refinement": 8, "conflict": 7, "same": 5, "unrelated": 12},
}
# heldout6: as its writer's count script printed them.
HELDOUT6_TOTALS = {
    "en": {"reversal": 14, "relaxation": 5, "refinement": 10, "conflict": 11, "same": 8, "unrelated": 22},
    "th": {"reversal": 11, "relaxation": 4, "refinement": 7, "conflict": 8, "same": 6, "unrelated": 14},
    "zh": {"reversal": 10, "relaxation": 4, "refinement": 7, "conflict": 8, "same": 4, "unrelated": 14},
}
# heldout7: as its writer's count script printed them.
HELDOUT7_TOTALS = {
    "en": {"reversal": 10, "relaxation": 4, "refinement": 7, "conflict": 7, "same": 6, "unrelated": 16},
    "th": {"reversal": 9, "relaxation": 4, "refinement": 7, "conflict": 7, "same": 6, "unrelated": 15},
    "zh": {"reversal": 11, "relaxation": 3, "refinement": 6, "conflict": 8, "same": 6, "unrelated": 16},
}
# heldout8: as its writer's count script printed them.
HELDOUT8_TOTALS = {
    "en": {"reversal": 10, "relaxation": 4, "refinement": 7, "conflict": 8, "same": 6, "unrelated": 19},
    "th": {"reversal": 9, "relaxation": 5, "refinement": 7, "conflict": 8, "same": 6, "unrelated": 19},
    "zh": {"reversal": 10, "relaxation": 5, "refinement": 6, "conflict": 8, "same": 5, "unrelated": 19},
}
# heldout9 (development since 2026-11-28): as its writer's count script printed them.
HELDOUT9_TOTALS = {
    "en": {"reversal": 11, "relaxation": 5, "refinement": 6, "conflict": 7, "same": 5, "unrelated": 20},
    "th": {"reversal": 11, "relaxation": 5, "refinement": 10, "conflict": 8, "same": 5, "unrelated": 20},
    "zh": {"reversal": 12, "relaxation": 5, "refinement": 9, "conflict": 8, "same": 5, "unrelated": 20},
}
# heldout10 (the blind conflict half now, written 2026-11-28): as its writer's count script printed them.
HELDOUT10_TOTALS = {
    "en": {"reversal": 12, "relaxation": 5, "refinement": 9, "conflict": 7, "same": 5, "unrelated": 14},
    "th": {"reversal": 12, "relaxation": 6, "refinement": 7, "conflict": 7, "same": 5, "unrelated": 13},
    "zh": {"reversal": 12, "relaxation": 5, "refinement": 8, "conflict": 7, "same": 6, "unrelated": 13},
}
# heldout11 (blind, written 2026-11-28 by blindconf11): as its writer's count script printed them.
HELDOUT11_TOTALS = {
    "en": {"reversal": 14, "relaxation": 5, "refinement": 7, "conflict": 8, "same": 6, "unrelated": 15},
    "th": {"reversal": 15, "relaxation": 5, "refinement": 7, "conflict": 7, "same": 5, "unrelated": 14},
    "zh": {"reversal": 14, "relaxation": 5, "refinement": 7, "conflict": 7, "same": 5, "unrelated": 15},
}
# heldout12 (blind, written 2026-11-28 by blindconf12): as its writer's count script printed them.
HELDOUT12_TOTALS = {lang: {"reversal": 12, "relaxation": 5, "refinement": 7, "conflict": 7, "same": 5, "unrelated": 12}
                    for lang in ("en", "th", "zh")}
# heldout13 (blind, written 2026-11-28 by blindconf13): as its writer's count script printed them.
HELDOUT13_TOTALS = {lang: {"reversal": 14, "relaxation": 5, "refinement": 7, "conflict": 7, "same": 6, "unrelated": 12}
                    for lang in ("en", "th", "zh")}
BLIND_TOTALS = {"heldout2": HELDOUT2_TOTALS, "heldout3": HELDOUT3_TOTALS, "heldout4": HELDOUT4_TOTALS,
                "heldout5": HELDOUT5_TOTALS, "heldout6": HELDOUT6_TOTALS, "heldout7": HELDOUT7_TOTALS,
                "heldout8": HELDOUT8_TOTALS, "heldout9": HELDOUT9_TOTALS,
                "heldout10": HELDOUT10_TOTALS, "heldout11": HELDOUT11_TOTALS,
                "heldout12": HELDOUT12_TOTALS, "heldout13": HELDOUT13_TOTALS}
CONFLICT_LABELS = {"reversal", "relaxation", "refinement", "conflict", "same", "unrelated"}
KINDS = {"Decision", "Architecture", "Rule", "Constraint", "Remember", "Procedure"}
PREF_LABELS = {"explicit", "inferred", "forget", "none"}
PREF_KEY = re.compile(r"^(response\.(language|tone|length|format\.default)|user\.(name|timezone|other)"
                      r"|user\.expertise\.[a-z0-9_]+|instruction\.other)$")


def _load(name: str, split: str, lang: str) -> dict:
    doc = yaml.safe_load((FIXTURES / name / split / f"{lang}.yaml").read_text(encoding="utf-8"))
    assert doc["language"] == lang and doc["split"] == split
    return doc


@pytest.mark.parametrize("split", CONFLICT_SPLITS)
@pytest.mark.parametrize("lang", LANGS)
def test_conflict_set_is_well_formed(split: str, lang: str) -> None:
    doc = _load("conflicts", split, lang)
    labels: Counter[str] = Counter()
    for project in doc["projects"]:
        ids = {e["id"] for e in project["log"]}
        assert all(e["kind"] in KINDS and e["title"].strip() for e in project["log"])
        for item in project["later"]:
            assert item["label"] in CONFLICT_LABELS and item["kind"] in KINDS and item["text"].strip()
            if item["label"] == "unrelated":
                assert "target" not in item
            else:
                assert item["target"] in ids
            labels[item["label"]] += 1
    assert sum(labels.values()) >= 24
    assert labels["reversal"] + labels["relaxation"] + labels["refinement"] >= 10
    assert labels["unrelated"] >= 5
    if split in BLIND_TOTALS:
        assert dict(labels) == BLIND_TOTALS[split][lang]


@pytest.mark.parametrize("split", PREFERENCE_SPLITS)
@pytest.mark.parametrize("lang", LANGS)
def test_preference_set_is_well_formed(split: str, lang: str) -> None:
    doc = _load("preferences", split, lang)
    labels: Counter[str] = Counter()
    ids = [item["id"] for item in doc["items"]]
    assert len(ids) == len(set(ids))
    for item in doc["items"]:
        assert item["label"] in PREF_LABELS and item["turn"].strip()
        if item["label"] == "none":
            assert "key" not in item
        else:
            assert PREF_KEY.match(item["key"])
        labels[item["label"]] += 1
    assert sum(labels.values()) >= 32
    assert labels["none"] >= 10 and labels["explicit"] >= 10
    if split in ("heldout3", "heldout4", "heldout5"):   # their writers' counts, the same mix in each language
        assert dict(labels) == {"explicit": 14, "inferred": 6, "forget": 4, "none": 16}
