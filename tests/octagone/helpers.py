"""Hand-made Octagone positions for the tests, and ``R``: one namespace over the package's rule
modules (board geometry, rules engine, position documents, user moves)."""

from types import SimpleNamespace

from octosolve.octagone import geometry as board, moves, position as pos, rules

R = SimpleNamespace(**{k: v for m in (board, pos, rules, moves) for k, v in vars(m).items()
                       if not k.startswith("__")})


def position(cells: dict, last, hands, *, variant="standard", to_move=0, players=2, extra=0,
             wrap=None, extra_jolly=None):
    """cells: {(row, col): (shield name, direction)}; hands: list of {name: count}."""
    board_ = [[None] * 7 for _ in range(6)]
    for (r, c), (name, d) in cells.items():
        board_[r][c] = {"shield": name, "direction": d}
    doc = {"format": pos.POSITION_FORMAT, "variant": variant, "players": players,
           "to_move": to_move, "board": board_, "last": list(last) if last else None,
           "hands": hands, "extra_turns": extra}
    if wrap:
        doc["wrap"] = wrap
    if players == 4:
        doc["extra_jolly"] = extra_jolly or [0, 1]
    return rules.state_from_json(doc)


def fill_except(free: set, variant="standard"):
    """Every cell filled with its row's colour (a jolly for the 7th of a full row; arrow N) except
    ``free``."""
    cells = {}
    for r in range(6):
        n = 0
        for c in range(7):
            if (r, c) not in free:
                n += 1  # a full row needs a jolly: only 6 shields of each colour exist
                cells[(r, c)] = ("jolly" if n == 7 else board.COLOURS[r], 0)
    return cells
