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

And a value written on the lines under its name, one part a line (`value_lines`: a recovery key read off a
screen, a code noted in two halves, numbered backup codes): under a line that names a key, a code, a PIN, a
password, a lock (รหัส, โค้ด, 密码, 金鑰, 门禁…) and nothing that makes it talk about other numbers (error codes,
orders, dates, rules, a review, commits and hashes), each following line that holds only a code's shape goes
(groups of 3-8 digits, groups of 4-8 capitals and digits split by `-` or a space, of lower-case letters and
digits with both split by `-`, or by a space with a digit in each group, one run of 10-16 lower-case letters
and digits with both; a number or a bullet before it), up to the first line that does not. And a .netrc
entry's password, whatever its shape.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from memory_store.secret_formats import NOT_MARK, SecretFormat, kept_or_dated, made_up, stand_in
from memory_store.secret_phrases import loose_password, redact_spans

# The words that `word_starts` finds: every set a format asks for is registered when its module loads
# (`known_words`), and a text is searched once for all of them (one alternation, the longest word at each place),
# the search kept for the next format that asks about the same text: the side formats of this module and of
# memory_store/secret_shaped.py ask in turn about one text. (A `str.find` for each word, each a pass over the
# text, cost as much as the rest of redaction on short texts.)
_KNOWN: set[str] = set()
_STARTING: dict[str, frozenset[str]] = {}    # a known word: the known words it starts with (itself too)
_SEARCH: list[re.Pattern[str]] = []
_LAST: list[tuple[str, list[tuple[int, str]]]] = []


def known_words(words: tuple[str, ...]) -> frozenset[str]:
    """Register `words` (lower case) for `word_starts`; the set to pass it."""
    _KNOWN.update(words)
    _SEARCH.clear()
    _LAST.clear()
    return frozenset(words)


def _search() -> re.Pattern[str]:
    if not _SEARCH:
        _STARTING.clear()
        _STARTING.update({w: frozenset(o for o in _KNOWN if w.startswith(o)) for w in _KNOWN})
        _SEARCH.append(re.compile(_trie(_KNOWN)))
    return _SEARCH[0]


def _trie(words: set[str]) -> str:
    """One expression matching the longest of `words` wherever one starts, as a trie of literals: an alternation
    of the words (longest first) made the engine try each word in turn at every place whose character could
    start one; a trie tries each distinct next character once (as memory_store/redact.py `_trie` for bytes)."""
    root: dict[str, Any] = {}
    for w in words:
        node = root
        for c in w:
            node = node.setdefault(c, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        subs = [(c, sub) for c, sub in sorted(node.items()) if c]
        if not subs:
            return ""
        alts = [re.escape(c) + emit(sub) for c, sub in subs]
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return body if "" not in node else "(?:" + body + ")?"

    return emit(root)


def word_starts(text: str, words: frozenset[str]) -> list[int]:
    """Where any of `words` (registered by `known_words`) starts in `text`, case-blind, in order; a word that
    starts inside a longer known word found there is not seen ("lock" in "padlock")."""
    if _LAST and _LAST[0][0] is text:
        found = _LAST[0][1]
    else:
        low = text.lower()
        if len(low) != len(text):   # a character whose lower case is longer: the places would shift
            low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
        found = [(m.start(), m.group(0)) for m in _search().finditer(low)]
        _LAST[:] = [(text, found)]
    return [at for at, word in found if not words.isdisjoint(_STARTING[word])]


_PASSWORD_COLUMN = re.compile(
    r"(?i:(?:[a-z]+[ _-])?(?:pass(?:word|wd|phrase|code)?|pwd?|pins?)|(?:pin|รหัส)(?:码|碼)?)"
    r"|รหัส(?:ผ่าน)?|พาสเวิร์ด|密码|密碼|口令")
_SECRET_COLUMN = re.compile(
    r"(?i:(?:[a-z]+[ _-])?(?:totp|otp(?:[ _-]?(?:auth|secret|seed))?|secrets?|tokens?|(?:api|secret|access)[ _-]?keys?"
    r"|2fa(?:[ _-]?(?:secret|seed))?|mfa(?:[ _-]?(?:secret|seed))?))|密钥|密鑰|秘钥")
_CODE_COLUMN = re.compile(r"(?i:(?:backup|recovery|rescue|2fa|mfa|one[ -]time)[ _-]?codes?)"
                          r"|โค้ดสำรอง|รหัสกู้คืน|备用码|備用碼|恢复码|恢復碼")
# A word every column's name above holds: a header is looked for only on the lines that hold one.
_HINT_WORDS = known_words((
    "pass", "pw", "pin", "otp", "secret", "token", "api key", "api_key", "apikey", "api-key", "access", "backup",
    "recovery", "rescue", "2fa", "mfa", "one time", "one-time", "รหัส", "พาสเวิร์ด", "密", "口令", "秘钥", "备用", "備用",
    "恢复", "恢復", "โค้ด"))
_WORDS = frozenset(("yes", "no", "true", "false", "none", "null", "n/a", "na", "required", "optional", "unknown",
                    "same", "set", "unset", "empty", "x", "-", "—", "✓", "✔", "?"))
_DIVIDER = re.compile(r"[ \t]*:?-{2,}:?[ \t]*")
_SPACED_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}")
_DIGIT_CODE = re.compile(r"[0-9]{4,12}")


