"""The home page's pictures (``GET /preview/GAME.svg``): each game with a state a few random moves
into a game from a fixed seed, drawn as its ``_repr_svg_`` shows it (``render.position_svg``) or,
where that picture says little at a glance (Oct8's), as its play page shows the seat to move
(``view_svg``); for Octagion the project's deck. Each game's manifest says which
(``GameManifest.preview``: parameters, moves, picture, or its own drawing); drawn once per process
and kept.

>>> svg = preview_svg("octagone")
>>> "<svg" in svg[:200] and svg.rstrip().endswith("</svg>") and svg == preview_svg("octagone")
True
"""

from __future__ import annotations

import random
import threading
from functools import lru_cache

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import OctoError, fail
from ..core.game import CHANCE, sample_chance
from .http import ApiError

__all__ = ["PREVIEW_SEED", "preview_svg", "routes"]

PREVIEW_SEED = 3


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def preview_svg(name: str) -> str:
    """The home page's picture of game ``name`` (an SVG document); a one-line error for a game
    the registry does not know."""
    with _LOCKS_LOCK:   # a few names only (an address may name anything: no lock kept for it)
        lock = _LOCKS.get(name) or (_LOCKS.setdefault(name, threading.Lock()) if len(_LOCKS) < 16
                                    else threading.Lock())
    with lock:   # the serve's warm-up may be drawing it: wait for it rather than draw it twice
        return _preview_svg(name)


@lru_cache(maxsize=None)
def _preview_svg(name: str) -> str:
    from ..games import get_game

    from ..core.manifest import Preview

    entry = get_game(name)
    preview = entry.preview or Preview()
    if preview.draw is not None:  # the game's own picture (Octagion: the deck a designer starts from)
        return preview.draw()
    if not entry.web_ready():
        fail(f"{entry.name} has no picture")
    params, moves, picture = dict(preview.params), preview.moves, preview.picture
    state = entry.make_game(**params).new_initial_state(PREVIEW_SEED)
    rng = random.Random(PREVIEW_SEED)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = state.current_player()
        state.apply_action(sample_chance(state, rng) if p == CHANCE else rng.choice(state.legal_actions()))
    p = state.current_player()
    if picture == "view" and hasattr(state, "view_svg"):
        return state.view_svg(p if 0 <= p < state.num_players() else 0)
    return state._repr_svg_()


async def _preview(request: Request):
    name = request.path_params["name"]
    try:
        svg = await run_in_threadpool(preview_svg, name[:60])
    except OctoError as exc:
        raise ApiError(404, exc.format_message()) from None
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=3600"})


def routes() -> list[Route]:
    return [Route("/preview/{name}.svg", _preview)]
