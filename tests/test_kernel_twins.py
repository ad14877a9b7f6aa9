"""Every numba kernel agrees with its pure-Python twin (the TWINS table of each game's kernels.py)."""

from __future__ import annotations

import numpy as np
import pytest

from octosolve.core.kernels import Twin
from octosolve.games import GAMES

ENTRIES = [(g.name, t) for g in GAMES for t in g.twins()]


def test_every_game_lists_its_kernels():
    names = {g for g, _ in ENTRIES}
    assert names == {g.name for g in GAMES if g.has_room("kernels")}, "a game's kernels.py has no TWINS table"


@pytest.mark.parametrize("game,twin", ENTRIES, ids=[f"{g}:{t.name}" for g, t in ENTRIES])
def test_kernel_equals_twin(game, twin: Twin):
    rng = np.random.default_rng(12345)
    n = 0
    for args in twin.examples(rng):
        k = twin.kernel(*args)
        p = twin.twin(*args)
        assert twin.same(k, p), f"{game}:{twin.name} differs from its twin on example {n}"
        n += 1
    assert n > 0, f"{game}:{twin.name} has no examples"
