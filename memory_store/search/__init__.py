"""Search over the memory tiers (docs/design.md §6): a derived SQLite FTS5 index under `.memjobs/`.

Modules: `tokens` (how text becomes FTS tokens, CJK and Thai included), `schema` (named
migrations, read-only and writer connections), `chunks` (which rows a markdown file yields),
`indexer` (incremental and full builds, the generation file), `query` (search and ranking).
This package imports nothing from `jobs` and nothing heavy; the CLI fast path depends on that.
"""
