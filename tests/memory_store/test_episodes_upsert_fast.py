"""`episodes.upsert` appends an episode whose id the month file does not hold without parsing the
file again. Differential: the same bytes as the previous `upsert` (`_reference`, which parsed the
file before every episode) over generated month files: new and existing ids, an id inside another
id, ids written in other episodes' summaries, a file without a trailing newline, prose and a fence
before the blocks."""
from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store import episodes as ep
from memory_store.entries import Source
from memory_store.markdown import Prose, parse_document


def _reference(text: str | None, episodes: list[ep.Episode], title: str) -> str:
    doc = parse_document(text or title)
    out = doc.text
    for e in episodes:
        doc = parse_document(out)
        block = next((b for b in doc.records(ep.KIND) if b.id == e.id), None)
        if block is not None:
            doc.nodes[doc.nodes.index(block)] = Prose(block.line, ep.serialize_episode(e))
            out = doc.text
            continue
        if not out.endswith("\n"):
            out += "\n"
        if not out.endswith("\n\n"):
            out += "\n"
        out += ep.serialize_episode(e)
    return out


_IDS = [f"EPISODE-202611{d:02d}-{w}" for d, w in ((1, "fix-the-build"), (2, "ship-it"), (3, "fix-the-build"),
                                                   (4, "rotate-keys"), (2, "ship"))]


def _episode(i: int, n: int, mention: int | None) -> ep.Episode:
    summary = f"Session {n}" + (f", see {_IDS[mention]}" if mention is not None else "")
    return ep.Episode(title=f"Work {n}", id=_IDS[i], date="2026-11-01",
                      source=Source(f"s{n}", f"/t/s{n}.jsonl", "L1-L9"), summary=summary, topics=("build",),
                      outcome="success", signal="", started="2026-11-01T09:00", ended="2026-11-01T10:00",
                      expires="2027-02-01")


_EPISODES = st.lists(st.tuples(st.integers(0, len(_IDS) - 1), st.integers(0, 99),
                               st.one_of(st.none(), st.integers(0, len(_IDS) - 1))), max_size=6)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_EPISODES, _EPISODES, st.sampled_from(["", "Some prose.\n", "```\n## Episode: fenced\n- id: x\n```\n"]),
       st.booleans())
def test_upsert_writes_what_it_wrote_before(first: list, then: list, prose: str, cut_newline: bool) -> None:
    title = ep.month_title("memory/episodes/2026-11.md")
    base = [_episode(*t) for t in first]
    base = list({e.id: e for e in base}.values())   # one episode per id, as the episodes step passes them
    text = _reference(None, base, title + prose)
    if cut_newline:
        text = text.rstrip("\n")
    later = list({e.id: e for e in (replace(_episode(*t), summary=f"again {t[1]}") for t in then)}.values())
    assert ep.upsert(text, later, title) == _reference(text, later, title)
    assert ep.upsert(None, later, title) == _reference(None, later, title)
