"""Octagone's moves as a user sees them: the notation (:func:`notation`, what ``action_to_string``,
the game records, the web app's move list and ``play`` print, for every seat; docs/rules/octagone.md,
"Notation"), the notation of earlier versions that old records hold (:func:`older_notation`), and a
move given by row/col/shield/direction turned into a rules action (:func:`action_for`). Played
games, and the seeded positions of the tests and benchmarks, are in :mod:`.matches`.

>>> from octosolve.octagone.rules import OctagoneGame
>>> s = OctagoneGame().new_initial_state(1)
>>> notation(s, 2 * 8 + 3)
'r0c2 Dama Bianca -> SE'
>>> s.apply_action(2 * 8 + 3); notation(s, PLACE_BASE + 7)
'r1c3 orange shield -> NW'
>>> s.string_to_action("R1C3 orange shield -> NW") == PLACE_BASE + 7
True
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.game import as_action, out_of_range
from .geometry import (COLOURS, COLS, DAMA_ACTIONS, DIR_NAMES, JOLLY_KIND, JOLLY_PARTNER, JOLLY_SELF,
                       NUM_ACTIONS, PASS, PLACE_BASE, ROWS, SYLLABLES, cell_of, colour_of_cell,
                       kind_to_type, rc, type_name)

__all__ = ["notation", "older_notation", "cell_name", "action_for"]


def cell_name(cell: int) -> str:
    """A cell as the notation names it: ``r2c5`` = row 2 (0-5 from the top, the row's colour),
    column 5 (0-6 from the left), the numbers the text board, the web board's cells and
    ``--row``/``--col`` use.

    >>> cell_name(2 * 7 + 5)
    'r2c5'
    """
    r, c = rc(cell)
    return f"r{r}c{c}"


def notation(state, action: int) -> str:
    """The notation of ``action`` in ``state`` (the state before the move): where the shield went
    and which one, ``r3c2 green shield -> NE`` (IV, with its syllable: ``r3c2 green:TA shield -> NE``), ``r3c2 jolly ->
    SW``, the first move ``r2c2 Dama Bianca -> SE``, ``pass``, and in a four-player game's start
    ``extra jolly to P2`` (the seat that holds the pair's extra jolly). Every seat sees the same
    text: a placed shield is public, even with hidden shields."""
    action = as_action(action)
    if out_of_range(action, NUM_ACTIONS):
        return out_of_range(action, NUM_ACTIONS)
    if action < DAMA_ACTIONS:
        cell, d = divmod(action, 8)
        return f"{cell_name(cell)} Dama Bianca -> {DIR_NAMES[d]}"
    if action == PASS:
        return "pass"
    if action in (JOLLY_SELF, JOLLY_PARTNER):
        p = state.to_move
        return f"extra jolly to P{p if action == JOLLY_SELF else (p + 2) % 4}"
    k, d = divmod(action - PLACE_BASE, 8)
    t = state.target() if not state.over else -1
    if k == JOLLY_KIND:
        shield = "jolly"
    elif t < 0:  # not a move of this position (no forced cell): named without its colour
        shield = "coloured shield"
    else:
        syl = f":{SYLLABLES[k]}" if state.params.variant == "iv" else ""
        shield = f"{COLOURS[colour_of_cell(t)]}{syl} shield"
    return (f"{cell_name(t)} " if t >= 0 else "") + f"{shield} -> {DIR_NAMES[d]}"


def older_notation(state, action: int) -> str:
    """The notation before 2026-11-29 (``dama@2,2>SE``, ``coloured>NE``, ``coloured:TA>NE``,
    ``jolly>SW``, ``pass``, ``extra-jolly:self``): the game records written then hold it, and
    ``octosolve replay`` still reads them."""
    action = as_action(action)
    if out_of_range(action, NUM_ACTIONS):
        return out_of_range(action, NUM_ACTIONS)
    if action < DAMA_ACTIONS:
        cell, d = divmod(action, 8)
        r, c = rc(cell)
        return f"dama@{r},{c}>{DIR_NAMES[d]}"
    if action == PASS:
        return "pass"
    if action in (JOLLY_SELF, JOLLY_PARTNER):
        return "extra-jolly:self" if action == JOLLY_SELF else "extra-jolly:partner"
    k, d = divmod(action - PLACE_BASE, 8)
    name = "jolly" if k == JOLLY_KIND else "coloured" + (
        f":{SYLLABLES[k]}" if state.params.variant == "iv" else "")
    return f"{name}>{DIR_NAMES[d]}"


def action_for(state, *, row: int | None = None, col: int | None = None,
               shield: str | None = None, direction: int | None = None,
               syllable: str | None = None, is_pass: bool = False,
               extra_jolly: str | None = None) -> int:
    """Translate a user move into an action, with one-line errors for bad input.

    ``extra_jolly`` ("self" or "partner"): four players, a pair's choice at the start."""
    if state.over:
        fail("the game is over")
    # what describes a shield placed: refused beside a choice that places none (never ignored)
    placing = [name for name, v in (("--row", row), ("--col", col), ("--shield", shield),
                                    ("--syllable", syllable), ("--direction", direction)) if v is not None]
    if state.choosing_jolly():
        if extra_jolly not in ("self", "partner"):
            fail(f"P{state.to_move} first chooses who of the pair holds the extra jolly "
                 "(--extra-jolly self or partner)")
        if placing or is_pass:
            fail(f"P{state.to_move} chooses who holds the extra jolly now and places no shield: "
                 f"drop {', '.join(placing + (['--pass'] if is_pass else []))}")
        return JOLLY_SELF if extra_jolly == "self" else JOLLY_PARTNER
    if extra_jolly is not None:
        fail("the extra jolly is given at the start of a four-player game only")
    if is_pass:
        if placing:
            fail(f"--pass places no shield: drop {', '.join(placing)}")
        if PASS not in state.legal_actions():
            fail(f"P{state.to_move} cannot pass: " + (
                "the first move places the Dama Bianca" if state.last < 0 else
                f"they hold a {COLOURS[colour_of_cell(state.target())]} shield or a jolly"))
        return PASS
    if direction is None:
        fail("give the arrow's --direction (0..7 = N, NE, E, SE, S, SW, W, NW)")
    if not isinstance(direction, int) or isinstance(direction, bool) or not 0 <= direction <= 7:
        fail(f"direction must be 0..7 (N, NE, E, SE, S, SW, W, NW), got {direction!r}")
    if (row is None) != (col is None):
        fail("give both --row and --col (or, after the first move, neither: the cell is the one the "
             "last arrow points to)")
    if row is not None:
        if not (isinstance(row, int) and isinstance(col, int) and 0 <= row < ROWS and 0 <= col < COLS):
            fail(f"cell ({row}, {col}) is off the board (rows 0..5, cols 0..6)")
    if shield is not None:
        shield = str(shield).lower()
    if syllable is not None:
        if state.params.variant != "iv":
            fail(f"--syllable is for the 'iv' variant; this game is {state.params.variant}")
        if state.last < 0 or shield in ("jolly", "dama"):
            fail("only a coloured shield has a syllable (the jolly and the Dama Bianca have none)")
    if shield == "dama" and state.last >= 0:
        fail("the Dama Bianca is placed by the first move only")
    if state.last < 0:
        if shield not in (None, "dama"):
            fail("the first move places the Dama Bianca")
        if row is None:
            fail("the Dama Bianca needs a row and a column")
        a = cell_of(row, col) * 8 + direction
        if a not in state.legal_actions():
            fail(f"direction {direction} ({DIR_NAMES[direction]}) points to no free cell")
        return a
    t = state.target()
    if row is not None and cell_of(row, col) != t:
        tr, tc = rc(t)
        fail(f"the shield must go on row {tr}, col {tc} (the cell the last arrow points to), "
             f"not row {row}, col {col}")
    if shield is None:
        fail("which shield? (a colour or 'jolly')")
    colour = colour_of_cell(t)
    if shield == "jolly":
        k = JOLLY_KIND
    elif shield in COLOURS:
        if COLOURS.index(shield) != colour:
            fail(f"the cell is {COLOURS[colour]}: a {shield} shield cannot go there")
        if state.params.variant == "iv":
            if syllable is None or str(syllable).upper() not in SYLLABLES:
                fail(f"the 'iv' variant needs a syllable ({', '.join(SYLLABLES)})")
            k = SYLLABLES.index(str(syllable).upper())
        else:
            k = 0
    else:
        fail(f"unknown shield {shield!r} (colours: {', '.join(COLOURS)}, jolly)")
    if state.hands[state.to_move][kind_to_type(k, colour)] <= 0:
        name = type_name(kind_to_type(k, colour), state.params.variant == "iv")
        fail(f"P{state.to_move} holds no {name} shield")
    a = PLACE_BASE + k * 8 + direction
    if a not in state.legal_actions():
        fail(f"direction {direction} ({DIR_NAMES[direction]}) points to no free cell")
    return a


