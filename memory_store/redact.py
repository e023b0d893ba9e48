"""Secret redaction: every transcript text passes through here before it is kept (docs/design.md §7).

`redact(text)` replaces each secret with `[REDACTED:<kind>]`; for `password=…`-style pairs and
`Bearer <token>` the key name stays and only the value goes. Redaction is idempotent: a
`[REDACTED:…]` marker never matches again.

Why several small patterns and not one alternation: it runs over every transcript line we keep.
One big alternation makes the regex engine try every branch at every character (≈2 MB/s on
transcript text); a pattern that starts with a literal is searched for that literal directly
(hundreds of MB/s), and each pattern only runs when a cheap substring test says its trigger is
in the text at all. `scripts/`-style measurement: see tests/test_redact.py::test_speed.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

MARK = "[REDACTED:{}]"
_NOT_MARK = r"(?!\[REDACTED)"
# A secret token must not continue a word on its left; written as a look-behind after the
# literal so that the pattern still starts with the literal (see the module docstring).
_KEY_BODY = "A-Za-z0-9_-"


@dataclass(frozen=True, slots=True)
class _Pass:
    triggers: tuple[str, ...]       # substrings; the pass runs only if one is in the text
    pattern: re.Pattern[str]
    lowered: bool = False           # triggers are tested against text.lower()


def _kind_of(m: re.Match[str]) -> str:
    return MARK.format(m.lastgroup)


def _sub_telegram(text: str) -> str:
    """The match starts at ":AA" (see _TELEGRAM); the bot id digits before it go too."""
    out: list[str] = []
    last = 0
    for m in _TELEGRAM.finditer(text):
        start = m.start()
        while start > last and text[start - 1].isdigit():
            start -= 1
        out.append(text[last:start])
        out.append(MARK.format("telegram_bot_token"))
        last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


_PEM = re.compile(
    r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|.*)(?P<private_key>)",
    re.DOTALL,  # a block cut off by a 2 KB cap has no END: everything after BEGIN goes
)
_SK = re.compile(
    r"sk-(?<![A-Za-z0-9_]sk-)"
    r"(?:ant-[A-Za-z0-9_-]{20,}(?P<anthropic_key>)"
    r"|(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])"
    r"[A-Za-z0-9_-]{20,}(?P<openai_key>))"
)
_A = re.compile(
    r"A(?<![A-Za-z0-9_]A)(?:(?:KIA|SIA)[A-Z0-9]{16}(?![A-Za-z0-9])(?P<aws_access_key>)"
    r"|Iza[0-9A-Za-z_-]{35}(?P<google_api_key>))"
)
_GH = re.compile(
    r"g(?<![A-Za-z0-9_]g)(?:h[pousr]_[A-Za-z0-9]{30,255}|ithub_pat_[A-Za-z0-9_]{40,255})(?P<github_token>)"
)
_SLACK = re.compile(
    r"x(?<![A-Za-z0-9_]x)(?:ox[abposr]-[A-Za-z0-9-]{10,}|app-[0-9]-[A-Za-z0-9-]{10,})(?P<slack_token>)"
)
_JWT = re.compile(
    r"eyJ(?<![A-Za-z0-9_]eyJ)[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}(?P<jwt>)")
# Telegram bot tokens are `<8-10 digits>:AA<33 chars>`; the look-behind keeps the literal first.
_TELEGRAM = re.compile(
    r":AA(?:(?<=(?<![0-9])[0-9]{8}:AA)|(?<=(?<![0-9])[0-9]{9}:AA)|(?<=(?<![0-9])[0-9]{10}:AA))"
    r"[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])(?P<telegram_bot_token>)"
)
_BEARER = re.compile(r"(?P<keep>[Bb]earer[ \t]+)" + _NOT_MARK + r"[A-Za-z0-9._~+/=-]{16,}(?P<bearer_token>)")

# key=value pairs. The key is matched from its secret-ish word onwards (DB_PASSWORD matches at
# PASSWORD; the prefix stays as it was anyway). A `:` separator needs a value that looks like a
# secret (quoted, or with a digit or symbol), so "password: must be long" and "token: none" stay
# readable; `=` always counts as an assignment. A value runs to whitespace, a quote or a closing
# bracket: `&`, `;` and `,` may be part of a password, and leaking its tail is worse than eating
# the next query parameter.
_VALUE = (
    r"(?:(?P<eq>[\"']?[ \t]*=[ \t]*[\"']?)" + _NOT_MARK + r"(?P<v1>[^\s\"'`<>)\]}]{3,})"
    r"|(?P<col>[\"']?[ \t]*:[ \t]*)"
    r"(?:(?P<q>[\"'])" + _NOT_MARK + r"(?P<v2>[^\"'\s]{4,})(?P=q)"
    r"|" + _NOT_MARK + r"(?=[^\s\"'`<>]*[0-9!@#$%^&*+/_~-])(?P<v3>[^\s\"'`<>)\]}]{6,})))"
)


def _pair_pattern(key: str) -> re.Pattern[str]:
    # The first letter as a two-letter class and the rest case-folded in a scoped flag: the
    # engine can then skip to candidate letters, where a global IGNORECASE made it crawl.
    return re.compile(f"(?P<key>[{key[0].upper()}{key[0]}](?i:{key[1:]})){_VALUE}")


_PAIRS = (
    _Pass(("passw", "passphrase"), _pair_pattern(r"pass(?:w(?:or)?d|phrase)"), lowered=True),
    _Pass(("secret",), _pair_pattern(r"secret(?:[_-]?(?:access[_-]?)?key)?"), lowered=True),
    _Pass(("api_key", "apikey", "api-key"), _pair_pattern(r"api[_-]?key"), lowered=True),
    _Pass(("token",), _pair_pattern(r"token"), lowered=True),
)

_SPECIFIC: tuple[_Pass, ...] = (
    _Pass(("PRIVATE KEY",), _PEM),
    _Pass(("sk-",), _SK),
    _Pass(("AKIA", "ASIA", "AIza"), _A),
    _Pass(("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"), _GH),
    _Pass(("xox", "xapp-"), _SLACK),
    _Pass(("eyJ",), _JWT),
    _Pass((":AA",), _TELEGRAM),
)
_PASSES: tuple[_Pass, ...] = (
    *_SPECIFIC,
    _Pass(("earer",), _BEARER),
    *_PAIRS,
)

def _key_kind(key: str) -> str:
    k = key.lower()
    if k.startswith("pass"):
        return "password"
    if k.startswith("secret"):
        return "aws_secret_key" if "access" in k else "secret"
    if k.startswith("api"):
        return "api_key"
    return "token"


def _specific_kind(value: str) -> str | None:
    """The kind of a pair's value when it is itself a known secret (OPENAI_API_KEY=sk-…)."""
    for p in _SPECIFIC:
        m = p.pattern.match(value)
        if m and m.end() == len(value):
            return m.lastgroup
    return None


