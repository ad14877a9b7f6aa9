"""Words for counts in readable output, one way for every game.

>>> plural(1, "win"), plural(3, "win"), plural(1, "loss", "losses"), plural(0, "draw")
('1 win', '3 wins', '1 loss', '0 draws')
"""

from __future__ import annotations

__all__ = ["plural"]


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural (``many``, or ``word`` + "s") unless ``n`` is 1."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
