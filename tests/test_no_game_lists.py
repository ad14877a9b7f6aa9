"""No hard-coded list of the games outside the registry (issue 42): a game registered by its manifest
alone must get every generic test, the screenshots and the benchmarks, so no shared module, test or
script may hold its own list of the games, nor branch on a game's name.

Read in the syntax tree of every Python file of ``octosolve/``, ``tests/`` and ``scripts/`` (its
strings and comments are free to name games), a *game list* is:

- a list, tuple or set with entries for two games or more (an entry names a game: its name or an
  alias, a command of it such as ``"oct8 play"``, one of its web pages such as ``"/octiles"`` or
  ``"/play/oct8"``, or a tuple beginning with one);
- a dict with keys for two games or more;
- a branch on a game's name: a comparison with a game's name (``name == "oct8"``,
  ``name in ("oct8", "octiles")``) deciding an ``if``, a conditional expression, a ``while`` or a
  comprehension's filter (an ``assert`` about one game's output is no branch).

What a game needs is declared in its manifest (``octosolve/<game>/manifest.py``:
:class:`~octosolve.core.manifest.GameManifest`, e.g. ``web_test``, ``test_params``, ``cli_cases``) or
derived from what it already declares. A game's own package (``octosolve/<game>/``) and its own tests
(``tests/<game>/``, ``tests/games/<game>/``) are about that game and are not read. The few places
left that are about one command of one game each, rather than a stand-in for the registry, are
listed in :data:`ALLOWED` with the reason; an entry that no longer matches anything fails too.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from octosolve.games import GAMES

ROOT = Path(__file__).resolve().parents[1]

# (file, the top-level function, class or variable holding the list) -> why it may stay
ALLOWED: dict[tuple[str, str], str] = {
    ("scripts/web_screenshots.py", "SHOTS"):
        "the shots of the game's own pages (the Octiles editor, the Octagion designer), each its own code; "
        "the play pages come from the registry",
    ("tests/test_cli_fuzz.py", "NAMED_CASES"): "issue 21's cases, one command's bad input each",
    ("tests/test_cli_fuzz.py", "word_lists_loaded"):
        "a speed-up only: two cheap runs load the word games' lexicons before the forks",
    ("tests/test_cli_vocabulary.py", "test_long_measurements_have_one_name_and_one_option_set"):
        "Octagone's measure has two options of its own (its perfect-play budget and continuation)",
    ("tests/test_cli_vocabulary.py", "OVER_INPUT"): "one command's input and output options each",
    ("tests/test_cli_wrote.py", "test_large_counts_may_be_written_as_in_the_guides"):
        "the two budgets the guides write as 2e7 and 5e8",
    ("tests/test_replay.py", "test_another_games_position_or_record_is_named"):
        "the messages for an Oct8 position given to Octagone and the other way round",
    ("tests/web/test_api.py", "test_pages"): "an element of each page's own",
}


def _names() -> dict[str, str]:
    out = {}
    for g in GAMES:
        for n in (g.name, *g.aliases):
            out[n.lower()] = g.name
    return out


NAMES = _names()
# a string naming a game (alone or as a command's first word): a file without one holds no game list
QUOTED = re.compile("[\"'](?:/|/play/)?(?:" + "|".join(map(re.escape, NAMES)) + ")[\"' ]", re.IGNORECASE)
# a web page of a game: its own page (/octiles) or its play page (/play/octiles)
PAGE = re.compile(r"^/(?:play/)?([a-z0-9-]+)$")


def _own_folders() -> tuple[str, ...]:
    """The folders about one game: its package and its tests."""
    out = []
    for g in GAMES:
        out.append(g.package.replace(".", "/") + "/")
        out.append(f"tests/{g.name}/")
    return tuple(out)


def _game(node) -> str | None:
    """The game an entry names, if it names one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        s = node.value.strip().lower()
        page = PAGE.match(s)
        return NAMES.get(s) or NAMES.get(s.split(" ")[0]) or (NAMES.get(page.group(1)) if page else None)
    if isinstance(node, (ast.Tuple, ast.List)) and node.elts:
        return _game(node.elts[0])
    return None


