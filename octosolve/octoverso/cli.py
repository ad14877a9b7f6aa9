"""`octosolve octoverso ...` commands."""

from __future__ import annotations

import click

from ..core.clikit import batch_options, json_option, seed_option
from ..core.errors import fail
from ..core.jsonout import emit

LEXICON_HELP = "Plain word list (one word a line, optional TAB lemmas) instead of the shipped lexicon."


def _position(rail: str, hand: str, jokers: int, lexicon: str | None):
    from . import rules as R

    r = R.parse_rail(rail)
    h = R.parse_hand(hand, jokers)
    lex = R.load_lexicon(lexicon)
    return R, r, h, lex


def _moves_text(R, rail, moves) -> str:
    if not moves:
        return "no legal move"
    lines = [f"{len(moves)} move(s) on rail {R.rail_string(rail)}:"]
    for m in moves:
        d = R.move_dict(rail, m)
        lines.append(f"  {d['word']:<8} {d['side']:<5} {d['end']:<5} rail {d['rail_used']}  "
                     f"plays {d['played']:<6} pushes {d['pushed']}")
    return "\n".join(lines)


@click.group(name="octoverso")
def group():
    """Octoverso: French words on an 8-letter rail (moves, OCTOs, games, tournaments)."""


@group.command()
@click.option("--rail", required=True, help="Rail letters in recto order (2..8; ? for a joker tile).")
@click.option("--hand", required=True, help="Hand letters (A..V of the set; ? for a joker).")
@click.option("--jokers", type=int, default=0, show_default=True, help="Jokers in the hand.")
@click.option("--lexicon", type=click.Path(), default=None, help=LEXICON_HELP)
@click.option("--sort", "sort_by", type=click.Choice(["word", "letters"]), default="word", show_default=True,
              help="Order: by word, or by hand letters laid (most first).")
@json_option
def moves(rail, hand, jokers, lexicon, sort_by, as_json):
    """Every legal move of a position: one per (word, side, end, rail letters used)."""
    R, r, h, lex = _position(rail, hand, jokers, lexicon)
    ms = R.legal_moves(lex, r, h)
    if sort_by == "letters":
        ms.sort(key=lambda m: (-m.n_played, m.word))
    emit([R.move_dict(r, m) for m in ms], as_json, _moves_text(R, r, ms))


@group.command()
@click.option("--rail", required=True, help="Rail letters in recto order (2..8; ? for a joker tile).")
@click.option("--hand", required=True, help="Hand letters of the player who could form the OCTO.")
@click.option("--jokers", type=int, default=0, show_default=True, help="Jokers in the hand.")
@click.option("--lexicon", type=click.Path(), default=None, help=LEXICON_HELP)
@json_option
def octos(rail, hand, jokers, lexicon, as_json):
    """Every OCTO (8-letter word filling the rail) a hand can form: the player's own OCTOs, or, with
    the opponent's hand, the OCTOs to show under the interaction rule."""
    R, r, h, lex = _position(rail, hand, jokers, lexicon)
    ms = R.octos(lex, r, h)
    emit([R.move_dict(r, m) for m in ms], as_json, _moves_text(R, r, ms).replace("move(s)", "OCTO(s)"))


def _player_names(text: str) -> list[str]:
    from .players import PLAYER_NAMES

    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    for n in names:
        if n not in PLAYER_NAMES:
            fail(f"unknown player {n!r} (choose from {', '.join(PLAYER_NAMES)})")
    return names


def _team_specs(text: str) -> list[str]:
    """Team names for a team tournament: a player (two of it) or two players joined by '+'."""
    from .players import PLAYER_NAMES

    specs = [n.strip().lower() for n in text.split(",") if n.strip()]
    for sp in specs:
        parts = sp.split("+")
        if len(parts) > 2:
            fail(f"team {sp!r} has {len(parts)} players; a team has 2 (write a or a+b)")
        for n in parts:
            if n not in PLAYER_NAMES:
                fail(f"unknown player {n!r} in team {sp!r} (choose from {', '.join(PLAYER_NAMES)})")
    return specs


