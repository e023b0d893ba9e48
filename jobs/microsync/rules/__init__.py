"""Extractors: turn the records of one session into candidate memory entries.

The rule extractor is four layers, each importing only from its own and the ones before it (text
and lexicons read each other's words and form the bottom;
`tests/jobs/microsync/rules/lexicon/test_lexicons.py` checks this):

- text: `text.py` (the user's own prose, sentences, folding), `cues.py` (an alternation of
  phrases with a literal prefilter) and `memo.py` (answers remembered for one session);
- lexicons: `lexicon/` — every phrase of every language, one file per language (`en.py`,
  `th.py`, `zh.py`), joined into cues by role (`lexicon.cue`);
- sentence: what one sentence or clause states — `classify.py`, `clauses.py`, `stance.py`,
  `scope.py`, `oneoff.py`, `complaints.py`, `conventions.py`, `facts.py`, `lists.py`,
  `structure.py`, `topology.py`, `settled.py`, `thchoice.py`, `fields.py`, `item.py`, `advice.py` (a
  turn that hands a choice to the agent states its premises, not decisions);
- dialogue: what a user turn means after the assistant's — `acts.py`, `replies.py`,
  `proposals.py`, `answers.py`, `choices.py`, `labelpick.py`, `earlier.py`, `corrections.py` (a
  correction of what was just decided, in the same session), and `rules.py`, the
  extractor that runs them all over a session.
"""
from jobs.microsync.engine import Candidate, Extractor, normalise_statement, usable_records
from jobs.microsync.rules.rules import RuleExtractor

__all__ = ["Candidate", "Extractor", "RuleExtractor", "normalise_statement", "usable_records"]
