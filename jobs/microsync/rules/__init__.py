"""Extractors: turn the records of one session into candidate memory entries."""
from jobs.microsync.engine import Candidate, Extractor, normalise_statement, usable_records
from jobs.microsync.rules.rules import RuleExtractor

__all__ = ["Candidate", "Extractor", "RuleExtractor", "normalise_statement", "usable_records"]
