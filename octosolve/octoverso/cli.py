"""`octosolve octoverso ...` commands: thin wrappers over rules, solve and render."""

from __future__ import annotations

import click

from ..core.clikit import (batch_options, distinct_outputs, games_option, given_options, json_option, measure_options,
                           out_option, players_option,
                           position_out_option, record_option, seed_option, simulations_option, svg_option, variant_option, wrote)
from ..core.errors import fail
from ..core.jsonout import emit, write_json

__all__ = ["group"]

LEXICON_HELP = ("Word list to use instead of the shipped lexicon (UTF-8, .gz allowed; one word a line, "
                "optional TAB and comma-separated lemmas).")
TEAMS_HELP = "The team game: 4 seats, two teams of 2 seated alternately (docs/rules/octoverso.md)."
VARIANTS = ("standard", "jokers")
VARIANT_HELP = "Rule variant: standard, or jokers (\"Variante avec Jokers\": 11 letters and a joker each)."


def _prepare_out(*paths) -> None:
    """Check the output paths now, before any work (one-line error if one cannot be written).
    Nothing is created here: each file is written whole at the end (core.files)."""
    from ..core.clikit import check_out_path

    for p in paths:
        if p:
            check_out_path(str(p))


def _lexicon_option(f):
    return click.option("--lexicon", type=click.Path(dir_okay=False), default=None, help=LEXICON_HELP)(f)


def _names(text: str) -> list[str]:
    from ..core.players import parse_players
    from .players import PLAYERS

    return parse_players(text, PLAYERS, given=given_options("simulations", "time_limit"))


def _position(rail: str, hand: str, lexicon: str | None):
    from . import rules as R

    r = R.parse_rail(rail)
    h = R.parse_hand(hand)
    R.check_tiles("the rail and the hand together", R.tile_counts(r), h)
    return R, r, h, R.load_lexicon(lexicon)


def _moves_text(R, rail, moves, what: str = "move") -> str:
    """The moves (``what``: 'move', or 'OCTO' for the octos command) one a line, counted in words."""
    if not moves:
        return f"no {'legal move' if what == 'move' else what} on rail {R.rail_string(rail)}"
    lines = [f"{len(moves)} {what}{'' if len(moves) == 1 else 's'} on rail {R.rail_string(rail)}:"]
    for m in moves:
        d = R.move_dict(rail, m)
        lines.append(f"  {d['word']:<8} {d['side']:<5} {d['end']:<5} rail {d['rail_used']}  "
                     f"plays {d['played']:<6} pushes {d['pushed'] or 'nothing'}")
    return "\n".join(lines)


@click.group(name="octoverso")
def group():
    """Octoverso: French words on an 8-letter rail (moves, OCTOs, games, matches, tournaments)."""


def _from_position_file(path: str):
    """(R, rail, hand, lexicon, blocked) of the player to move in a position document."""
    from ..core.jsonout import read_json
    from . import rules as R

    from ..core.record import position_document

    doc = position_document(read_json(path, "position file"), "octoverso", R.make_game)
    if not isinstance(doc, dict) or not isinstance(doc.get("params"), dict):
        fail(f"position file {path}: not an Octoverso position (no \"params\" object)")
    params = doc["params"]
    allowed = {"jokers": bool, "teams": bool, "max_turns": int, "lexicon": (str, type(None)), "spotting": str}
    for k, v in params.items():
        if k not in allowed or isinstance(v, bool) and allowed[k] is int or not isinstance(v, allowed[k]):
            fail(f"position file {path}: bad game parameter {k!r}: {v!r}")
    state = R.make_game(**params).state_from_json(doc)
    if state.phase == R.OVER:   # said 'the player to move is not choosing a word (phase over)'
        fail(f"position file {path}: the game is over ("
             + ("a draw" if state.winner < 0 else f"P{state.winner}{' and partner' if state.game.teams else ''} won")
             + "): no one is to move")
    if state.phase != R.PLAY:
        fail(f"position file {path}: the player to move is not choosing a word (phase {R.PHASES[state.phase]})")
    return R, state.rail, state.hands[state.player], state.lex, state.blocked


@group.command()
@click.option("--rail", default=None, help="Rail letters in recto order (2..8; ? for a joker tile).")
@click.option("--hand", default=None, help="Hand letters (the game's 21 letters; ? for a joker).")
@click.option("--position", "position", type=click.Path(dir_okay=False), default=None,
              help="A position file (`play --position-out`, any State.to_json document, or a game record such as `play --out` writes) "
                   "instead of --rail and --hand: the moves of the player to move, words already played excluded.")
