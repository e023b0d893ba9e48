"""The daily wrap-up (docs/design.md §5): inputs, the summariser interface and its rules implementation,
rendering into the six fixed sections, and volumes."""
