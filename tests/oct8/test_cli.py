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
    r = run(["simulate", "--players", "4", "--strategies", "random,random,random,random", "--games", "300",
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
    r = run(["simulate", "--players", "3", "--strategies", "greedy,random,random", "--games", "6", "--seed", "1",
             "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["engine"] == "python" and sum(d["wins"]) + d["ties"] == 6


@pytest.mark.slow
def test_simulate_on_a_local_dask_cluster_matches_local_processes():
    args = ["simulate", "--players", "2", "--games", "400", "--seed", "9", "--json"]
    r1 = run(args + ["--scheduler", "local"])
    assert r1.exit_code == 0, r1.output
    r2 = run(args + ["--workers", "1"])
    assert json.loads(r1.output) == json.loads(r2.output)


def test_simulate_bad_input(tmp_path):
    bad(["simulate", "--strategies", "random,smart,random,random"], "unknown strategy")
    bad(["simulate", "--players", "5"], "players")
    bad(["simulate", "--strategies", "random,random"], "2 strategies")
    bad(["simulate", "--games", "0"], "--games")
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
    "hand": ["r1", "r4", "g2"],
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


def test_swaps_bad_input(tmp_path):
    f = tmp_path / "pos.json"
    for content, needle in [
        ("{not json", "malformed"),
        (json.dumps({"fields": "x"}), "malformed"),
        (json.dumps(dict(POSITION, hand=["p3"])), "unknown colour"),
        (json.dumps(dict(POSITION, hand=["r9"])), "outside 1-8"),
        (json.dumps(dict(POSITION, fields=[[{"head": "red", "arms": ["r3"]}], []])), "exactly 8"),
        (json.dumps(dict(POSITION, hand=["r8", "r8"])), "impossible state"),
        (json.dumps(dict(POSITION, to_move=5)), "to_move"),
    ]:
        f.write_text(content)
        bad(["swaps", str(f)], needle)
    bad(["swaps", str(tmp_path / "nope.json")], "not found")


def test_play_record_and_json():
    r = run(["play", "--seed", "4"])
    assert r.exit_code == 0, r.output
    assert "turn 1, player 0" in r.output and "winner" in r.output
    d = json.loads(run(["play", "--seed", "4", "--json"]).output)
    assert len(d["scores"]) == 4 and d["record"] and d["turns"] > 0
    bad(["play", "--strategies", "greedy,bogus,random,random"], "unknown strategy")


def test_deck_command():
    r = run(["deck", "--json"])
    d = json.loads(r.output)
    assert sum(d["counts"]["red"].values()) == 26
    assert "flat" in run(["deck", "--deck", "flat"]).output


def test_report_quick_smoke(tmp_path):
    from octosolve.oct8 import report

    sec = report.build(tmp_path / "oct8", quick=True, seed=1)
    assert sec["title"] and sec["summary"]
    for f in sec["files"]:
        assert (tmp_path / "oct8" / f).exists()
    text = (tmp_path / "oct8" / "README.md").read_text()
    assert "Win share and score by seat" in text and "balance.json" in text


def test_swap_sequences_against_itertools_twin():
    """Breadth-first exchange sequences (baby chips) from the kernel == the same search on the twin."""
    import numpy as np

    from octosolve.oct8 import kernels as K
    from octosolve.oct8.cli import apply_swap_row, load_position, swap_sequences
    from octosolve.core.paths import data_path

    pos = load_position(str(data_path("oct8", "example_position.json")))
    owners = [o[0] for o in pos["octopuses"]]
    colours = [o[1] for o in pos["octopuses"]]
    hand = np.zeros(24, dtype=np.int64)
    for t in pos["hand"]:
        hand[t] += 1
    octs = []
    for _, _, arms in pos["octopuses"]:
        r = np.zeros(24, dtype=np.int64)
        for t in arms:
            r[t] += 1
        octs.append(r)
    got = swap_sequences(0, 3, hand, owners, colours, octs, 3)
    # twin: itertools enumeration on explicit card lists
    frontier, seen, per = [(hand, octs)], set(), []
    for _ in range(3):
        nxt, count = [], 0
        for h, o in frontier:
            hand_t = [t for t in range(24) for _ in range(h[t])]
            oc = [(owners[i], colours[i], [t for t in range(24) for _ in range(o[i][t])]) for i in range(len(o))]
            rows = K.enumerate_swaps_py(0, hand_t, oc)
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


def test_match_command_json():
    r = run(["match", "--games", "1", "--simulations", "4", "--opponent", "random", "--players", "2",
             "--workers", "1", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["games"] == 1 and 0 <= d["mcts_win_rate"] <= 1 and d["fair_share"] == 0.5
    bad(["match", "--games", "0", "--workers", "1"], "--games")
