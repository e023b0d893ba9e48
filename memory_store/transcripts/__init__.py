"""Transcript readers: OpenClaw (JSONL v1/v3 and the SQLite store), Claude Code, Codex.

    discover(source) -> Discovery           the transcripts of one configured source
    read(tf, offset=0) -> ReadChunk         records after a byte offset (event seq for SQLite)
    file_identity(path) -> str              device:inode:first-line hash, for cursors
    EntryDeduper().filter(records)          drop OpenClaw entries already seen (JSONL vs SQLite)
"""
from memory_store.transcripts.discover import Discovery, TranscriptFile, discover, read
from memory_store.transcripts.jsonl import ReadChunk, file_identity
from memory_store.transcripts.records import BadLine, Flag, Record, Role
from memory_store.transcripts.sqlite_store import EntryDeduper

__all__ = [
    "BadLine", "Discovery", "EntryDeduper", "Flag", "ReadChunk", "Record", "Role", "TranscriptFile",
    "discover", "file_identity", "read",
]
