"""Octiles: the board, the 18 tiles, placements and the path tracer (the game's truth).

Board topology comes from ``data/octiles/board.json`` (see ``data/octiles/SOURCES.md``).

* A tile edge is numbered 0..7 counter-clockwise from the west edge:
  0 LEFT, 1 DOWN_LEFT, 2 DOWN, 3 DOWN_RIGHT, 4 RIGHT, 5 UP_RIGHT, 6 UP, 7 UP_LEFT.
* A **port** is a board edge of a space, written ``"c3:5"`` (space ``c3``, edge 5) or the tuple
  ``("c3", 5)``.
* A **location** is a stop square (``B2`` .. ``E5``) or a circle (``A1`` .. ``F1``).
* The 18 **tiles** are the 105 pairings of the 8 edges into 4 segments, up to rotation. Tile ``k`` at
  rotation 0 is the lexicographically smallest rotation of its class (segments as sorted pairs, the
  pairs sorted), and the ids 0..17 follow the lexicographic order of those representatives
  (see ``docs/rules/octiles.md`` for the table).
* A **placement** maps spaces to ``Placed(tile, rotation)``; rotation ``r`` puts tile edge ``i`` on
  board edge ``(i + r) % 8``.

The path tracer (:func:`trace`) builds a networkx graph of a placement and reports every path
(location to location), loop and open path (one that runs into an empty space), with their measures,
crossings, self-crossings, tiles crossed more than once, and symmetry; plus the route graph (paths
joined at stops) and its groups. :func:`follow` is a small direct walker for the games.

This module is the rules' front door: the tiles, board and placements live in :mod:`.tiles`, the
tracer in :mod:`.tracer`, the games' state in :mod:`.game`; all are re-exported here.

>>> len(TILES), len(SPACES)
(18, 17)
"""

from __future__ import annotations

from . import game as _game
from .tiles import *  # noqa: F401,F403
from .tiles import __all__ as _tiles_all
from .tracer import *  # noqa: F401,F403
from .tracer import __all__ as _tracer_all

__all__ = [*_tiles_all, *_tracer_all, "make_game", "state_from_document"]


def make_game(**params):
    """The Octiles games' state API (``octosolve.core.game.Game``): Move Over, the full game
    (``variant="octiles"``) and Team Up; see :mod:`octosolve.octiles.game`."""
    return _game.make_game(**params)


def state_from_document(doc):
    """The state of a position document (``State.to_json``), its game rebuilt from the document's
    ``params`` (every game's rules module has this reader)."""
    from .position import position_from_json

    return position_from_json(doc)
