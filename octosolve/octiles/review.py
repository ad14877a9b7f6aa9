"""Octiles' part of the play page's post-game review (the manifest's ``review`` room, docs/web.md):
:func:`value`, the ``mcts`` player's rollout (a few turns of its prior's best actions, then the
progress evaluation) as one sample of a move's value."""

from __future__ import annotations

from .players import OctilesHooks

__all__ = ["SAMPLES", "value"]

SAMPLES = 16  # rollouts per move compared (each a few turns and one evaluation)
_HOOKS: dict[int, OctilesHooks] = {}


def value(state, me: int, rng) -> float:
    """One rollout of ``state`` (changed): ``me``'s value in [-1, 1] (the result once the game is
    over; before, the progress evaluation against the other players)."""
    hooks = _HOOKS.setdefault(0, OctilesHooks(0))  # its prior's cache: one per process (the review
    return float(hooks.rollout(state, rng)[me])     # holds the game's engine lock)
