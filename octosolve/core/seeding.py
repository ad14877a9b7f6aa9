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
