"""The runtime memory context (docs/design.md §6): what the agent should see right now, assembled
from every layer in a fixed order, within a token budget, observably. Reads files only."""
