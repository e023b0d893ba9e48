"""jobs/llm/fit.py: a reply schema's bounds fitted to llm.max_tokens."""
from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from jobs.daily.llm_prompts import SUMMARY_SCHEMA
from jobs.llm.fit import KEEP_ITEMS, MARGIN, MIN_STRING, fit_schema, items_cap, worst_tokens
from jobs.microsync.llm_prompts import EXTRACT_SCHEMA

SCHEMAS = {"extract": EXTRACT_SCHEMA, "summary": SUMMARY_SCHEMA}


def _bounds(schema: Any, path: str = "") -> dict[str, int]:
    out: dict[str, int] = {}
    if isinstance(schema, dict):
        for key in ("maxItems", "maxLength"):
            if key in schema:
                out[f"{path}/{key}"] = schema[key]
        for k, v in schema.items():
            out.update(_bounds(v, f"{path}/{k}"))
    return out


def _strip(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip(v) for k, v in schema.items() if k not in ("maxItems", "maxLength")}
    return schema


def test_both_schemas_are_far_longer_than_the_default_cap() -> None:
    # Why the fitting exists: unfitted, a reply may need several times the default 2048 tokens.
    assert worst_tokens(EXTRACT_SCHEMA) > 5 * 2048 and worst_tokens(SUMMARY_SCHEMA) > 2 * 2048


@given(name=st.sampled_from(sorted(SCHEMAS)), max_tokens=st.integers(min_value=16, max_value=40_000))
def test_fitted_reply_fits_or_sits_at_the_floors(name: str, max_tokens: int) -> None:
    schema = SCHEMAS[name]
    fitted = fit_schema(schema, max_tokens)
    before, after = _bounds(schema), _bounds(fitted)
    assert _strip(fitted) == _strip(schema)                      # only the bounds change
    assert after.keys() == before.keys()
    assert all(after[k] <= before[k] for k in before)           # never raised
    if worst_tokens(fitted) > max_tokens * MARGIN:               # cannot fit: every bound at its floor
        assert all(v == 1 for k, v in after.items() if k.endswith("maxItems"))
        assert all(v == min(MIN_STRING, before[k]) for k, v in after.items() if k.endswith("maxLength"))


def test_a_schema_that_fits_is_returned_unchanged() -> None:
    assert fit_schema(EXTRACT_SCHEMA, 100_000) is EXTRACT_SCHEMA


def test_items_are_cut_first_then_strings() -> None:
    roomy = fit_schema(EXTRACT_SCHEMA, 8192)             # fewer items, strings untouched
    assert KEEP_ITEMS < items_cap(roomy) < 20  # type: ignore[operator]
    assert _bounds(roomy)["/properties/items/items/properties/statement/maxLength"] == 500
    default = fit_schema(EXTRACT_SCHEMA, 2048)           # items at KEEP_ITEMS, strings shorter
    assert items_cap(default) == KEEP_ITEMS
    assert MIN_STRING < _bounds(default)["/properties/items/items/properties/statement/maxLength"] < 500
    tight = fit_schema(EXTRACT_SCHEMA, 512)              # strings at the floor, then items below 4
    assert items_cap(tight) is not None and items_cap(tight) < KEEP_ITEMS  # type: ignore[operator]
    assert worst_tokens(tight) <= 512 * MARGIN


def test_items_cap_reads_only_an_items_list() -> None:
    assert items_cap(EXTRACT_SCHEMA) == 20
    assert items_cap(SUMMARY_SCHEMA) is None
    assert items_cap({"type": "string"}) is None
