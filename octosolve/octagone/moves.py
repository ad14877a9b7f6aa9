"""User moves: a move given by row/col/shield/direction as a rules action (``action_for``), and
seeded positions for tests and benchmarks (``random_state``, ``position_with_free``). Played games
are in :mod:`.matches`."""

from __future__ import annotations

import random

from ..core.errors import fail
from .geometry import (COLOURS, COLS, DIR_NAMES, JOLLY_KIND, PASS, PLACE_BASE, ROWS, SYLLABLES, cell_of,
                    colour_of_cell, rc, type_name)
from .rules import JOLLY_PARTNER, JOLLY_SELF, OctagoneGame, OctagoneState, kind_to_type

__all__ = ["action_for", "random_state", "position_with_free"]


def action_for(state: OctagoneState, *, row: int | None = None, col: int | None = None,
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


def random_state(seed: int, variant: str = "standard", players: int = 2, moves: int = 10,
                 wrap: str = "edge") -> OctagoneState:
    """A position reached by ``moves`` uniformly random moves from a seeded deal (for tests/benches)."""
    s = OctagoneGame(variant, players, wrap=wrap).new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


def position_with_free(seed: int, free: int, variant: str = "standard", wrap: str = "edge"
                       ) -> OctagoneState:
    """A 2-player position reached by random play with ``free`` free cells, not over, the Dama off
    the board and a shield to play (for benches and tests). Tries successive derived seeds."""
    g = OctagoneGame(variant, 2, wrap=wrap)
    for k in range(10_000):
        s = g.new_initial_state(seed * 10_007 + k)
        rnd = random.Random(seed * 10_007 + k)
        while not s.over:
            nfree = sum(1 for b in s.board if b < 0)
            if s.dama < 0 and s.last >= 0 and nfree == free and s.legal_actions() != [PASS]:
                return s
            if nfree < free:
                break
            s.apply_action(rnd.choice(s.legal_actions()))
    fail(f"no position with {free} free cells found")
