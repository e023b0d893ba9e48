"""Agent hook-up (docs/design.md §3, §6): what `memjobs hook print|install|uninstall` puts into an
agent's own configuration so the agent gets its memory before each session or prompt."""
