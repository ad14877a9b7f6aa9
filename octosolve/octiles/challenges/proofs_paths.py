"""Proof strategies for some challenge variants (see :func:`.prove.strategies`)."""

from __future__ import annotations

__all__ = ["STRATEGIES"]

# {(challenge, variant): strategy(ctx: ProofContext) -> dict}
STRATEGIES: dict = {}
