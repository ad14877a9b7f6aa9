"""The web app's warm-up of a worker (issue 43, item 2: the first page within 2 s of ``serve``): one
move of the hard level's player on a tiny budget, and the game's exact hints warmed, so that the
warm-up loads the compiled kernels without holding a worker for seconds."""

from __future__ import annotations

from octosolve.core.manifest import Level
from octosolve.core.players import PlayerSpec
from octosolve.web import play

from .toygame import NimEntry, PerfectPlayer


class _Budgeted(PerfectPlayer):
    seen: list = []

    def __init__(self, **options):
        self.seen.append(options)


class BudgetNimEntry(NimEntry):
    """Secret Nim whose hard level is a player taking a search budget."""

    name = "budgetnim"
    levels = (Level("easy", "random"), Level("hard", "search", {"time_limit": 0.8}))

    def players(self):   # "mcts": the name the app picks when a game declares no level
        return super().players() + (
            PlayerSpec("mcts", "plays perfectly", lambda g, seed=None: PerfectPlayer()),
            PlayerSpec("search", "records its options", lambda g, seed=None, **o: _Budgeted(**o),
                       options=("simulations", "time_limit")))


def test_warm_up_plays_the_hard_level_on_a_tiny_budget():
    e = BudgetNimEntry()
    s = play.Sessions(games=[e])
    jobs = []
    s.pool.run = lambda key, fn, *args, **kw: jobs.append((key, fn, args))   # the job, not run
    s.warm_up(e, s.specs(e))
    for t in [t for t in play.threading.enumerate() if t.name.startswith("warm-budgetnim")]:
        t.join(timeout=10)
    assert [(k, a[1]) for k, _, a in jobs] == [("warm-budgetnim", "search")]   # the hard level's player
    _Budgeted.seen.clear()
    jobs[0][1](*jobs[0][2])
    assert _Budgeted.seen == [play.WARM_BUDGET]   # not its 0.8 s a move (nor the full simulations)
    assert play.WARM_BUDGET["time_limit"] <= 0.1


def test_octagone_warms_its_exact_solver(monkeypatch):
    from octosolve.octagone import hint

    seen = []
    monkeypatch.setattr(hint, "exact_hint", lambda st: seen.append(st))
    hint.warm()
    assert len(seen) == 1 and not seen[0].is_terminal()
    assert hint._free(seen[0]) <= min(14, hint.HINT_MAX_FREE)   # a position the solver is asked about


def test_serve_readies_every_page_before_it_prints_its_address(monkeypatch):
    """``serve`` asks each offered game's page data (``/info``: players, presets, Octoverso's
    lexicon) before printing its address, in the menu's order; a game that fails is left for a real
    request to report; an app built without warm-up (the tests' servers) skips it."""
    from octosolve.web.app import create_app, ready_pages

    app = create_app(games=[NimEntry(), BudgetNimEntry()], warm=True)
    asked = []

    def catalogue(name):
        asked.append(name)
        if name == "budgetnim":
            raise RuntimeError("left for a request to report")
        return {}

    monkeypatch.setattr(app.state.sessions, "catalogue", catalogue)
    ready_pages(app)
    assert sorted(asked) == sorted(e.name for e in app.state.sessions.entries.values()) and len(asked) == 2
    cold = create_app(games=[NimEntry()], warm=False)
    monkeypatch.setattr(cold.state.sessions, "catalogue", lambda name: asked.append("cold"))
    ready_pages(cold)
    assert "cold" not in asked
    app.state.pool.close()
    cold.state.pool.close()
