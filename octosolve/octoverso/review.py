"""Octoverso's part of the play page's post-game review (the manifest's ``review`` room,
docs/web.md): :func:`value`, the flat Monte Carlo player's playout (a few turns epsilon-greedily,
then the hand difference) as one sample of a move's value."""

from __future__ import annotations

from .players import playout_value

__all__ = ["SAMPLES", "value"]

SAMPLES = 24


def value(state, me: int, rng) -> float:
    """One playout of ``state`` (changed): ``me``'s value in [-1, 1] (the result once the game is
    over; before, tanh of the hand difference after 4 turns)."""
    return float(playout_value(state, me, rng, plies=4))
