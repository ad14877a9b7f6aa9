"""`bound --sets --hall --complete`: the Hall LP solved to its optimum with warm starts. Its value
is the optimum of the whole LP (every set of R_B, every Hall row) written out and solved at once,
and its certificate re-checks."""

from collections import Counter

import numpy as np
import pytest

from octosolve.octagion.bound_full import complete_set_bound
from octosolve.octagion.bound_sets import (_meets, _solve_lp, _subsets, _word_masks, all_sets,
                                           check_set_certificate, set_bound)
from octosolve.octagion.wordcards import design_words


def whole_lp(words, b, per_number):
    """The LP over every set meeting more than b words with every Hall row, solved in one go."""
    sets = all_sets(per_number)
    wm = _word_masks(words)
    cols = sets[_meets(sets, wm) > b]
    rw, rt, rp = list(range(len(words))), list(wm), [8] * len(words)
    for i, w in enumerate(words):
        for t, p in _subsets(w):
            rw.append(i)
            rt.append(t)
            rp.append(p)
    letters_rows = [(wi, ord(c) - 65, m) for wi, w in enumerate(words)
                    for c, m in sorted(Counter(w).items())]
    rows = (np.array(rw), np.array(rt, dtype=np.int64), np.array(rp))
    return _solve_lp(words, cols, rows, letters_rows)[0]


@pytest.mark.integration
@pytest.mark.parametrize("n,per_number,b", [(30, 3, 22), (40, 2, 20), (60, 3, 50)])
def test_complete_lp_is_the_optimum(n, per_number, b):
    """Small enough to write every set and every Hall row out (3 or 2 letters a number)."""
    words = design_words(None, n)[0]
    cert = complete_set_bound(words, per_number=per_number, threshold=b)
    assert cert["hall_rows_added"] > 0
    assert cert["lp_value"] == pytest.approx(whole_lp(words, b, per_number), abs=1e-5)
    r = check_set_certificate(cert)
    assert r["agrees"] and r["bound"] == cert["bound"]
    # the early-stopping LP of `--hall` is never below the optimum
    assert set_bound(words, per_number=per_number, threshold=b,
                     hall=True)["lp_value"] >= cert["lp_value"] - 1e-6


@pytest.mark.parametrize("purge", [True, False])
def test_complete_search_without_threshold(purge):
    """The same LP values with the Hall rows that stopped binding deleted between rounds (purge,
    the default) and without."""
    words = design_words(None, 100)[0]
    cert = complete_set_bound(words, purge=purge)
    assert cert["complete"] and cert["bound"] == 99 and check_set_certificate(cert)["agrees"]
    assert cert["thresholds_tried"] == {"98": 99, "99": 99}
    assert cert["lp_values"]["99"] == pytest.approx(98.585677, abs=1e-5)
    assert cert["lp_values"]["98"] == pytest.approx(99.386607, abs=1e-5)


def test_cpu_limit_stops_with_a_valid_weaker_certificate():
    """Past cpu_limit the LP stops between two solves: not complete, its certificate still
    re-checks, and proves no less than the complete solve."""
    words = design_words(None, 100)[0]
    cut = complete_set_bound(words, cpu_limit=0.0)
    assert cut["complete"] is False and cut["lps_solved"] == 1
    r = check_set_certificate(cut)
    assert r["agrees"] and 99 <= r["bound"] <= 100