def _column(name: str) -> str | None:
    """"password", "secret", "code" (backup codes) or None: what the header cell `name` says its column holds."""
    name = name.strip().strip("\"'`*").strip()
    if _PASSWORD_COLUMN.fullmatch(name):
        return "password"
    if _SECRET_COLUMN.fullmatch(name):
        return "secret"
    if _CODE_COLUMN.fullmatch(name):
        return "code"
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
    if kind == "code":
        return (start, end) if _VALUE_LINE.fullmatch(value) and any(c.isdigit() for c in value) else None
    if _SPACED_APP_PASSWORD.fullmatch(value):
        return start, end
    if any(c.isspace() for c in value) or len(value) > 128:
        return None
    return (start, end) if loose_password(value) or _DIGIT_CODE.fullmatch(value) else None


def _line(text: str, at: int) -> tuple[str, int]:
    """The line of `text` that starts at `at` (without its line break) and where the next one starts."""
    end = text.find("\n", at)
    if end < 0:
        end = len(text)
    return text[at:end].rstrip("\r"), end + 1


def table_values(text: str) -> str:
    """`text` with the values of each table's password and secret columns redacted (see the module docstring).
    A header is looked for only on the lines that hold a column's name (`_HINT_WORDS`, found with `str.find`: a
    loop over every line, or one search of an alternation of them, cost as much as the rest of redaction on
    transcripts of code)."""
    spans: list[tuple[int, int]] = []
    done = 0
    for start in word_starts(text, _HINT_WORDS):
        if start < done:
            continue
        at = text.rfind("\n", 0, start) + 1
        # the cell around the word must be a column's name before the line is split ("token" in code is not)
        left = max(text.rfind("|", at, start), text.rfind(",", at, start), text.rfind("\t", at, start), at - 1)
        right = min((k for k in (text.find(c, start, start + 40) for c in "|,\t\n") if k >= 0), default=-1)
        if right < 0 or _column(text[left + 1:right].strip().strip('"')) is None:
            continue
        line, j = _line(text, at)
        done = j
        if j > len(text) or len(line) > 400:
            continue    # the last line (no rows), or no header
        split = _splitter(line)
        if split is None:
            continue
        cells = split(line, at)
        if len(cells) < 2:
            continue
        columns = [(k, kind) for k, (s, e) in enumerate(cells) if (kind := _column(text[s:e])) is not None]
        if not columns:
            continue
        if split is _pipe_cells:
            below, nxt = _line(text, j)
            row = _pipe_cells(below, j)
            if len(row) != len(cells) or not all(_DIVIDER.fullmatch(text[s:e]) for s, e in row):
                continue
            j = nxt
        while j <= len(text):
            below, nxt = _line(text, j)
            row = split(below, j)
            if len(row) != len(cells):
                break
            for k, kind in columns:
                got = _accepted(kind, text, *row[k])
                if got is not None:
                    spans.append(got)
            j = done = nxt
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


_LINE_NAME = re.compile(
    r"(?i:(?<![a-z])(?:recovery|backup|rescue|licen[cs]e|2fa|mfa|otp|pin|passcode|password|passphrase|key|code"
    r"|combination|combo)s?(?![a-z]))|รหัส|โค้ด|กู้คืน|金鑰|金钥|密钥|密鑰|恢复|恢復|密码|密碼|口令|门禁|門禁|保险|保險"
    r"|นิรภัย|ตู้เซฟ")
_LINE_OTHER = re.compile(
    r"(?i:(?<![a-z])(?:error|status|exit|http|orders?|tracking|invoices?|review|dates?|rules?|polic(?:y|ies)"
    r"|commits?|sha|hash(?:es)?|digests?|revisions?"
    r"|versions?|ports?|phones?|numbers?)(?![a-z]))|订单|訂單|电话|電話|版本|日期|规则|規則|คำสั่งซื้อ|เบอร์|วันที่")
