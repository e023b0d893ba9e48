"""The index database: named migrations, the writer connection and read-only connections.

The index is derived state (`.memjobs/index.sqlite`), rebuildable at any time. It uses
`journal_mode=DELETE` so that readers never need `-wal`/`-shm` files, and readers open it with a
`mode=ro` URI so that a query can never write (docs/design.md §3: search writes nothing).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from memory_store.errors import IndexMissing, IndexOtherVersion
from memory_store.search.tokens import TOKENIZER, TOKENIZER_VERSION

INDEX_NAME = "index.sqlite"
GENERATION_NAME = "index.generation"
LOCK_NAME = "index.lock"
REBUILD_NAME = "index.rebuild.sqlite"
KEY_BITS = 24  # rowid = (sort key << KEY_BITS) | n


def index_path(state_dir: Path) -> Path:
    return state_dir / INDEX_NAME


def _m001_tables(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute(
        "CREATE TABLE files(path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,"
        " sha256 TEXT NOT NULL, tier TEXT NOT NULL, day TEXT, rows INTEGER NOT NULL)"
    )
    # rowid = (sort key << 24) | n: the sort key is the day of a daily file, so the warm tier is
    # one rowid range that FTS5 can restrict on without reading the rows (see query.py).
    db.execute(
        "CREATE TABLE rows(rowid INTEGER PRIMARY KEY, path TEXT NOT NULL, line INTEGER NOT NULL,"
        " end_line INTEGER NOT NULL, type TEXT NOT NULL, kind TEXT, id TEXT, title TEXT NOT NULL,"
        " body TEXT NOT NULL, date TEXT, status TEXT, confidence REAL, source TEXT)"
    )
    db.execute("CREATE INDEX rows_path ON rows(path)")
    db.execute("CREATE INDEX rows_id ON rows(id) WHERE id IS NOT NULL")


def _m002_fts(db: sqlite3.Connection) -> None:
    # Contentless: the text lives once, in `rows`; deleting a row re-supplies its tokens.
    db.execute(f"CREATE VIRTUAL TABLE fts USING fts5(title, body, content='', tokenize='{TOKENIZER}')")
    db.execute("CREATE VIRTUAL TABLE tri USING fts5(text, content='', tokenize='trigram')")


def _m003_access(db: sqlite3.Connection) -> None:
    # Access counts of entries (the weekly compound's read counts), used by the decay rank.
    db.execute("CREATE TABLE access(id TEXT PRIMARY KEY, count INTEGER NOT NULL)")


def _m004_sessions(db: sqlite3.Connection) -> None:
    # The sessions tier (memory_store/search/said.py): what was said, one row per message, rowid =
    # (day ordinal << 24) | n like daily rows; cursors of its own per transcript; each session's
    # exclusion inputs, so that a later `exclude_sessions` takes its rows out again.
    db.execute(
        "CREATE TABLE said(rowid INTEGER PRIMARY KEY, path TEXT NOT NULL, session_id TEXT NOT NULL,"
        " line INTEGER NOT NULL, end_line INTEGER NOT NULL, speaker TEXT NOT NULL, date TEXT NOT NULL,"
        " text TEXT NOT NULL)"
    )
    db.execute("CREATE INDEX said_path ON said(path)")
    db.execute("CREATE INDEX said_session ON said(session_id)")
    db.execute(f"CREATE VIRTUAL TABLE said_fts USING fts5(text, content='', tokenize='{TOKENIZER}')")
    db.execute(
        "CREATE TABLE said_files(path TEXT PRIMARY KEY, identity TEXT NOT NULL, offset INTEGER NOT NULL,"
        " line INTEGER NOT NULL, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL)"
    )
    db.execute(
        "CREATE TABLE said_sessions(session_id TEXT PRIMARY KEY, path TEXT NOT NULL, session_key TEXT,"
        " first_user TEXT, excluded INTEGER NOT NULL)"
    )


def _m005_superseded_by(db: sqlite3.Connection) -> None:
    # What replaced a superseded entry (search --json carries it). The files that hold a
    # superseded entry are marked changed, so the next incremental update reads them again.
    db.execute("ALTER TABLE rows ADD COLUMN superseded_by TEXT")
    db.execute("UPDATE files SET mtime_ns = -1, sha256 = '' WHERE path IN"
               " (SELECT DISTINCT path FROM rows WHERE status = 'superseded')")


def _m006_layers(db: sqlite3.Connection) -> None:
    # Core-memory facts carry a confidence by origin and episodes no status (memory_store/search/
    # layers.py): their files are read again by the next update.
    db.execute("UPDATE files SET mtime_ns = -1, sha256 = '' WHERE path IN ('PROFILE.md', 'SESSION.md')"
               " OR path LIKE 'memory/episodes/%'")


def _m007_said_context(db: sqlite3.Connection) -> None:
    # Each message of the sessions tier is also indexed with its neighbours (`before`, `after`: the
    # messages around it in its session), in a column of their own that weighs less: an answer is
    # often worded by the question before it (memory_store/search/said.py). The tier is read again.
    db.execute("ALTER TABLE said ADD COLUMN before TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE said ADD COLUMN after TEXT NOT NULL DEFAULT ''")
    db.execute("DROP TABLE said_fts")
    db.execute(f"CREATE VIRTUAL TABLE said_fts USING fts5(text, context, content='', tokenize='{TOKENIZER}')")
    for table in ("said", "said_files", "said_sessions"):
        db.execute(f"DELETE FROM {table}")


def _m008_origin(db: sqlite3.Connection) -> None:
    # Each kept memory's origin (memory_store/confidence.py) rides in its row's provenance JSON
    # (search results carry it as `origin`): every file is read again by the next update.
    db.execute("UPDATE files SET mtime_ns = -1, sha256 = ''")


def _m009_said_lines(db: sqlite3.Connection) -> None:
    # A message's neighbours in its session are found by (path, line) (query.py, with_neighbours):
    # one index on both serves that and every look-up by path.
    db.execute("CREATE INDEX said_path_line ON said(path, line)")
    db.execute("DROP INDEX said_path")


def _m010_vectors(db: sqlite3.Connection) -> None:
    # Sentence vectors (memory_store/search/vectors.py, the optional `embed` extra): one per row of
    # `rows` and of `said`, by the same rowid, with the model that made it; float16 blobs.
    db.execute("CREATE TABLE rows_vec(rowid INTEGER PRIMARY KEY, model TEXT NOT NULL, vec BLOB NOT NULL)")
    db.execute("CREATE TABLE said_vec(rowid INTEGER PRIMARY KEY, model TEXT NOT NULL, vec BLOB NOT NULL)")


def _m011_supersedes(db: sqlite3.Connection) -> None:
    # The id an entry says it `supersedes` (microSync links a reversal when it writes it; the weekly
    # sets the old entry's status later): the index marks the old entry superseded at once, and
    # `linked` says which rows have that status from a link, not from their own file, so that a
    # link that goes (a rolled-back run) takes it back (memory_store/search/links.py). Entry files
    # are read again by the next update.
    db.execute("ALTER TABLE rows ADD COLUMN supersedes TEXT")
    db.execute("ALTER TABLE rows ADD COLUMN linked INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX rows_supersedes ON rows(supersedes) WHERE supersedes IS NOT NULL")
    db.execute("UPDATE files SET mtime_ns = -1, sha256 = '' WHERE path LIKE 'memory/%'")


def _m012_superseded_later_by(db: sqlite3.Connection) -> None:
    # The entry said later that replaces this one, when microSync wrote this one after it (a backfill
    # of older sessions after newer ones were read): the link memory_store/search/links.py applies as
    # that later entry's. Entry files are read again by the next update.
    db.execute("ALTER TABLE rows ADD COLUMN superseded_later_by TEXT")
    db.execute("UPDATE files SET mtime_ns = -1, sha256 = '' WHERE path LIKE 'memory/%'")


MIGRATIONS: list[tuple[str, Callable[[sqlite3.Connection], None]]] = [
    ("001_tables", _m001_tables),
    ("002_fts", _m002_fts),
    ("003_access", _m003_access),
    ("004_sessions", _m004_sessions),
    ("005_superseded_by", _m005_superseded_by),
    ("006_layers", _m006_layers),
    ("007_said_context", _m007_said_context),
    ("008_origin", _m008_origin),
    ("009_said_lines", _m009_said_lines),
    ("010_vectors", _m010_vectors),
    ("011_supersedes", _m011_supersedes),
    ("012_superseded_later_by", _m012_superseded_later_by),
]


def migrate(db: sqlite3.Connection) -> None:
    """Apply the migrations not yet applied, each in its own transaction."""
    db.execute("CREATE TABLE IF NOT EXISTS migrations(name TEXT PRIMARY KEY)")
    done = {r[0] for r in db.execute("SELECT name FROM migrations")}
    for name, fn in MIGRATIONS:
        if name in done:
            continue
        with db:
            fn(db)
            db.execute("INSERT INTO migrations(name) VALUES (?)", (name,))
    with db:
        db.execute("INSERT OR IGNORE INTO meta(key, value) VALUES ('tokenizer', ?)", (TOKENIZER_VERSION,))


def open_writer(path: Path) -> sqlite3.Connection:
    """The one writer connection (the caller holds the index lock)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(path), isolation_level=None)
    db.isolation_level = ""  # type: ignore[assignment]  # implicit transactions, committed by `with db:`
    db.execute("PRAGMA journal_mode=DELETE")
    db.execute("PRAGMA synchronous=NORMAL")
    migrate(db)
    return db


