"""Reading the files the Octiles game commands take: position documents (``State.to_json``) and
runner lists, with one-line errors for anything malformed (not UTF-8, not JSON, duplicate keys,
wrong types, a history that does not lead to the position).

>>> from octosolve.octiles.game import make_game
>>> s = make_game().new_initial_state()
>>> position_from_json(s.to_json()).to_json() == s.to_json()
True
"""

from __future__ import annotations

from ..core.errors import fail
from ..core.jsonout import read_json
from .game import OctilesState, make_game

__all__ = ["position_from_json", "load_position", "load_runners"]


def position_from_json(doc) -> OctilesState:
    """The state of a position document (its game is rebuilt from the document's ``params``)."""
    if not isinstance(doc, dict):
        fail("an Octiles position must be a JSON object")
    if doc.get("game") != "octiles":
        from .game import not_octiles

        fail(not_octiles(doc))
    params = doc.get("params")
    if not isinstance(params, dict):
        fail("the position has no \"params\" object (the game's parameters)")
    return make_game(**params).state_from_json(doc)


def load_position(path) -> OctilesState:
    """Read and check a position file (a position document, or a game record: its last position)."""
    from ..core.record import position_document

    return position_from_json(position_document(read_json(path, "position file"), "octiles", make_game))


def load_runners(path) -> dict[str, list[str]]:
    """A Connection Solitaire runners file: ``{colour: [stop or circle, ...]}``."""
    d = read_json(path, "runners file")
    if not isinstance(d, dict) or not d or not all(
            isinstance(v, list) and all(isinstance(x, str) for x in v) for v in d.values()):
        fail(f"{path}: expected {{colour: [stop or circle, ...]}}")
    return d
