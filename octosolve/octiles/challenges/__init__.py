"""Octiles puzzle challenges: the 30 challenges of the rules, each answered by BFS, a CP-SAT model or
local search, every answer re-checked by the networkx tracer with the challenge's own scorer.

Modules, by concept:

* :mod:`.model` the datatypes (Challenge, Variant, SearchVariant, Result; Proof, Ref: how a variant
  is proven);
* :mod:`.catalogue` the one catalogue of the 30 challenges and their variants (each declared once,
  with its statement, scorer, model, bound argument, proof strategy and how it is shown), filling
  :mod:`.registry` (``CHALLENGES``, ``declare``, the look-ups and ``solve_variant``, re-exported by
  the catalogue);
* :mod:`.geometry` board indexing shared by the models and the scorers;
* :mod:`.cpsat` the CP-SAT skeleton and solver run; :mod:`.cpsat_models` the per-challenge models;
  :mod:`.wholeboard` the exact whole-board models of 25 and 26;
* :mod:`.search` local search (annealing) and the local-search answers;
* :mod:`.scoring` the independent scorers, counting bounds and picture picks;
* :mod:`.shortest` challenge 1 (shortest path between every pair of runner positions);
* :mod:`.bounds` counting/assignment bounds; :mod:`.arguments` the other bounds (loop packing, cycle
  model of 3, path counts); :mod:`.symmetry` the quarter-turn symmetry; :mod:`.prove` the long proofs (``octosolve octiles
  prove``: one pipeline over a variant's declaration) and the strategies it runs (:mod:`.proofs_paths`,
  :mod:`.proofs_loops`, :mod:`.proofs_groups`, :mod:`.proofs_shapes`, :mod:`.proofs_readings`,
  :mod:`.proofs_combined`);
  :mod:`.certificates` the stored answers and their re-check by the tracer;
* :mod:`.gallery` the report's gallery of every variant (certificates re-checked, no search);
  :mod:`.pictures` the answers' pictures; :mod:`.commands` the ``prove``, ``challenge`` and
  ``verify`` commands;
* :mod:`.witness` the independent checker of the certificates' bound witnesses (imports none of the
  modules above that prove bounds); :mod:`.verify` the ``verify`` command's re-check of every
  certificate (tracer + witness, no OR-Tools).

>>> from octosolve.octiles import challenges as C
>>> C.get_variant(2, "path-tiles")[1].sense
'max'
>>> C.list_challenges()[0]["variants"]
['pairs']
"""

# The names below are loaded on first use (PEP 562), so that importing one submodule (say the
# ``verify`` command's checker, which must not load OR-Tools) does not load the CP-SAT models.
_EXPORTS = {
    ".catalogue": ["CHALLENGES", "MEASURE_WORDS", "all_variants", "get_variant", "list_challenges",
                   "method_name", "search_variant", "solve_variant", "statement"],
    ".cpsat": ["Skeleton", "stored_certificate"],
    ".bounds": ["counting_bound"],
    ".certificates": ["load_certificate", "recheck", "save_certificate"],
    ".gallery": ["answer_variant", "build_gallery", "highlight_for", "run_variant", "value_text"],
    ".model": ["Challenge", "Result", "SearchVariant", "Variant"],
    ".scoring": ["BOUND_13", "BOUND_13_NOTE", "BOUND_15_NOTE", "bound_15", "disjoint_circle_routes",
                 "mirror_symmetric_paths", "turned_partner_paths", "two_stop_groups"],
    ".search": ["anneal", "stored_start"],
    ".shortest": ["challenge_one", "realise", "shortest_paths"],
}
_WHERE = {name: mod for mod, names in _EXPORTS.items() for name in names}

__all__ = ["SEARCH"] + [name for names in _EXPORTS.values() for name in names]


def __getattr__(name):
    import importlib

    if name == "SEARCH":
        # A derived, read-only view for older readers (octosolve/web/octiles_api.py): the
        # local-search challenges as (title, text, variants). Not a registry: CHALLENGES is the one
        # registry.
        from .catalogue import CHALLENGES
        return {n: (ch.title, ch.text, list(ch.variants)) for n, ch in CHALLENGES.items()
                if ch.method == "search"}
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