def seat_label(seat: int, n_players: int) -> str:
    """P0, P1 in the 2-player game; A1, B1, A2, B2 in the team game (team A: seats 0 and 2)."""
    if n_players == 2:
        return f"P{seat}"
    return "AB"[seat % 2] + str(seat // 2 + 1)


@group.command()
@click.option("--players", "players_", default="lookahead,greedy", show_default=True,
              help="Two players (greedy, lookahead, mc, mcts, random, openspiel); four names play the "
                   "team game, seats A1,B1,A2,B2 (teams: 1st+3rd v 2nd+4th).")
@click.option("--teams/--no-teams", default=False, show_default=True,
              help="Team game (2 teams of 2, seated alternately); with two names each team is two copies.")
@click.option("--jokers/--no-jokers", default=False, show_default=True, help="Joker variant.")
@click.option("--simulations", type=int, default=48, show_default=True, help="Playouts per move (mc, mcts).")
@click.option("--lexicon", type=click.Path(), default=None, help=LEXICON_HELP)
@seed_option()
@json_option
def play(players_, teams, jokers, simulations, lexicon, seed, as_json):
    """Play one game between computer players (2, or 4 in teams) and print its record."""
    from . import solve

    names = _player_names(players_)
    if len(names) == 4:
        teams = True
    elif teams and len(names) == 2:
        names = names * 2
    elif teams:
        fail(f"--teams needs two names (one per team) or four (one per seat), got {len(names)}")
    elif len(names) != 2:
        fail(f"--players needs two names (or four for the team game), got {len(names)}")
    if simulations < 1:
        fail("--simulations must be at least 1")
    state = solve.play_game(tuple(names), seed, jokers=jokers, lexicon=lexicon, simulations=simulations)
    rec = solve.game_record(state, names, seed)
    n = len(names)
    lab = [seat_label(q, n) for q in range(n)]
    lines = []
    if teams:
        lines.append(f"team A: A1 {names[0]}, A2 {names[2]}; team B: B1 {names[1]}, B2 {names[3]}")
    for e in rec["events"]:
        who = f"{lab[e['player']]} {names[e['player']]}"
        if e["event"] == "opening":
            sec = e["second"]
            lines.append(f"{'':<14} rail {e['rail']}: {lab[e['player']]} lays first, {lab[sec]} next; "
                         "the other words go back to the hands")
        elif e["event"] == "word":
            lines.append(f"{who:<14} {e['word']:<8} {e['side']}/{e['end']} rail {e['rail_used']} "
                         f"plays {e['played']} pushes {e['pushed']}")
        elif e["event"] == "announce":
            lines.append(f"{who:<14} announces {e['word']}")
        elif e["event"] == "exchange":
            lines.append(f"{who:<14} exchanges {e['returned']} (draws {e['drew']})")
        elif e["event"] == "return":
            lines.append(f"{who:<14} returns {e['tile']} to the pool")
        elif e["event"] == "interaction":
            lines.append(f"{who:<14} shows the OCTO {e['octo']} (interaction)")
        else:
            lines.append(f"{who:<14} {e['event']}")
    w = rec["winner"]
    if w is None:
        lines.append(f"draw after {rec['turns']} turns")
    elif teams:
        lines.append(f"winner: team {'AB'[w % 2]} ({lab[w]} {names[w]} emptied their hand) after {rec['turns']} turns")
    else:
        lines.append(f"winner: P{w} {names[w]} after {rec['turns']} turns")
    emit(rec, as_json, "\n".join(lines))


@group.command()
@click.option("--players", "players_", default="greedy,lookahead", show_default=True,
              help="Players (every pair meets): greedy, lookahead, mc, mcts, random, openspiel.")
@click.option("--games", type=int, default=200, show_default=True, help="Games per pair (seats alternate).")
@click.option("--teams/--no-teams", default=False, show_default=True,
              help="Team game: each name is a team, a player (two of it) or a+b.")
@click.option("--jokers/--no-jokers", default=False, show_default=True, help="Joker variant.")
@click.option("--simulations", type=int, default=48, show_default=True, help="Playouts per move (mc, mcts).")
@click.option("--lexicon", type=click.Path(), default=None, help=LEXICON_HELP)
@seed_option()
@batch_options
@json_option
def tournament(players_, games, teams, jokers, simulations, lexicon, seed, workers, scheduler, as_json):
    """Who beats whom: win rates with 95% Wilson intervals, and the first player's edge (in the team
    game: the team of the player who moves first)."""
    from . import solve

    names = _team_specs(players_) if teams else _player_names(players_)
    if len(names) < 2:
        fail("--players needs at least two " + ("teams" if teams else "names"))
    if games < 1:
        fail("--games must be at least 1")
    if lexicon is not None:
        from . import rules as R

        R.load_lexicon(lexicon)  # fail early on a bad path
    table = solve.tournament(names, games, seed=seed, jokers=jokers, lexicon=lexicon,
                             simulations=simulations, workers=workers, scheduler=scheduler, teams=teams)
    w = max(10, *(len(nm) for nm in names))
    a_head, b_head = ("team A", "team B") if teams else ("A", "B")
    first = "first team wins" if teams else "first player wins"
    lines = [f"{a_head:<{w}} {b_head:<{w}} {'games':>5}  {'A score':>7}  95% CI          {first}"]
    for t in table:
        lo, hi = t["a_score_ci95"]
        flo, fhi = t["first_player_ci95"]
        lines.append(f"{t['a']:<{w}} {t['b']:<{w}} {t['games']:>5}  {t['a_score']:7.3f}  [{lo:.3f}, {hi:.3f}]  "
                     f"{t['first_player_rate']:.3f} [{flo:.3f}, {fhi:.3f}]")
    emit(table, as_json, "\n".join(lines))


@group.command()
@click.argument("words", nargs=-1, required=True)
@click.option("--lexicon", type=click.Path(), default=None, help=LEXICON_HELP)
@json_option
def check(words, lexicon, as_json):
    """Is each word playable (3..8 letters, in the lexicon), and what are its lemmas?"""
    from . import rules as R

    lex = R.load_lexicon(lexicon)
    out = []
    for w in words:
        f = R.fold_word(w)
        wid = lex.index.get(f)
        if not (R.MIN_LEN <= len(f) <= R.MAX_LEN) or not R.is_az(f):
            why = f"not {R.MIN_LEN}..{R.MAX_LEN} letters A-Z"
        else:
            why = "not in the lexicon" if wid is None else ""
        out.append({"word": f, "playable": wid is not None, "reason": why,
                    "lemmas": lex.lemmas(wid) if wid is not None else []})
    emit(out, as_json, "\n".join(f"{d['word']}: " + (f"yes (lemmas {', '.join(d['lemmas'])})"
                                                     if d["playable"] else f"not playable ({d['reason']})") for d in out))
