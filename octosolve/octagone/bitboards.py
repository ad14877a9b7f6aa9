"""Bitboard line scans for the numba kernels: the nearest and the farthest free cell along each of
the 8 directions from a cell, under the three line readings (``none`` = KIDS, ``torus``, ``edge``).

Four occupancy bitboards, one per line family, number the cells so that a torus line is a run of
consecutive bits: row-major (E/W), column-major (N/S) and the two diagonal orders of the 6 x 7 torus
(cell (k mod 6, k mod 7) for SE, (-k mod 6, k mod 7) for NE: since gcd(6, 7) = 1 a diagonal visits
all 42 cells). Rotating the free bits of the segment so that the cell after the origin is bit 0 puts
the forward torus line in bit order. Under every reading a forward line is a prefix of the forward
torus line and a backward line a prefix of the backward one (a suffix of the forward one), so masks
(``pre``, ``suf``) cut the reading's line out: the nearest free cell forward is the lowest set bit of
the masked prefix, the farthest its highest; backward, the other way round.

>>> import numpy as np
>>> near, far = near_far_targets_nb(np.int64(0), 17, MODES["edge"])   # empty board, from (2, 3)
>>> int(near[2]), int(far[2])   # E: (2, 4) nearest, (2, 6) farthest
(18, 20)
"""

from __future__ import annotations

import numba
import numpy as np
from llvmlite import ir as llir
from numba import types
from numba.core.extending import intrinsic

from .geometry import LINES, NCELLS

__all__ = ["MODES", "bit_tables", "near_far_targets_nb", "near_far_targets_py", "boards_nb",
           "boards_py"]

MODES = {"none": 0, "torus": 1, "edge": 2}  # the kernels' integer for each line reading
_MODE_NAMES = ("none", "torus", "edge")


@intrinsic
def _cttz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], llir.Constant(llir.IntType(1), 1))
    return types.int64(types.int64), codegen


