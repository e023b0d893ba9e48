"""One line about hybrid ranking (memory_store/search/vectors.py) for `memjobs status` and `doctor`."""

from __future__ import annotations

from typing import Any


def embed_line(info: dict[str, Any]) -> str:
    state = info.get("state")
    if state == "on":
        return (f"on: {info['vectors']} of {info['rows']} rows and messages embedded ({info.get('model')});"
                " questions to the MCP server (it loads the model as it starts), not `memjobs search`")
    if state == "pending":
        return "installed, no vectors yet: the next `memjobs index` makes them"
    if state == "off":
        return "off (search.embed: off)"
    return "not installed (pip install 'memjobs[embed]' for hybrid ranking)"
