"""Octagone board geometry: cells, colours, shield types and the lines an arrow points along.

Board: 6 rows x 7 columns, cell = row * 7 + col, rows 0..5 from the top, cols 0..6 from the left.
Row r has colour COLOURS[r]. Directions 0..7 = N, NE, E, SE, S, SW, W, NW.

Shield types (hand indices): colour * 4 + syllable (0..23; in the standard and KIDS variants every
coloured shield has syllable 0), JOLLY = 24, and DAMA = 25 (only ever on the board).

The line of an arrow (``lines(mode)[cell][dir]``: the cells "along the arrow", nearest first) has
three readings (docs/rules/octagone.md):

* ``edge`` (default): from the shield to the board's edge; only a perimeter shield whose arrow
  points off the board "faces" the opposite side: the coordinate that left the board wraps, once
  (both coordinates at a corner pointing out diagonally: it enters at the opposite corner), and the
  line runs on to the far edge;
* ``torus``: the board is a torus (the earlier reading): the line runs on across every edge until it
  comes back to the shield (5 cells N/S, 6 E/W, 41 on a diagonal);
* ``none`` (KIDS): from the shield to the edge; an arrow pointing off the board points at nothing.

>>> LINES["edge"][cell_of(2, 3)][2]   # E from (2, 3): to the edge
(18, 19, 20)
>>> LINES["edge"][cell_of(2, 6)][2]   # E from the edge cell (2, 6): enters at (2, 0)
(14, 15, 16, 17, 18, 19)
>>> LINES["edge"][cell_of(0, 6)][1]   # NE from the corner (0, 6): enters at the opposite corner
(35, 29, 23, 17, 11, 5)
"""

from __future__ import annotations

from ..core.errors import fail

__all__ = ["ROWS", "COLS", "NCELLS", "COLOURS", "SYLLABLES", "DIR_NAMES", "DR", "DC", "JOLLY", "DAMA",
           "NTYPES", "VARIANTS", "WRAPS", "DAMA_ACTIONS", "PLACE_BASE", "PASS", "JOLLY_SELF",
           "JOLLY_PARTNER", "NUM_ACTIONS", "JOLLY_KIND", "LINES", "LINES_WRAP", "LINES_NOWRAP", "LINES_EDGE",
           "kind_to_type", "cell_of", "rc", "colour_of_cell", "build_lines", "line_mode", "type_name", "parse_type",
           "target_cell", "syllable_at", "words_completed", "shield_totals"]

ROWS, COLS, NCELLS = 6, 7, 42
COLOURS = ("red", "orange", "yellow", "green", "blue", "violet")
SYLLABLES = ("OC", "TA", "GO", "NE")
DIR_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DR = (-1, -1, 0, 1, 1, 1, 0, -1)
DC = (0, 1, 1, 1, 0, -1, -1, -1)
JOLLY, DAMA, NTYPES = 24, 25, 25  # NTYPES = hand slots
VARIANTS = ("standard", "kids", "iv")
WRAPS = ("edge", "torus")  # the two readings of the wrap-around (standard and IV); KIDS has none

# actions (see rules.py)
DAMA_ACTIONS = NCELLS * 8  # 336: the Dama Bianca on cell * 8 + dir
PLACE_BASE = DAMA_ACTIONS  # 336 + kind * 8 + dir: a shield on the forced cell
PASS = PLACE_BASE + 5 * 8  # 376
JOLLY_SELF, JOLLY_PARTNER = PASS + 1, PASS + 2  # 377, 378: four players, a pair's extra jolly
NUM_ACTIONS = JOLLY_PARTNER + 1
JOLLY_KIND = 4


def kind_to_type(kind: int, colour: int) -> int:
    """The shield type of a hand (``colour * 4 + syllable``, or the jolly) that a placing action's
    ``kind`` (0-3 a coloured shield's syllable, 4 the jolly) takes on a cell of ``colour``."""
    return JOLLY if kind == JOLLY_KIND else colour * 4 + kind


def cell_of(row: int, col: int) -> int:
    return row * COLS + col


def rc(cell: int) -> tuple[int, int]:
    return divmod(cell, COLS)


def colour_of_cell(cell: int) -> int:
    return cell // COLS


def _on(r: int, c: int) -> bool:
    return 0 <= r < ROWS and 0 <= c < COLS


