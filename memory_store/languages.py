"""Language tags the configuration accepts (docs/design.md §8: `context.language`).

A tag is BCP 47's common shape — a language, then optionally a script and a region: `th`, `en-GB`,
`zh-Hans`, `zh-Hant-TW`, `pt-BR` — the values core memory's `response.language` holds. The language
must be one the C library's locale table knows (Python's `locale.locale_alias`, some 200 ISO 639
codes), so a typo or an invented language is refused when the configuration loads instead of being
handed to the agent as the user's language.
"""
from __future__ import annotations

import locale
import re
from functools import cache

_TAG = re.compile(r"^(?P<lang>[A-Za-z]{2,3})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?$")
_ALIAS_LANG = re.compile(r"^([a-z]{2,3})(?:[_.@]|$)")


@cache
def known_languages() -> frozenset[str]:
    """The ISO 639 codes of the locale table."""
    return frozenset(m.group(1) for v in locale.locale_alias.values() if (m := _ALIAS_LANG.match(v)))


def is_language_tag(tag: str) -> bool:
    m = _TAG.match(tag.strip())
    return m is not None and m["lang"].lower() in known_languages()