@_lexicon_option
@click.option("--sort", "sort_by", type=click.Choice(["word", "letters"], case_sensitive=False), default="word",
              show_default=True, help="Order: by word, or by hand letters laid (most first).")
@svg_option("Write an SVG picture of the first move listed.")
@json_option
def moves(rail, hand, position, lexicon, sort_by, svg_path, as_json):
    """Every legal move of a position: one per (word, side, end, rail letters used)."""
    distinct_outputs(("--svg", svg_path), inputs=(("--position", position), ("--lexicon", lexicon)))
    blocked = None
    if position is not None:
        if rail is not None or hand is not None or lexicon is not None:
            fail("give either --position or --rail and --hand (the position names its own lexicon)")
        R, r, h, lex, blocked = _from_position_file(position)
    elif rail is None or hand is None:
        fail("give --rail and --hand (or --position FILE)")
    else:
        R, r, h, lex = _position(rail, hand, lexicon)
    ms = R.legal_moves(lex, r, h, blocked)
    if sort_by.lower() == "letters":
        ms.sort(key=lambda m: (-m.n_played, m.word))
    text = _moves_text(R, r, ms)
    if svg_path:
        _prepare_out(svg_path)
        if ms:
            from .render import move_svg

            move_svg(r, ms[0], svg_path)
            text += f"\nwrote {svg_path} (the first move, {ms[0].word})"
        else:   # nothing to draw a move of: the rail alone, said so (it was silently not written)
            from ..core.files import atomic_write_text
            from .render import rail_svg

            atomic_write_text(svg_path, rail_svg(r))
            text += f"\nwrote {svg_path} (the rail alone: no move to draw)"
    emit([R.move_dict(r, m) for m in ms], as_json, text)


@group.command()
@click.option("--rail", required=True, help="Rail letters in recto order (2..8; ? for a joker tile).")
@click.option("--hand", required=True, help="Hand letters of the player who could form the OCTO (? = joker).")
@_lexicon_option
@json_option
def octos(rail, hand, lexicon, as_json):
    """Every OCTO (8-letter word filling the rail) a hand can form: the player's own OCTOs, or, with
    the opponent's hand, the OCTOs to show under the interaction rule."""
    R, r, h, lex = _position(rail, hand, lexicon)
    ms = R.octos(lex, r, h)
    emit([R.move_dict(r, m) for m in ms], as_json, _moves_text(R, r, ms, "OCTO"))


def seat_label(seat: int, n_players: int) -> str:
    """P0, P1 in the 2-player game; P0..P3 in the team game (teams P0+P2 and P1+P3), as the SVG
    and the web app name them (the text said A1, B1, A2, B2)."""
    return f"P{seat}"


def team_label(team: int) -> str:
    """A team game's team by its seats, as Octiles and Octagone name pairs: P0+P2, P1+P3."""
    return f"P{team}+P{team + 2}"


def _event_line(e: dict, names, lab) -> str:
    """One line of a played game: a move in the notation (docs/rules/octoverso.md, "Notation"), or
    what happened between moves (the opening's rail, an OCTO shown)."""
    who = f"{lab[e['player']]} {names[e['player']]}" if e.get("player", -1) >= 0 else ""
    kind = e["event"]
    if kind == "opening":
        return (f"{'':<14} rail {e['rail']}: {lab[e['player']]} ({e['words'][0]}) lays first, "
                f"{lab[e['second']]} ({e['words'][1]}) next")
    if kind == "word":
        from .moves import word_notation

        return f"{who:<14} " + word_notation(e["word"], e["side"], e["end"], e["rail_used"], e["played"],
                                             e["pushed"], (e["player"] + 1) % len(names))
    if kind == "announce":
        return f"{who:<14} announce {e['word']} (hidden until every player has announced)"
    if kind == "exchange":
        return f"{who:<14} exchange {e['returned']} with the pool (draws {e['drew']})"
    if kind == "return":
        return f"{who:<14} return {e['tile']} to the pool"
    if kind == "interaction":
        return f"{who:<14} {'claims' if e.get('claimed') else 'shows'} the OCTO {e['octo']} (interaction)"
    if kind == "no claim":
        return f"{who:<14} no OCTO claimed"
    if kind == "rotate":
        return f"{who:<14} rotate: the rail becomes {e['rail']}"
    return f"{who:<14} {kind}".rstrip()


@group.command()
@players_option("lookahead,greedy", "Two names, or four for the team game (seats P0,P1,P2,P3; teams P0+P2 "
                "and P1+P3).")
