"""Octoverso analyses: the large simulations (`octosolve octoverso measure`: the matches of
``SIM_PLAN`` written to data/octoverso/simulations.json with the command that made them) and their
re-check by the report. The games themselves are played by :mod:`.matches`.
"""

from __future__ import annotations

from ..core.seeding import derive_seed
from .matches import game_spec, match, match_summary, play_match_game, team_names
from .players import PLAYERS

__all__ = ["SIM_PLAN", "QUICK_PLAN", "simulate", "recheck"]


# ------------------------------------------------------------------- the large simulations

# (players, games, options): the matches `octosolve octoverso measure` plays; the report reads the
# file it writes (data/octoverso/simulations.json) and replays the first games of each to check it.
SIM_PLAN = (
    (("lookahead", "greedy"), 600, {}),
    (("greedy", "greedy"), 1000, {}),
    (("greedy", "random"), 200, {}),
    (("flat-mc", "lookahead"), 60, {"simulations": 24}),
    (("flat-mc", "greedy"), 40, {"simulations": 24}),
    (("lookahead", "greedy"), 200, {"jokers": True}),
    (("greedy", "random"), 200, {"teams": True}),
    (("lookahead", "greedy"), 300, {"teams": True}),
    (("greedy", "greedy"), 600, {"teams": True}),
    (("flat-mc", "openspiel-mcts"), 12, {"simulations": 24}),
)
QUICK_PLAN = tuple((names, max(2, games // 100), opts) for names, games, opts in SIM_PLAN)
KEEP_RECORDS = 3  # records kept per match in the data file (replayed by the report)


def _plan_key(names, opts) -> str:
    extra = "".join(f", {k}={v}" for k, v in sorted(opts.items()))
    return f"{' v '.join(names)}{extra}"


def simulate(seed: int | None, *, quick: bool = False, workers: int | None = None,
             scheduler: str | None = None) -> dict:
    """Play every match of ``SIM_PLAN`` (``QUICK_PLAN`` with ``quick``); JSON-ready, with no
    duration in it (the same seed gives the same document). A match whose players cannot be built
    here (OpenSpiel missing) is recorded as skipped."""
    out = []
    for names, games, opts in (QUICK_PLAN if quick else SIM_PLAN):
        if "openspiel-mcts" in names:
            from ..core.players import player_available

            if not player_available(PLAYERS, "openspiel-mcts"):
                out.append({"key": _plan_key(names, opts), "skipped": "pyspiel is not installed"})
                continue
        m = match(list(names), games, seed=derive_seed(seed, "simulate", _plan_key(names, opts)),
                  workers=workers, scheduler=scheduler, **opts)
        m["key"] = _plan_key(names, opts)
        # the data file keeps the summaries of its first games (match_summary), replayed by the report
        m["records"] = [match_summary(r) for r in m["records"][:KEEP_RECORDS]]
        out.append(m)
    return {"seed": seed, "quick": quick, "matches": out}


def recheck(data: dict, n: int = 2) -> list[str]:
    """Replay the first ``n`` stored games of every match of a ``simulate`` document; returns the
    keys of the matches whose replay differs from the stored records (an empty list: all agree)."""
    bad = []
    for m in data.get("matches", []):
        if "skipped" in m:
            continue
        spec = game_spec({"jokers": m["jokers"], "teams": m["teams"], "lexicon": None}, m["simulations"])
        seats = team_names(m["players"]) if m["teams"] else list(m["players"])
        k = len(seats)
        for g, rec in enumerate(m["records"][:n]):
            names = [seats[(i + g) % k] for i in range(k)]
            again = match_summary(play_match_game((spec, names, derive_seed(m["seed"], "match", g), g, k)))
            if again != rec:
                bad.append(m["key"])
                break
    return bad
