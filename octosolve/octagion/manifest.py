"""The Octagion manifest: the game as the registry, the CLI, the report, the web app, interop and the
tests read it (:class:`octosolve.core.manifest.GameManifest`; docs/design.md, "One manifest per game").
Nothing of the game is imported here but on use, through the rooms below."""

from __future__ import annotations

from ..core.manifest import GameManifest, Preview, WebPage

__all__ = ["MANIFEST"]


def _rules():
    from . import rules
    return rules


def _kernels():
    from . import kernels
    return kernels


def _cli():
    from . import cli
    return cli


def _report():
    from . import report
    return report


def _render():
    from . import render
    return render


ROOMS = {"rules": _rules, "kernels": _kernels, "cli": _cli, "report": _report,
         "render": _render}


def _deck_svg() -> str:
    """The home page's picture: the deck a designer starts from."""
    return _rules().load_deck()._repr_svg_()


MANIFEST = GameManifest(
    "octagion", "Octagion",
    "Octagion: word cards of letter/number cards - solvability, wildcards, deck design, scoring.",
    rooms=ROOMS, has_state=False,
    preview=Preview(draw=_deck_svg),
    pages=(WebPage("/octagion", "Octagion designer", api="octagion_api"),),
    menu=2,
    cli_cases={"check": (["CARDS"], {"--out": "c.csv", "--svg": "c.svg"}),
               "deck": ([], {"--svg": "d.svg"}),
               "wordcards": (["--cards", "1"], {"--out": "w.txt", "--svg": "w.svg"}),
               "bound": (["WORDS"], {"--out": "b.json"}),
               "design-deck": "a search (tests/octagion covers its lines)"},
    cli_inputs={"WORDS": ("words.txt", "PLANTING\nABSOLUTE\nBACKPACK\n"),
                "CARDS": ("cards.txt", ["wordcards", "--cards", "1", "--out"])},
)
