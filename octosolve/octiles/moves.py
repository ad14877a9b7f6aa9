"""Octiles' moves as a user sees them: the notation (:func:`notation`: what ``action_to_string``,
the game records, the web app's move list and ``play``'s printed game say, for every seat;
docs/rules/octiles-games.md, "Notation"), and a position in the same words (:func:`describe`).

A move names the tile and the space it went to, or the runner's stop or circle it left and the one
it reached: ``place tile 5 r3 on b4`` (tile 5 turned 3 eighths of a turn), ``replace tile 5 r3 on
b4``, ``rotate b4 to r6``, ``move A1->C7 (via b4)``, ``pass``, ``resign``; the stack's chance draw
``reveal tile 7``.

>>> from octosolve.octiles.game import make_game
>>> s = make_game(variant="team-up").new_initial_state()
>>> notation(s, s.legal_actions()[0])
'place tile 0 r0 on a2'
>>> s.string_to_action("place tile 0 r0 on a2") == s.legal_actions()[0]
True
"""

from __future__ import annotations

from ..core.game import CHANCE, as_action
from .topology import MOVE_BASE, N_SPACES, PASS, RESIGN, ROTATE_BASE, topology, trace

__all__ = ["notation", "describe"]


def notation(state, action: int) -> str:
    """The notation of ``action`` in ``state`` (the state before the move; None: the action alone,
    a runner's move then by its number and link)."""
    topo, action = topology(), as_action(action)
    if not 0 <= action <= RESIGN:
        return f"action {action} (out of range)"
    if state is not None and state.current_player() == CHANCE:
        return f"reveal tile {action}"
    if action == PASS:
        return "pass"
    if action == RESIGN:
        return "resign"
    if action >= ROTATE_BASE:
        s, r = divmod(action - ROTATE_BASE, 8)
        return f"rotate {topo.spaces[s]} to r{r}"
    if action >= MOVE_BASE:
        i, k = divmod(action - MOVE_BASE, 4)
        if state is None:
            return f"move runner {i} by link {k}"
        place = state.pos[state.cur][i]
        if k >= len(topo.place_links[place]):
            return f"move runner {i} by link {k}"
        dest, _ = trace(topo, state.tile_at, state.rot_at, place, k)
        via = topo.place_links[place][k]
        to = topo.places[dest] if dest >= 0 else "?"
        return f"move {topo.places[place]}->{to} (via {topo.spaces[via >> 3]})"
    t, rest = divmod(action, 136)
    s, r = divmod(rest, 8)
    verb = "place"
    if state is not None and state.tile_at[s] >= 0:
        verb = "replace"
    return f"{verb} tile {t} r{r} on {topo.spaces[s]}"


def describe(state) -> str:
    """A position in words: whose turn it is (turns counted from 1, as a game record numbers them)
    or how the game ended, the tiles, the runners, and the stack (Team Up: the pool).

    >>> from octosolve.octiles.game import make_game
    >>> print(describe(make_game().new_initial_state()).splitlines()[0])
    move-over, turn 1: P0 to place (the stack's next tile is revealed first)
    """
    from ..core.words import counted, names_list

    topo = state.topo
    if state.is_terminal():
        w = state.winners()
        result = (("winner " if len(w) == 1 else "winners ") + names_list(f"P{p}" for p in w)
                  if w else "a draw")
        head = f"over after {counted(state.turns_played(), 'turn')}: {result} ({state.end_reason})"
    else:
        head = f"turn {state.turn + 1}: P{state.cur} to {state.phase}" + (
            " (the stack's next tile is revealed first)" if state.current_player() == CHANCE else "")
    lines = [f"{state.variant}, {head}"]
    lines.append("tiles: " + (" ".join(f"{topo.spaces[s]}={state.tile_at[s]}r{state.rot_at[s]}"
                                       for s in range(N_SPACES) if state.tile_at[s] >= 0) or "none placed"))
    for p in range(state.n):
        lines.append(f"P{p}: " + " ".join(topo.places[x] for x in state.pos[p])
                     + (" (resigned)" if state.resigned[p] else ""))
    if state.variant == "octiles":  # the markers decide which tiles may be rotated or replaced
        lines.append("markers (no one rotates or replaces these tiles): " + (", ".join(
            f"P{p} on {topo.spaces[s]}" for s, p in sorted(state.marks.items(), key=lambda kv: kv[1]))
            or "none yet"))
    if state.variant == "team-up":
        lines.append("pool: " + (" ".join(map(str, state.pool)) or "empty"))
    else:
        top = f"tile {state.top}" if state.top >= 0 else "not revealed yet"
        lines.append(f"stack: top {top}; {counted(len(state.hidden), 'tile')} unseen; put back "
                     "under it: " + (" ".join(map(str, state.tail)) or "none"))
    return "\n".join(lines)