@click.option("--team-game", "teams", is_flag=True, help=TEAMS_HELP + " With two names each team is two copies.")
@variant_option(VARIANTS, "standard", VARIANT_HELP)
@click.option("--spotting", type=click.Choice(["auto", "claim"], case_sensitive=False), default="auto",
              show_default=True, help="The interaction rule's reading: auto (an OCTO the last player "
              "missed is shown for the next player) or claim (the next player claims it, a move of "
              "the record, as the web app plays it); the computer players play the same game in both.")
@simulations_option()
@_lexicon_option
@seed_option()
@record_option()
@position_out_option("final")
@svg_option("Write an SVG picture of the final position.")
@json_option
def play(players, teams, variant, spotting, simulations, lexicon, seed, out, position_out, svg_path, as_json):
    """Play one game between computer players (2, or 4 in teams) and print its record."""
    from . import matches

    _prepare_out(out, position_out, svg_path)
    distinct_outputs(("--out", out), ("--position-out", position_out), ("--svg", svg_path),
                     inputs=(("--lexicon", lexicon),))
    names = _names(players)
    if len(names) == 4:
        teams = True
    elif teams and len(names) == 2:
        names = names * 2
    elif len(names) != 2:
        fail(f"--players needs two names (or four for the team game), got {len(names)}")
    record, state = matches.play_record(tuple(names), seed, jokers=variant.lower() == "jokers", lexicon=lexicon,
                                        simulations=simulations, teams=teams, spotting=spotting.lower())
    rec = matches.game_record(state, names, seed)
    if out:
        write_json(out, record)
    if position_out:
        write_json(position_out, state.to_json())
    if svg_path:
        from ..core.files import atomic_write_text
        from .render import position_svg

        atomic_write_text(svg_path, position_svg(state))
    n = len(names)
    lab = [seat_label(q, n) for q in range(n)]
    lines = []
    if teams:
        lines.append(f"team {team_label(0)}: P0 {names[0]}, P2 {names[2]}; "
                     f"team {team_label(1)}: P1 {names[1]}, P3 {names[3]}")
    lines += [_event_line(e, names, lab) for e in rec["events"] if e["event"] not in ("win", "draw")]
    w = rec["winner"]
    if w is None:
        lines.append(f"draw after {rec['turns']} turns")
    elif teams:
        lines.append(f"winner: team {team_label(w % 2)} ({lab[w]} {names[w]} emptied their hand) "
                     f"after {rec['turns']} turns")
    else:
        lines.append(f"winner: P{w} {names[w]} after {rec['turns']} turns")
    emit(rec, as_json, "\n".join(lines) + wrote(out, position_out, svg_path))


def _match_text(m: dict) -> str:
    first = m["first_mover"]
    lines = [f"{' v '.join(m['players'])}{' (teams)' if m['teams'] else ''}"
             f"{' (jokers)' if m['jokers'] else ''}: {m['games']} game{'' if m['games'] == 1 else 's'}"]
    from ..core.match import results_lines

    lines += results_lines(m["results"])
    lo, hi = first["ci95"]
    lines.append(f"  first mover's side wins {first['first_mover_wins']} of {first['decided']} decided "
                 f"game{'' if first['decided'] == 1 else 's'}: "
                 f"{first['rate']:.3f} [{lo:.3f}, {hi:.3f}]")
    return "\n".join(lines)


def _batch_common(f):
    for deco in reversed([
        click.option("--team-game", "teams", is_flag=True, help=TEAMS_HELP + " Each name is a team of two copies."),
        variant_option(VARIANTS, "standard", VARIANT_HELP),
        simulations_option(),
        _lexicon_option,
        seed_option(),
        batch_options,
        out_option("Also write the result (JSON) to this file."),
        json_option,
    ]):
        f = deco(f)
    return f


@group.command()
@players_option("lookahead,greedy", "Two names (with --team-game: two teams).")
@games_option(200, hi=1_000_000)
@_batch_common
def match(players, games, teams, variant, simulations, lexicon, seed, workers, scheduler, out, as_json):
    """A match between two players (seats rotate): wins, draws, losses and score with 95% Wilson
    intervals, and the first mover's edge."""
    from . import matches

    distinct_outputs(("--out", out), inputs=(("--lexicon", lexicon),))
    _prepare_out(out)
    names = _names(players)
    if len(names) != 2:
        fail(f"--players needs two names, got {len(names)}")
    m = matches.match(names, games, seed=seed, jokers=variant.lower() == "jokers", teams=teams, lexicon=lexicon,
                    simulations=simulations, workers=workers, scheduler=scheduler)
    if out:
        write_json(out, m)
    emit(m, as_json, _match_text(m) + wrote(out))


