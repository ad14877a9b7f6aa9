"""Counts in words, the one way every command says them: ``1 tile``, ``2 tiles``, never ``1 tiles``
or ``tile(s)``.

>>> counted(1, "tile"), counted(0, "tile"), counted(3, "tile")
('1 tile', '0 tiles', '3 tiles')
>>> counted(2, "self-crossing"), counted(1, "match", "matches"), counted(2, "match", "matches")
('2 self-crossings', '1 match', '2 matches')
>>> names_list(["P0"]), names_list(["P0", "P2"]), names_list(["P0", "P1", "P3"])
('P0', 'P0 and P2', 'P0, P1 and P3')
>>> print(shown("A\\x1b[31mB\\u202e"))
A\\x1b[31mB\\u202e
"""

from __future__ import annotations

import unicodedata

__all__ = ["counted", "names_list", "shown"]

# control, format (U+202E turns the line around), surrogate, private-use, unassigned, line breaks
_HIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def counted(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, in the plural (``word + "s"`` unless given) when ``n`` is not 1."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def names_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(x) for x in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def shown(text: str) -> str:
    """``text`` safe to print on a terminal: characters that would act on it rather than show
    (control characters, U+202E and the other format characters, surrogates, line breaks) are
    written as Python escapes (``\\x1b``, ``\\u202e``)."""
    out = []
    for ch in str(text):
        if unicodedata.category(ch) in _HIDDEN:
            o = ord(ch)
            out.append(f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}")
        else:
            out.append(ch)
    return "".join(out)
