"""Reproducible randomness: everything random takes a seed; sub-streams are derived, never shared."""

from __future__ import annotations

import random
import zlib

import numpy as np

DEFAULT_SEED = 20261121


def whole_seed(seed) -> int:
    """``seed`` as an int: a whole number (a numpy integer, or a float such as ``7.0``); a one-line
    ``OctoError`` for anything else (``"a"``, ``1.5``, ``True``) rather than a ``ValueError`` or a
    seed silently rounded.

    >>> whole_seed(7), whole_seed(7.0)
    (7, 7)
    """
    if hasattr(seed, "__index__") and not isinstance(seed, bool):
        return seed.__index__()
    if isinstance(seed, float) and seed.is_integer():
        return int(seed)
    from .errors import fail

    fail(f"a seed is a whole number, got {str(repr(seed))[:40]}")


def derive_seed(seed: int | None, *keys: object) -> int:
    """A 32-bit seed derived from ``seed`` and any keys (game index, player, purpose).

    The same arguments always give the same result, on every platform and Python version
    (it uses CRC32 of the keys' reprs, not ``hash``).
    """
    base = DEFAULT_SEED if seed is None else whole_seed(seed)
    h = zlib.crc32(repr((base,) + tuple(keys)).encode("utf-8"))
    return (h ^ (base * 0x9E3779B1)) & 0x7FFFFFFF


def rng(seed: int | None, *keys: object) -> np.random.Generator:
    """A numpy Generator for ``seed`` (and optional keys to derive an independent stream)."""
    s = DEFAULT_SEED if seed is None else whole_seed(seed)
    return np.random.default_rng(derive_seed(s, *keys) if keys else s)


def py_random(seed: int | None, *keys: object) -> random.Random:
    """A ``random.Random`` for ``seed`` (and optional keys)."""
    s = DEFAULT_SEED if seed is None else whole_seed(seed)
    return random.Random(derive_seed(s, *keys) if keys else s)


# The one seeding rule for computer players and chance in a game (the match layer's
# core.match.play_game, every game's `play`, and the web app's games against the computer): the same
# seed, the same players in the same seats and the same moves give the same game everywhere.

def player_seed(seed: int | None, game_index: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of game ``game_index`` of a match played with
    ``seed`` (a game played alone, in the CLI or the web app, is game 0).

    >>> player_seed(7, 0, 1) == derive_seed(7, "player", 0, 1)
    True
    """
    return derive_seed(seed, "player", game_index, seat)


def chance_rng(seed: int | None, drawn: int = 0) -> random.Random:
    """The stream that draws a game's chance outcomes (``core.game.sample_chance`` takes one
    ``random()`` a draw), after ``drawn`` draws: the web app rebuilds a game from its seed and moves
    and goes on drawing where the match layer's one stream would be.

    >>> a = chance_rng(3); _ = a.random(); a.random() == chance_rng(3, drawn=1).random()
    True
    """
    r = py_random(seed, "chance")
    for _ in range(int(drawn)):
        r.random()
    return r
