"""PyYAML's safe loader, except that a key written twice in one mapping is an error.

Trigger: a memjobs.yaml with a second `transcripts:` or `timezone:` (appended by hand or a script).
Why: `yaml.safe_load` keeps the last value silently, so the first list of sources vanished and the
jobs read nothing from them, with exit 0 (docs/design.md §7.2, §8.1).
Outcome: a `yaml.MarkedYAMLError` at the second key's line, naming the key and its first line;
the caller turns it into its own error (memory_store/config.py). Imported only where PyYAML is.
"""
from __future__ import annotations

from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node

_MERGE = "tag:yaml.org,2002:merge"


class DuplicateKey(ConstructorError):
    """A key written twice in one mapping; `problem_mark` is the second one."""


class UniqueKeyLoader(yaml.SafeLoader):
    """`yaml.SafeLoader` that refuses a repeated key (a key that a `<<:` merge brings in may still
    be overridden: that is what a merge is for)."""

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, MappingNode):
            seen: dict[Any, Node] = {}
            for key_node, _ in node.value:
                if key_node.tag == _MERGE:
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    first = seen.get(key)
                except TypeError:
                    continue                  # an unhashable key: the base class reports it
                if first is not None:
                    raise DuplicateKey(
                        "while constructing a mapping", node.start_mark,
                        f"the key {key!r} appears twice (first on line {first.start_mark.line + 1})",
                        key_node.start_mark)
                seen[key] = key_node
        return super().construct_mapping(node, deep=deep)


def load(text: str) -> Any:
    """`yaml.safe_load(text)`, refusing a repeated key."""
    return yaml.load(text, Loader=UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