@group.command()
@players_option("greedy,lookahead", "Two or more names: every pair meets.")
@games_option(200, hi=1_000_000)
@_batch_common
def tournament(players, games, teams, variant, simulations, lexicon, seed, workers, scheduler, out, as_json):
    """Round robin: every pair of players plays a match; a table per player."""
    from . import matches

    distinct_outputs(("--out", out), inputs=(("--lexicon", lexicon),))
    _prepare_out(out)
    names = _names(players)
    t = matches.tournament(names, games, seed=seed, jokers=variant.lower() == "jokers", teams=teams, lexicon=lexicon,
                         simulations=simulations, workers=workers, scheduler=scheduler)
    if out:
        write_json(out, t)
    from ..core.match import results_lines

    lines = [_match_text(m) for m in t["pairs"]] + ["table:"] + results_lines(t["table"])
    emit(t, as_json, "\n".join(lines) + wrote(out))


@group.command()
@click.argument("words", nargs=-1, required=True)
@_lexicon_option
@json_option
def check(words, lexicon, as_json):
    """Is each word a dictionary word (3..8 letters, in the lexicon; its lemmas), and can the game's
    88 letters make it, or only with the joker variant's 2 jokers standing for missing letters?"""
    from ..core.words import counted, names_list, shown
    from . import rules as R
    from .moves import DISTRIBUTION

    lex = R.load_lexicon(lexicon)
    out, lines = [], []
    for w in words:
        f = R.fold_word(w)
        wid = lex.index.get(f)
        if not (R.MIN_LEN <= len(f) <= R.MAX_LEN) or not R.is_az(f):
            why = f"not {R.MIN_LEN}..{R.MAX_LEN} letters A-Z"
        else:
            why = "not in the lexicon" if wid is None else ""
        short = (sorted(c for c in set(f) if f.count(c) > DISTRIBUTION.get(c, 0))
                 if R.is_az(f) else [])
        lack = sum(f.count(c) - DISTRIBUTION.get(c, 0) for c in short)
        d = {"word": f, "in_lexicon": wid is not None, "letters": lack == 0,
             "with_jokers": R.is_az(f) and lack <= R.N_JOKERS, "missing": "".join(short),
             "playable": wid is not None and lack == 0, "reason": why,
             "lemmas": lex.lemmas(wid) if wid is not None else []}
        if wid is not None and lack:
            have = [f"{DISTRIBUTION.get(c, 0)} {c}" if DISTRIBUTION.get(c) else f"no {c}"
                    for c in short]
            d["reason"] = (f"the game's {R.N_LETTERS} letters have {names_list(have)}: "
                           + (f"playable only in the joker variant, a joker for {counted(lack, 'letter')}"
                              if lack <= R.N_JOKERS else
                              f"{counted(lack, 'letter')} missing, more than its {R.N_JOKERS} jokers"))
        out.append(d)
        text = f"{shown(f)}: " + (f"yes (lemmas {', '.join(d['lemmas'])})" if d["playable"] else
                                  f"in the lexicon (lemmas {', '.join(d['lemmas'])}), but {d['reason']}"
                                  if wid is not None else f"not playable ({why})")
        lines.append(text)
    emit(out, as_json, "\n".join(lines))


@group.command("measure")
@measure_options("Data file to write (default: data/octoverso/simulations.json, which the report reads; with "
                 "--quick build/octoverso-simulations.json).",
                 quick_help="A hundredth of the games (a smoke test; never written over the data file).")
def simulate(quick, seed, workers, scheduler, out, as_json):
    """The report's long measurements, the large simulations (minutes: thousands of games): the
    matches of solve.SIM_PLAN, written to a data file with the command that made them."""
    import os
    from pathlib import Path

    from ..core.clikit import check_out_path
    from ..core.paths import DATA_DIR
    from . import solve

    data_file = DATA_DIR / "octoverso" / "simulations.json"
    if out is None:  # a --quick run never goes over the data file
        out = str(check_out_path(Path("build") / "octoverso-simulations.json" if quick else data_file))
    elif quick and os.path.realpath(out) == os.path.realpath(data_file):  # nor with --out naming it
        fail(f"--out {out} is the data file the report reads: a --quick measurement is never written "
             "over it; give another file")
    _prepare_out(out)
    data = solve.simulate(seed, quick=quick, workers=workers, scheduler=scheduler)
    cmd = "octosolve octoverso measure" + (" --quick" if quick else "") + f" --seed {seed}"
    data = {"command": cmd, **data}
    write_json(out, data)
    lines = [f"wrote {out} ({len(data['matches'])} matches; command: {cmd})"]
    lines += [m.get("key", "?") + (f": skipped ({m['skipped']})" if "skipped" in m else f": {m['games']} games")
              for m in data["matches"]]
    emit({"out": out, "command": cmd, "matches": [m.get("key") for m in data["matches"]]}, as_json,
         "\n".join(lines))
