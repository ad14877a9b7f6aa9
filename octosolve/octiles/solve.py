"""Octiles solvers: the puzzle challenges live in :mod:`octosolve.octiles.challenges` (this room of the
game package re-exports its public API).

>>> from octosolve.octiles import solve
>>> solve.get_variant(3, None)[1].name
'count'
"""

from .challenges import *  # noqa: F401,F403
from .challenges import __all__  # noqa: F401
