"""Tic-tac-toe's pictures (every game's ``render.position_svg``: what a notebook shows)."""

from __future__ import annotations

__all__ = ["position_svg"]


def position_svg(state) -> str:
    return state._repr_svg_()
