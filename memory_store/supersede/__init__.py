"""Supersession and conflict detection between memory entries (docs/design.md §6): pure, shared
by microSync (which writes `supersedes` when an entry is written) and the weekly compound."""
