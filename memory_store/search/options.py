"""Search options given as text (CLI flags, MCP arguments) turned into `SearchOptions`: one parser
for every door, so `memjobs search`, its fast path and the MCP tool accept exactly the same values."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from memory_store.dates import parse_day

if TYPE_CHECKING:
    from memory_store.search.query import SearchOptions


def parse_kinds(values: Iterable[str] | None) -> tuple[str, ...]:
    """`["decision,rule", "Remember"]` -> `("decision", "rule", "remember")`."""
    out: list[str] = []
    for v in values or []:
        out.extend(k.strip().lower() for k in v.split(",") if k.strip())
    return tuple(out)


def search_options(*, limit: int | None, default_limit: int, tier: str | None, kinds: Iterable[str] | None,
                   since: str | None, until: str | None, flag_prefix: str = "--",
                   layers: Iterable[str] | None = None) -> SearchOptions:
    """The `SearchOptions` of one request; a bad date names its flag (`--since`, or `since` over MCP).
    `layers` as given (`["semantic,episodic"]`); none: every layer but the user model."""
    from memory_store.search.layers import parse_layers
    from memory_store.search.query import SearchOptions

    return SearchOptions(
        limit=limit if limit is not None else default_limit,
        tier=tier or None,
        kinds=parse_kinds(kinds),
        since=parse_day(since, f"{flag_prefix}since"),
        until=parse_day(until, f"{flag_prefix}until"),
        layers=parse_layers(layers),
    )
