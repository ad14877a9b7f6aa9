"""Text of the Octiles games: action names and a position's description.

>>> from octosolve.octiles.game import make_game
>>> s = make_game(variant="team-up").new_initial_state()
>>> action_name(s.legal_actions()[0], s)
'place tile 0 r0 on a2'
"""

from __future__ import annotations

from ..core.game import CHANCE
from .topology import MOVE_BASE, N_SPACES, PASS, RESIGN, ROTATE_BASE, topology, trace

__all__ = ["action_name", "describe"]


def action_name(action: int, state=None) -> str:
    topo = topology()
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
    topo = state.topo
    lines = [f"{state.variant}, turn {state.turn}, "
             + ("over: winners " + (",".join(map(str, state.winners())) or "none") + f" ({state.end_reason})"
                if state.is_terminal() else f"P{state.cur} to {state.phase}")]
    lines.append("tiles: " + " ".join(f"{topo.spaces[s]}={state.tile_at[s]}r{state.rot_at[s]}"
                                      for s in range(N_SPACES) if state.tile_at[s] >= 0))
    for p in range(state.n):
        lines.append(f"P{p}: " + " ".join(topo.places[x] for x in state.pos[p])
                     + (" (resigned)" if state.resigned[p] else ""))
    if state.variant == "team-up":
        lines.append("pool: " + " ".join(map(str, state.pool)))
    else:
        lines.append(f"top: {state.top if state.top >= 0 else '?'}; unseen {len(state.hidden)}; "
                     f"under the stack: {state.tail}")
    return "\n".join(lines)
