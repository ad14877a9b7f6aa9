"""The Octoverso manifest: the game as the registry, the CLI, the report, the web app, interop and the
tests read it (:class:`octosolve.core.manifest.GameManifest`; docs/design.md, "One manifest per game").
Nothing of the game is imported here but on use, through the rooms below."""

from __future__ import annotations

from ..core.manifest import GameManifest, Level, OpenSpielHook, Preset, Preview, RulesCard, WebTest

__all__ = ["MANIFEST"]


def _rules():
    from . import rules
    return rules


def _players():
    from . import players
    return players


def _kernels():
    from . import kernels
    return kernels


def _cli():
    from . import cli
    return cli


def _report():
    from . import report
    return report


def _matches():
    from . import matches
    return matches


def _render():
    from . import render
    return render


def _marks():  # the play page's last-move mark and game-over counts (docs/web.md)
    from . import marks
    return marks


def _review():  # the play page's post-game review: how a move is valued (docs/web.md)
    from . import review
    return review


def _compose():  # the play page's word builder (docs/web.md)
    from . import compose
    return compose


ROOMS = {"rules": _rules, "players": _players, "kernels": _kernels, "cli": _cli,
         "report": _report, "matches": _matches, "render": _render, "marks": _marks,
         "review": _review, "compose": _compose}

# the play page's "How to play" (the full rules: the file it names)
RULES = RulesCard(
    "docs/rules/octoverso.md",
    rules=(
        "A rail holds 8 letters, read on its recto (left to right) or verso (right to left) side."
        " Each player's letters are visible to all.",
        "At the start each player announces a 4-letter word from their letters; the two words "
        "fill the rail.",
        "Then each player in turn makes a word of 3 to 8 letters that uses at least 2 letters at "
        "one end of a side of the rail: it starts with the last letters (right end) or ends with "
        "the first letters (left end). The letters you lay push as many off the far end into your"
        " opponent's hand.",
        "An 8-letter word (an OCTO) lets you return one letter to the pool. The first player with"
        " no letters left wins.",
    ),
    notation=(
        ("announce WORD", "the opening: your 4-letter word (the others see it once all have announced)"),
        ("IMAGES recto right end, 3 rail letters: lays GES, pushes SOU to P1",
         "the word, where it went (the recto or verso side; at the right end it starts with the "
         "rail's last letters, at the left end it ends with its first), the hand letters laid (a "
         "joker in lower case) and the letters pushed off to the next player"),
        ("return L to the pool", "after an OCTO: letter L goes back to the pool"),
        ("exchange L with the pool", "swap letter L with the pool (then: draw M)"),
        ("rotate: first letter S goes last", "move the rail's first letter to its end (or the last first)"),
        ("pass", "no move this turn"),
    ),
)

# the web app's settings (default strength: a computer move within about 2 s of CPU on one core,
# measured with scripts/bench_web.py) and levels (ranked by results/octoverso/README.md)
# The web app's games are played in the claim reading of spotting (docs/rules/octoverso.md,
# "Interaction"): a person finds the OCTO the other side missed and claims it, the engine does not
# hand it over; the computer players play the same games in both readings.
CLAIM = {"spotting": "claim"}
PRESETS = (Preset("2 players", CLAIM),
           Preset("Jokers (2 players)", {"jokers": True, **CLAIM}),
           Preset("Teams (4 players, two teams of 2)", {"teams": True, **CLAIM}))
LEVELS = (Level("easy", "greedy"), Level("medium", "lookahead"), Level("hard", "flat-mc"))


def _openspiel(game, bot, seed, simulations):
    from ..core.errors import fail

    if getattr(game, "teams", False):
        fail("openspiel-mcts plays the 2-player game only")
    from .players import Determinized
    return Determinized(bot(simulations, seed or 0), seed)


MANIFEST = GameManifest(
    "octoverso", "Octoverso",
    "Octoverso: French words on an 8-letter rail - move generator, OCTOs, players, tournaments.",
    rooms=ROOMS, presets=PRESETS, levels=LEVELS, rules_card=RULES,
    preview=Preview({}, 10, "position"), menu=5,
    openspiel=OpenSpielHook("OpenSpiel's MCTS bot with random rollouts (needs pyspiel; 2 players), on a "
                            "determinised copy", 48, ("openspiel",), _openspiel),
    test_params=({"teams": True},),
    cli_cases={"moves": (["--rail", "IMAGERAS", "--hand", "OCTAVES"], {"--svg": "m.svg"}),
               "play": (["--seed", "1", "--players", "greedy,greedy"],
                        {"--out": "p.json", "--position-out": "pp.json", "--svg": "p.svg"}),
               "match": (["--games", "2", "--players", "greedy,random"], {"--out": "m.json"}),
               "tournament": (["--games", "2", "--players", "greedy,random"], {"--out": "t.json"}),
               "measure": "minutes"},
    cli_pooled=("match --players greedy,greedy --games 2000",),
    cli_fuzz={"match": ["--games", "1"], "tournament": ["--games", "1"], "measure": "minutes, writes data/"},
    # the browser tests' whole game (3 moves of yours, 9 in all, against the easy level); the
    # screenshot: two words of yours built from the hand (the best words of the second shown)
    web_test=WebTest(CLAIM, 2, -1, phone="#level=easy&seed=2", shot=(6, 2), seeding=({}, "random", {}, 7, 30)),
)
