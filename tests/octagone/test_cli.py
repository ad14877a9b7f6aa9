import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli as root
from octosolve.octagone.cli import group
from tests.octagone.helpers import R, position


def run(args, **kw):
    return CliRunner().invoke(group, args, catch_exceptions=False, **kw)


def test_play_json_keys_and_replay():
    r = run(["play", "--players", "greedy,random", "--seed", "4", "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    for k in ("game", "seed", "hands", "moves", "winners", "shields_left"):
        assert k in d
    assert d["game"]["variant"] == "standard" and d["game"]["wrap"] == "edge" and d["seed"] == 4
    assert d["moves"][0]["shield"] == "dama"
    # replay the record through the rules engine with action_for: same final counts
    s = R.OctagoneGame().new_initial_state(4)
    assert d["moves"][0]["player"] == s.first
    for m in d["moves"]:
        assert m["player"] == s.to_move
        if m.get("pass"):
            a = R.action_for(s, is_pass=True)
        else:
            assert 0 <= m["direction"] <= 7 and 0 <= m["row"] < 6 and 0 <= m["col"] < 7
            a = R.action_for(s, row=m["row"], col=m["col"], shield=m["shield"], direction=m["direction"])
        s.apply_action(a)
    assert s.over and s.shields_left() == d["shields_left"] and s.winners() == d["winners"]


@pytest.mark.parametrize("variant", ["kids", "iv"])
def test_play_variants(variant):
    r = run(["play", "--players", "greedy,greedy", "--variant", variant, "--seed", "2", "--json"])
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert d["game"]["variant"] == variant and len(d["shields_left"]) == 2


@pytest.mark.parametrize("variant,words", [("kids", "(no wrap-around)"), ("standard", "(edge lines)")])
def test_play_header_names_the_line_reading(variant, words):
    """The readable header says how lines run in words ('kids (none lines)' before)."""
    r = run(["play", "--players", "greedy,greedy", "--variant", variant, "--seed", "2"])
    assert r.exit_code == 0 and r.output.splitlines()[0].startswith(f"Octagone {variant} {words}")


def test_play_four_players_hidden():
    r = run(["play", "--players", "random,greedy,random,greedy", "--hidden", "--seed", "1", "--json"])
    assert r.exit_code == 0
    d = json.loads(r.output)
    assert len(d["shields_left"]) == 4 and "extra_jolly_to" in d["moves"][0]


def test_stop_after_then_solve_and_show(tmp_path):
    r = run(["play", "--players", "random,random", "--seed", "9", "--stop-after", "34", "--json"])
    d = json.loads(r.output)
    f = tmp_path / "p.json"
    f.write_text(r.output)
    r2 = run(["solve", str(f), "--json"])
    if d["position"]["over"]:
        assert r2.exit_code == 2
        return
    assert r2.exit_code == 0, r2.output
    s = json.loads(r2.output)
    assert s["result"] in ("win", "loss", "draw") and "best_move" in s and "value" in s
    r4 = run(["solve", str(f), "--target", "outcome", "--json"])
    o = json.loads(r4.output)
    assert o["result"] == s["result"] and o["value"] == (s["value"] > 0) - (s["value"] < 0)
    assert "margin not computed" in run(["solve", str(f), "--target", "outcome"]).output
    text = run(["solve", str(f)]).output
    assert text.startswith(f"P{s['player']} to move, ") and "shield(s)" not in text
    if abs(s["value"]) == 1:
        assert f"{s['result']} by 1 shield (margin" in text
    r5 = run(["solve", str(f), "--target", "outcome", "--workers", "2", "--json"])
    o2 = json.loads(r5.output)
    assert o2["threads"] == 2 and o2["value"] == o["value"] and len(o2["thread_nodes"]) == 2
    r6 = run(["solve", str(f), "--target", "outcome", "--method", "dfpn", "--json"])
    o3 = json.loads(r6.output)
    assert o3["method"] == "dfpn" and o3["value"] == o["value"] and o3["threads"] == 1
    assert "df-pn" in run(["solve", str(f), "--target", "outcome", "--method", "dfpn"]).output
    r7 = run(["solve", str(f), "--method", "dfpn"])  # the margin: refused, one line, status 2
    assert r7.exit_code == 2 and "outcome" in r7.output and len(r7.output.strip().splitlines()) == 1
    svg = tmp_path / "p.svg"
    r3 = run(["show", str(f), "--svg", str(svg)])
    assert r3.exit_code == 0 and svg.read_text().startswith("<?xml")
    assert "to move" in r3.output or "game over" in r3.output


def _pos_file(tmp_path):
    s = position({(2, 3): ("yellow", 4)}, (2, 3), [{"green": 1}, {"yellow": 3}], to_move=0)
    f = tmp_path / "pos.json"
    f.write_text(json.dumps(s.to_json()))
    return f


@pytest.mark.parametrize("args,msg", [
    (["--row", "9", "--col", "0", "--shield", "green", "--direction", "0"], "0<=x<=5"),
    (["--row", "3", "--col", "3", "--shield", "jolly", "--direction", "0"], "holds no"),
    (["--row", "3", "--col", "3", "--shield", "green", "--direction", "8"], "0<=x<=7"),
    (["--row", "3", "--col", "3", "--shield", "purple", "--direction", "1"], "unknown shield"),
    (["--row", "3", "--col", "3", "--shield", "green", "--direction", "-1"], "0<=x<=7"),
    (["--row", "3", "--col", "4", "--shield", "green", "--direction", "1"], "must go on"),
])
def test_move_bad_input(tmp_path, args, msg):
    f = _pos_file(tmp_path)
    r = CliRunner().invoke(root, ["octagone", "move", str(f)] + args)
    assert r.exit_code == 2 and msg in r.output and "Traceback" not in r.output


def test_move_good(tmp_path):
    f = _pos_file(tmp_path)
    r = run(["move", str(f), "--row", "3", "--col", "3", "--shield", "green", "--direction", "2",
             "--json"])
    assert r.exit_code == 0
    assert json.loads(r.output)["over"] is True  # player 0 played the last shield


@pytest.mark.parametrize("content", ["{not json", "[]", '{"board": 3, "hands": [{}, {}]}',
                                     '{"variant": "chess", "hands": [{}, {}]}'])
def test_bad_position_files(tmp_path, content):
    f = tmp_path / "bad.json"
    f.write_text(content)
    for cmd in ("solve", "show"):
        r = CliRunner().invoke(root, ["octagone", cmd, str(f)])
        assert r.exit_code == 2 and "Traceback" not in r.output and r.output.startswith("Error")


def test_bad_player_and_missing_file():
    r = CliRunner().invoke(root, ["octagone", "play", "--players", "chess,random"])
    assert r.exit_code == 2 and "unknown player" in r.output
    r = CliRunner().invoke(root, ["octagone", "solve", "/nonexistent.json"])
    assert r.exit_code == 2 and "not found" in r.output


def test_match_and_advantage_small(tmp_path):
    out = tmp_path / "m.json"
    r = run(["match", "--players", "Greedy,random", "--games", "6", "--workers", "1", "--json",
             "--out", str(out)])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    assert d["games"] == 6 and d["players"] == ["greedy", "random"]
    g = d["results"]["greedy"]
    assert g["wins"] + g["draws"] + g["losses"] == 6
    assert json.loads(out.read_text())["command"].startswith("octosolve")
    r = run(["advantage", "--games", "6", "--players", "random,random", "--workers", "1", "--json"])
    d = json.loads(r.output)
    assert d["first_wins"] + d["first_losses"] + d["ties"] == 6
    # the readable answer says 'draws', as every match says (it said 'ties'; moved here from
    # tests/test_cli_wrote.py)
    r = run(["advantage", "--games", "4", "--players", "random,random", "--workers", "1"])
    assert r.exit_code == 0 and ", draws " in r.output and "ties" not in r.output, r.output
    r = run(["advantage", "--games", "4", "--players", "random,random,random,random", "--hidden",
             "--workers", "1", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["game"]["players"] == 4


def test_wrap_option_and_old_spellings():
    r = run(["new", "--wrap", "torus", "--json"])
    assert json.loads(r.output)["wrap"] == "torus"
    r = CliRunner().invoke(root, ["octagone", "new", "--variant", "kids", "--wrap", "torus"])
    assert r.exit_code == 2 and "KIDS" in r.output
    for old in (["play", "--num-players", "2"], ["advantage", "--player", "greedy"],
                ["play", "--save-position", "x.json"]):
        r = CliRunner().invoke(root, ["octagone"] + old)
        assert r.exit_code == 2


def test_solve_budget_says_not_proven(tmp_path):
    from octosolve.octagone.matches import position_with_free

    f = tmp_path / "p.json"
    f.write_text(json.dumps(position_with_free(2, 20).to_json()))
    r = run(["solve", str(f), "--max-nodes", "1000"])
    assert r.exit_code == 0 and "not proven within 1,000 nodes" in r.output
    r = run(["solve", str(f), "--max-nodes", "1000", "--json"])
    d = json.loads(r.output)
    assert d["proven"] is False and d["value"] is None and d["result"] == "not proven"
    r = run(["solve", str(f), "--json"])
    d = json.loads(r.output)
    assert d["proven"] is True and d["max_nodes"] == 10**9 and d["wrap"] == "edge"


def test_perfect_play_command(tmp_path):
    from click.testing import CliRunner

    from octosolve.cli import cli

    out = tmp_path / "p.json"
    r = CliRunner().invoke(cli, ["octagone", "perfect-play", "--deals", "3", "--free-cells", "12",
                                 "--seed", "4", "--json", "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["deals"] == 3 and doc["free_cells"] == 12 and len(doc["rows"]) == 3
    assert json.loads(out.read_text()) == doc
    f = doc["first"]
    assert f["wins"] + f["draws"] + f["losses"] == doc["proven"]
    r = CliRunner().invoke(cli, ["octagone", "perfect-play", "--free-cells", "40"])
    assert r.exit_code == 2
    # a budget of one node proves nothing: every deal reached is counted unproven, none guessed
    r = CliRunner().invoke(cli, ["octagone", "perfect-play", "--deals", "2", "--free-cells", "12",
                                 "--seed", "4", "--max-nodes", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["max_nodes"] == 1 and doc["proven"] == 0 and doc["unproven"] == doc["reached"] >= 1
    for bad in ("0", "-5", "1e99", "many"):
        r = CliRunner().invoke(cli, ["octagone", "perfect-play", "--max-nodes", bad])
        assert r.exit_code == 2 and "max-nodes" in r.output


def test_perfect_play_same_rows_on_two_workers():
    """The deals are independent batch tasks: two worker processes give the rows one process gives."""
    from octosolve.octagone.measures import exact_first_player

    one = exact_first_player(9, deals=4, free=12, workers=1)
    two = exact_first_player(9, deals=4, free=12, workers=2)
    assert one == two and len(one["rows"]) == 4 and one["reached"] >= 1


@pytest.mark.integration
def test_measure_perfect_play_and_its_recheck(tmp_path):
    """`measure perfect-play --quick` writes the data file the report reads; recheck_exact accepts
    it, replays deals to the same rows, and refuses figures or rows that were changed."""
    import copy

    import pytest
    from click.testing import CliRunner

    from octosolve.cli import cli
    from octosolve.core.errors import OctoError
    from octosolve.octagone.measures import recheck_exact, summarise_exact

    out = tmp_path / "pp.json"
    r = CliRunner().invoke(cli, ["octagone", "measure", "perfect-play", "--quick", "--seed", "3",
                                 "--workers", "1", "--out", str(out)])
    assert r.exit_code == 0, r.output
    doc = json.loads(out.read_text())
    assert doc["what"] == "perfect-play" and doc["command"]  # the command line that made it
    # the readable output says what was measured (it used to say only where it was written)
    f = doc["results"]["first"]
    assert f"from 22 free cells after greedy v greedy play, 4 deals" in r.output
    assert f"the first player: {f['wins']} wins, {f['draws']} draws, {f['losses']} losses" in r.output
    # the first line says what was written, as every game's `measure` does (it ended 'perfect-play:
    # written to PATH', alone of all)
    assert r.output.startswith(f"wrote {out} (perfect-play; command: ")
    res = doc["results"]
    assert res["free_cells"] == 22 and res["deals"] == len(res["rows"]) == 4
    assert {k: res[k] for k in summarise_exact(res["rows"])} == summarise_exact(res["rows"])
    assert recheck_exact(res, sample=2) == min(2, res["proven"])
    # a figure that is not its rows' is refused
    bad = copy.deepcopy(res)
    bad["first"]["wins"] += 1
    with pytest.raises(OctoError, match="figures"):
        recheck_exact(bad)
    # a row whose outcome (and so the figures) was flipped does not replay
    bad = copy.deepcopy(res)
    row = next(x for x in bad["rows"] if x.get("proven"))
    row["value_first"] = 1 if row["value_first"] < 1 else -1
    bad.update(summarise_exact(bad["rows"]))
    with pytest.raises(OctoError, match="does not replay"):
        recheck_exact(bad, sample=len(bad["rows"]))
    # a row dropped
    bad = copy.deepcopy(res)
    bad["rows"].pop()
    with pytest.raises(OctoError, match="rows"):
        recheck_exact(bad)
    # a malformed row is a one-line error, not a traceback
    bad = copy.deepcopy(res)
    bad["rows"][0] = {"seed": "x"}
    with pytest.raises(OctoError, match="perfect-play data"):
        recheck_exact(bad)
    bad = copy.deepcopy(res)
    bad["rows"][0] = 7
    with pytest.raises(OctoError, match="malformed"):
        recheck_exact(bad)


@pytest.mark.integration
def test_measure_perfect_play_max_nodes_and_from(tmp_path):
    """--max-nodes sets the budget; --from keeps an earlier file's settled rows and solves only
    the rest: the result is the fresh run's, row for row. Wrong uses are one-line errors."""
    from octosolve.core.errors import OctoError
    from octosolve.octagone.measures import _settled_rows

    def measure(*args):
        return CliRunner().invoke(root, ["octagone", "measure", "perfect-play", "--quick",
                                         "--workers", "1", *args])

    small, big, fresh = (tmp_path / f"{n}.json" for n in ("small", "big", "fresh"))
    assert measure("--max-nodes", "4500000", "--out", str(small)).exit_code == 0
    a = json.loads(small.read_text())["results"]
    assert a["max_nodes"] == 4_500_000 and 0 < a["proven"] < 4 and a["unproven"] > 0
    r = measure("--from", str(small), "--out", str(big))
    assert r.exit_code == 0, r.output
    assert measure("--out", str(fresh)).exit_code == 0
    b, c = (json.loads(p.read_text()) for p in (big, fresh))
    assert b["results"] == c["results"] and b["results"]["proven"] == 4
    # only the unsettled rows: a proven row whose jolly-swapped position was not proven is not kept
    rows = [dict(x) for x in a["rows"]]
    settled = _settled_rows(a, a["seed"], 4, 22, a["players"], 50_000_000)
    assert sorted(settled) == [i for i, x in enumerate(rows) if x["proven"]]
    i = min(settled)
    a["rows"][i] = {k: v for k, v in rows[i].items() if k != "jolly_delta"}
    assert i not in _settled_rows(a, a["seed"], 4, 22, a["players"], 50_000_000)
    with pytest.raises(OctoError, match="budget"):
        _settled_rows(a, a["seed"], 4, 22, a["players"], 1000)
    with pytest.raises(OctoError, match="other deals"):
        _settled_rows(a, a["seed"] + 1, 4, 22, a["players"], 50_000_000)
    # wrong uses at the command line: exit 2, one line
    bad = tmp_path / "bad.json"
    bad.write_text('{"results": {"seed": 1}}')
    for args in (("--from", str(bad), "--out", str(tmp_path / "x.json")),
                 ("--max-nodes", "1000", "--from", str(small), "--out", str(tmp_path / "y.json"))):
        r = measure(*args)
        assert r.exit_code == 2 and "Traceback" not in r.output and "--from" in r.output, r.output
    r = CliRunner().invoke(root, ["octagone", "measure", "matches", "--quick", "--max-nodes", "5",
                                  "--out", str(tmp_path / "m.json")])
    assert r.exit_code == 2 and "perfect-play only" in r.output


def test_measurement_lines_of_the_stored_data_files():
    """`octagone measure`'s readable lines, from the committed data files: one line a result, with
    the figures of the file."""
    from octosolve.core.paths import DATA_DIR
    from octosolve.octagone.report import measurement_lines

    fp = json.loads((DATA_DIR / "octagone" / "first-player.json").read_text())["results"]
    lines = measurement_lines("first-player", fp)
    v = fp["standard/random"]
    assert len(lines) == len(fp) and lines[0].startswith(
        f"standard/random: {v['games']} games, the first player wins {v['first_wins']}, draws {v['ties']}")
    assert all("ties" not in ln and "95% CI" in ln and "confidence" not in ln for ln in lines)
    mt = json.loads((DATA_DIR / "octagone" / "matches.json").read_text())["results"]
    lines = measurement_lines("matches", mt)
    g = mt[0]["results"]["greedy"]
    assert len(lines) == len(mt) and lines[0].startswith(
        f"greedy v random (standard): {mt[0]['games']} games, greedy wins {g['wins']}")


def test_measure_perfect_play_with_nothing_proven_gives_no_score(tmp_path):
    """With no deal proven the first player's score is undefined: the readable output said
    'score 0.0% (0.0%-100.0% ...)', a number measured from nothing, and the budget as '1e+03'."""
    from octosolve.cli import cli

    out = tmp_path / "pp.json"
    r = CliRunner().invoke(cli, ["octagone", "measure", "perfect-play", "--quick", "--workers", "1",
                                 "--max-nodes", "1000", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert json.loads(out.read_text())["results"]["proven"] == 0
    assert "at most 1,000 nodes a position" in r.output
    assert "0 losses: no score (no deal proven)" in r.output and "0.0%" not in r.output


def test_match_pairs_of_four_and_self_play():
    """With four players the pairs are seats 0+2 and 1+3 and keep their players as seats rotate:
    greedy,greedy,random,random put each name in both pairs, so both scored one half whatever they
    played, 'in 8 games' for 4; a pair of one name counted each game twice (interval as if 8
    independent games); a two-player self-match likewise. Refused, or counted once a game."""
    for players, needle in (("greedy,greedy,random,random", "greedy, random would play in both pairs"),
                            ("greedy,greedy", "a match needs two different players")):
        r = CliRunner().invoke(root, ["octagone", "match", "--players", players, "--games", "2",
                                      "--workers", "1"])
        assert r.exit_code == 2 and needle in r.output and len(r.output.strip().splitlines()) == 1, r.output
    r = run(["match", "--players", "greedy,random,greedy,random", "--games", "4", "--workers", "1",
             "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)["results"]
    assert res["greedy"]["games"] == res["random"]["games"] == 4
    g, x = res["greedy"], res["random"]
    assert (g["wins"], g["draws"], g["losses"]) == (x["losses"], x["draws"], x["wins"])
    assert sum(g[k] for k in ("wins", "draws", "losses")) == 4
    text = run(["match", "--players", "greedy,random,greedy,random", "--games", "4", "--workers", "1"]).output
    assert "in 4 games" in text and "in 8 games" not in text


def test_solve_says_how_many_threads_searched(tmp_path):
    """--workers 2 with a search that runs on one thread (the python engine, the margin target)
    was dropped without a word in the readable output (the python engine not even in --help)."""
    f = tmp_path / "p.json"
    r = run(["play", "--players", "greedy,greedy", "--seed", "3", "--stop-after", "30",
             "--position-out", str(f)])
    assert r.exit_code == 0, r.output
    for args, said in ((["--engine", "python", "--workers", "2"], "(python, one thread)"),
                       (["--workers", "2"], "(numba, one thread)"),
                       (["--target", "outcome", "--workers", "2"], "(numba, 2 threads)"),
                       (["--target", "outcome"], "(numba)")):
        r = run(["solve", str(f), "--max-nodes", "1000000", *args])
        assert r.exit_code == 0 and said in r.output, (args, r.output)
    assert "the python engine, the margin target" in " ".join(run(["solve", "--help"]).output.split())


def test_solve_all_moves_says_what_the_values_are(tmp_path):
    """With --target outcome, --all-moves printed each move's -1/0/+1 as '-1', which reads as a margin
    of one shield: now 'loss'/'draw'/'win' under a line saying which it is."""
    f = tmp_path / "p.json"
    assert run(["play", "--players", "greedy,greedy", "--seed", "3", "--stop-after", "30",
                "--position-out", str(f)]).exit_code == 0
    out = run(["solve", str(f), "--all-moves", "--target", "outcome"]).output
    assert "every move, its outcome for the mover:" in out
    moves = [ln for ln in out.splitlines() if ln.startswith("  ")]
    assert moves and all(ln.rsplit(": ", 1)[1] in ("win", "draw", "loss") for ln in moves), out
    out = run(["solve", str(f), "--all-moves"]).output
    assert "every move, its margin for the mover (shields):" in out


def test_measure_matches_says_a_match_it_could_not_play(tmp_path, monkeypatch):
    """Without open_spiel the 'mcts v openspiel-mcts' row was dropped without a word (output and
    data file): now a line and the data file's 'skipped' say which and why."""
    import octosolve.core.players as players
    from octosolve.octagone import measures

    monkeypatch.setattr(measures, "MATCHES_QUICK", [("greedy", "random", 2, None),
                                                 ("mcts", "openspiel-mcts", 1, 20)])
    real = players.player_available
    monkeypatch.setattr(players, "player_available", lambda reg, name: name != "openspiel-mcts"
                        and real(reg, name))
    out = tmp_path / "m.json"
    r = CliRunner().invoke(root, ["octagone", "measure", "matches", "--quick", "--workers", "1",
                                  "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "mcts v openspiel-mcts: not measured (openspiel-mcts is not available here)" in r.output
    doc = json.loads(out.read_text())
    assert doc["skipped"] == [{"players": ["mcts", "openspiel-mcts"], "why": "openspiel-mcts is not available here"}]
    assert [m["players"] for m in doc["results"]] == [["greedy", "random"]]


def test_unknown_position_fields_are_counted_in_words(tmp_path):
    """'unknown position field(s): ...' and only the first five named, silently."""
    pos = json.loads(CliRunner().invoke(root, ["octagone", "new", "--seed", "1", "--json"]).output)
    f = tmp_path / "pos.json"
    f.write_text(json.dumps({**pos, "cur": 1}))
    r = CliRunner().invoke(root, ["octagone", "show", str(f)])
    assert r.exit_code == 2 and r.output == "Error: 1 unknown position field: 'cur'\n"
    f.write_text(json.dumps({**pos, **{f"k{i}": i for i in range(7)}}))
    r = CliRunner().invoke(root, ["octagone", "show", str(f)])
    assert r.output == "Error: 7 unknown position fields: 'k0', 'k1', 'k2', 'k3', 'k4', ...\n"


def test_new_writes_its_position_with_out_as_every_command_does(tmp_path):
    """new wrote its file to a POSITION argument, where every other command (move, play) takes
    --out PATH (docs/cli.md); the argument, long a hidden old spelling, is gone (issue 42)."""
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    r = CliRunner().invoke(root, ["octagone", "new", "--seed", "3", "--out", str(a)])
    assert r.exit_code == 0 and r.output.splitlines()[-2].startswith("to move: P")
    assert r.output.splitlines()[-1] == f"wrote {a}"
    assert json.loads(a.read_text())["format"] == "octagone-position/2"
    r = CliRunner().invoke(root, ["octagone", "new", "--seed", "3", str(b)])
    assert r.exit_code == 2 and "unexpected extra argument" in r.output and not b.exists()
    help_text = CliRunner().invoke(root, ["octagone", "new", "--help"]).output
    assert "--out PATH" in help_text and "POSITION" not in help_text


@pytest.mark.parametrize("field, value, shown", [("players", True, "got true"), ("over", None, "got null"),
                                                 ("hidden", "no", "got 'no'"), ("first", [1], "got [1]")])
def test_bad_position_values_are_named_as_json_writes_them(tmp_path, field, value, shown):
    """'players' true was reported as 'got True' (Python's spelling, not the file's)."""
    pos = json.loads(CliRunner().invoke(root, ["octagone", "new", "--seed", "1", "--json"]).output)
    f = tmp_path / "pos.json"
    f.write_text(json.dumps({**pos, field: value}))
    r = CliRunner().invoke(root, ["octagone", "show", str(f)])
    assert r.exit_code == 2 and r.output.startswith("Error: position field") and r.output.rstrip().endswith(shown)


def test_an_empty_position_file_is_called_empty(tmp_path):
    """An empty file read 'is not valid JSON (Expecting value: line 1 column 1 (char 0))'."""
    f = tmp_path / "empty.json"
    f.write_text("")
    for cmd in ("show", "solve", "move"):
        r = CliRunner().invoke(root, ["octagone", cmd, str(f)])
        assert r.exit_code == 2 and r.output == f"Error: position file {f} is empty\n", r.output


def test_pairs_are_named_by_their_players_as_every_game_names_teams(tmp_path):
    """A pair was 'pair 0 (P0 and P2)' in the text, 'pair 0+2' on the board and the web page, and
    'seats 0+2 and 1+3' in errors, where Octiles and Octoverso name a team P0+P2."""
    r = run(["play", "--players", "greedy,random,greedy,random", "--seed", "2"])
    assert r.exit_code == 0 and r.output.rstrip().endswith("; winners: pair P0+P2"), r.output
    r = run(["new", "--players", "random,random,random,random", "--seed", "1"])
    assert r.output.rstrip().endswith("to move: P1, chooses who of pair P1+P3 holds the extra jolly")
    from octosolve.octagone.rules import OctagoneGame

    st = OctagoneGame(players=4).new_initial_state(1)
    assert ", pair P1+P3:" in st.view_svg(0) and "pair 1+3" not in st.view_svg(0)
    r = run(["match", "--players", "greedy,greedy,random,random", "--games", "2", "--workers", "1"])
    assert "the pairs are P0+P2 and P1+P3: " in r.output


def test_match_text_starts_with_what_was_played():
    """match printed its results alone (no number of games, rules, seed or pairs), where every other
    game's match starts with a header."""
    r = run(["match", "--players", "greedy,random", "--games", "2", "--workers", "1", "--seed", "4"])
    assert r.exit_code == 0 and r.output.splitlines()[0] == "2 games of standard (edge lines), seed 4, seats rotating"
    r = run(["match", "--players", "greedy,random,greedy,random", "--games", "1", "--workers", "1",
             "--seed", "4", "--hidden"])
    assert r.output.splitlines()[0] == ("1 game of standard (edge lines, hidden shields), seed 4, seats rotating; "
                                        "pairs greedy+greedy (P0+P2 in game 1) against random+random")


def test_perfect_play_without_a_jolly_comparison_says_so():
    """'worse for the mover in 0 of 0 positions, the same in 0, better in 0' when no position could
    be compared."""
    r = run(["perfect-play", "--deals", "1", "--free-cells", "12", "--seed", "2", "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "0 of 0 positions" not in r.output
    assert r.output.rstrip().endswith("jolly swapped for a coloured shield: no position to compare (none proven "
                                      "had the mover's jolly to swap, or the swapped one was not proven)")


def test_solve_not_proven_says_why_there_is_no_line(tmp_path):
    """solve --line (or --all-moves) past its node budget printed the 'not proven' line and nothing
    about the line asked for; --json had no 'line' key."""
    f = tmp_path / "pos.json"
    assert run(["play", "--players", "greedy,greedy", "--seed", "3", "--stop-after", "12",
                "--position-out", str(f)]).exit_code == 0
    r = run(["solve", str(f), "--line", "--all-moves", "--max-nodes", "1000"])
    assert r.exit_code == 0 and "not proven within 1,000 nodes" in r.output
    assert r.output.splitlines()[-1] == ("no best line and no value of every move: --line and --all-moves "
                                         "need the proven value")
    r = run(["solve", str(f), "--line", "--max-nodes", "1000"])
    assert r.output.splitlines()[-1] == "no best line: --line needs the proven value"
    assert json.loads(run(["solve", str(f), "--line", "--max-nodes", "1000", "--json"]).output)["line"] is None


@pytest.mark.integration
def test_quick_measure_without_out_writes_into_build_as_every_game_does(tmp_path, monkeypatch):
    """`octagone measure WHAT --quick` stopped with 'needs --out', where oct8, octiles and
    octoverso write a --quick run into build/ (docs/cli.md: never over the data file)."""
    from octosolve.core.paths import DATA_DIR

    data = DATA_DIR / "octagone" / "first-player.json"
    before = data.read_bytes()
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(root, ["octagone", "measure", "first-player", "--quick"])
    assert r.exit_code == 0, r.output
    out = tmp_path / "build" / "octagone-first-player.json"
    assert json.loads(out.read_text())["what"] == "first-player"
    assert r.output.startswith("wrote build/octagone-first-player.json (first-player; command: ")
    assert data.read_bytes() == before