_VALUE_LINE = re.compile(
    r"[ \t]*(?:[0-9]{1,2}[.)][ \t]+|[-*•][ \t]+)?"
    r"(?P<v>[0-9]{3,8}(?:[- ][0-9]{3,8}){0,7}|[A-Z0-9]{4,8}(?:[- ][A-Z0-9]{4,8}){0,7}"
    r"|(?=[a-z0-9-]*[0-9])(?=[a-z0-9-]*[a-z])[a-z0-9]{4,8}(?:-[a-z0-9]{4,8}){1,7}"
    r"|(?=[a-z0-9 ]*[a-z])(?=[a-z]{0,7}[0-9])[a-z0-9]{4,8}(?: (?=[a-z]{0,7}[0-9])[a-z0-9]{4,8}){1,7}"
    r"|(?=[a-z]{0,15}[0-9])(?=[0-9]{0,15}[a-z])[a-z0-9]{10,16})[ \t]*")


_LINE_WORDS = known_words(("recovery", "backup", "rescue", "licen", "2fa", "mfa", "otp", "pin", "pass", "key", "code",
                           "combo", "รหัส", "โค้ด", "กู้คืน", "金鑰", "金钥", "密", "口令", "恢复", "恢復", "门禁", "門禁",
                           "保险", "保險", "นิรภัย", "ตู้เซฟ"))
# A line that holds only a code's shape (`_VALUE_LINE`, roughly): a text without one has no value under a name.
_ANY_VALUE_LINE = re.compile(r"\n[ \t]*(?:[0-9]{1,2}[.)][ \t]+|[-*•][ \t]+)?"
                             r"[A-Za-z0-9]{3,16}(?:[- ][A-Za-z0-9]{3,8}){0,7}[ \t]*(?:\r?\n|$)")


def value_lines(text: str) -> str:
    """`text` with each value on the lines under a name of a secret redacted (see the module docstring)."""
    if _ANY_VALUE_LINE.search(text) is None:
        return text
    spans: list[tuple[int, int]] = []
    done = 0
    for start in word_starts(text, _LINE_WORDS):
        if start < done or _LINE_NAME.match(text, start) is None:
            continue
        at = text.rfind("\n", 0, start) + 1
        line, j = _line(text, at)
        done = j
        found: list[tuple[int, int]] = []
        while j <= len(text) and len(found) < 12:
            below, nxt = _line(text, j)
            m = _VALUE_LINE.fullmatch(below)
            if m is None or not any(c.isdigit() for c in m.group("v")):
                break
            found.append((j + m.start("v"), j + m.end("v")))
            j = nxt
        if found and _LINE_OTHER.search(line) is None:
            spans.extend(found)
            done = j
    return redact_spans(text, spans)


# A .netrc entry (curl, git, ftp read it): `machine <host> login <user> password <value>` on one line or several;
# the password is one whatever its shape (a UUID, a word), but a reference (`${NETRC_PASSWORD}`).
_NETRC = (r"(?<![A-Za-z])machine[ \t]+[^\s]+(?:\s+(?:login|account|port)[ \t]+[^\s]+)*\s+password[ \t]+"
          + NOT_MARK + r"(?P<secret>[^\s]+)")


def _netrc_value(value: str) -> bool:
    return not kept_or_dated(value)


# Triggers: the columns' names, or a piece of one, that start with a byte redaction's scan of every text looks
# for already (a new first byte costs the scan of every text: `memory_store/redact.py` `_scan`): "ackup",
# "covery"; a table has more than one line.
TABLES: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "pin", "otp", "secret", "token", "api", "access", "ackup", "covery",
                              "mfa", "รหัส", "พาสเวิ", "โค้ด", "密", "口令", "秘钥", "备用", "備用", "恢复", "恢復"),
                 r"(?!)", lowered=True, needs=("\n",), substitute=table_values),
    # (the names of `_LINE_NAME`, their starts, as above)
    SecretFormat("password", ("covery", "ackup", "licen", "mfa", "otp", "pin", "pass", "key", "code", "combo",
                              "รหัส", "โค้ด", "กู้คืน", "金", "密", "口令", "恢复", "恢復", "门禁", "門禁", "保险", "保險",
                              "นิรภัย", "ตู้เซฟ"),
                 r"(?!)", lowered=True, needs=("\n",), substitute=value_lines),
    SecretFormat("password", ("machine",), _NETRC, needs=("password",), accept=_netrc_value),
)
