"""A reader for the plain subset of YAML that memjobs.yaml is usually written in, so that
`memjobs context` and `memjobs search` start without importing PyYAML (about a fifth of their
start-up; docs/design.md §7).

The subset: block mappings and sequences indented with spaces, `# comments`, and scalars that
mean the same under YAML 1.1 (PyYAML's safe loader) as here — plain words and paths, double- or
single-quoted strings without escapes, decimal integers, decimals, durations (`2h`), true/false, null/~ — and
one-level flow lists `[a, b]` and mappings `{a: 1}`. Anything else — anchors, tags, block scalars,
multi-line scalars, yes/no/on/off, dates, octal or hex numbers, duplicate keys — gives None, and
the caller reads the file with PyYAML, which also reports the errors (a repeated key among them:
memory_store/yaml_unique.py). So the result, when there is
one, is what `yaml.safe_load` returns (a differential test holds that).
"""
from __future__ import annotations

import re
from typing import Any

_KEY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]*)\.[0-9]+")
_DURATION = re.compile(r"[1-9][0-9]*[a-z]+")          # 2h, 30m, 7d: strings to PyYAML too
_PLAIN = re.compile(r"[A-Za-z_/$~][^\s#]*(?: +[^\s#]+)*")
_TRUE, _FALSE, _NULL = ("true", "True", "TRUE"), ("false", "False", "FALSE"), ("null", "Null", "NULL", "~")
# PyYAML's other booleans (YAML 1.1): left to PyYAML rather than mapped here
_OTHER_WORDS = {"yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"}
_BAD_DOC = re.compile(r"^(---|\.\.\.|%)|[&*!|>]|\t", re.M)


class _Unsupported(Exception):
    """Outside the subset: the caller uses PyYAML."""


def load(text: str) -> Any:
    """The document's value, or None when it is outside the subset (then use `yaml.safe_load`).
    An empty document (only comments) is `{}` here, as the caller treats PyYAML's None."""
    try:
        lines = _lines(text)
        if not lines:
            return {}
        value, end = _block(lines, 0, lines[0][0])
        if end != len(lines):
            raise _Unsupported
        return value
    except _Unsupported:
        return None


def _lines(text: str) -> list[tuple[int, str]]:
    out = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        content = _uncomment(stripped)
        # A tab the strip or the comment cut took off ("key: <tab>") is still a tab to PyYAML, which
        # refuses it: only tabs kept inside a quoted value are ours to read.
        if _BAD_DOC.search(raw) and (not _only_in_quotes(content) or raw.count("\t") != content.count("\t")):
            raise _Unsupported
        out.append((len(raw) - len(raw.lstrip(" ")), content))
    return out


def _only_in_quotes(content: str) -> bool:
    """Whether the characters that make a line unsupported all sit inside a quoted value."""
    unquoted = re.sub(r'"[^"\\]*"|\'[^\']*\'', '""', content)
    return not _BAD_DOC.search(unquoted) and "\t" not in content


def _uncomment(content: str) -> str:
    """`content` without a trailing ` # comment` (a `#` inside quotes stays)."""
    quote = None
    for n, ch in enumerate(content):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (n == 0 or content[n - 1] in " [{,:"):
            quote = ch
        elif ch == "#" and n > 0 and content[n - 1] == " ":
            return content[:n].rstrip()
    if quote:
        raise _Unsupported
    return content


def _block(lines: list[tuple[int, str]], i: int, indent: int) -> tuple[Any, int]:
    if lines[i][1] == "-" or lines[i][1].startswith("- "):
        return _sequence(lines, i, indent)
    return _mapping(lines, i, indent)


