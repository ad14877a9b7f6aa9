"""The web play page's last-move mark and game-over counts for the Octiles games (the manifest's
``marks`` room, docs/web.md): the spaces and runners a turn changed, and each seat's runners home."""

from __future__ import annotations

from .render import _place_target

__all__ = ["changed_places", "score_table"]


def changed_places(before, after) -> list[str]:
    """The ``data-target`` ids of ``after``'s board that differ from ``before``'s: every space whose
    tile or turn changed, every runner on a new place and the place it left (everything is
    public)."""
    topo = after.topo
    out = [f"space:{topo.spaces[s]}" for s in range(len(after.tile_at))
           if before.tile_at[s] != after.tile_at[s] or before.rot_at[s] != after.rot_at[s]]
    for was, now in zip(before.pos, after.pos):
        if sorted(was) != sorted(now):
            out += [f"runner:{topo.places[p]}" for p in now if p not in was]
            out += [_place_target(topo, p) for p in was if p not in now]
    return out


def score_table(state) -> dict | None:
    """The counts behind the result in the race games: each seat's runners on its finish (all home
    wins); why the game ended (Team Up: the reason alone)."""
    reason = state.end_reason or None
    if state.variant == "team-up":
        return {"label": None, "values": None, "better": None, "reason": reason}
    home = [sum(p in state.finish_sets[q] for p in state.pos[q]) for q in range(state.n)]
    return {"label": "runners home", "values": home, "better": "higher", "reason": reason}
