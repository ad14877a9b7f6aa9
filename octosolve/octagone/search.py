"""Running Octagone's numba alpha-beta (:mod:`.kernels`) for :mod:`.solve`: on a worker thread
without the GIL while the calling thread shows progress and turns Ctrl-C into a stop flag the search
reads every 2**16 nodes (:func:`run_numba`), or the outcome on two threads sharing one table
(:func:`run_pair`)."""

from __future__ import annotations

import threading

import numpy as np

from ..core.progress import progress
from . import kernels as K
from .geometry import NCELLS

__all__ = ["run_numba", "run_pair", "warm_up"]


_WARM = False
_WARM_DFPN = False


def warm_up(dfpn: bool = False) -> None:
    """Load the compiled kernel once per process (about a second, even from numba's cache) with a
    one-node search (empty hands) on a throw-away table, so reported times are the search's; with
    ``dfpn`` also the proof-number search's kernels (a search from 8 free cells)."""
    global _WARM, _WARM_DFPN
    if dfpn and not _WARM_DFPN:
        from .dfpn import dfpn_outcome
        dfpn_outcome(*K.random_solver_position(np.random.default_rng(0), 8), 2)
        _WARM_DFPN = True
    if not _WARM:
        tab = K.Table(4)
        K.negamax_nb(np.int64(0), np.zeros((2, 8), dtype=np.int64), 0, 0, -K.INF, K.INF,
                     np.uint64(0), 2, tab.slots, tab.mask, np.array([0, 0, 1, 0, 0, -1], dtype=np.int64))
        _WARM = True


def run_numba(occ, hands, t, p, h, mode, tab, stats, show: bool, lo: int = -K.INF,
               hi: int = K.INF) -> int:
    """Run the numba search in a worker thread; progress and Ctrl-C in this one (a search from at
    most 20 free cells, a few milliseconds, runs here directly)."""
    if not show and bin(int(occ)).count("1") >= NCELLS - 20:  # small: milliseconds, no thread needed
        return int(K.negamax_nb(np.int64(occ), hands, t, p, lo, hi, h, mode, tab.slots, tab.mask,
                                stats))
    out = {}

    def work():
        out["v"] = K.negamax_nb(np.int64(occ), hands, t, p, lo, hi, h, mode, tab.slots,
                                tab.mask, stats)

    th = threading.Thread(target=work, name="octagone-solve", daemon=True)
    th.start()
    bar = progress(total=int(stats[2]) if stats[2] < 2**62 else None, desc="nodes", unit="node") \
        if show else None
    try:
        while th.is_alive():
            th.join(0.2)
            if bar is not None:
                bar.update(int(stats[0]) - bar.n)
    except KeyboardInterrupt:
        stats[4] = 1  # the search looks at this every 2**16 nodes
        th.join()
        raise
    finally:
        if bar is not None:
            bar.close()
    return int(out["v"])


def run_pair(occ, hands, t, p, h, mode, tab, limit: int, show: bool,
              children=()) -> tuple[int, int, list, bool]:
    """The outcome on both cores: one thread asks "a win?" (null window (0, 1)), the other "a loss?"
    ((-1, 0)), both on the same table (its entries are checked against torn writes, so either
    thread's bounds serve the other). A win proven by the first or a loss by the second stops the
    other thread; a draw needs both answers. Returns (value -1 / 0 / 1, the root's move code, the
    two stats arrays, aborted: a budget ran out before the answer).

    A thread whose own answer does not settle the outcome (a "not a win" or a "not a loss") then
    helps the other: it searches the root's ``children`` (``solve._root_children``) in reverse order
    with the other thread's window, so that the other thread, which searches them in its own order,
    finds their bounds in the shared table. Its nodes count against its own budget."""
    windows = ((0, 1), (-1, 0))
    stats = [np.array([0, 0, limit, 0, 0, -1], dtype=np.int64) for _ in windows]
    helper = [np.array([0, 0, limit, 0, 0, -1], dtype=np.int64) for _ in windows]
    out = [None, None]

    def decided():
        if out[0] is not None and not stats[0][3] and out[0] >= 1:
            return 1
        if out[1] is not None and not stats[1][3] and out[1] <= -1:
            return -1
        return None

    def work(i):
        out[i] = int(K.negamax_nb(np.int64(occ), hands.copy(), t, p, windows[i][0], windows[i][1],
                                  h, mode, tab.slots, tab.mask, stats[i]))
        if stats[i][3] or decided() is not None:
            return
        lo, hi = windows[1 - i]
        hs = helper[i]
        done = 0
        for cocc, chands, ct, cp, ch in reversed(children):
            if out[1 - i] is not None or hs[4]:
                break
            hs[0], hs[2] = 0, limit - stats[i][0] - done
            clo, chi = (lo, hi) if cp == p else (-hi, -lo)
            K.negamax_nb(np.int64(cocc), chands.copy(), ct, cp, clo, chi, ch, mode, tab.slots,
                         tab.mask, hs)
            done += int(hs[0])
            if hs[3]:
                break
        hs[0] = done

    ths = [threading.Thread(target=work, args=(i,), name=f"octagone-solve-{i}", daemon=True)
           for i in range(2)]
    for th in ths:
        th.start()
    bar = progress(total=2 * limit if limit < 2**61 else None, desc="nodes", unit="node") \
        if show else None

    try:
        while any(th.is_alive() for th in ths):
            ths[0].join(0.05) if ths[0].is_alive() else ths[1].join(0.05)
            if bar is not None:
                bar.update(int(stats[0][0] + stats[1][0] + helper[0][0] + helper[1][0]) - bar.n)
            if decided() is not None or (out[0] is not None and out[1] is not None):
                for st in stats + helper:
                    st[4] = 1  # settled: the other thread (or a helping one) stops
    except KeyboardInterrupt:
        for st in stats + helper:
            st[4] = 1
        for th in ths:
            th.join()
        raise
    finally:
        if bar is not None:
            bar.close()
    for th in ths:
        th.join()
    for i in range(2):
        stats[i][0] += helper[i][0]  # each thread's nodes, its help included
    v = decided()
    if v is not None:
        return v, int(stats[0 if v > 0 else 1][5]), stats, False
    if stats[0][3] or stats[1][3]:
        return 0, -1, stats, True
    return 0, int(stats[1][5]), stats, False  # neither: a draw, the second thread's move keeps it
