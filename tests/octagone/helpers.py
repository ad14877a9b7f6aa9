"""Hand-made Octagone positions for the tests."""

from octosolve.octagone import rules as R


def position(cells: dict, last, hands, *, variant="standard", to_move=0, players=2, extra=0):
    """cells: {(row, col): (shield name, direction)}; hands: list of {name: count}."""
    board = [[None] * 7 for _ in range(6)]
    for (r, c), (name, d) in cells.items():
        board[r][c] = {"shield": name, "direction": d}
    return R.from_json({"format": R.POSITION_FORMAT, "variant": variant, "players": players,
                        "to_move": to_move, "board": board, "last": list(last) if last else None,
                        "hands": hands, "extra_turns": extra})


def fill_except(free: set, variant="standard"):
    """Every cell filled with its row's colour (a jolly for the 7th of a full row; arrow N) except
    ``free``."""
    cells = {}
    for r in range(6):
        n = 0
        for c in range(7):
            if (r, c) not in free:
                n += 1  # a full row needs a jolly: only 6 shields of each colour exist
                cells[(r, c)] = ("jolly" if n == 7 else R.COLOURS[r], 0)
    return cells
