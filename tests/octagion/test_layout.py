"""Issue 10 for Octagion: the twin table lists every numba kernel, public modules declare __all__,
pictures are SVG with a viewBox (their docstring examples run through --doctest-modules), and the CLI speaks the shared vocabulary."""

import importlib

import numba
import pytest

from octosolve.octagion import kernels

MODULES = ["anneal", "bound", "bound_sets", "cli", "design", "family", "kernels", "mutations", "render", "report", "rules", "solve",
           "wordcards"]


def test_twins_cover_every_kernel():
    from octosolve.octagion import anneal, bound_sets
    jitted = {n for mod in (kernels, anneal, bound_sets) for n, v in vars(mod).items()
              if isinstance(v, numba.core.registry.CPUDispatcher)}
    assert jitted == {t.name for t in kernels.TWINS}
    for t in kernels.TWINS:
        k = getattr(t.kernel, "args", (t.kernel,))[0]     # a wrapped kernel: partial(wrap, kernel)
        assert (getattr(kernels, t.name, None) or getattr(anneal, t.name, None)
                or getattr(bound_sets, t.name)) is k and t.note


@pytest.mark.parametrize("name", MODULES)
def test_all(name):
    mod = importlib.import_module(f"octosolve.octagion.{name}")
    assert isinstance(mod.__all__, list) and all(hasattr(mod, a) for a in mod.__all__)


def test_pictures_have_a_viewbox():
    from octosolve.octagion.rules import load_deck
    from octosolve.octagion.wordcards import load_wordcards
    for svg in (load_deck()._repr_svg_(), load_wordcards()._repr_svg_()):
        assert svg.lstrip().startswith("<?xml") and "viewBox=" in svg and svg.rstrip().endswith("</svg>")


def test_cli_vocabulary(cli_runner):
    from octosolve.octagion.cli import group
    for name, cmd in group.commands.items():
        for p in cmd.params:
            if p.param_type_name == "option":
                assert p.help, f"{name} {p.opts} has no help text"
        opts = {o for p in cmd.params for o in p.opts}
        assert not opts & {"--sims", "--num-players", "--report", "--player"}, name
        if "--variant" in opts:        # a rule variant, a choice of names
            assert name == "setup"
    r = cli_runner(["octagion", "setup", "--variant", "VIRULENT", "--teams", "2", "--json"])
    assert r.exit_code == 0
    r = cli_runner(["octagion", "design-deck", "--favour", "HARD", "--time-limit", "nan"])
    assert r.exit_code == 2
