"""Procedural memory (docs/design.md §6.6): learning "when X, do Y1 → Y2 → Y3" from transcripts."""
