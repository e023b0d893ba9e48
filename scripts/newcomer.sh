#!/usr/bin/env bash
# A newcomer's first hour, scripted (CI runs it after the test suite, from .ci/run):
# a fresh venv with memjobs installed as a wheel (not editable), the README's first commands,
# then `init` on a home folder holding sample Claude Code and Codex transcripts, the backfill
# that init prints, a search that finds a decision, doctor, and the refusal of a wrong folder.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/memjobs-newcomer.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
say() { printf '\n== %s\n' "$*"; }
fail() { printf 'newcomer: FAILED: %s\n' "$*" >&2; exit 1; }

say "fresh venv, pip install (a wheel, as a user gets it)"
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q "$repo"
export PATH="$tmp/venv/bin:$PATH" HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config"
unset MEMJOBS_WORKSPACE MEMJOBS_POLICY || true
mkdir -p "$HOME/.claude" "$HOME/.codex"
cp -r "$repo/jobs/demo/data/transcripts/claude-code/projects" "$HOME/.claude/projects"
cp -r "$repo/jobs/demo/data/transcripts/codex/sessions" "$HOME/.codex/sessions"

say "memjobs --version, --help"
memjobs --version | grep -q '^memjobs [0-9]' || fail "--version"
memjobs --help >/dev/null

say "memjobs init (finds the history, prints the backfill command)"
ws="$tmp/agent-workspace"
memjobs init "$ws" | tee "$tmp/init.out"
grep -q 'claude-code .* sessions on at least' "$tmp/init.out" || fail "init did not report the Claude Code history"
backfill_cmd="$(grep -o "memjobs --workspace $ws backfill --since [0-9-]*" "$tmp/init.out" | head -1)"
[ -n "$backfill_cmd" ] || fail "init printed no backfill command"

say "$backfill_cmd"
$backfill_cmd | tail -1
ls "$ws"/memory/20*.md >/dev/null 2>&1 || fail "the backfill wrote no daily file"

say "search (from inside the workspace, as the README does)"
(cd "$ws" && memjobs search "postgres" --json) > "$tmp/search.json"
python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; assert r, 'no result'; print(r[0]['path'], r[0]['line'], r[0]['title'])" "$tmp/search.json" \
  || fail "search found nothing"

say "status, validate, doctor"
memjobs status --workspace "$ws" >/dev/null
memjobs --workspace "$ws" validate || fail "validate"
memjobs --workspace "$ws" doctor --no-llm || fail "doctor found an error"

say "a wrong folder is refused, and nothing is created there"
if memjobs --workspace "$tmp/typo" run microsync 2>"$tmp/typo.err"; then fail "a wrong folder ran"; fi
grep -q "not a memjobs workspace" "$tmp/typo.err" || fail "no clear error for a wrong folder"
[ ! -e "$tmp/typo" ] || fail "the wrong folder was created"

say "newcomer: ok"
