"""A `WrapUp` as markdown: the title, the six sections in order, links made from evidence, and
volumes past `limits.summary_lines` lines (docs/design.md §2.1).

Volume 1 always has all six sections; when the day does not fit, the bullets that do not fit
continue, in order and under the same headings, in `…-wrapup-2.md`, `-3`, … and the place where
a section breaks off says so with a link to the next volume. Nothing here reads a clock.

A value the user had memjobs forget reaches no wrap-up written after the forget (docs/design.md §6.2):
each bullet's words and id, and the summary, are written through the forgotten filter
(memory_store/core/forgotten.py `Forgotten.mask`, `shown_id`), as the weekly writes its archive.
"""
from __future__ import annotations

import posixpath
from dataclasses import dataclass
from datetime import date

from jobs.daily.model import Item, WrapUp
from memory_store.core.forgotten import Forgotten
from memory_store.redact import redact
from memory_store.workspace import SUMMARY_DIR, wrapup_path
from memory_store.wrapup_format import NONE, SECTIONS, title_of

NOTHING_FORGOTTEN = Forgotten()
_PATH_ESCAPES = {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "[": "%5B", "]": "%5D"}


@dataclass(frozen=True)
class Volume:
    rel: str          # workspace-relative path
    text: str


def transcript_target(path: str, message_range: str) -> str:
    """`<session_path>#<message_range>`, with the few characters a markdown link cannot hold escaped."""
    escaped = "".join(_PATH_ESCAPES.get(ch, ch) for ch in path.replace("%", "%25"))
    return f"{escaped}#{message_range}"


def bullet(item: Item, gone: Forgotten = NOTHING_FORGOTTEN) -> str:
    """One bullet: the item's words (each forgotten value in them written `[forgotten]`) and its source."""
    text = gone.mask(item.text)
    if item.entry is not None:
        target = posixpath.relpath(item.entry.rel, SUMMARY_DIR)
        return f"- {text} ([{gone.shown_id(item.entry.id)}]({target}))"
    if item.evidence is not None:
        ev = item.evidence
        label = f"{ev.session_id[:8]} {ev.message_range}".strip()
        return f"- {text} ([{label}]({transcript_target(ev.path, ev.message_range)}))"
    # Only a summariser's own synthesis (an LLM's plan for tomorrow) comes without a source;
    # `memjobs validate` warns about such a bullet.
    return f"- {text}"


def _continued(day: date, volume: int) -> str:
    name = posixpath.basename(wrapup_path(day, volume))
    return f"- Continued in [volume {volume}]({name})."


def render(w: WrapUp, limit: int, gone: Forgotten = NOTHING_FORGOTTEN) -> list[Volume]:
    """The wrap-up's volumes, first to last, with the values of `gone` (the workspace's forgotten values)
    masked. Each volume has at most `limit` lines when every volume can hold its skeleton and one bullet;
    otherwise a volume holds at least one bullet."""
    day_iso = w.day.isoformat()
    sections = [[bullet(i, gone) for i in items] for items in w.sections()]
    head = [title_of(day_iso), ""] + ([gone.mask(w.summary), ""] if w.summary else [])
    # Volume 1: every section's heading and at least one line of content are always there.
    fixed = len(head) + 3 * len(SECTIONS) - 1 + len(SECTIONS)
    spare = max(0, limit - fixed)
    body: list[list[str]] = []
    rest: list[list[str]] = [[] for _ in SECTIONS]
    overflow = False
    for k, lines in enumerate(sections):
        if overflow:
            body.append([_continued(w.day, 2)] if lines else [NONE])
            rest[k] = lines
        elif not lines:
            body.append([NONE])
        elif len(lines) - 1 <= spare:
            body.append(lines)
            spare -= len(lines) - 1
        else:
            take = spare
            body.append(lines[:take] + [_continued(w.day, 2)])
            rest[k] = lines[take:]
            spare = 0
            overflow = True
    volumes = [Volume(wrapup_path(w.day, 1), _join(head, list(zip(SECTIONS, body, strict=True))))]
    number = 2
    while any(rest):
        previous = posixpath.basename(wrapup_path(w.day, number - 1))
        head_n = [title_of(day_iso, number), "", f"Continued from [volume {number - 1}]({previous}).", ""]
        room = limit - len(head_n)
        parts: list[tuple[str, list[str]]] = []
        for k, lines in enumerate(rest):
            if not lines:
                continue
            avail = room - 3 - 1   # heading, blank, blank after; one line kept for "continued"
            if parts and avail < 1:
                break
            fit = max(1, min(len(lines), avail))
            parts.append((SECTIONS[k], lines[:fit]))
            rest[k] = lines[fit:]
            room -= 3 + fit
            if rest[k]:
                break
        if any(rest):
            parts[-1][1].append(_continued(w.day, number + 1))
        volumes.append(Volume(wrapup_path(w.day, number), _join(head_n, parts)))
        number += 1
    return volumes


def _join(head: list[str], parts: list[tuple[str, list[str]]]) -> str:
    lines = list(head)
    for k, (name, content) in enumerate(parts):
        lines += [f"## {name}", ""] + content
        if k + 1 < len(parts):
            lines.append("")
    return redact("\n".join(lines) + "\n")


def retired_volume(day: date, volume: int, volumes_now: int) -> str:
    """What a volume left over from an earlier, longer run of the same day is rewritten to."""
    first = posixpath.basename(wrapup_path(day, 1))
    noun = "volume" if volumes_now == 1 else "volumes"
    return (f"{title_of(day.isoformat(), volume)}\n\nThis volume is no longer used: the wrap-up of "
            f"{day.isoformat()} now fits in {volumes_now} {noun}, starting at [volume 1]({first}).\n")
