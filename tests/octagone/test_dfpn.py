"""The proof-number search (octosolve/octagone/dfpn.py, ``solve --method dfpn``) against the
alpha-beta solver and exhaustive minimax: same outcome, a best move that keeps it."""

import subprocess
import sys

import numpy as np
import pytest

from octosolve.core.errors import OctoError
from octosolve.core.seeding import derive_seed
from octosolve.octagone import dfpn as D
from octosolve.octagone import kernels as K
from octosolve.octagone.matches import position_with_free
from octosolve.octagone.measures import played_position
from octosolve.octagone.solve import minimax_reference, mode_of, search_value, solve, solver_position


def _sign(v):
    return (v > 0) - (v < 0)


def _keeps(state, action, outcome):
    """The move ``action`` keeps ``outcome`` for the player to move (checked by the full-window
    alpha-beta on the child, or the rules when the move ends the game)."""
    p = state.to_move
    child = state.clone()
    child.apply_action(action)
    if child.over:
        left = child.shields_left()
        return _sign(left[1 - p] - left[p]) == outcome
    v = search_value(child)["value"]
    return _sign(v if child.to_move == p else -v) == outcome


CASES = [(v, w, f, seed) for v, w in (("standard", "edge"), ("standard", "torus"), ("kids", "edge"))
         for f in (4, 6, 7) for seed in range(2)]


@pytest.mark.parametrize("variant,wrap,free,seed", CASES)
def test_dfpn_outcome_is_the_sign_of_exhaustive_minimax(variant, wrap, free, seed):
    s = position_with_free(seed, free, variant, wrap=wrap)
    ref = _sign(minimax_reference(s))
    r = solve(s, target="outcome", method="dfpn")
    assert r["proven"] and r["value"] == ref and r["method"] == "dfpn"
    child = s.clone()
    child.apply_action(r["best_action"])
    assert _sign(minimax_reference(child, s.to_move)) == ref


def _positions():
    """60 positions of 12 to 20 free cells: 45 from greedy v greedy games (real play, the bench's
    second pair), 15 from random play."""
    out = []
    i = 0
    while len(out) < 45:
        st = played_position(derive_seed(5, "dfpn-test", i), 12 + i % 9, ("greedy", "greedy"))
        i += 1
        if st is not None:
            out.append(st)
    for i in range(15):
        st = position_with_free(300 + i, 12 + i % 9)
        if st.dama < 0:
            out.append(st)
    return out


@pytest.mark.integration
def test_dfpn_agrees_with_alpha_beta_on_real_play_positions():
    """Same outcome as the alpha-beta's null window on >= 50 positions of 12-20 free cells (wins,
    draws and losses all occur); the best move keeps the outcome; and the df-pn alone (no
    alpha-beta leaves, ``ab_free=-1``) gives the same outcome too."""
    seen = {}
    positions = _positions()
    assert len(positions) >= 50
    for st in positions:
        ab = solve(st, target="outcome")
        r = solve(st, target="outcome", method="dfpn")
        assert ab["proven"] and r["proven"]
        assert r["value"] == ab["value"], st.to_json()
        assert _keeps(st, r["best_action"], r["value"])
        seen[r["value"]] = seen.get(r["value"], 0) + 1
        if st.legal_actions() != [376]:
            occ, hands, t, p = solver_position(st)
            stats = np.zeros(D.DFPN_STATS_LEN, dtype=np.int64)
            stats[1] = 2**62
            v, code, aborted = D.outcome_dfpn(occ, hands, t, p, mode_of(st), D.DfpnTable(16), stats,
                                              ab_free=-1)
            assert not aborted and v == ab["value"]
            assert stats[0] > 0  # the df-pn itself searched
    assert set(seen) == {-1, 0, 1}, seen


@pytest.mark.integration
def test_dfpn_on_positions_from_the_default_players():
    """Positions from the `play` command's default players (alphabeta v mcts)."""
    n = 0
    for i in range(12):
        st = played_position(derive_seed(8, "dfpn-ab", i), 14 + i % 5, ("alphabeta", "mcts"))
        if st is None:
            continue
        ab = solve(st, target="outcome")
        r = solve(st, target="outcome", method="dfpn")
        assert r["proven"] and r["value"] == ab["value"]
        assert _keeps(st, r["best_action"], r["value"])
        n += 1
        if n == 2:
            break
    assert n == 2


def test_dfpn_budget_gives_an_honest_not_proven():
    st = played_position(derive_seed(5, "dfpn-test", 8), 20, ("greedy", "greedy"))
    r = solve(st, target="outcome", method="dfpn", max_nodes=50)
    assert not r["proven"] and r["value"] is None and r["result"] == "not proven"
    assert r["nodes"] <= 50 + 2**16  # an alpha-beta leaf may finish its own search


def test_dfpn_only_for_the_outcome():
    s = position_with_free(0, 8)
    with pytest.raises(OctoError, match="outcome"):
        solve(s, method="dfpn")
    with pytest.raises(OctoError, match="unknown method"):
        solve(s, target="outcome", method="pns")


def test_twin_examples_cover_every_outcome():
    rng = np.random.default_rng(12345)
    got = {D.outcome_py(*args) for args in D._examples(rng)}
    assert got == {-1, 0, 1}


