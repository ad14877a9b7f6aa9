"""Issue 42 item 4: no hidden import loops. ``../shared/tools/layout_check.py`` finds the cycles of
the ``import`` statements; this test adds the imports it cannot see: the lazy references of the
challenge catalogue (``model.Ref("module:function")``, ``Made``, ``Models``: a module of
``octosolve.octiles.challenges`` or a dotted path) and ``importlib.import_module("...")`` calls with
a literal name. A reference that would close a cycle if written as an import is a loop all the
same."""

import ast
import re
import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REF_PACKAGE = "octosolve.octiles.challenges"        # (model.Ref.PACKAGE)
WEB_APP = "octosolve.web.app"   # imports the module each WebPage's ``api`` names
REF = re.compile(r"^([A-Za-z_][\w.]*):[A-Za-z_]\w*$")


def modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for p in (root / "octosolve").rglob("*.py"):
        name = ".".join(p.relative_to(root).with_suffix("").parts)
        out[name.removesuffix(".__init__")] = p
    return out


def _resolve(target: str, mods) -> str | None:
    while target and target not in mods:
        target = target.rpartition(".")[0]
    return target or None


def graph(mods: dict[str, Path]) -> dict[str, set]:
    """Module -> the modules it imports: import statements (anywhere in the module), the lazy
    references ("module:name" strings in the challenges package) and importlib calls."""
    edges = {m: set() for m in mods}
    for m, p in mods.items():
        pkg = m if p.name == "__init__.py" else m.rpartition(".")[0]
        tree = ast.parse(p.read_text(encoding="utf-8"))
        for n in ast.walk(tree):
            targets = []
            if isinstance(n, ast.Import):
                targets = [a.name for a in n.names]
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    parts = pkg.split(".")
                    base = ".".join(parts[:len(parts) - n.level + 1] + ([base] if base else []))
                subs = [f"{base}.{a.name}" for a in n.names if f"{base}.{a.name}" in mods]
                targets = subs or [base]   # (``from . import x``: the submodule x, not the package)
            elif (isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None))
                  == "import_module" and n.args and isinstance(n.args[0], ast.Constant)):
                targets = [n.args[0].value]
            elif (isinstance(n, ast.Call) and getattr(n.func, "id", None) == "WebPage"
                  and any(k.arg == "api" and isinstance(k.value, ast.Constant) for k in n.keywords)):
                # a game's page names its API module of octosolve.web, which web/app.py imports
                # (``game_page_routes``): the app's import, not the manifest's
                api = next(k.value.value for k in n.keywords if k.arg == "api")
                t = _resolve(f"octosolve.web.{api}", mods) if api else None
                if t and WEB_APP in edges:
                    edges[WEB_APP].add(t)
            elif (isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Models" and n.args
                  and isinstance(n.args[0], ast.Constant)):        # Models("cpsat_models", ...)
                targets = [f"{REF_PACKAGE}.{n.args[0].value}"]
            elif (isinstance(n, ast.Constant) and isinstance(n.value, str)
                  and m.startswith(REF_PACKAGE) and REF.match(n.value)):
                module = REF.match(n.value).group(1)
                targets = [module if "." in module else f"{REF_PACKAGE}.{module}"]
            for t in targets:
                t = _resolve(t, mods)
                if t and t != m:
                    edges[m].add(t)
    return edges


def cycles(edges: dict[str, set]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        work = [(v, iter(sorted(edges[v])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            u, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on:
                    low[u] = min(low[u], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[u])
                if low[u] == index[u]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == u:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


@pytest.mark.integration
def test_no_import_loop_even_through_lazy_references():
    edges = graph(modules())
    assert edges["octosolve.octiles.challenges.catalogue"] >= {
        "octosolve.octiles.challenges.arguments", "octosolve.octiles.challenges.proofs_groups",
        "octosolve.octiles.challenges.cpsat_models"}             # (the references are seen)
    assert "octosolve.web.octiles_api" in edges[WEB_APP]   # (a page's api module is seen)
    assert cycles(edges) == []


def test_the_graph_sees_references_and_importlib(tmp_path):
    """A reference or an importlib call that closes a loop is found as a cycle."""
    edges = {"a": {"b"}, "b": set()}
    assert cycles(edges) == []
    edges["b"].add("a")
    assert cycles(edges) == [["a", "b"]]
    pkg = tmp_path / "octosolve" / "octiles" / "challenges"
    pkg.mkdir(parents=True)
    for d in (tmp_path / "octosolve", tmp_path / "octosolve" / "octiles", pkg):
        (d / "__init__.py").write_text("")
    (pkg / "one.py").write_text("from .two import f\n")
    (pkg / "two.py").write_text("X = Ref('one:g')\nM = Models('four')\n")
    (pkg / "four.py").write_text("")
    (pkg / "three.py").write_text("import importlib\nimportlib.import_module('octosolve.octiles.challenges.one')\n")
    e = graph(modules(tmp_path))
    assert "octosolve.octiles.challenges.one" in e["octosolve.octiles.challenges.three"]
    assert "octosolve.octiles.challenges.four" in e["octosolve.octiles.challenges.two"]
    assert cycles(e) == [["octosolve.octiles.challenges.one", "octosolve.octiles.challenges.two"]]