def _pair(m: re.Match[str]) -> str:
    key = m.group("key")
    if m.group("eq") is not None:
        sep, value, tail = m.group("eq"), m.group("v1"), ""
    elif m.group("v2") is not None:
        sep, value, tail = m.group("col") + m.group("q"), m.group("v2"), m.group("q")
    else:
        sep, value, tail = m.group("col"), m.group("v3"), ""
    return key + sep + MARK.format(_specific_kind(value) or _key_kind(key)) + tail


def _bearer(m: re.Match[str]) -> str:
    return m.group("keep") + MARK.format("bearer_token")


_REPLACER: dict[re.Pattern[str], Callable[[re.Match[str]], str]] = {
    _BEARER: _bearer, **{p.pattern: _pair for p in _PAIRS}}


def _substituter(p: _Pass) -> Callable[[str], str]:
    if p.pattern is _TELEGRAM:
        return _sub_telegram
    return partial(p.pattern.sub, _REPLACER.get(p.pattern, _kind_of))


# Flat (triggers, case-blind, substitute) triples: the loop below runs once per kept text, so
# it avoids generator and call overhead (that, not the regexes, dominated short texts).
_PLAN: tuple[tuple[tuple[str, ...], bool, Callable[[str], str]], ...] = tuple(
    (p.triggers, p.lowered, _substituter(p)) for p in _PASSES)


def _triggered(p: _Pass, hay: str) -> bool:
    return any(t in hay for t in p.triggers)


def redact(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:<kind>]` (key names of pairs kept)."""
    if not text:
        return text
    lowered = ""  # computed once, when the first case-blind pass needs it; a stale copy only
    for triggers, blind, substitute in _PLAN:  # makes a later pass run for nothing
        if blind:
            if not lowered:
                lowered = text.lower()
            hay = lowered
        else:
            hay = text
        for t in triggers:
            if t in hay:
                text = substitute(text)
                break
    return text


def contains_secret(text: str) -> bool:
    """True if `redact` would change `text`."""
    if not text:
        return False
    lowered = text.lower()
    return any(_triggered(p, lowered if p.lowered else text) and p.pattern.search(text) for p in _PASSES)


def redact_capped(text: str, cap: int) -> str:
    """The first `cap` characters of `text`, redacted.

    Why not cut first: a cut through a secret would leave a prefix too short to match. The
    window read past the cap lets a secret that straddles it still be recognised whole.
    """
    if len(text) <= cap:
        return redact(text)
    out = redact(text[: cap + 1024])[:cap]
    cut = out.rfind("[", max(0, cap - len(MARK) - 30))
    if cut >= 0 and "]" not in out[cut:] and "[REDACTED:".startswith(out[cut:cut + 10]):
        out = out[:cut]  # a marker cut in half would read as a value to redact again
    return out
