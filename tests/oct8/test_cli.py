"""Oct8 commands through click: JSON keys, bad input (exit 2, one line, no traceback)."""

import json

import pytest
from click.testing import CliRunner

from octosolve.oct8.cli import group


def run(args):
    r = CliRunner().invoke(group, args)
    return r


def bad(args, needle):
    r = run(args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert needle in r.output
    assert len([ln for ln in r.output.strip().splitlines() if ln.startswith("Error")]) == 1


def test_simulate_json_keys_and_wins_plus_ties():
    r = run(["simulate", "--players", "random,random,random,random", "--games", "300",
             "--seed", "3", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for k in ("games", "wins", "mean_score", "mean_turns", "ties"):
        assert k in d
    assert d["games"] == 300 and len(d["wins"]) == 4 and len(d["mean_score"]) == 4
    assert sum(d["wins"]) + d["ties"] == 300
    assert d["engine"] == "numba"
    # reproducible
    assert json.loads(run(["simulate", "--games", "300", "--seed", "3", "--json"]).output) == d


def test_simulate_with_greedy_python_engine():
    r = run(["simulate", "--players", "greedy,random,random", "--games", "6", "--seed", "1",
             "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["engine"] == "python" and sum(d["wins"]) + d["ties"] == 6


@pytest.mark.integration
def test_simulate_says_one_sole_win_in_the_singular():
    # 40 games whose seed gives a random player exactly one sole win (2,000 games took 98 s of CI)
    r = run(["simulate", "--players", "greedy,random,random,random", "--games", "40", "--seed", "8"])
    assert r.exit_code == 0, r.output
    assert "P1  random:       1 sole win,  win share" in r.output
    assert "39 sole wins, win share" in r.output


@pytest.mark.integration
def test_simulate_on_a_local_dask_cluster_matches_local_processes():
    args = ["simulate", "--players", "random,random", "--games", "400", "--seed", "9", "--json"]
    r1 = run(args + ["--scheduler", "local"])
    assert r1.exit_code == 0, r1.output
    r2 = run(args + ["--workers", "1"])
    assert json.loads(r1.output) == json.loads(r2.output)


def test_simulate_bad_input(tmp_path):
    bad(["simulate", "--players", "random,smart,random,random"], "unknown player")
    bad(["simulate", "--players", "5"], "unknown player")
    bad(["simulate", "--players", "0"], "unknown player")
    bad(["simulate", "--players", ""], "at least one player")
    bad(["simulate", "--players", "random"], "takes 2, 3 or 4")
    bad(["simulate", "--players", ",".join(["random"] * 5)], "takes 2, 3 or 4")
    bad(["simulate", "--games", "0"], "--games")
    bad(["simulate", "--games", "10000000000000"], "--games")
    bad(["simulate", "--simulations", "-1"], "--simulations")
    bad(["simulate", "--variant", "long"], "--variant")
    bad(["simulate", "--baby-chips", "three"], "--baby-chips")
    bad(["simulate", "--seed", str(2**64)], "--seed")
    deck = tmp_path / "d.toml"
    deck.write_text("[red]\n1 = 26\n[green]\n1 = 26\n[blue]\n1 = 26\n[purple]\n1 = 1\n")
    bad(["simulate", "--deck", str(deck)], "unknown colour")
    deck.write_text("[red]\n9 = 26\n[green]\n1 = 26\n[blue]\n1 = 26\n")
    bad(["simulate", "--deck", str(deck)], "outside 1-8")
    deck.write_text("[red]\n1 = 20\n[green]\n1 = 26\n[blue]\n1 = 26\n")
    bad(["simulate", "--deck", str(deck)], "26")
    deck.write_text("[red\n1 = ")
    bad(["simulate", "--deck", str(deck)], "malformed deck")
    bad(["simulate", "--deck", str(tmp_path / "missing.toml")], "not found")


POSITION = {
    "to_move": 0,
    "hands": [["r1", "r4", "g2"], []],
    "fields": [[{"head": "red", "arms": ["b5", "r3"]}],
               [{"head": "green", "arms": ["g4", "g4"]}, {"head": "blue", "arms": ["r2", "b6"]}]],
}


def test_swaps_json(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(POSITION))
    r = run(["swaps", str(f), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    ex = d["exchanges"]
    assert d["count"] == len(ex) == d["count_action3"] + d["count_action4"]
    # action 3: b5 <- r1 r4 and r3 <- r1 g2
    a3 = sorted((e["source"]["card"], tuple(e["cards"])) for e in ex if e["action"] == 3)
    assert a3 == [("b5", ("r1", "r4")), ("r3", ("r1", "g2"))]
    # the blocked green octopus of player 1 never takes part
    assert not any(e["action"] == 4 and (e["source"]["player"] == 1 and e["source"]["octopus"] == 0
                                         or e["target"] != "hand" and e["target"]["player"] == 1
                                         and e["target"]["octopus"] == 0) for e in ex)
    # own r3 <-> P1's blue octopus: r3 = r2 + ... no (b6 + r2 = 8): 3 is not reachable; b5 neither;
    # P1's r2 <- own cards summing 2: none (own arms are 5 and 3); P1's b6 <- none
    assert d["count_action4"] == 0
    text = run(["swaps", str(f)]).output
    assert "legal exchanges" in text


def test_swaps_with_more_chips_than_held_says_it_is_a_what_if(tmp_path):
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(POSITION))  # a hand-written position: the mover holds no baby chips
    d = json.loads(run(["swaps", str(f), "--babies", "2", "--json"]).output)
    assert d["babies"] == 2 and d["chips_held"] == 0 and d["what_if"] is True
    text = run(["swaps", str(f), "--babies", "1"]).output
    assert "with 1 baby chip (a what-if: P0 holds 0 baby chips), up to 2 exchanges" in text
    d = json.loads(run(["swaps", str(f), "--json"]).output)
    assert d["chips_held"] == 0 and "what_if" not in d and "babies" not in d


def test_swaps_bad_input(tmp_path):
    f = tmp_path / "pos.json"
    for content, needle in [
        ("{not json", "not valid JSON"),
        (json.dumps({"fields": "x", "hands": []}), "players"),
        (json.dumps({"fields": "x", "hands": [[], []]}), "fields must be a list"),
        (json.dumps(dict(POSITION, hands=[["p3"], []])), "unknown colour"),
        (json.dumps(dict(POSITION, hands=[[], "x"])), "hand of P1 must be a list"),
        (json.dumps(dict(POSITION, hands=[["r9"], []])), "outside 1-8"),
        (json.dumps(dict(POSITION, hands=[[{"colour": "red", "arms": 5.9}], []])), "whole number"),
        (json.dumps(dict(POSITION, hands=[["r5.9"], []])), "bad arm card"),
        (json.dumps(dict(POSITION, hands=[["r\u00b3"], []])), "bad arm card"),
        (json.dumps(dict(POSITION, fields=[[{"head": "red", "arms": ["r3"]}], []])), "exactly 8"),
        (json.dumps(dict(POSITION, hands=[["r8", "r8"], []])), "impossible position"),
        (json.dumps(dict(POSITION, to_move=5)), "to_move"),
        (json.dumps(dict(POSITION, params={"players": 2.0})), "players"),
        (json.dumps(dict(POSITION, params={"players": 3})), "3 entries"),
        ('{"hands": [[], []], "hands": [[], []], "fields": [[], []]}', "duplicate key"),
        ("[" * 100000 + "]" * 100000, "nested more than 64 levels"),
        (json.dumps(dict(POSITION, turns=10**30)), "turns"),
        (json.dumps(dict(POSITION, turns=float("nan"))), "NaN"),    # (was read as a number)
    ]:
        f.write_text(content)
        bad(["swaps", str(f)], needle)
    f.write_bytes(b'{"hands": [["r1\xff"]]}')
    bad(["swaps", str(f)], "not UTF-8")
    bad(["swaps", str(tmp_path / "nope.json")], "not found")
    bad(["swaps", str(tmp_path)], "not a file")


@pytest.mark.integration
def test_play_record_and_json():
    # the default seats (mcts,greedy,greedy,greedy) at 8 simulations a move instead of mcts's own
    # budget: the record's and the JSON's form do not depend on how hard the search thinks
    r = run(["play", "--seed", "4", "--simulations", "8"])
    assert r.exit_code == 0, r.output
    assert "turn 1, P0" in r.output and "winner" in r.output
    d = json.loads(run(["play", "--seed", "4", "--simulations", "8", "--json"]).output)
    assert len(d["scores"]) == 4 and d["record"] and d["turns"] > 0
    bad(["play", "--players", "greedy,bogus,random,random"], "unknown player")
    bad(["play", "--out", "/proc/nope/pos.json"], "cannot write")
    bad(["play", "--svg", "/proc/version/x.svg"], "cannot write")
    bad(["play", "--svg", ""], "empty")


def test_play_writes_a_position_that_swaps_reads(tmp_path):
    pos, pic = tmp_path / "p.json", tmp_path / "p.svg"
    rec = tmp_path / "rec.json"
    r = run(["play", "--players", "greedy,random", "--seed", "2", "--stop-after", "40", "--position-out", str(pos),
             "--out", str(rec), "--svg", str(pic)])
    assert r.exit_code == 0, r.output
    assert "stopped after 40 decisions" in r.output
    assert "viewBox" in pic.read_text()
    d = json.loads(pos.read_text())
    assert d["game"] == "oct8" and len(d["history"]) == 40
    r = run(["swaps", str(pos), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["to_move"] == d["to_move"]
    # --out is the game record (unfinished here); swaps reads it as the position it stops in
    assert json.loads(rec.read_text())["outcome"]["terminal"] is False
    r2 = run(["swaps", str(rec), "--json"])
    assert r2.exit_code == 0, r2.output
    assert json.loads(r2.output) == json.loads(r.output)


def test_deck_command():
    r = run(["deck", "--json"])
    d = json.loads(r.output)
    assert sum(d["counts"]["red"].values()) == 26
    assert "flat" in run(["deck", "--deck", "flat"]).output


@pytest.mark.integration
def test_report_quick_is_deterministic(tmp_path, monkeypatch):
    """Two quick builds write the same bytes (durations only in the returned timings).

    Cheaper than two whole quick builds (25 s of the CI): the Python-engine matches play 2 games
    each instead of 8 and 4 (the same players and budgets; the same bytes twice does not depend on
    how many), and the stored strength games are re-played once, by the first build: that re-play
    checks each game against the stored one (the same seed must give the same game), a stronger
    check than a second re-play's bytes; the second build writes what the first re-play returned."""
    from octosolve.oct8 import report

    played, replays = [], []
    real_match, real_strength = report.match, report._strength

    def match(names, games, seed, **kw):
        played.append((names, games))
        return real_match(names, min(games, 2), seed, **kw)

    def strength(per_match):
        if not replays:
            replays.append(real_strength(per_match))
        return replays[0]

    monkeypatch.setattr(report, "match", match)
    monkeypatch.setattr(report, "_strength", strength)
    a = report.build(tmp_path / "a", quick=True, seed=1)
    b = report.build(tmp_path / "b", quick=True, seed=1)
    assert len(played) == 6 and len(replays) == 1 and replays[0]["rechecked_games"] == 3
    assert replays[0]["recheck_problems"] == []
    assert a["title"] and a["summary"] and set(a["timings"]) == {"numba_tables", "rule_options", "matches",
                                                                  "strength_recheck"}
    assert {k: v for k, v in a.items() if k != "timings"} == {k: v for k, v in b.items() if k != "timings"}
    for f in a["files"]:
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    text = (tmp_path / "a" / "README.md").read_text()
    assert "Win share and score by seat" in text and "Rule options" in text and "stored" in text
    assert "seconds" not in (tmp_path / "a" / "balance.json").read_text()


@pytest.mark.integration
def test_swap_sequences_against_itertools_twin():
    """Breadth-first exchange sequences (baby chips) from the kernel == the same search on the twin."""
    from octosolve.core.paths import data_path
    from octosolve.oct8 import swaps as SW
    from octosolve.oct8.position import read_document
    from octosolve.oct8.rules import state_from_document
    from octosolve.oct8.swaps import apply_swap_row, state_arrays, swap_sequences

    st = state_from_document(read_document(data_path("oct8", "example_position.json")))
    hand, owners, colours, octs = state_arrays(st)
    got = swap_sequences(0, 3, hand, owners, colours, octs, 3)
    # twin: itertools enumeration on explicit card lists
    frontier, seen, per = [(hand, octs)], set(), []
    for _ in range(3):
        nxt, count = [], 0
        for h, o in frontier:
            hand_t = [t for t in range(24) for _ in range(h[t])]
            oc = [(owners[i], colours[i], [t for t in range(24) for _ in range(o[i][t])]) for i in range(len(o))]
            rows = SW.enumerate_swaps_py(0, hand_t, oc)
            count += len(rows)
            for row in rows:
                h2, o2 = apply_swap_row(h, o, owners, row)
                assert h2.sum() + sum(x.sum() for x in o2) == hand.sum() + sum(x.sum() for x in octs)
                key = (tuple(h2), tuple(tuple(x) for x in o2))
                if key not in seen:
                    seen.add(key)
                    nxt.append((h2, o2))
        per.append(count)
        frontier = nxt
    assert got == {"exchanges_at_step": per, "distinct_positions": len(seen)}
    assert per[0] == 17


@pytest.mark.integration
def test_match_and_tournament_commands_json(tmp_path):
    r = run(["match", "--games", "2", "--simulations", "4", "--players", "flat-mc,random",
             "--workers", "1", "--json", "--out", str(tmp_path / "m.json")])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["games"] == 2 and d["fair_share"] == 0.5 and "records" not in d
    st = d["results"]["flat-mc"]
    assert st["wins"] + st["draws"] + st["losses"] == 2 and 0 <= st["score"] <= 1
    assert len(json.loads((tmp_path / "m.json").read_text())["records"]) == 2
    r = run(["match", "--games", "2", "--think-time", "0.01", "--players", "mcts,flat-mc", "--workers", "1",
             "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["options"] == {"time_limit": 0.01} and d["results"]["mcts"]["games"] == 2
    r = run(["tournament", "--games", "1", "--players", "greedy,random,builder", "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert len(json.loads(r.output)["pairs"]) == 3
    bad(["match", "--games", "0", "--workers", "1"], "--games")
    bad(["match", "--games", "1000000000", "--workers", "1"], "--games")
    bad(["match", "--workers", "0"], "--workers")
    bad(["tournament", "--players", "greedy,greedy"], "two different")


@pytest.mark.integration
def test_measure_quick_writes_what_the_report_reads(tmp_path):
    """`oct8 measure` (the stored OpenSpiel match) writes the core match result with each game's
    summary and scores; the report reads it, and still reads the older stored file."""
    pytest.importorskip("pyspiel")
    from octosolve.oct8.report import openspiel_row

    out = tmp_path / "os.json"
    r = run(["measure", "--quick", "--workers", "1", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(out.read_text())
    assert d["command"].startswith("octosolve oct8 measure --quick")
    assert d["players"] == ["flat-mc", "openspiel-mcts"] and len(d["records"]) == d["games"] == 2
    assert all(len(g["scores"]) == 2 and g["terminal"] for g in d["records"])
    n, sims, games, share, ci, mine, theirs = openspiel_row(d)
    assert (n, sims, games) == (2, 4, 2) and ci[0] <= share <= ci[1] and mine >= 0 <= theirs
    from octosolve.core.paths import data_path

    assert openspiel_row(json.loads(data_path("oct8", "openspiel_match.json").read_text()))[2] == 30


def test_stopped_game_counts_turns_as_the_record_does():
    """A stopped game's position said 'turn 1' under the record's '-- turn 2' header (0-based
    against 1-based) and 'phase select attach to shared 2 selecting ' with nothing chosen."""
    r = run(["play", "--players", "greedy,greedy", "--stop-after", "12"])
    assert r.exit_code == 0, r.output
    out = r.output.splitlines()
    last_turn = [ln for ln in out if ln.startswith("-- turn ")][-1]        # "-- turn 2, P1; ..."
    status = out[out.index("-- stopped after 12 decisions") + 1]
    assert status.startswith(last_turn[3:last_turn.index(";")] + ", phase "), (last_turn, status)
    assert status.endswith("(attach to shared head 2; cards chosen: none yet)"), status


def test_game_record_says_one_line_a_turn_in_the_notation():
    """The readable record printed the notation 'draw XX' and 'exchange ... of player +1' (seats
    counted from the mover), a line for each decision of an attach ('card g3, card b1, done'); now
    one line a turn, in the notation the records and the web app's move list use (issue #43)."""
    out = run(["play", "--players", "greedy,random,greedy,random", "--seed", "4"]).output.splitlines()
    assert not any(w in ln for ln in out for w in ("draw XX", "draw DD", "player +", ", card ", ": card ",
                                                    ", done"))
    heads = [i for i, ln in enumerate(out) if ln.startswith("-- turn ")]
    assert len(heads) > 10
    for i, j in zip(heads, heads[1:]):  # under each turn's header: its one line, then octopuses taken
        body = out[i + 1:j]
        p = out[i].split(", ")[1].split(";")[0]
        assert len(body) >= 1 and body[0].startswith(f"   {p}: ") and \
            all(ln.startswith(f"   {p} takes octopus ") for ln in body[1:]), body
    assert any("(turn draw) -> shared head " in ln for ln in out)
    assert any(ln.startswith("   P") and "draw 2 from the deck" in ln for ln in out)
    assert any(" for hand cards " in ln or "'s octopus " in ln for ln in out)


def test_match_counts_a_name_in_several_seats_as_seats():
    """greedy in three seats of 4 games printed 'in 12 games'; one player in every seat (greedy,greedy)
    scored exactly the fair share whatever it played: refused."""
    r = run(["match", "--players", "greedy,random,random", "--games", "2", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "random  0 wins, 0 draws, 4 losses in 4 seats of 2 games" in r.output
    assert "greedy  2 wins, 0 draws, 0 losses in 2 games" in r.output
    bad(["match", "--players", "greedy,greedy", "--games", "2", "--workers", "1"],
        "a match of greedy against itself measures nothing")


def test_swaps_of_a_finished_game_or_a_turn_in_progress(tmp_path):
    """swaps listed 'legal exchanges' of a finished game, and of a position in the middle of a turn
    (cards being chosen, octopuses to ship) where no exchange is open, without a word."""
    fin, mid = tmp_path / "fin.json", tmp_path / "mid.json"
    assert run(["play", "--players", "greedy,greedy", "--position-out", str(fin)]).exit_code == 0
    bad(["swaps", str(fin)], "the game is over")
    assert run(["play", "--players", "greedy,greedy", "--stop-after", "12", "--position-out",
                str(mid)]).exit_code == 0
    r = run(["swaps", str(mid)])
    assert r.exit_code == 0, r.output
    assert "legal" not in r.output.splitlines()[0]
    assert "is in the 'select' phase, not choosing an octopus action: no exchange is open" in r.output
    assert json.loads(run(["swaps", str(mid), "--json"]).output)["phase"] == "select"
    from pathlib import Path

    r = run(["swaps", str(Path(__file__).resolve().parents[2] / "data" / "oct8" / "example_position.json")])
    assert r.output.startswith("17 legal exchanges for P0") and "phase" not in r.output


def test_deck_without_description(tmp_path):
    """A deck file without 'description' printed 'deck plain: ' (a colon before nothing)."""
    f = tmp_path / "plain.toml"
    f.write_text("[red]\n1 = 26\n[green]\n1 = 26\n[blue]\n1 = 26\n")
    r = run(["deck", "--deck", str(f)])
    assert r.exit_code == 0 and r.output.splitlines()[0] == "deck plain (no description)", r.output


def test_tournament_of_one_game_per_pair_says_game_in_the_singular():
    """The header said 'round robin, 1 games per pair'."""
    r = run(["tournament", "--players", "greedy,random", "--games", "1", "--workers", "1", "--seed", "3"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "round robin, 1 game per pair, two players"
    r = run(["tournament", "--players", "greedy,random", "--games", "2", "--workers", "1", "--seed", "3"])
    assert r.output.splitlines()[0] == "round robin, 2 games per pair, two players"


def test_stopped_position_shows_an_empty_discard_pile_as_a_dash():
    """A position with an empty discard pile printed 'discard ' with nothing after it."""
    r = run(["play", "--players", "greedy,random", "--seed", "2", "--stop-after", "110"])
    assert r.exit_code == 0, r.output
    piles = [ln for ln in r.output.splitlines() if ln.startswith("arm deck ")]
    assert piles == ["arm deck 38, head deck 16, discard -"]


def test_simulate_prints_the_interval_rounded_once():
    """simulate printed the JSON's interval, already rounded to 4 places, again to 3: 1 win in 1
    game read [0.206, 1.000] where match (and Wilson: 1/(1 + 1.96^2) = 0.2065...) say 0.207."""
    r = run(["simulate", "--players", "greedy,random", "--games", "1", "--seed", "3", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "win share 1.000 [0.207, 1.000]" in r.output and "0.206" not in r.output


def test_every_deck_option_has_one_help_text():
    """deck's --deck said '(TOML file, or ...); default ...' where every other command says
    ': a TOML file, or ... (default ...)'."""
    helps = {c: [p.help for p in group.commands[c].params if p.name == "deck"]
             for c in ("deck", "play", "simulate", "match", "tournament")}
    assert len({h[0] for h in helps.values()}) == 1, helps


def test_simulate_names_its_seats_p0_p1_as_players_are_named_everywhere():
    """simulate's lines began 'seat 0 builder:' where every command names the player in seat 0 P0."""
    r = run(["simulate", "--players", "builder,random", "--games", "10", "--seed", "1"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[1].startswith("  P0 builder: ") and lines[2].startswith("  P1  random: ")
    assert "seat 0" not in r.output
