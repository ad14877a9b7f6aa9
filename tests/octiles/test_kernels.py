import pytest

from octosolve.octiles import kernels as K
from octosolve.octiles import rules as R

from .test_rules import random_placement


def _sig_nx(tr):
    return sorted((p.kind, tuple(sorted(p.ends)), p.tiles, p.segments, p.points, p.printed,
                   p.self_crossings, tuple(sorted(R.seg_distance(s.a, s.b) for s in p.steps)))
                  for p in tr.paths)


def _sig_fast(ft):
    out = []
    for c, d in enumerate(ft.components()):
        steps = ft.steps(c)
        out.append((d["kind"], tuple(sorted(d["ends"])), d["tiles"], d["segments"], d["points"],
                    d["printed"], d["self_crossings"],
                    tuple(sorted(R.seg_distance(a, b) for _, a, b in steps))))
    return sorted(out)


@pytest.mark.parametrize("seed", range(12))
def test_kernel_matches_networkx_and_python_twin(seed):
    n = [17, 17, 12, 5][seed % 4]
    pl = random_placement(900 + seed, n=n)
    tr = R.trace(pl)
    fast = K.fast_trace(pl)
    twin = K.fast_trace(pl, python=True)
    assert _sig_fast(fast) == _sig_nx(tr)
    assert _sig_fast(twin) == _sig_fast(fast)
    assert fast.npaths == len(tr.complete_paths) and fast.nloops == len(tr.loops)


def test_kernel_steps_are_a_walk():
    pl = random_placement(5)
    ft = K.fast_trace(pl)
    for c, d in enumerate(ft.components()):
        steps = ft.steps(c)
        for (s1, a1, b1), (s2, a2, b2) in zip(steps, steps[1:]):
            assert R.board().port_link[(s1, b1)] == (s2, a2)


def test_kernel_finds_loops():
    pl = {"a2": R.Placed(0, 0), "a3": R.Placed(1, 1)}
    ft = K.fast_trace(pl)
    loops = [d for d in ft.components() if d["kind"] == "loop"]
    assert len(loops) == 1 and loops[0]["printed"] == 1 and loops[0]["points"] == 6


def test_batch_summary_matches_single():
    tiles, rots = K.random_boards(50, 3)
    out = K.batch_summary(tiles, rots)
    for i in range(0, 50, 7):
        tr = R.trace(K.placement_of(tiles[i], rots[i]))
        assert out[i, 0] == len(tr.complete_paths)
        assert out[i, 1] == len(tr.loops)
        assert out[i, 2] == max(p.tiles for p in tr.complete_paths)
        assert out[i, 3] == max([p.self_crossings for p in tr.paths] or [0])
