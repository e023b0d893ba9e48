"""Technical notes: error → fix sequences in one session.

A failure is a tool result flagged ERROR (or whose output reads like one: a traceback, `…Error:`,
a non-zero exit), or a traceback the user pasted. It is resolved by what follows in the same
session: for a tool failure, the next successful result of the same tool (preferring a re-run of
the same command); for a pasted one, a later user message saying it works. The note names the
error, what fixed it (the assistant's explanation, else the actions taken in between), and cites
the span from the failure to the resolution.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

from jobs.daily import phrases
from jobs.daily.model import DaySession, Evidence, Item
from jobs.daily.text import one_line, sentences
from memory_store.transcripts.records import Flag, Record, Role

_PATCH_FILE = re.compile(r"\*\*\* (Update|Add|Delete) File: (\S+)")
LOOKAHEAD = 80          # records after a failure that may resolve it


@dataclass(frozen=True)
class Fix:
    error: str
    fix: str
    records: tuple[Record, ...]     # the failure and the record that shows it resolved
    end: int                        # index of the resolving record in the session


def is_failure(r: Record) -> bool:
    if r.role == Role.TOOL_RESULT:
        # An error first, then whether the user declined the call: the same answer as asking in the
        # other order, but most results are no error and need not be read for a refusal.
        if Flag.ERROR not in r.flags and not strong_error(r.text or ""):
            return False
        return not phrases.DECLINED.search(r.text or "")
    if r.role == Role.USER and Flag.META not in r.flags:
        return Flag.ERROR in r.flags or strong_error(r.text or "")
    return False


def strong_error(text: str) -> bool:
    """`phrases.STRONG_ERROR` matches somewhere in `text`. The pattern is case-sensitive and every
    match holds one of these literals ("Error:"/"error:" hold "rror"), so a text without any of
    them is not searched."""
    if "rror" not in text and "Exception" not in text and "fatal" not in text and "panic" not in text \
            and "Traceback (" not in text:
        return False
    return phrases.STRONG_ERROR.search(text) is not None


def error_summary(text: str) -> str:
    """The most telling line of an error output: the exception line of a traceback, else the first
    line that reads like an error, else the first line."""
    lines = [ln.strip() for ln in (text or "").splitlines() if ln.strip()]
    for ln in reversed(lines):
        if phrases.STRONG_ERROR.match(ln) and "Traceback" not in ln:
            return ln
    for ln in lines:
        if phrases.ERROR_LINE.search(ln) and not ln.lower().startswith(("exit code", "traceback")):
            return ln
    return lines[0] if lines else "an error"


def _call_before(records: tuple[Record, ...], i: int) -> Record | None:
    for j in range(i - 1, max(-1, i - 20), -1):
        if records[j].role == Role.TOOL_CALL:
            return records[j]
        if records[j].role == Role.USER and not records[j].is_tool:
            return None
    return None


def _tool_of(records: tuple[Record, ...], i: int) -> str | None:
    r = records[i]
    if r.tool_name:
        return r.tool_name
    call = _call_before(records, i)
    return call.tool_name if call else None


def _command(call: Record | None) -> str:
    """What a tool call did, in a few words: its command, file path or first argument."""
    if call is None:
        return ""
    raw = call.tool_args or call.text or ""
    try:
        args = json.loads(raw) if raw.strip().startswith("{") else None
    except ValueError:
        args = None
    patch = _PATCH_FILE.search(raw)
    if patch:
        return f"{patch.group(1).lower()} {patch.group(2)}"
    if isinstance(args, dict):
        for key in ("command", "cmd", "file_path", "path", "pattern", "query", "url"):
            value = args.get(key)
            if isinstance(value, list):
                value = " ".join(str(v) for v in value)
            if isinstance(value, str) and value.strip():
                return value.strip().splitlines()[0]
    return raw.strip().splitlines()[0] if raw.strip() else ""


def _same_command(a: str, b: str) -> bool:
    ta, tb = a.split(), b.split()
    return bool(ta and tb) and ta[:2] == tb[:2]


def find_fixes(session: DaySession) -> list[Fix]:
    recs = session.records
    out: list[Fix] = []
    done_until = -1
    for i, r in enumerate(recs):
        if i <= done_until or not is_failure(r):
            continue
        fix = _resolve_tool(recs, i) if r.role == Role.TOOL_RESULT else _resolve_pasted(recs, i)
        if fix is not None:
            out.append(fix)
            done_until = fix.end   # later failures of the same chain are one note
    return out


def _resolve_tool(recs: tuple[Record, ...], i: int) -> Fix | None:
    tool = _tool_of(recs, i)
    failed_cmd = _command(_call_before(recs, i))
    first_ok: int | None = None
    rerun_ok: int | None = None
    for j in range(i + 1, min(len(recs), i + LOOKAHEAD)):
        r = recs[j]
        if r.role != Role.TOOL_RESULT or is_failure(r):
            continue
        if tool is not None and _tool_of(recs, j) != tool:
            continue
        if first_ok is None:
            first_ok = j
        if failed_cmd and _same_command(failed_cmd, _command(_call_before(recs, j))):
            rerun_ok = j
            break
    end = rerun_ok if rerun_ok is not None else first_ok
    if end is None:
        return None
    return Fix(one_line(error_summary(recs[i].text), 160), _explain(recs, i, end), (recs[i], recs[end]), end)


def _resolve_pasted(recs: tuple[Record, ...], i: int) -> Fix | None:
    last_answer: Record | None = None
    for j in range(i + 1, min(len(recs), i + LOOKAHEAD)):
        r = recs[j]
        if r.role == Role.ASSISTANT and not r.is_tool and r.text.strip():
            last_answer = r
        elif r.role == Role.USER and Flag.META not in r.flags and not r.is_tool:
            if is_failure(r):
                continue   # another traceback: the first fix did not work yet
            said = r.text or ""
            if phrases.DONE.search(said) and not phrases.NOT_DONE.search(said) and last_answer is not None:
                return Fix(one_line(error_summary(recs[i].text), 160), _explain(recs, i, j), (recs[i], r), j)
    return None


def _explain(recs: tuple[Record, ...], start: int, end: int) -> str:
    """What resolved the failure: the assistant's sentence naming a cause or a fix, else the
    actions taken between the failure and the resolution."""
    failed = _command(_call_before(recs, start))
    actions = []
    for r in recs[start + 1:end + 1]:
        if r.role == Role.TOOL_CALL and not (failed and _same_command(failed, _command(r))):
            cmd = _command(r)
            name = r.tool_name or "tool"
            label = f"{name} `{one_line(cmd, 80).replace('`', '')}`" if cmd else name
            if label not in actions:
                actions.append(label)
    for r in recs[start + 1:end]:
        if r.role == Role.ASSISTANT and not r.is_tool:
            for s in sentences(r.text):
                if phrases.FIX_WORDS.search(s) and not phrases.QUESTION_END.search(s):
                    return one_line(s, 200) + (f" ({'; '.join(actions[:2])})" if actions else "")
    if actions:
        return "then " + "; ".join(actions[-3:])
    return "resolved later in the session"


def technical_notes(sessions: list[DaySession]) -> list[Item]:
    out: list[Item] = []
    seen: set[str] = set()
    for s in sessions:
        for fix in find_fixes(s):
            key = fix.error.lower()
            if key in seen:
                continue
            seen.add(key)
            out.append(Item(f"{fix.error} → {fix.fix}", Evidence.of(fix.records)))
    return out
