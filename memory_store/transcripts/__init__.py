"""Transcript readers: OpenClaw (JSONL v1/v3 and the SQLite store), Claude Code, Codex."""
