"""The HiGHS second formulations of scripts/add_bound_witnesses.py that give 12 count and 14 share
their second voice (issue 44, item 2): on a fixed placement each formulation's maximum equals a
brute force over the tracer's components, so every real path (or pair) of the case is a feasible
point with its own objective (the formulation is sound) and nothing else sneaks in. The long runs
themselves (``--highs ends-12``, ``--highs share-14``) are not repeated here: their claims sit in
the certificates."""

import importlib.util
import itertools
from pathlib import Path

import pytest

from octosolve.octiles import rules as R
from octosolve.octiles.challenges.certificates import load_certificate

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "add_bound_witnesses.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("add_bound_witnesses", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _brute_12(pl, on) -> int:
    """The most crossings among the segments of at most one path with both end segments on the
    spaces ``on`` together with every loop (the relaxation's feasible sets on a fixed placement)."""
    tr = R.trace(pl)
    loops = [p.id for p in tr.paths if p.kind == "loop"]
    paths = [p.id for p in tr.paths if p.kind == "path" and p.steps
             and p.steps[0].space in on and p.steps[-1].space in on]

    def value(ids):
        return sum(tr.crossings.get((min(i, j), max(i, j)), 0)
                   for i, j in itertools.combinations_with_replacement(sorted(ids), 2))
    return max(value(loops + extra) for extra in [[]] + [[p] for p in paths])


# (certificate, spaces of the ends, brute force): 12's best path (7 self-crossings, ends on c4 and
# d2); 3's loops, which cross each other; 13's path with both ends on e3 crossing itself once
CASES = [((12, "count"), ("c4", "d2"), 7), ((3, "count"), ("a3",), 1),
         ((13, "self-crossing"), ("e3",), None)]


@pytest.mark.parametrize("cert, on, want", CASES)
def test_ends_12_formulation_equals_the_tracer_on_fixed_tiles(script, cert, on, want):
    pl = R.placement_from_json(load_certificate(*cert)["placement"])
    brute = _brute_12(pl, set(on))
    assert want is None or brute == want
    r = script.highs_ends_12(on[0], 0, 30, placement={s: tuple(p) for s, p in pl.items()},
                             also=on[1:])
    assert r["status"] == "OPTIMAL" and r["objective"] == brute, (cert, on)


def _brute_14_share(pl) -> int:
    """The most spaces two paths share without crossing each other (14 share, both paths)."""
    tr = R.trace(pl)
    ps = [p for p in tr.paths if p.kind == "path"]
    return max(len(set(a.tile_visits) & set(b.tile_visits))
               for a, b in itertools.combinations(ps, 2)
               if tr.crossings.get((min(a.id, b.id), max(a.id, b.id)), 0) == 0)


@pytest.mark.parametrize("cert", [(14, "share"), (3, "count")])
def test_share_14_formulation_equals_the_tracer_on_fixed_tiles(script, cert):
    """Two paths with a flow each on 14 share's best placement (9) and on 3's (7 loops): the
    formulation's maximum is the best pair of non-crossing paths (without the flow rows, 3's loops
    would give 8 instead of 1)."""
    pl = R.placement_from_json(load_certificate(*cert)["placement"])
    r = script.highs_share_14(0, 30, placement={s: tuple(p) for s, p in pl.items()})
    assert r["status"] == "OPTIMAL" and r["objective"] == _brute_14_share(pl), cert