def test_table_replaces_the_entry_with_least_work():
    tab = D.DfpnTable(4)
    h = np.uint64(5)
    # three keys in one bucket (same low bits): the one with least work goes
    keys = [h, h + (tab.mask + np.uint64(1)), h + 2 * (tab.mask + np.uint64(1))]
    D._store(tab.keys, tab.vals, tab.mask, keys[0], 0, 1, 2, 100)
    D._store(tab.keys, tab.vals, tab.mask, keys[1], 0, 3, 4, 5)
    D._store(tab.keys, tab.vals, tab.mask, keys[2], 0, 6, 7, 50)
    out = np.zeros(2, dtype=np.int64)
    assert D._lookup(tab.keys, tab.vals, tab.mask, keys[0], 0, out, False) and list(out) == [1, 2]
    assert not D._lookup(tab.keys, tab.vals, tab.mask, keys[1], 0, out, False)
    assert D._lookup(tab.keys, tab.vals, tab.mask, keys[2], 0, out, False) and list(out) == [6, 7]
    # a question "margin >= 1" proven answers "margin >= 0"; not the other way round
    D._store(tab.keys, tab.vals, tab.mask, np.uint64(9), 1, 0, D.INF, 1)
    assert D._lookup(tab.keys, tab.vals, tab.mask, np.uint64(9), 0, out, True) and out[0] == 0
    assert not D._lookup(tab.keys, tab.vals, tab.mask, np.uint64(9), 0, out, False)
    D._store(tab.keys, tab.vals, tab.mask, np.uint64(11), 0, 0, D.INF, 1)
    assert not D._lookup(tab.keys, tab.vals, tab.mask, np.uint64(11), 1, out, True)
    assert K.INF < D.INF


def test_ctrl_c_stops_the_dfpn_search_promptly():
    """A search far too big to finish; a SIGINT after 0.5 s stops it (the df-pn looks every 2**16
    of its nodes, its alpha-beta leaves every 2**16 of theirs), counted in CPU seconds."""
    import signal
    import threading
    import time

    s = played_position(derive_seed(1, "dfpn-stop"), 30, ("greedy", "greedy"))
    solve(position_with_free(0, 16), target="outcome", method="dfpn")  # loaded: the signal hits the search
    timer = threading.Timer(0.5, lambda: signal.raise_signal(signal.SIGINT))
    c0 = time.process_time()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            search_value(s, max_nodes=10**11, window=(-1, 1), method="dfpn")
    finally:
        timer.cancel()
    assert time.process_time() - c0 < 5


@pytest.mark.integration
def test_committed_perfect_play_outcomes_by_df_pn_alone():
    """An independent check of data/octagone/perfect-play.json (made by the alpha-beta): the df-pn
    alone (``ab_free=-1``: proof numbers over its own move generator, no alpha-beta leaves) proves
    the same first-player outcome from 26 free cells for the eight cheapest deals of the file and
    its cheapest draw (wins, draws and losses all among them)."""
    import json

    from octosolve.core.paths import DATA_DIR
    from octosolve.octagone.measures import played_position

    d = json.loads((DATA_DIR / "octagone" / "perfect-play.json").read_text())["results"]
    proven = sorted((r for r in d["rows"] if r.get("proven")), key=lambda r: r["nodes"])
    picked = proven[:8] + [next(r for r in proven if r["value_first"] == 0)]
    assert {r["value_first"] for r in picked} == {-1, 0, 1}
    for r in picked:
        st = played_position(r["seed"], d["free_cells"], tuple(d["players"]))
        assert sum(1 for b in st.board if b < 0) == 26
        occ, hands, t, p = solver_position(st)
        stats = np.zeros(D.DFPN_STATS_LEN, dtype=np.int64)
        stats[1] = 3 * 10**7
        v, _, aborted = D.outcome_dfpn(occ, hands, t, p, mode_of(st), D.DfpnTable(20), stats,
                                       ab_free=-1)
        assert not aborted
        assert (v if st.to_move == st.first else -v) == r["value_first"], r["seed"]


@pytest.mark.integration
def test_warm_up_compiles_the_dfpn_kernel_before_the_timed_search():
    # solve(..., method="dfpn") times the search only: the kernel is loaded by warm_up(dfpn=True)
    # (a fresh process, so nothing else compiled it first; the first search reported 10 s of JIT)
    code = ("from octosolve.octagone import search, dfpn\n"
            "before = len(dfpn.dfpn_nb.signatures)\n"
            "search.warm_up()\n"
            "mid = len(dfpn.dfpn_nb.signatures)\n"
            "search.warm_up(dfpn=True)\n"
            "print(before, mid, len(dfpn.dfpn_nb.signatures))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                         check=True).stdout.split()
    assert out == ["0", "0", "1"], out


def test_solve_dfpn_seconds_leave_out_the_kernel_load(monkeypatch):
    # solve()'s own timer (the "N nodes in S s" of `octosolve octagone solve --method dfpn`) starts
    # after the df-pn kernels are loaded: it warmed only the alpha-beta, and a cold numba cache put
    # 9-12 s of JIT into the reported seconds of a 900-node search. A slow stand-in for the load:
    import time

    from octosolve.octagone import search

    monkeypatch.setattr(search, "_WARM_DFPN", False)
    monkeypatch.setattr(D, "dfpn_outcome", lambda *a: time.sleep(1.0))
    st = played_position(derive_seed(5, "dfpn-test", 8), 12, ("greedy", "greedy"))
    r = solve(st, target="outcome", method="dfpn")
    assert r["proven"] and r["seconds"] < 0.5, r["seconds"]
