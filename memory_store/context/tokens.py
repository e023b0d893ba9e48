"""The token estimator of the runtime context (docs/design.md §6). No tokenizer is loaded: the
estimate is cheap, additive over lines, and errs high for English.

Text is split on whitespace into pieces. In a piece, each Han, kana or Hangul character counts 1
token; Thai counts 1 token per 2 characters (rounded up), since Thai is written without spaces and
a whole sentence is one piece; everything else counts 1 token per 4 characters (rounded up), so an
English word of up to 4 letters is 1 token. Whitespace counts nothing. CJK and Thai are therefore
never counted like English (a sentence of 20 Chinese characters is 20 tokens, not 5).
"""
from __future__ import annotations

import re

MIN_BUDGET = 128         # the smallest budget accepted: title, notices and references always fit in it
_CJK = re.compile(r"[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")
_THAI = re.compile(r"[\u0e00-\u0e7f]")


def _piece(piece: str) -> int:
    cjk = len(_CJK.findall(piece))
    thai = len(_THAI.findall(piece))
    other = len(piece) - cjk - thai
    return cjk + (thai + 1) // 2 + (other + 3) // 4


def estimate(text: str) -> int:
    """Estimated tokens of `text`; estimate(a + "\\n" + b) == estimate(a) + estimate(b)."""
    return sum(_piece(p) for p in text.split())
