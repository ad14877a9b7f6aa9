"""Oct8's part of the play page's post-game review (the manifest's ``review`` room, docs/web.md):
:func:`value`, one numba builder-policy playout to the end (flat Monte Carlo's) as one sample of a
move's value."""

from __future__ import annotations

from .players import rollout_value

__all__ = ["SAMPLES", "value"]

SAMPLES = 48


def value(state, me: int, rng) -> float:
    """One builder playout of ``state`` to the end: ``me``'s win share minus 1/n plus 0.02 x the
    score margin over the best opponent, doubled (a 2-player win about 1, a loss about -1)."""
    return 2.0 * float(rollout_value(state, rng, me))