@intrinsic
def _ctlz(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctlz(args[0], llir.Constant(llir.IntType(1), 1))
    return types.int64(types.int64), codegen


_FWD = (2, 4, 3, 1)  # the forward direction of each bitboard: E (rows), S (columns), SE, NE
_WID = (7, 6, 42, 42)  # segment width (a row, a column, the whole board)


def bit_tables():
    """(bit, off, sh, line, pre, suf): per bitboard b and cell x, the cell's bit, the offset and
    rotation of its segment, the forward torus line (position -> cell), and for [mode][b][x] the
    masks of the positions on the reading's line forward (pre) and backward (suf)."""
    bit = np.zeros((4, NCELLS), dtype=np.int64)
    off = np.zeros((4, NCELLS), dtype=np.int64)
    sh = np.zeros((4, NCELLS), dtype=np.int64)
    line = np.zeros((4, NCELLS, 41), dtype=np.int64)
    pre = np.zeros((3, 4, NCELLS), dtype=np.int64)
    suf = np.zeros((3, 4, NCELLS), dtype=np.int64)
    for x in range(NCELLS):
        r, c = divmod(x, 7)
        kse = next(k for k in range(42) if k % 6 == r and k % 7 == c)
        kne = next(k for k in range(42) if (-k) % 6 == r and k % 7 == c)
        bit[:, x] = (x, c * 6 + r, kse, kne)
        off[:, x] = (7 * r, 6 * c, 0, 0)
        sh[:, x] = (c + 1, r + 1, kse + 1, kne + 1)
        for b, f in enumerate(_FWD):
            seq = LINES["torus"][x][f]
            n = len(seq)
            assert n == _WID[b] - 1
            line[b, x, :n] = seq
            full = (1 << n) - 1
            for m, name in enumerate(_MODE_NAMES):
                fw, bw = LINES[name][x][f], LINES[name][x][(f + 4) % 8]
                assert list(fw) == list(seq[:len(fw)]) and list(bw) == list(seq[::-1][:len(bw)])
                pre[m, b, x] = (1 << len(fw)) - 1
                suf[m, b, x] = full ^ ((1 << (n - len(bw))) - 1)
    return bit, off, sh, line, pre, suf


_BIT, _OFF, _SH, _LINEF, _PRE, _SUF = bit_tables()


@numba.njit(cache=True, inline="always")
def _scan(board, b, x, w, mode, out, i_fwd, i_bwd):
    """Nearest and farthest free cells forward (directions i_fwd) and backward (i_bwd) from x on
    bitboard b (segment width w); -1 if none. out[0] gets the nearest, out[1] the farthest."""
    seg = (~board >> _OFF[b, x]) & ((np.int64(1) << w) - 1)
    s = _SH[b, x]
    rot = ((seg >> s) | (seg << (w - s))) & ((np.int64(1) << (w - 1)) - 1)
    a = rot & _PRE[mode, b, x]
    z = rot & _SUF[mode, b, x]
    if a != 0:
        out[0, i_fwd] = _LINEF[b, x, _cttz(a)]
        out[1, i_fwd] = _LINEF[b, x, 63 - _ctlz(a)]
    else:
        out[0, i_fwd] = -1
        out[1, i_fwd] = -1
    if z != 0:
        out[0, i_bwd] = _LINEF[b, x, 63 - _ctlz(z)]
        out[1, i_bwd] = _LINEF[b, x, _cttz(z)]
    else:
        out[0, i_bwd] = -1
        out[1, i_bwd] = -1


@numba.njit(cache=True, inline="always")
def targets8(occ, ocol, ose, one, t, mode, out):
    """out[0, d] / out[1, d]: the nearest / farthest free cell from t in direction d (-1: none)."""
    _scan(occ, 0, t, 7, mode, out, 2, 6)
    _scan(ocol, 1, t, 6, mode, out, 4, 0)
    _scan(ose, 2, t, 42, mode, out, 3, 7)
    _scan(one, 3, t, 42, mode, out, 1, 5)


@numba.njit(cache=True)
def boards_nb(occ):
    """The column-major and the two diagonal bitboards of a row-major occupancy."""
    b1 = np.int64(0)
    b2 = np.int64(0)
    b3 = np.int64(0)
    for x in range(NCELLS):
        if (occ >> x) & 1:
            b1 |= np.int64(1) << _BIT[1, x]
            b2 |= np.int64(1) << _BIT[2, x]
            b3 |= np.int64(1) << _BIT[3, x]
    return b1, b2, b3


def boards_py(occ: int) -> tuple[int, int, int]:
    """Twin of :func:`boards_nb`: the bit of each occupied cell in each ordering, from the cell's
    (row, col) written out again (column-major; the torus diagonals by the Chinese remainder)."""
    out = [0, 0, 0]
    for x in range(NCELLS):
        if occ >> x & 1:
            r, c = divmod(x, 7)
            out[0] |= 1 << (c * 6 + r)
            out[1] |= 1 << ((36 * c + 7 * r) % 42)       # k = c (mod 7), k = r (mod 6)
            out[2] |= 1 << ((36 * c + 7 * (-r % 6)) % 42)  # k = c (mod 7), -k = r (mod 6)
    return tuple(out)


@numba.njit(cache=True)
def near_far_targets_nb(occ, t, mode):
    """(near, far): the nearest and farthest free cell from t in each direction (-1: none)."""
    out = np.empty((2, 8), dtype=np.int64)
    b1, b2, b3 = boards_nb(occ)
    targets8(occ, b1, b2, b3, t, mode, out)
    return out[0].copy(), out[1].copy()


def near_far_targets_py(occ: int, t: int, mode: int) -> tuple[list[int], list[int]]:
    """Twin of :func:`near_far_targets_nb`: walk each line of the reading's tables."""
    lines = LINES[_MODE_NAMES[mode]]
    near, far = [], []
    for d in range(8):
        free = [y for y in lines[t][d] if not (occ >> y) & 1]
        near.append(free[0] if free else -1)
        far.append(free[-1] if free else -1)
    return near, far
