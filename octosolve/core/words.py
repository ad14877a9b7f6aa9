"""Counts in words, the one way every command says them: ``1 tile``, ``2 tiles``, never ``1 tiles``
or ``tile(s)``.

>>> counted(1, "tile"), counted(0, "tile"), counted(3, "tile")
('1 tile', '0 tiles', '3 tiles')
>>> counted(2, "self-crossing"), counted(1, "match", "matches"), counted(2, "match", "matches")
('2 self-crossings', '1 match', '2 matches')
>>> names_list(["P0"]), names_list(["P0", "P2"]), names_list(["P0", "P1", "P3"])
('P0', 'P0 and P2', 'P0, P1 and P3')
"""

from __future__ import annotations

__all__ = ["counted", "names_list"]


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, in the plural (``word + "s"`` unless given) when ``n`` is not 1."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def names_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""
