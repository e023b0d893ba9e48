"""A change someone else wants is no change made: "Tom wants to replace Redis with Memcached", "the PM
keeps asking to drop the Friday rule", "老王想把日志存储从 Loki 换成 ClickHouse", "พี่ต้นอยากเปลี่ยน cache
ของ session จาก Redis ไปใช้ Memcached". A reversal cue whose clause opens with another person wanting,
asking for or proposing it reverses nothing (memory_store/supersede/detect.py); "we want to …" and "I'd
like to …" are the user's own and are read as before. Written here as patterns, like the cue files:
no parser or model is needed for a subject and a wish verb at the head of a clause."""
from __future__ import annotations

import re

# Where the clause of a cue starts: a sentence or clause break.
_CLAUSE_START = re.compile(r"[.;:!?，。；：！？\n]|\b(?:and|but|so|then)\b|แต่|แล้ว|但是|但|然后")
# en: a named person or a role noun (not I / we / us), then a wish, a request or a proposal.
_EN = re.compile(
    r"(?:^|[\s,(])(?!(?i:i|we|us|let's|lets)\b)(?:(?:the|our|my|their|his|her)\s+)?"
    r"(?:[a-z][\w.'-]*\s+){0,2}?(?:[A-Z][\w.'-]+|pm|cto|ceo|boss|client|customer|vendor|manager|lead|ops|"
    r"admin|team|he|she|they|someone|everyone)\s+"
    r"(?:keeps?\s+|still\s+|also\s+|really\s+)?(?:wants?|wanted|would\s+like|'d\s+like|asks?|asked|asking|"
    r"suggests?|suggested|proposes?|proposed|prefers?|hopes?)\b")
# zh: a subject other than 我 / 我们 / 咱们, then 想 / 希望 / 建议 / 提议 / 要求.
_ZH = re.compile(r"(?<![我们咱])(?:[\u4e00-\u9fff]{1,4}|[A-Za-z][\w.]*)\s*(?:一直|还是|也)?"
                 r"(?:想要|想|希望|建议|提议|要求)")
_ZH_OWN = re.compile(r"(?:我们|我|咱们|咱|大家)\s*(?:一直|还是|也)?(?:想要|想|希望|建议|提议|要求)")
# th: a person (พี่/น้อง/คุณ + name, or a name), not ผม / ฉัน / เรา, then อยาก / เสนอ / ขอให้.
_TH = re.compile(r"(?:พี่|น้อง|คุณ|ลูกค้า|หัวหน้า|แอดมิน|admin|[A-Z][\w.]*)\S*\s*(?:อยาก|เสนอ|ขอให้|แนะนำให้)")
_TH_OWN = re.compile(r"(?:ผม|ฉัน|เรา|พวกเรา|หนู)\s*(?:อยาก|เสนอ|ขอให้)")


def wished_by_another(text: str, cue: str) -> bool:
    """Is the first `cue` of `text` in a clause that opens with someone other than the speaker wanting,
    asking for or proposing it?"""
    at = text.casefold().find(cue.casefold())
    if at < 0:
        return False
    begin = max((m.end() for m in _CLAUSE_START.finditer(text, 0, at)), default=0)
    head = text[begin:at]
    if _EN.search(head):
        return True
    if _ZH.search(head) and not _ZH_OWN.search(head):
        return True
    return bool(_TH.search(head) and not _TH_OWN.search(head))
