"""The memory layers in search (docs/design.md §6): the decay score and its layer exceptions,
confidence by origin, `--layer`, each result's `layer`, the user model's ×0.5, the query-type
boosts, and decay multiplied into the ranking."""
from __future__ import annotations

import json
import math
from datetime import date
from pathlib import Path

import anyio
import pytest

from memory_store import procedures as pr
from memory_store.confidence import CONFIDENCE, confidence_of, line_confidence
from memory_store.decay import access_factor, decay_score, recency
from memory_store.entries import Source
from memory_store.episodes import Episode, month_title, serialize_episode
from memory_store.errors import UsageError
from memory_store.search.hits import Hit
from memory_store.search.indexer import update_index
from memory_store.search.layers import DEFAULT_LAYERS, LAYERS, layer_of, layer_weight, parse_layers, query_type
from memory_store.search.query import SearchOptions, rank_factor, search
from tests.conftest import cli, served_by_tools
from tests.memory_store.search.test_search_fixtures import config, entry, write_daily

TODAY = date(2026, 11, 20)
SRC = Source("sess-9", "/home/u/.claude/projects/p/sess-9.jsonl", "L1-L20")
PROFILE_LINE = ("- key:deploy.window | value:deploy only on weekdays | priority:60 | ttl:none"
                " | source:user_explicit | updated_at:2026-11-10T04:00:00Z\n")


# ---- the decay score (seed rules) ---------------------------------------------------------------

def test_recency_is_one_half_at_69_days_and_the_score_a_quarter_without_access() -> None:
    assert recency(69) == pytest.approx(0.5, abs=0.005)
    assert decay_score("semantic", 69, 0) == pytest.approx(0.25, abs=0.003)
    assert decay_score("episodic", 69, 0) == pytest.approx(0.25, abs=0.003)


def test_access_factor_goes_from_one_half_to_one_at_ten_reads() -> None:
    assert [access_factor(n) for n in (0, 1, 5, 10, 40)] == pytest.approx([0.5, 0.55, 0.75, 1.0, 1.0])
    assert decay_score("semantic", 0, 10) == 1.0


def test_layer_exceptions_user_model_never_decays_procedures_fade_at_half_rate() -> None:
    assert decay_score("user_model", 10_000, 0) == 1.0
    assert decay_score("procedural", 139, 10) == pytest.approx(0.5, abs=0.005)
    assert decay_score("procedural", 69, 0) == pytest.approx(0.5 * math.exp(-0.005 * 69))
    assert decay_score("semantic", 139, 10) == pytest.approx(0.25, abs=0.005)


# ---- confidence by origin ---------------------------------------------------------------------

def test_confidence_by_origin() -> None:
    assert CONFIDENCE == {"user": 0.95, "admin": 0.90, "correction": 0.85, "cited": 0.80, "auto": 0.60}
    assert confidence_of("nobody-knows") == 0.60
    assert line_confidence("user_explicit") == 0.95
    assert line_confidence("user_inferred") == 0.60
    assert line_confidence("policy") == 0.90
    assert line_confidence("user_explicit", own=0.7) == 0.7


# ---- layers, the filter and the boosts --------------------------------------------------------

def test_layer_of_each_place_and_the_layer_option() -> None:
    assert layer_of("PROFILE.md", "core") == "user_model"
    assert layer_of("SESSION.md", "core") == "user_model"
    assert layer_of("memory/procedures.md", "procedure") == "procedural"
    assert layer_of("memory/2026-11-02.md", "procedure") == "procedural"  # an older Procedure entry
    assert layer_of("memory/episodes/2026-11.md", "episode") == "episodic"
    assert layer_of("memory/archive/episodes.md", None) == "episodic"
    assert layer_of("/x/s.jsonl", None, said=True) == "episodic"
    assert layer_of("memory/2026-11-02.md", "decision") == "semantic"
    assert layer_of("MEMORY.md", "rule") == "semantic"
    assert parse_layers(None) == DEFAULT_LAYERS == ("procedural", "semantic", "episodic")
    assert parse_layers(["episodic,user_model", "semantic"]) == ("user_model", "semantic", "episodic")
    with pytest.raises(UsageError, match="--layer must be among"):
        parse_layers(["semantics"])


@pytest.mark.parametrize(("query", "qtype"), [
    ("how do we deploy the api?", "how"), ("deployment steps", "how"), ("วิธี deploy ขั้นตอน", "how"),
    ("怎么部署", "how"), ("when did we move to postgres?", "when"), ("what happened with the outage", "when"),
    ("ย้ายไป postgres เมื่อไหร่", "when"), ("上次部署发生了什么", "when"), ("postgres bookings", None),
])
def test_query_type(query: str, qtype: str | None) -> None:
    assert query_type(query) == qtype


def test_boosts_by_query_type_and_the_user_model_weight() -> None:
    assert layer_weight("procedural", "how") == 1.2
    assert layer_weight("episodic", "when") == 1.1
    assert layer_weight("procedural", "when") == layer_weight("episodic", "how") == 1.0
    assert layer_weight("semantic", "how") == layer_weight("semantic", "when") == 1.0
    assert layer_weight("user_model", None) == layer_weight("user_model", "how") == 0.5
    hit = Hit(1, "memory/procedures.md", 3, "entry", "procedure", "PROCEDURE-x", "t", "b", "2026-11-20",
              "active", 0.95, None, -1.0, layer="procedural")
    assert rank_factor(hit, TODAY, 0, "how") == pytest.approx(1.2 * rank_factor(hit, TODAY, 0, None))


# ---- end to end over a real workspace and index -------------------------------------------------