def _sequence(lines: list[tuple[int, str]], i: int, indent: int) -> tuple[list[Any], int]:
    out: list[Any] = []
    while i < len(lines) and lines[i][0] == indent and (lines[i][1] == "-" or lines[i][1].startswith("- ")):
        rest = lines[i][1][1:].lstrip(" ")
        if not rest:
            if i + 1 < len(lines) and lines[i + 1][0] > indent:
                value, i = _block(lines, i + 1, lines[i + 1][0])
            else:
                value, i = None, i + 1
        elif _key_of(rest) is not None or rest == "-" or rest.startswith("- "):
            inner = indent + len(lines[i][1]) - len(rest)         # `- key: v` / `- - x`: a block at that column
            lines = [*lines[:i], (inner, rest), *lines[i + 1:]]
            value, i = _block(lines, i, inner)
        else:
            value, i = _scalar(rest), i + 1
            if i < len(lines) and lines[i][0] > indent:
                raise _Unsupported                      # a multi-line scalar
        out.append(value)
    if i < len(lines) and lines[i][0] > indent:
        raise _Unsupported
    return out, i


def _key_of(content: str) -> tuple[str, str] | None:
    m = _KEY.match(content)
    if not m:
        return None
    after = content[m.end():]
    if after == ":":
        return m.group(0), ""
    if after.startswith(": "):
        return m.group(0), after[2:].strip()
    return None


def _mapping(lines: list[tuple[int, str]], i: int, indent: int) -> tuple[dict[str, Any], int]:
    out: dict[str, Any] = {}
    while i < len(lines) and lines[i][0] == indent:
        pair = _key_of(lines[i][1])
        if pair is None:
            if lines[i][1] == "-" or lines[i][1].startswith("- "):
                break                                     # a sequence ends the mapping above
            raise _Unsupported
        key, rest = pair
        if key in out or not _plain_key(key):
            raise _Unsupported
        i += 1
        if rest:
            out[key] = _scalar(rest)
            if i < len(lines) and lines[i][0] > indent:
                raise _Unsupported
        elif i < len(lines) and (lines[i][0] > indent or (
                lines[i][0] == indent and (lines[i][1] == "-" or lines[i][1].startswith("- ")))):
            out[key], i = _block(lines, i, lines[i][0])
        else:
            out[key] = None
    if i < len(lines) and lines[i][0] > indent:
        raise _Unsupported
    return out, i


def _plain_key(key: str) -> bool:
    """A key that PyYAML reads as this same string (not a number, boolean or null)."""
    return isinstance(_scalar(key), str)


def _scalar(text: str) -> Any:
    if text[0] == '"':
        if len(text) < 2 or text[-1] != '"' or '"' in text[1:-1] or "\\" in text:
            raise _Unsupported
        return text[1:-1]
    if text[0] == "'":
        if len(text) < 2 or text[-1] != "'" or "'" in text[1:-1]:
            raise _Unsupported
        return text[1:-1]
    if text[0] == "[":
        if text[-1] != "]":
            raise _Unsupported
        return [_scalar(x) for x in _flow_items(text[1:-1])]
    if text[0] == "{":
        if text[-1] != "}":
            raise _Unsupported
        out: dict[str, Any] = {}
        for item in _flow_items(text[1:-1]):
            pair = _key_of(item)
            if pair is None or not pair[1] or pair[0] in out or not _plain_key(pair[0]):
                raise _Unsupported
            out[pair[0]] = _scalar(pair[1])
        return out
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    if text in _NULL:
        return None
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    if _DURATION.fullmatch(text):
        return text
    if text in _OTHER_WORDS or not _PLAIN.fullmatch(text) or ": " in text or text.endswith(":"):
        raise _Unsupported
    return text


def _flow_items(inner: str) -> list[str]:
    inner = inner.strip()
    if not inner:
        return []
    if any(ch in inner for ch in "[]{}") or inner.endswith(","):
        raise _Unsupported
    items = [x.strip() for x in inner.split(",")]
    if any(not x for x in items) or any(x.count('"') % 2 or x.count("'") % 2 for x in items):
        raise _Unsupported
    return items
