"""Octiles puzzle challenges: the 30 challenges of the rules, each answered by BFS, a CP-SAT model or
local search, every answer re-checked by the networkx tracer with the challenge's own scorer.

Modules, by concept:

* :mod:`.model` the datatypes (Challenge, Variant, SearchVariant, Result);
* :mod:`.catalogue` the one registry of the 30 challenges and their variants, and ``solve_variant``;
* :mod:`.geometry` board indexing shared by the models and the scorers;
* :mod:`.cpsat` the CP-SAT skeleton and solver run; :mod:`.models` the per-challenge models;
  :mod:`.wholeboard` the exact whole-board models of 25 and 26;
* :mod:`.search` local search (annealing) and the local-search answers;
* :mod:`.scoring` the independent scorers, counting bounds and picture picks;
* :mod:`.shortest` challenge 1 (shortest path between every pair of runner positions);
* :mod:`.bounds` counting/assignment bounds; :mod:`.arguments` the other bounds (loop packing, cycle
  model of 3, path counts); :mod:`.symmetry` the quarter-turn symmetry; :mod:`.prove` the long proofs (``octosolve octiles
  prove``); :mod:`.certificates` the stored answers and their re-check by the tracer;
* :mod:`.gallery` the report's gallery of every variant (certificates re-checked, no search);
  :mod:`.pictures` the answers' pictures; :mod:`.commands` the ``prove`` and ``challenge`` commands.

>>> from octosolve.octiles import challenges as C
>>> C.get_variant(2, "path-tiles")[1].sense
'max'
>>> C.list_challenges()[0]["variants"]
['pairs']
"""

from .catalogue import (CHALLENGES, MEASURE_WORDS, all_variants, get_variant, list_challenges, method_name,
                        search_variant, solve_variant, statement)
from .cpsat import Skeleton, stored_certificate
from .bounds import counting_bound
from .certificates import load_certificate, recheck, save_certificate
from .gallery import answer_variant, build_gallery, highlight_for, run_variant, value_text
from .model import Challenge, Result, SearchVariant, Variant
from .scoring import (BOUND_13, BOUND_13_NOTE, BOUND_15_NOTE, bound_15, disjoint_circle_routes,
                      mirror_symmetric_paths, turned_partner_paths, two_stop_groups)
from .search import anneal, stored_start
from .shortest import challenge_one, realise, shortest_paths

# A derived, read-only view for older readers (octosolve/web/octiles_api.py): the local-search
# challenges as (title, text, variants). Not a registry: CHALLENGES is the one registry.
SEARCH = {n: (ch.title, ch.text, list(ch.variants)) for n, ch in CHALLENGES.items()
          if ch.method == "search"}

__all__ = ["SEARCH", "CHALLENGES", "MEASURE_WORDS", "all_variants", "get_variant", "list_challenges", "method_name",
           "search_variant", "solve_variant", "statement", "Skeleton", "stored_certificate",
           "counting_bound", "load_certificate", "recheck", "save_certificate", "answer_variant",
           "build_gallery", "highlight_for", "run_variant", "value_text", "Challenge", "Result",
           "SearchVariant", "Variant", "BOUND_13", "BOUND_13_NOTE", "BOUND_15_NOTE", "bound_15",
           "disjoint_circle_routes", "mirror_symmetric_paths", "turned_partner_paths", "two_stop_groups",
           "anneal", "stored_start", "challenge_one", "realise", "shortest_paths"]