def _episode() -> Episode:
    return Episode(
        title="deploy the api to staging", id="EPISODE-20261118-sess9-abc123", date="2026-11-18", source=SRC,
        summary="we tried to deploy the api to staging; the migrations failed first", topics=("deploy", "staging"),
        outcome="partial", signal="tests failing at the end", started="2026-11-18T10:00+07:00",
        ended="2026-11-18T11:00+07:00", expires="2027-02-16")


def _layered(ws: Path) -> Path:
    write_daily(ws, "2026-11-19", [entry("Decision", "Deploy the api with blue-green", "2026-11-19",
                                         "We deploy the api with blue-green switches.")])
    proc = pr.make_procedure("deploy the api", ["run the migrations", "run the tests", "deploy"], "2026-11-12", SRC,
                             "explicit")
    (ws / "memory" / "procedures.md").write_text(pr.apply(None, [proc])[0], "utf-8")
    (ws / "memory" / "episodes").mkdir(parents=True, exist_ok=True)
    rel = "memory/episodes/2026-11.md"
    (ws / rel).write_text(month_title(rel) + "\n" + serialize_episode(_episode()), "utf-8")
    profile = ws / "PROFILE.md"
    profile.write_text(profile.read_text("utf-8") + "\n" + PROFILE_LINE, "utf-8")
    update_index(config(ws))
    return ws


def test_default_search_leaves_out_the_user_model_and_every_result_carries_its_layer(workspace: Path) -> None:
    ws = _layered(workspace)
    hits = search(config(ws), "deploy", SearchOptions(limit=10), today=TODAY).hits
    assert {h.layer for h in hits} == {"procedural", "semantic", "episodic"}
    assert all(h.path != "PROFILE.md" for h in hits)
    only = search(config(ws), "deploy", SearchOptions(limit=10, layers=("episodic",)), today=TODAY).hits
    assert [(h.path, h.layer) for h in only] == [("memory/episodes/2026-11.md", "episodic")]
    ep = only[0].to_dict()
    assert ep["status"] is None and ep["confidence"] == 0.6 and ep["kind"] == "episode"  # not "active"
    procs = search(config(ws), "deploy", SearchOptions(layers=("procedural",)), today=TODAY).hits
    assert [h.path for h in procs] == ["memory/procedures.md"] and procs[0].confidence == 0.95


def test_the_user_model_only_when_asked_and_weighed_one_half(workspace: Path) -> None:
    ws = _layered(workspace)
    asked = search(config(ws), "weekdays", SearchOptions(layers=LAYERS), today=TODAY).hits
    assert [(h.path, h.layer) for h in asked] == [("PROFILE.md", "user_model")]
    assert asked[0].to_dict()["confidence"] == 0.95  # source:user_explicit
    # ×0.5 and nothing else: the user model's decay is 1.0 whatever its age.
    assert asked[0].score == pytest.approx(-asked[0].bm25 * 0.5 * 1.0 * 1.0)
    assert search(config(ws), "weekdays", SearchOptions(), today=TODAY).hits == []


def test_at_equal_relevance_the_newer_and_the_more_read_entry_wins(workspace: Path) -> None:
    old = entry("Decision", "Cache rooms in redis alpha", "2026-10-01", "Rooms are cached in redis.")
    new = entry("Decision", "Cache rooms in redis bravo", "2026-11-10", "Rooms are cached in redis.")
    write_daily(workspace, "2026-10-01", [old])
    write_daily(workspace, "2026-11-10", [new])
    update_index(config(workspace))
    hits = search(config(workspace), "cached redis", SearchOptions(tier="all"), today=TODAY).hits
    assert [h.id for h in hits] == [new.id, old.id]
    # Ten reads of the old one (counted by microSync from transcripts) outweigh 40 days of age.
    access = workspace / ".memjobs" / "access"
    access.mkdir(parents=True, exist_ok=True)
    (access / "2026-W45.json").write_text(json.dumps({"version": 1, "counts": {old.id: 10}}), "utf-8")
    update_index(config(workspace))
    hits = search(config(workspace), "cached redis", SearchOptions(tier="all"), today=TODAY).hits
    assert [h.id for h in hits] == [old.id, new.id]


def test_cli_layer_option_json_and_human(workspace: Path) -> None:
    ws = _layered(workspace)
    res = cli("--workspace", str(ws), "search", "deploy", "--layer", "procedural,episodic", "--json")
    assert res.exit_code == 0, res.output
    layers = [r["layer"] for r in json.loads(res.stdout)["results"]]
    assert sorted(layers) == ["episodic", "procedural"]
    res = cli("--workspace", str(ws), "search", "weekdays", "--layer", "user_model")
    assert res.exit_code == 0 and res.stdout.startswith("PROFILE.md:") and "user_model" in res.stdout
    res = cli("--workspace", str(ws), "search", "deploy", "--layer", "facts")
    assert res.exit_code == 2 and "--layer must be among" in res.output


def test_mcp_memory_search_takes_layers(workspace: Path) -> None:
    ws = _layered(workspace)
    calls = [("memory_search", {"query": "deploy", "layer": ["episodic"]}),
             ("memory_search", {"query": "weekdays", "layer": ["user_model"]}),
             ("memory_search", {"query": "weekdays"}),
             ("memory_get", {"id": "EPISODE-20261118-sess9-abc123"})]
    out = anyio.run(served_by_tools, ws, calls)
    assert [r["layer"] for r in out[0].structured_content["results"]] == ["episodic"]
    assert [r["path"] for r in out[1].structured_content["results"]] == ["PROFILE.md"]
    assert out[2].structured_content["results"] == []
    got = out[3].structured_content  # the whole episode, not only its `- id:` line
    assert got["line"] == 3 and got["text"].startswith("## Episode: deploy the api to staging\n")
    assert got["text"].endswith("- expires: 2027-02-16")
