"""User replies read against the dialogue act they answer (`acts.Act`).

- A numbered plan partly accepted ("do 1 and 3. 2 no", "1 和 4 做，3 不要", "ทำข้อ 1 กับ 3 ข้อ 2 ไม่เอา"):
  one decision holding the accepted items; the rejected and deferred ones are left out.
- A design question answered in a few words ("16. anything older is under 4%"): the answer and
  the question it answers; answered with the rule itself and its values ("How many points per baht,
  and do points expire?" -> "1 point per 25 baht spent, rounded down. Points expire 12 months after
  they're earned."): the user's sentences, as said (`rule_answer`).
- Alternatives or a recommendation restated as the choice ("bundle it in the repo, ..."): the
  user's words, when they name one offer and not the others.
- "keep it" after an offer to change what was done: the status quo is kept.
- "go ahead" after a task offer is an approval, not a decision -- unless the task is carrying out
  a design alternative offered earlier ("want me to go ahead with pg_trgm?").
- The assistant asks the user to choose or to give a value (a question its turn ends on, or options
  laid out as a choice) and the user answers in sentences of their own, often naming what was not
  offered, with a reason or a second detail ("What do you want?" -> "reminders go out at 6pm the
  evening before, one batch, everyone."; "แล้ว deploy ที่ไหนดีคะ" -> "DigitalOcean สิงคโปร์ droplet ตัวเดียว
  …"; "您希望開放多遠？" -> "最多兩個月。…"): the user's sentences, as said (`stated_answer`).
- A bare "ok" after a proposal the agent asked the user to confirm ("I'll compute expiry from
  earned_at and drop expires_at. Does that work?" -> "ok"): the proposal, confirmed (`acts.CONFIRM`).
- "acceptable" after a change the agent made and the cost it named ("switched to CONCURRENTLY;
  slightly slower but reads don't block" -> "โอเค รับได้"): the change, its cost accepted. A bare
  "ok" to a report accepts nothing.
Each returns (candidate, indices of the reply's sentences it used) or None.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from jobs.microsync.engine import Candidate
from jobs.microsync.rules import conventions, facts, thchoice
from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules.acts import CONFIRM, OPTIONS, QUESTION, RECOMMEND, TASK, Act
from jobs.microsync.rules.answers import asks_event
from jobs.microsync.rules.classify import CONF_ACCEPTED, TRAILING_PARTICLES, classify, hedged, is_question, kind_of
from jobs.microsync.rules.fields import has_substance, make_candidate
from jobs.microsync.rules.labelpick import label_head, label_of, label_pick
from jobs.microsync.rules.oneoff import one_off
from jobs.microsync.rules.stance import deferred, reported
from jobs.microsync.rules.text import PARTICLE_BREAK, Sentence, fold, head_clause, mask, split_sentences
from memory_store.transcripts.records import Record

Reading = tuple[Candidate, list[int]]

# --- partial acceptance of a numbered plan ----------------------------------------------------------

_NUMBER = re.compile(rf"(?<![\w.#$])(?:{lx.alternation(lambda lang: lang.reply_words.number)})?"
                     r"([1-9]|[a-d])(?![\w%/]|[.,:]\d)", re.I)
_JOIN = re.compile(rf"^\s*(?:,|、|&|{lx.alternation(lambda lang: lang.reply_words.join)}|\+)?\s*"
                   rf"(?:{lx.alternation(lambda lang: lang.reply_words.number_counter)})?$", re.I)
_NO = re.compile(lx.alternation(lambda lang: lang.reply_words.no), re.I)
_YES = re.compile(lx.alternation(lambda lang: lang.reply_words.yes), re.I)
_STOP_PUNCT = re.compile(r"[.,;:!?，。；：！？\n]")


def may_plan(text: str) -> bool:
    """False only when `plan_reply` returns None for `text` whatever the act: a reply of at most 200
    characters, no question mark, two option numbers or letters at least."""
    if len(text) > 200 or "?" in text or "？" in text:
        return False
    hits = _NUMBER.finditer(fold(text))
    return next(hits, None) is not None and next(hits, None) is not None


def plan_reply(rec: Record, text: str, act: Act) -> Reading | None:
    """Items of a numbered plan accepted one by one; None unless at least one is accepted and the
    reply says something about two or more of them."""
    options = {k.lower(): v for k, v in act.options.items()}
    if len(options) < 2 or len(text) > 200 or "?" in text or "？" in text:
        return None
    low = fold(text)
    hits = [m for m in _NUMBER.finditer(low) if m.group(1).lower() in options]
    if len(hits) < 2:
        return None
    groups: list[list[re.Match[str]]] = [[hits[0]]]
    for m in hits[1:]:
        if _JOIN.match(low[groups[-1][-1].end():m.start()]):
            groups[-1].append(m)
        else:
            groups.append([m])
    accepted: list[str] = []
    for k, group in enumerate(groups):
        nxt = groups[k + 1][0].start() if k + 1 < len(groups) else len(low)
        prev = groups[k - 1][-1].end() if k else 0
        after = _STOP_PUNCT.split(low[group[-1].end():nxt], maxsplit=1)[0]
        before = _STOP_PUNCT.split(low[prev:group[0].start()])[-1]
        polarity = _polarity(after) or _polarity(before) or ("yes" if len(groups) == 1 else "")
        if not polarity:
            return None   # a number said without saying what to do with it: not a reading of the plan
        if polarity == "yes":
            accepted += [m.group(1).lower() for m in group]
    if not accepted or len(accepted) == len(options) and len(groups) == 1:
        return None
    content = "; ".join(options[k].rstrip(" .。") for k in dict.fromkeys(accepted))
    cand = make_candidate(rec, "Decision", content, [], CONF_ACCEPTED, first_line=act.record.line, excerpt=text,
                          keep_why=False)
    return cand, []


def _polarity(text: str) -> str:
    if _NO.search(text):
        return "no"
    return "yes" if _YES.search(text) else ""


# --- answers and picks ----------------------------------------------------------------------------

_DEFER = re.compile(rf"^\W*(?:{lx.alternation(lambda lang: lang.reply_words.defer)})", re.I)
# The choice left to a later talk or to others ("run it by Priya", "ขอรอคุยกับทีม infra ก่อน", "再确认"), said anywhere.
_PUT_OFF = lx.cue(lambda lang: lang.reply_words.put_off)
_QUOTES_BACK = lx.cue(lambda lang: lang.reply_words.quotes_back)


def _left_open(sentences: list[Sentence]) -> bool:
    """Does a sentence of the reply leave the choice to a later talk or to others ("I have to check with
    Dana from legal first", "ขอรอคุยกับทีม infra ก่อน", "周四要跟 infra 团队再确认")? Every answer reading asks it."""
    return any(_PUT_OFF.search(s.probe) for s in sentences)
_TOKEN = re.compile(r"[A-Za-z0-9][\w.+#-]*")
_STOP = frozenset(lx.phrases(lambda lang: lang.reply_words.stop))
_THAI_BREAK = re.compile(r"(?<=[\u0E00-\u0E7F])\s+(?=[\u0E00-\u0E7F])")


def may_answer(sentences: list[Sentence]) -> bool:
    """False only when `kept`, `carried_out` and `answer` (with `label_pick`) all return None for a
    reply of these sentences whatever the act: what each asks of the reply alone, in one test."""
    if not 1 <= len(sentences) <= 4:
        return False
    first = sentences[0]
    said = fold(first.text)
    if len(sentences) == 1 and _GO.match(said):
        return True                                            # carried_out
    if is_question(first.probe):
        return False                                           # kept, label_pick and answer all refuse a question
    if len(sentences) == 4:
        return any(_names_value(s.text) for s in sentences)    # stated_answer
    return (len(sentences) <= 2 and _KEEP.match(said) is not None   # kept
            or _has_number(first.text)                         # rule_answer
            or bool(label_of(first.text) or label_head(first.text)[0])   # label_pick
            or _answer_head(sentences) is not None             # answer
            or any(_names_value(s.text) for s in sentences))   # stated_answer


def _answer_head(sentences: list[Sentence]) -> str | None:
    """The head clause of a reply's first sentence when it can answer a question or name an offer:
    not a question, hedge, refusal, deferral, report or offer, no rule of its own, six words at most; no
    sentence of the reply leaves the choice to a later talk or to others."""
    first = sentences[0]
    head = _THAI_BREAK.split(head_clause(first.text))[0]
    # both readings need a short head (three words for a value, six for an offer named): the
    # cheapest test first, as every test here only rules the reply out
    if not _short(head, words=6):
        return None
    if is_question(first.probe) or hedged(first.probe) or lx.REJECT.search(first.probe):
        return None
    if _DEFER.match(fold(first.text)) or lx.REPORTED.search(first.probe) or lx.TASK_OFFER.search(first.probe):
        return None
    if _left_open(sentences):
        return None   # "Frankfurt. I have to check with Dana from legal first": named, the choice still open
    hit = classify(mask(head))
    if hit is not None and hit.kind not in ("Decision", "Architecture"):
        return None   # "from now on ..." states its own rule
    return head


def answer(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """A reply answering a design question, or restating one of the offered alternatives or the
    recommendation as the choice; a bare label ("B", "第二种吧") to lettered or numbered options (`labelpick`);
    an answer in the user's own sentences (`stated_answer`)."""
    pick = label_pick(rec, sentences, act) or confirmed(rec, sentences, act) or cost_accepted(rec, sentences, act)
    if pick is not None:
        return pick
    if not sentences or len(sentences) > 4 or not (act.kind in (QUESTION, OPTIONS, RECOMMEND) or act.asks_choice):
        return None
    if not lx.TRANSACTION.search(mask(act.text)):   # a flight, a table, a ticket: buying one thing, not deciding
        ruled = rule_answer(rec, sentences, act)
        if ruled is not None:
            return ruled
        head = _answer_head(sentences) if len(sentences) <= 3 and act.kind in (QUESTION, OPTIONS, RECOMMEND) else None
        named = _named(rec, sentences, act, head) if head is not None else None
        if named is not None:
            return named
    return stated_answer(rec, sentences, act)


def _named(rec: Record, sentences: list[Sentence], act: Act, head: str) -> Reading | None:
    """A few words answering a design question with a value, or naming one of the offers."""
    first = sentences[0]
    if act.kind == QUESTION and _short(head) and _value_like(head) and not act.alternatives:
        text = f"{head.strip(' .。')} — {act.asked}"
        cand = make_candidate(rec, "Decision", text, sentences[1:], CONF_ACCEPTED, first_line=act.record.line,
                              excerpt=first.text, keep_why=False)
        return cand, [0]
    offers = list(act.alternatives) + list(act.options.values())
    if act.kind == RECOMMEND and not offers:
        offers = [act.text]
    if not offers:
        return None
    named = [o for o in offers if _restates(head, o)]
    if len(named) != 1 or (act.kind != RECOMMEND and len(offers) < 2):
        return None
    # "改成 queue 觸發，不要再用 cron": the negative half says the same choice from the other side.
    used = [0, 1] if len(sentences) > 1 and lx.NEG_USE.search(sentences[1].probe) else [0]
    text = "，".join(sentences[k].text for k in used) if len(used) > 1 else first.text
    cand = make_candidate(rec, kind_of(text), text, sentences[used[-1] + 1:], CONF_ACCEPTED,
                          first_line=act.record.line)
    return cand, used


_RULE_ANSWER_MAX = 400   # characters: an answer, not an essay


def rule_answer(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """A design question answered with the rule and its values, beyond a few words: the user's
    sentences. The first names a value (a number); none asks back, hedges, refuses or defers."""
    if act.kind != QUESTION or act.alternatives or not 1 <= len(sentences) <= 3:
        return None
    first = sentences[0]
    if _short(head_clause(first.text)) or not _has_number(first.text):
        return None   # a few words: `answer` reads them with the question
    said = " ".join(s.text.strip() for s in sentences)
    if len(said) > _RULE_ANSWER_MAX:
        return None
    if _left_open(sentences):
        return None
    for s in sentences:
        p = s.probe
        if is_question(p) or hedged(p) or lx.REJECT.search(p) or _DEFER.match(fold(s.text)) or lx.TASK_OFFER.search(p):
            return None
    cand = make_candidate(rec, kind_of(said), said, [], CONF_ACCEPTED, first_line=act.record.line,
                          excerpt=said, keep_why=False)
    return cand, list(range(len(sentences)))


_STATED_MAX = 400   # characters, as for a rule said with its values


def stated_answer(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """The assistant asked the user to choose or to give a value (`Act.asks_choice`: a question its turn
    ends on that is not an offer to do a task -- "What do you want?", "แล้ว deploy ที่ไหนดีคะ",
    "陳醫師您希望開放多遠？" -- or options laid out as a choice) and the user answers in sentences of their own,
    beyond a few words: the user's sentences, as said.

    The reply opens without refusing, rejecting, putting off or hedging; no sentence asks back or is
    unsure, leaves the choice to a later talk or to others ("I still need to run it by Priya", "ขอรอคุยกับทีม
    infra ก่อน", "周四要跟 infra 团队再确认") or, after the first, says "whatever"; one that is not a report, a
    story of what happened before or the assistant's words given back ("You said …") names a value or a thing (a
    number; a name: a capital inside a sentence, an acronym, an identifier); it takes up a word of the
    turn it answers or points back at it; none states a rule or a fact by its own cue or shape (that one
    keeps its kind), reports what the user saw or is a task at hand; it does not go through the offered
    items by number (`plan_reply`). The question is not one of buying a thing or of what happened."""
    if not 1 <= len(sentences) <= 4 or not act.asks_choice:
        return None   # a recommendation that asks nothing and offers no alternative is accepted, not answered
    said = " ".join(s.text.strip() for s in sentences)
    if len(said) > _STATED_MAX or _words(said) <= 6:
        return None   # a few words: `answer` reads them with the question or the offers
    first = sentences[0]
    head = mask(_THAI_BREAK.split(head_clause(first.text))[0])
    if lx.REJECT.search(first.probe) or _DEFER.match(fold(first.text)) or deferred(head) or hedged(head):
        return None
    if _left_open(sentences) or any(_DEFER.match(fold(s.text)) for s in sentences[1:]):
        return None   # "... I still need to run it by Priya on Thursday": the choice is left open, whatever came first
    if any(is_question(s.probe) or lx.UNCERTAIN.search(s.probe) or lx.OPINION.search(s.probe)
           or lx.TASK_OFFER.search(s.probe) for s in sentences):
        return None
    if not any(_names_value(s.text) and not _told(mask(head_clause(s.text))) for s in sentences):
        return None
    if not _takes_up(said, act.text) and not _POINTS_BACK.search(head):
        return None   # "the logs are in /var/log, btw" after "a cron job or a queue consumer?": about something else
    if any(_states_own(s.probe) for s in sentences):
        return None   # a rule or a fact said by its own cue or shape is read as what it states, whatever it answers
    if act.options and sum(1 for m in _NUMBER.finditer(fold(said)) if m.group(1).lower() in
                           {k.lower() for k in act.options}) >= 2:
        return None   # "fix 1 and 3, 2 next PR": the offered items gone through by number
    question = mask(act.asked or act.closing)
    if lx.TRANSACTION.search(question) or asks_event(question) \
            or any(lx.BUG_REPORT.search(s.probe) or one_off(s.probe, "Decision") for s in sentences):
        return None   # "which flight?": buying one thing (a price among the offers is no purchase); "what does the
        # log say?", "it crashes on 3": what the user saw; "put it in docs/guide.md": a task at hand
    kind = kind_of(said)
    if kind == "Decision" and _BOUND.search(mask(said)) and not any(classify(s.probe) for s in sentences):
        kind = "Constraint"   # "within 200 ms", "最多兩個月", "ไม่เกิน 2 บรรทัด": the answer sets a bound
    cand = make_candidate(rec, kind, said, [], CONF_ACCEPTED, first_line=act.record.line, excerpt=said, keep_why=False)
    return cand, list(range(len(sentences)))


def _states_own(probe: str) -> bool:
    """A sentence that states a rule or a fact by its own cue or shape: a rule word, a standing fact,
    a convention ("use pnpm, not npm"), a rule read from its form."""
    hit = classify(probe)
    if hit is not None:
        return hit.kind not in ("Decision", "Architecture")
    shape = thchoice.shape(probe)
    if shape is not None:
        return shape[0] not in ("Decision", "Architecture")
    return (facts.standing_fact(probe) is not None or facts.personal_trait(probe) or conventions.convention(probe)
            or conventions.AFFIRMS.search(probe) is not None)


_PAST_EVENT = lx.cue(lambda lang: lang.reply_words.past_event)
_BOUND = lx.cue(lambda lang: lang.reply_words.bound)


def _told(head: str) -> bool:
    """A clause that tells what someone said or what happened before ("Krit said ok", "gh-ost 我们之前用过"),
    or gives the assistant's own words back ("You said Postgres handles JSONB better")."""
    return reported(head) or _PAST_EVENT.search(head) is not None or _QUOTES_BACK.search(head) is not None


# A name in a sentence: a capital after its first word ("go with Azure", "hosted Sentry"), an acronym
# ("CI", "LINE"), a word with a digit, a slash or an underscore in it ("large-v3", "api/worker").
_NAME = re.compile(r"(?<=\S)\s+[(\"'`]?[A-Z][A-Za-z0-9][\w.+#-]*|\b[a-z]+[A-Z]\w*|\b[A-Z]{2,}\b"
                   r"|\b[A-Za-z][\w.-]*(?:\d|[/_][A-Za-z])[\w./-]*")


_UNSPACED = re.compile(r"[\u0E00-\u0E7F\u3400-\u9FFF]")
_CAPITAL = re.compile(r"\b[A-Z][A-Za-z0-9]")


def _names_value(text: str) -> bool:
    """A number or a name in the sentence; among Thai or Chinese words any capitalised Latin word is a name
    (those scripts have no capital opening a sentence)."""
    return (_has_number(text) or bool(_NAME.search(text))
            or bool(_UNSPACED.search(text)) and _CAPITAL.search(text) is not None)


_NUMBER_WORD = re.compile(rf"\d|{lx.alternation(lambda lang: lang.reply_words.number_words)}", re.I)


_NOT_NUMBER = lx.cue(lambda lang: lang.reply_words.not_number)


def _has_number(text: str) -> bool:
    """A number in digits or in words with its unit ("25", "六点", "หกโมง"); laughter ("555") is none."""
    folded = fold(text)
    if _NOT_NUMBER.may_match(folded.lower()):
        folded = _NOT_NUMBER.rx.sub(" ", folded)
    return bool(_NUMBER_WORD.search(folded))


# --- a reply that keeps nothing -------------------------------------------------------------------

# Things left as they are ("I'm not changing anything", "leave it", 那先不换, ไม่เปลี่ยน) or a shrug at a no
# ("too bad", 好吧…有點可惜, ช่างมัน ขอบคุณนะ).
UNCHANGED = lx.cue(lambda lang: lang.reply_words.unchanged)
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def leaves_as_is(sentences: list[Sentence]) -> bool:
    """A reply that leaves things as they are, or only shrugs, in words that name nothing of their own:
    no digit, no name ("leave it" keeps nothing; "we stay on Postgres 15" names what stays). Among
    Thai or Chinese words any Latin word is a name."""
    if not any(UNCHANGED.search(s.probe) for s in sentences):
        return False
    said = " ".join(s.text for s in sentences)
    # a name is read sentence by sentence: the capital opening the next one ("… anything. Ignore it.") is none
    if re.search(r"\d", said) or any(_NAME.search(_YES.sub("", s.text)) for s in sentences):
        return False
    return not (_UNSPACED.search(said) and _LATIN_WORD.search(said))


# Thanks and a goodbye ("ok thanks", "ok ขอบคุณ", 好的，谢谢): the reply acknowledges.
_THANKS = lx.cue(lambda lang: lang.reply_words.thanks)


def thanks_only(sentences: list[Sentence]) -> bool:
    """A reply of thanks and nothing of its own once its accepting words go ("ok thanks" to what the agent
    explained and will do): it acknowledges, it takes nothing up ("ok thanks, pin it to the digest" does)."""
    if not any(_THANKS.search(s.probe) for s in sentences):
        return False
    rest = " ".join(lx.ACCEPT.rx.sub(" ", _THANKS.rx.sub(" ", s.probe)) for s in sentences)
    return _words(rest) < 1 or not has_substance(rest)   # "好的，谢谢" leaves a lone 的


# --- a proposal confirmed, a cost accepted --------------------------------------------------------

ACCEPTABLE = lx.cue(lambda lang: lang.reply_words.acceptable)
COST = lx.cue(lambda lang: lang.reply_words.cost)
_ASIDE = re.compile(r"\s*[(（][^()（）]*[)）]")


def _bare_yes(sentences: list[Sentence], words: int) -> bool:
    """A reply that only agrees: short, an accepting word, no question, refusal or hedge."""
    said = " ".join(s.text for s in sentences)
    if len(sentences) > 2 or not _short(said, words=words):
        return False
    return not any(is_question(s.probe) or lx.REJECT.search(s.probe) or hedged(s.probe) for s in sentences)


def confirmed(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """ "ok" to a proposal the agent asked the user to confirm: the proposal, as decided."""
    if act.kind != CONFIRM or not act.asked or not sentences or not _bare_yes(sentences, words=4):
        return None
    if not lx.ACCEPT.search(sentences[0].probe):
        return None
    cand = make_candidate(rec, kind_of(act.asked), act.asked, [], CONF_ACCEPTED, first_line=act.record.line,
                          excerpt=" ".join(s.text for s in sentences), keep_why=False)
    return cand, list(range(len(sentences)))


def cost_accepted(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """ "acceptable" to a change whose cost the agent named: the change, as decided. The change is
    the turn's first sentence that is not a heading of what follows ("results on staging:")."""
    if act.kind in (OPTIONS, QUESTION) or not sentences or not _bare_yes(sentences, words=5):
        return None
    if not any(ACCEPTABLE.search(s.probe) for s in sentences) or not COST.search(mask(act.text)):
        return None
    change = next((t for s in split_sentences(act.text) if (t := _before_heading(_ASIDE.sub("", s.text).strip()))
                   and len(t.split()) + sum(ord(c) > 0x0E00 for c in t) // 4 >= 4), "")
    if not change or len(change) > 300:
        return None
    cand = make_candidate(rec, kind_of(change), change, [], CONF_ACCEPTED, first_line=act.record.line,
                          excerpt=" ".join(s.text for s in sentences), keep_why=False)
    return cand, list(range(len(sentences)))


_PARTICLE_BREAK = re.compile(PARTICLE_BREAK)


def _before_heading(text: str) -> str:
    """A sentence without the heading it ends in ("… แล้วครับ ผลวัดบน staging:" -> "… แล้วครับ"); ""
    when it is all heading."""
    if not text.endswith((":", "：")):
        return text
    breaks = list(_PARTICLE_BREAK.finditer(text))
    return text[:breaks[-1].start()].strip() if breaks else ""


_THAI_LETTER = re.compile(r"[\u0E00-\u0E7F]")
_HAN = re.compile(r"[\u3400-\u9FFF]")


def _words(text: str) -> float:
    """About how many words: Latin words, Thai letters by four, Han characters by two."""
    return len(_TOKEN.findall(text)) + len(_THAI_LETTER.findall(text)) / 4 + len(_HAN.findall(text)) / 2


def _takes_up(said: str, asked: str) -> bool:
    """Does the reply take up a word of the turn it answers: a Latin word of three letters or more, two Han
    characters, three Thai letters in a row ("the logs are in /var/log" takes up nothing of "Two ways: a
    cron job or a queue consumer")?"""
    low_said, low_asked = fold(said).lower(), fold(asked).lower()
    have = {_stem(w) for w in _TOKEN.findall(low_asked)}
    if any(len(w) >= 3 and w not in _STOP and _stem(w) in have for w in _TOKEN.findall(low_said)):
        return True
    for run in _UNSPACED_RUN.findall(low_said):
        size = 3 if _THAI_LETTER.match(run) else 2
        if any(run[k:k + size] in low_asked for k in range(len(run) - size + 1)):
            return True
    return False


# "keep them on the ingest box": the reply's head points back at what was asked about
_POINTS_BACK = lx.cue(lambda lang: lang.clauses.points_back)


def _stem(word: str) -> str:
    """A Latin word without a closing full stop or plural s ("rows." -> "row")."""
    word = word.rstrip(".")
    return word[:-1] if len(word) >= 4 and word.endswith("s") and not word.endswith("ss") else word


_UNSPACED_RUN = re.compile(r"[\u0E00-\u0E7F]{3,}|[\u3400-\u9FFF]{2,}")


def _short(text: str, words: int = 3) -> bool:
    return len(text.split()) <= words and sum(1 for ch in text if ord(ch) > 0x0E00) <= 4 * words


def _value_like(text: str) -> bool:
    """A value or a name: a number, or a word with a capital or a digit in it."""
    return ((bool(re.search(r"\d|\b[A-Z][\w.+#-]*", text)) or _has_number(text))
            and not text.strip().lower().startswith(("ok", "yes", "no")))


def _restates(head: str, offer: str) -> bool:
    """Do the content words of `head` come from `offer` (all but one, at least one; Thai and
    Chinese by two-character runs, at least half of them)?"""
    head = TRAILING_PARTICLES.sub("", head)
    words = [w.lower().rstrip(".") for w in _TOKEN.findall(head) if w.lower().rstrip(".") not in _STOP]
    have = {w.lower().rstrip(".") for w in _TOKEN.findall(offer)}
    hits = sum(1 for w in words if w in have)
    fh, fo = fold(head).lower(), fold(offer).lower()
    pairs = [fh[k:k + 2] for k in range(len(fh) - 1) if ord(fh[k]) > 0x0E00 and ord(fh[k + 1]) > 0x0E00]
    pair_hits = sum(1 for p in pairs if p in fo)
    if words and hits < max(1, len(words) - 1):
        return False
    if pairs and pair_hits * 2 < len(pairs):
        return False
    return hits + pair_hits >= 2 or (hits == 1 and len(words) == 1 and len(words[0]) >= 4)


# --- task offers ----------------------------------------------------------------------------------

_KEEP = re.compile(lx.alternation(lambda lang: lang.reply_words.keep), re.I)


def kept(rec: Record, sentences: list[Sentence], act: Act) -> Reading | None:
    """ "keep it" after an offer to change what was just done: a decision to keep it."""
    if act.kind != TASK or not act.status_quo or not sentences or len(sentences) > 2:
        return None
    m = _KEEP.match(fold(sentences[0].text))
    if m is None or is_question(sentences[0].probe):
        return None
    text = f"{sentences[0].text.strip(' .。')} — {act.status_quo}"
    cand = make_candidate(rec, "Decision", text, sentences[1:], CONF_ACCEPTED, first_line=act.record.line,
                          excerpt=sentences[0].text, keep_why=False)
    return cand, [0]


_GO = re.compile(lx.alternation(lambda lang: lang.reply_words.go), re.I)


def carried_out(rec: Record, sentences: list[Sentence], act: Act,
                earlier: Callable[[], list[Act]]) -> Reading | None:
    """ "go ahead" to a task that carries out an alternative of an earlier design act. `earlier` gives
    the earlier design acts; it is called only for such a reply (reading an act costs more than a reply)."""
    if act.kind != TASK or len(sentences) != 1 or not _GO.match(fold(sentences[0].text)):
        return None
    names = {w.lower() for w in _TOKEN.findall(act.asked) if ("_" in w or "-" in w or any(c.isdigit() for c in w)
                                                            or w[:1].isupper()) and w.lower() not in _STOP}
    if not names:
        return None
    for prior in reversed(earlier()):
        for offer in list(prior.options.values()) + list(prior.alternatives):
            if names & {w.lower() for w in _TOKEN.findall(offer)}:
                cand = make_candidate(rec, kind_of(offer), offer, [], CONF_ACCEPTED, first_line=prior.record.line,
                                      excerpt=sentences[0].text, keep_why=False)
                return cand, [0]
    return None


GO_AHEAD = lx.cue(lambda lang: lang.reply_words.go_ahead)


def approves_only(probe: str) -> bool:
    """A sentence that only approves a step ("ได้ pin ไปเลย", "ok do it"): nothing beyond the approval."""
    m = GO_AHEAD.search(probe)
    if m is None:
        return False
    rest = (probe[:m.start()] + " " + probe[m.end():]).strip()
    return len(rest.split()) <= 3 and sum(1 for ch in rest if ord(ch) > 0x0E00) <= 8