def build_lines(mode: str) -> list[list[tuple[int, ...]]]:
    """``lines[cell][dir]`` for ``mode`` "edge", "torus" or "none" (see the module docstring)."""
    if mode not in ("edge", "torus", "none"):
        fail(f"unknown line mode {mode!r}")
    out = []
    for cell in range(NCELLS):
        r0, c0 = rc(cell)
        per = []
        for d in range(8):
            seq = []
            r, c = r0 + DR[d], c0 + DC[d]
            if not _on(r, c) and mode != "none":
                r, c = r % ROWS, c % COLS  # only the coordinate(s) that left the board change
            while True:
                if mode == "torus":
                    r, c = r % ROWS, c % COLS
                if not _on(r, c) or (r, c) == (r0, c0):
                    break
                seq.append(cell_of(r, c))
                r, c = r + DR[d], c + DC[d]
            per.append(tuple(seq))
        out.append(per)
    return out


LINES = {m: build_lines(m) for m in ("edge", "torus", "none")}
LINES_EDGE, LINES_WRAP, LINES_NOWRAP = LINES["edge"], LINES["torus"], LINES["none"]


def line_mode(variant: str, wrap: str) -> str:
    """The line reading of a game: ``none`` for KIDS, else the ``wrap`` option."""
    return "none" if variant == "kids" else wrap


def type_name(t: int, iv: bool = False) -> str:
    if t == JOLLY:
        return "jolly"
    if t == DAMA:
        return "dama"
    c, s = divmod(t, 4)
    return f"{COLOURS[c]}:{SYLLABLES[s]}" if iv else COLOURS[c]


def parse_type(name, iv: bool) -> int:
    if not isinstance(name, str):
        fail(f"a shield name must be a string, got {name!r}")
    name = name.strip().lower()
    if name == "jolly":
        return JOLLY
    if name == "dama":
        return DAMA
    if ":" in name:
        col, syl = name.split(":", 1)
        syl = syl.upper()
        if col not in COLOURS or syl not in SYLLABLES:
            fail(f"unknown shield {name!r}")
        if not iv:
            fail(f"shield {name!r} has a syllable, which only the 'iv' variant uses")
        return COLOURS.index(col) * 4 + SYLLABLES.index(syl)
    if name not in COLOURS:
        fail(f"unknown shield {name!r} (colours: {', '.join(COLOURS)}, jolly, dama)")
    if iv:
        fail(f"in the 'iv' variant a coloured shield needs its syllable, e.g. '{name}:OC'")
    return COLOURS.index(name) * 4


def target_cell(lines, board, cell: int, d: int, far: bool) -> int:
    """The free cell a shield on ``cell`` with arrow ``d`` sends the next shield to: the nearest free
    cell along the line (or the farthest when ``far``, a jolly's arrow); -1 if the line is full."""
    found = -1
    for x in lines[cell][d]:
        if board[x] < 0:
            if not far:
                return x
            found = x
    return found


def syllable_at(board, cell: int) -> int:
    """Syllable index on ``cell``: 0..3, 4 for a jolly (matches any), -1 for none/dama/empty."""
    t = board[cell]
    if t < 0 or t == DAMA:
        return -1
    if t == JOLLY:
        return 4
    return t % 4


def words_completed(board, cell: int) -> int:
    """Octagone IV: how many OC-TA-GO-NE words (4 consecutive cells of a row, column or diagonal of
    the board, read either way, no wrap-around) are complete and contain ``cell``."""
    r0, c0 = rc(cell)
    n = 0
    for d in range(4):  # N, NE, E, SE axes
        dr, dc = DR[d], DC[d]
        for start in range(-3, 1):
            cells = []
            for k in range(start, start + 4):
                r, c = r0 + k * dr, c0 + k * dc
                if not _on(r, c):
                    break
                cells.append(cell_of(r, c))
            if len(cells) != 4:
                continue
            syl = [syllable_at(board, x) for x in cells]
            if min(syl) < 0:
                continue
            fwd = all(s == 4 or s == i for i, s in enumerate(syl))
            bwd = all(s == 4 or s == 3 - i for i, s in enumerate(syl))
            if fwd or bwd:
                n += 1
    return n


def shield_totals(variant: str) -> list[int]:
    """How many shields of each type exist (hand slots 0..24)."""
    tot = [0] * NTYPES
    for c in range(6):
        for i in range(6):
            tot[c * 4 + ((c * 6 + i) % 4 if variant == "iv" else 0)] += 1
    tot[JOLLY] = 6
    return tot