def _branch_tests(tree) -> set[int]:
    """The ids of the expressions deciding an if, a conditional expression, a while or a filter."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            tests = [node.test]
        elif isinstance(node, ast.comprehension):
            tests = list(node.ifs)
        else:
            continue
        for t in tests:
            out.update(id(n) for n in ast.walk(t))
    return out


def game_lists(source: str) -> list[tuple[int, str, str]]:
    """``(line, top-level name, what)`` for every game list of a module's source.

    >>> game_lists('X = {"oct8": 1, "octiles": 2}\\nY = ["oct8"]\\n')
    [(1, 'X', 'a dict keyed by oct8, octiles')]
    >>> game_lists('def f(name):\\n    return 1 if name == "octagone" else 2\\n')
    [(2, 'f', 'a branch on octagone')]
    """
    tree = ast.parse(source)
    branches = _branch_tests(tree)
    found = []
    for top in tree.body:
        if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            where = top.name
        elif isinstance(top, (ast.Assign, ast.AnnAssign)):
            targets = top.targets if isinstance(top, ast.Assign) else [top.target]
            where = ",".join(t.id for t in targets if isinstance(t, ast.Name)) or "<module>"
        else:
            where = "<module>"
        for node in ast.walk(top):
            what = None
            if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
                games = {_game(e) for e in node.elts} - {None}
                if len(games) >= 2:
                    what = f"a {type(node).__name__.lower()} of {', '.join(sorted(games))}"
            elif isinstance(node, ast.Dict):
                games = {_game(k) for k in node.keys if k is not None} - {None}
                if len(games) >= 2:
                    what = f"a dict keyed by {', '.join(sorted(games))}"
            elif isinstance(node, ast.Compare) and id(node) in branches:
                named = [_game(c) for c in [node.left, *node.comparators]]
                named += [_game(e) for c in node.comparators if isinstance(c, (ast.Tuple, ast.List, ast.Set))
                          for e in c.elts]
                games = set(named) - {None}
                if games:
                    what = f"a branch on {', '.join(sorted(games))}"
            if what:
                found.append((node.lineno, where, what))
    return sorted(set(found))


def _files():
    own = _own_folders()
    for top in ("octosolve", "tests", "scripts"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "__pycache__" not in rel and not rel.startswith(own):
                yield rel, path


def test_no_list_of_the_games_outside_the_registry():
    found, used = [], set()
    for rel, path in _files():
        source = path.read_text(encoding="utf-8")
        if not QUOTED.search(source):
            continue
        for line, where, what in game_lists(source):
            if (rel, where) in ALLOWED:
                used.add((rel, where))
            else:
                found.append(f"{rel}:{line} ({where}): {what}")
    assert found == [], ("lists of the games outside the registry: declare what each game needs in its "
                         "manifest (GameManifest) or derive it from the registry\n" + "\n".join(found))
    assert set(ALLOWED) <= used, f"allowed entries that match nothing now: {sorted(set(ALLOWED) - used)}"


@pytest.mark.parametrize("source", [
    'FULL_GAMES = [("octagone", {}, 1, -1), ("oct8", {}, 2, 0)]',
    'PAGES = {"octagone": ("/play/octagone", None), "oct8": ("/play/oct8", "button:stop")}',
    'def f(name):\n    if name in ("oct8", "octiles"):\n        pass',
    'CASES = {"oct8 play": [], "octiles play": []}',
    'for path in ("/octiles", "/play/octagone"):\n    pass',
    'X = [g for g in GAMES if g.name != "octoverso"]',
])
def test_the_lists_it_refuses(source):
    """The shapes the browser tests and the screenshots held (FULL_GAMES, PAGES, a branch on a set
    of names) are found, as a new one would be."""
    assert game_lists(source), source


def test_what_it_lets_pass():
    source = ('assert rec["game"] == "octiles"\n'   # about one game's output
              'ONE = ("octagone", {})\n'            # one game
              'doc = "octiles and oct8"\n'          # a string naming games
              'NAMES = [g.name for g in GAMES]\n')  # the registry
    assert game_lists(source) == []
