"""Secrets in tables: a markdown table or a CSV / TSV export (a password manager's: Bitwarden, KeePass,
1Password, a browser's) whose header row names a password, PIN or secret column. Every value of that column
in the rows below the header goes; the other cells (a service, a user, a URL) stay. Part of the catalogue
of `memory_store.secret_formats` (docs/security.md).

How: a header is a line of three or more cells split by `|` (a markdown table: a row of dashes follows) or
by commas or tabs (quoted or not); a cell is a column's name when the whole cell is one (`password`,
`login_password`, `pass`, `pw`, `PIN`, `รหัสผ่าน`, `密码`, `totp`, `secret`, `api key`), so `token_count`,
`password_hash`, `password reset` are not. The rows are the lines after it with as many cells (a CSV's
empty fields count). A value goes if it holds no space and has a password's shape (`loose_password`: a
letter with a digit, a symbol or an inner capital) or is a code of digits, in a password column; is
made up (`made_up`) in a secret, token or TOTP column. Placeholders, masks and references stay
(`stand_in`, `kept_or_dated`), as do words ("yes", "(in vault)").
"""
from __future__ import annotations

import re
from collections.abc import Callable

from memory_store.secret_formats import SecretFormat, kept_or_dated, made_up, stand_in
from memory_store.secret_phrases import loose_password, redact_spans

_PASSWORD_COLUMN = re.compile(
    r"(?i:(?:[a-z]+[ _-])?(?:pass(?:word|wd|phrase|code)?|pwd?|pins?)|(?:pin|รหัส)(?:码|碼)?)"
    r"|รหัส(?:ผ่าน)?|พาสเวิร์ด|密码|密碼|口令")
_SECRET_COLUMN = re.compile(
    r"(?i:(?:[a-z]+[ _-])?(?:totp|otp(?:[ _-]?(?:auth|secret|seed))?|secrets?|tokens?|(?:api|secret|access)[ _-]?keys?"
    r"|2fa(?:[ _-]?(?:secret|seed))?|mfa(?:[ _-]?(?:secret|seed))?))|密钥|密鑰|秘钥")
_WORDS = frozenset(("yes", "no", "true", "false", "none", "null", "n/a", "na", "required", "optional", "unknown",
                    "same", "set", "unset", "empty", "x", "-", "—", "✓", "✔", "?"))
_DIVIDER = re.compile(r"[ \t]*:?-{2,}:?[ \t]*")
_SPACED_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}")
_DIGIT_CODE = re.compile(r"[0-9]{4,12}")


def _column(name: str) -> str | None:
    """"password", "secret" or None: what the header cell `name` says its column holds."""
    name = name.strip().strip("\"'`*").strip()
    if _PASSWORD_COLUMN.fullmatch(name):
        return "password"
    if _SECRET_COLUMN.fullmatch(name):
        return "secret"
    return None


def _pipe_cells(line: str, at: int) -> list[tuple[int, int]]:
    """The spans (in the text) of the cells of a markdown row `line` starting at `at`."""
    bars = [i for i, c in enumerate(line) if c == "|"]
    if not bars:
        return []
    edges = [-1, *bars, len(line)]
    spans = [(at + a + 1, at + b) for a, b in zip(edges, edges[1:], strict=False)]
    if not line[:bars[0]].strip():
        spans = spans[1:]       # before the leading bar
    if not line[bars[-1] + 1:].strip():
        spans = spans[:-1]      # after the closing bar
    return spans


def _csv_cells(line: str, at: int, sep: str) -> list[tuple[int, int]]:
    """The spans of the fields of a CSV line (quotes kept out of a quoted field's span)."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(line)
    while True:
        if i < n and line[i] == '"':
            j = i + 1
            while j < n:
                if line[j] == '"' and (j + 1 >= n or line[j + 1] != '"'):
                    break
                j += 2 if line[j] == '"' else 1
            spans.append((at + i + 1, at + min(j, n)))
            k = line.find(sep, j)
            if k < 0:
                return spans
            i = k + 1
        else:
            k = line.find(sep, i)
            if k < 0:
                spans.append((at + i, at + n))
                return spans
            spans.append((at + i, at + k))
            i = k + 1


def _accepted(kind: str, text: str, start: int, end: int) -> tuple[int, int] | None:
    raw = text[start:end]
    value = raw.strip()
    if not value or value.startswith("[REDACTED") or value.lower() in _WORDS:
        return None
    start += len(raw) - len(raw.lstrip())
    end = start + len(value)
    if stand_in(value, text, start, end) or kept_or_dated(value):
        return None
    if kind == "secret":
        return (start, end) if " " not in value and made_up(value) else None
    if _SPACED_APP_PASSWORD.fullmatch(value):
        return start, end
    if any(c.isspace() for c in value) or len(value) > 128:
        return None
    return (start, end) if loose_password(value) or _DIGIT_CODE.fullmatch(value) else None


def _lines(text: str) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    at = 0
    for line in text.split("\n"):
        out.append((at, line.rstrip("\r")))
        at += len(line) + 1
    return out


def table_values(text: str) -> str:
    """`text` with the values of each table's password and secret columns redacted (see the module docstring)."""
    lines = _lines(text)
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(lines) - 1:
        at, line = lines[i]
        i += 1
        split = _splitter(line)
        if split is None:
            continue
        cells = split(line, at)
        if len(cells) < 2:
            continue
        columns = [(k, kind) for k, (s, e) in enumerate(cells) if (kind := _column(text[s:e])) is not None]
        if not columns:
            continue
        j = i
        if split is _pipe_cells:
            row = _pipe_cells(lines[j][1], lines[j][0])
            if len(row) != len(cells) or not all(_DIVIDER.fullmatch(text[s:e]) for s, e in row):
                continue
            j += 1
        while j < len(lines):
            row = split(lines[j][1], lines[j][0])
            if len(row) != len(cells):
                break
            for k, kind in columns:
                got = _accepted(kind, text, *row[k])
                if got is not None:
                    spans.append(got)
            j += 1
        i = j
    return redact_spans(text, spans)


def _comma_cells(line: str, at: int) -> list[tuple[int, int]]:
    return _csv_cells(line, at, ",")


def _tab_cells(line: str, at: int) -> list[tuple[int, int]]:
    return _csv_cells(line, at, "\t")


def _splitter(line: str) -> Callable[[str, int], list[tuple[int, int]]] | None:
    """How the cells of a header `line` are split: by bars, commas or tabs (None: not a header)."""
    if "|" in line:
        return _pipe_cells
    if line.count(",") >= 2:
        return _comma_cells
    if line.count("\t") >= 2:
        return _tab_cells
    return None


# Triggers: the columns' names that redaction's gate already looks for; a table has more than one line.
TABLES: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "pin", "otp", "secret", "token", "key", "รหัส", "พาสเวิ", "密", "口令",
                              "秘钥"),
                 r"(?!)", lowered=True, needs=("\n",), substitute=table_values),
)
