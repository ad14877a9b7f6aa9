"""Issue 42 item 2: a question is declared once. No module outside the catalogue keeps a table
keyed by (challenge, question) (or, in the challenges package and the web, by challenge number):
what a question needs is a field of its declaration (:mod:`octosolve.octiles.challenges.model`).

The scan reads the source (AST): dict keys, set/list/tuple elements and comparisons that are
literal pairs ``(N, "question")`` (N in 1..30, the question a string or f-string), and dicts whose
keys are all challenge numbers."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PKG = ROOT / "octosolve"
CHALLENGES = PKG / "octiles" / "challenges"
DECLARATIONS = {CHALLENGES / "catalogue.py"}
# where a dict keyed by challenge numbers is a table of questions (elsewhere 1..30 count tiles,
# cards, players ...)
NUMBERED = [CHALLENGES, PKG / "web", PKG / "octiles" / "report.py"]


def _pair(node) -> bool:
    if not (isinstance(node, ast.Tuple) and len(node.elts) == 2):
        return False
    n, q = node.elts
    return (isinstance(n, ast.Constant) and type(n.value) is int and 1 <= n.value <= 30
            and (isinstance(q, ast.JoinedStr) or isinstance(q, ast.Constant) and isinstance(q.value, str)))


def _number(node) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 1 <= node.value <= 30


def tables(path: Path, numbered: bool) -> list[str]:
    """The tables keyed by (challenge, question) in one module: ``"line: what"``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = [k for k in node.keys if k is not None]
            if sum(map(_pair, keys)) >= 2:
                out.append(f"{node.lineno}: a dict keyed by (challenge, question)")
            elif numbered and len(keys) >= 2 and all(map(_number, keys)):
                out.append(f"{node.lineno}: a dict keyed by challenge number")
        elif isinstance(node, (ast.Set, ast.List, ast.Tuple)):
            if sum(map(_pair, node.elts)) >= 2 or sum(
                    bool(isinstance(e, ast.Tuple) and e.elts and _pair(e.elts[0])) for e in node.elts) >= 2:
                out.append(f"{node.lineno}: a collection of (challenge, question)")
        elif isinstance(node, (ast.DictComp, ast.SetComp)):
            if _pair(node.key if isinstance(node, ast.DictComp) else node.elt):
                out.append(f"{node.lineno}: a comprehension keyed by (challenge, question)")
        elif isinstance(node, ast.Compare):
            if any(map(_pair, [node.left] + node.comparators)):
                out.append(f"{node.lineno}: a comparison with a (challenge, question)")
    return out


@pytest.mark.integration
def test_no_table_keyed_by_question_outside_the_catalogue():
    found = {}
    for path in sorted(PKG.rglob("*.py")):
        if path in DECLARATIONS:
            continue
        numbered = any(path == d or d in path.parents for d in NUMBERED)
        if hits := tables(path, numbered):
            found[str(path.relative_to(ROOT))] = hits
    assert found == {}


@pytest.mark.parametrize("src, want", [
    ('T = {(2, "path-tiles"): 1, (3, "count"): 2}', 1),
    ('T = {(2, f"with-{b}"): 1 for b in B}', 1),
    ('T = [(1, None), (2, "a"), (4, "b")]', 1),
    ('T = [((1, "pairs"), "x"), ((2, "a"), "y")]', 1),
    ('if (n, v) == (14, "cross"): pass', 1),
    ('T = {25: f, 26: g, 27: h}', 1),
    ('T = {"a": 1, "b": 2}; u = f((12, "count")); x = {0: 1, 40: 2}', 0),
])
def test_the_scan_sees_the_old_tables(tmp_path, src, want):
    """The scan finds the shapes of the tables this issue removed (search.SEARCH_RATES, the
    combinations' keys, gallery.QUICK, its headline list, pictures' test of 14 cross, a table by
    challenge number) and passes what is not one."""
    p = tmp_path / "m.py"
    p.write_text(src)
    assert len(tables(p, numbered=True)) == want
