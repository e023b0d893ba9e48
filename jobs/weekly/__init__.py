"""The weekly compound's plan building (docs/design.md §5): scoring, promote, demote, dedupe, conflicts,
budget. Everything here computes; only `apply` writes, and only through the weekly writer."""
