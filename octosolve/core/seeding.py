"""Reproducible randomness: everything random takes a seed; sub-streams are derived, never shared."""

from __future__ import annotations

import random
import zlib

import numpy as np

DEFAULT_SEED = 20261121


def derive_seed(seed: int | None, *keys: object) -> int:
    """A 32-bit seed derived from ``seed`` and any keys (game index, player, purpose).

    The same arguments always give the same result, on every platform and Python version
    (it uses CRC32 of the keys' reprs, not ``hash``).
    """
    base = DEFAULT_SEED if seed is None else int(seed)
    h = zlib.crc32(repr((base,) + tuple(keys)).encode("utf-8"))
    return (h ^ (base * 0x9E3779B1)) & 0x7FFFFFFF


def rng(seed: int | None, *keys: object) -> np.random.Generator:
    """A numpy Generator for ``seed`` (and optional keys to derive an independent stream)."""
    s = DEFAULT_SEED if seed is None else int(seed)
    return np.random.default_rng(derive_seed(s, *keys) if keys else s)


def py_random(seed: int | None, *keys: object) -> random.Random:
    """A ``random.Random`` for ``seed`` (and optional keys)."""
    s = DEFAULT_SEED if seed is None else int(seed)
    return random.Random(derive_seed(s, *keys) if keys else s)