OTHER_VERSION = "the search index was built by another version: run `memjobs index --rebuild`"


def open_readonly(path: Path) -> sqlite3.Connection:
    """A connection that cannot write: `mode=ro`, so no journal, -wal or -shm file is created."""
    if not path.is_file():
        raise IndexMissing("there is no search index yet: run `memjobs index`", path=path)
    uri = "file:" + quote(str(path.resolve())) + "?mode=ro"
    try:
        db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        db.execute("PRAGMA temp_store=MEMORY")  # ORDER BY bm25() sorts in memory, never in a temp file
        db.execute("PRAGMA query_only=1")
        version = db.execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone()
    except sqlite3.DatabaseError as exc:
        if hot_journal(path):
            raise IndexMissing(HOT_JOURNAL, path=path) from exc
        raise IndexMissing(
            f"the search index cannot be read ({exc}): run `memjobs index --rebuild`", path=path
        ) from exc
    if version is None or version[0] != TOKENIZER_VERSION:
        db.close()
        raise IndexOtherVersion(OTHER_VERSION, path=path)
    return db


# The first bytes of a rollback journal that still holds a transaction's old pages (SQLite's file
# format, "the rollback journal"); a journal that was committed is deleted (journal_mode=DELETE).
_JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
HOT_JOURNAL = (
    "the search index was left half-written by a job that was stopped mid-write (kill -9, power "
    "loss): its journal index.sqlite-journal remains, and search only reads, so it cannot undo it; "
    "run `memjobs index`, which repairs it (as the next job run does)"
)


def hot_journal(path: Path) -> bool:
    """Whether the index at `path` has a hot journal: an update's rollback journal, with live
    pages, that no writer at work holds (a writer holds `index.lock` for its whole update). Only
    a writer can roll it back, which any index update does when it opens the database; a
    `mode=ro` reader fails with "attempt to write a readonly database". Reads only (`status`)."""
    from memory_store.locks import path_is_locked

    try:
        with open(path.with_name(path.name + "-journal"), "rb") as f:
            if f.read(len(_JOURNAL_MAGIC)) != _JOURNAL_MAGIC:
                return False
    except OSError:
        return False
    return not path_is_locked(path.parent / LOCK_NAME)


def meta_get(db: sqlite3.Connection, key: str) -> str | None:
    row = db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
    return row[0] if row else None


def generation_stamp(state_dir: Path) -> str | None:
    """One stat of the generation file, as the string the index records."""
    try:
        st = os.stat(state_dir / GENERATION_NAME)
    except FileNotFoundError:
        return None
    return f"{st.st_ino}:{st.st_mtime_ns}:{st.st_size}"
