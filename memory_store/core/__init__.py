"""Core memory (docs/design.md §6): PROFILE.md, SESSION.md, POLICY.md and PROPOSALS.md, with precedence,
TTL, a lifecycle and an audit trail. The modules: `lineformat` (the line), `document` (edits of a
core file that keep every other byte), `ttl`, `resolve` (the precedence ladder), `policy`, `audit`,
`sessions` (when a session was last active), `files` (where each file is) and `store` (the one
library API the CLI, MCP and the jobs call, under the core writer and its lock)."""
