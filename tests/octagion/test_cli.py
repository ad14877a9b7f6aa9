"""The CLI: exact JSON keys, readable defaults, and bad input -> one line, exit status 2."""

import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli


def run(*args):
    r = CliRunner().invoke(cli, ["octagion", *args])
    return r


def ok_json(*args):
    r = run(*args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def test_solve_json_keys():
    j = ok_json("solve", "question")
    assert list(j)[:5] == ["word", "solvable", "min_wildcards", "solutions", "assignment"]
    assert j["word"] == "QUESTION" and len(j["assignment"]) == 8
    for a in j["assignment"]:
        assert set(a) in ({"letter", "number"}, {"letter", "wildcard"})
    assert (j["solutions"] > 0) == j["solvable"] and (j["min_wildcards"] == 0) == j["solvable"]


def test_solve_all_and_text():
    j = ok_json("solve", "question", "--all")
    assert len(j["all"]) == j["solutions"]
    r = run("solve", "question")
    assert r.exit_code == 0 and "QUESTION" in r.output


def test_check_json(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("question\nbusiness\nzzzzzzzz\n")
    j = ok_json("check", str(f))
    assert isinstance(j, list) and [x["word"] for x in j] == ["QUESTION", "BUSINESS", "ZZZZZZZZ"]
    assert j[2]["solvable"] is False and j[2]["min_wildcards"] >= 1
    r = run("check", str(f), "--out", str(tmp_path / "rep.json"))
    assert r.exit_code == 0 and "all words: 0/3 solvable" in r.output
    rep = json.loads((tmp_path / "rep.json").read_text())
    assert rep["cards"] == [] and rep["summary"]["words"] == 3   # a plain list is not word cards
    assert [x["index"] for x in rep["words"]] == [1, 2, 3] and rep["words"][0]["card"] is None


def test_check_default_wordcards_all_solvable():
    from octosolve.core.paths import data_path
    j = ok_json("check", str(data_path("octagion", "wordcards.txt")))
    assert len(j) >= 40 and all(x["solvable"] for x in j)
    assert j[0]["card"] == "A" and j[0]["index"] == 1


def test_score_json(tmp_path):
    every = tmp_path / "deck.csv"    # every card of these letters once: any row of them is possible
    every.write_text("letter,number\n" + "".join(f"{c},{i}\n" for c in "QUESTIONX"
                                                 for i in range(1, 9)))
    j = ok_json("score", "--sequence", "QUESTION", "--laid", "Q1 U2 E3 S4 T5 I6 O7 N8", "--got-it",
                "--deck", str(every))
    assert j["score"] == 10
    j = ok_json("score", "--sequence", "QUESTION", "--laid", "Q1 U1 _ * X5", "--deck", str(every))
    assert j["score"] == 8 - 1 - 1 - 1 - 3


def test_setup_and_odds():
    j = ok_json("setup", "--variant", "virulent", "--teams", "3", "--seed", "7")
    assert j["variant"] == "virulent" and len(j["rounds"]) == 8 and len(j["rounds"][0]["teams"]) == 3
    assert j == ok_json("setup", "--variant", "virulent", "--teams", "3", "--seed", "7")
    j = ok_json("setup", "--variant", "zeta", "--teams", "2", "--seed", "1")
    assert all(0 <= r["min_wildcards"] <= 3 for r in j["rounds"])
    o = ok_json("odds", "--teams", "2")
    assert abs(sum(o["position_probability"].values()) - 1) < 1e-12
    assert o["collisions"]["p_collision_exact"] == "1/8"


def test_odds_levels_say_which_cards_are_in_play(tmp_path):
    """`odds --levels` shows what it changed: the cards in play and their offsets (with our cards
    every level carries every offset, so the odds do not move); a file whose levels differ moves them."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    r = CliRunner().invoke(cli, ["octagion", "odds", "--levels", "3"])
    assert r.exit_code == 0 and r.output.startswith("Countdown Cards in play: 5 (level 3); their offsets: 0 (20%)")
    assert ok_json("odds", "--levels", "hard")["levels"] == [2, 3]
    cd = tmp_path / "cd.csv"
    cd.write_text("time_s,level,offset\n45,3,0\n50,3,0\n55,2,8\n")
    hard, three = ok_json("odds", "--countdown", str(cd), "--levels", "hard"), ok_json("odds", "--countdown", str(cd), "--levels", "3")
    assert hard["position_probability_exact"]["1"] == "1/12" and three["position_probability_exact"]["1"] == "1/8"
    r = CliRunner().invoke(cli, ["octagion", "odds", "--countdown", str(cd), "--levels", "2,3"])
    assert "Countdown Cards in play: 3 (levels 2, 3); their offsets: 0 (67%), 8 (33%)" in r.output


def test_wordcards_and_deck(tmp_path):
    out = tmp_path / "cards.txt"
    j = ok_json("wordcards", "--cards", "2", "--out", str(out), "--seed", "3")
    assert list(j["cards"]) == ["A", "B"] and all(len(v) == 40 for v in j["cards"].values())
    c = ok_json("check", str(out))
    assert len(c) == 80 and all(x["solvable"] for x in c)
    d = ok_json("deck", "--top", "500")
    assert d["words"] == 500 and 0 < d["solvable"] <= 500
    assert "deck: 48 cards, per number 6 6 6 6 6 6 6 6\n" in run("deck", "--top", "500").output


def test_design_deck_cli(tmp_path):
    w = tmp_path / "w.txt"
    w.write_text("abcdefgh\nhgfedcba\naabbccdd\n")
    out = tmp_path / "deck.csv"
    rec = tmp_path / "design.json"
    j = ok_json("design-deck", str(w), "--time-limit", "5", "--per-number", "3", "--out", str(out),
                "--workers", "1", "--record", str(rec))
    assert j["kernel_solvable"] == 3 and out.exists()
    from octosolve.octagion.design import check_design_record
    r = json.loads(rec.read_text())
    assert r["command"].startswith("octosolve octagion design-deck") and "--record" in r["command"]
    assert r["words_list"] == ["ABCDEFGH", "HGFEDCBA", "AABBCCDD"]
    assert check_design_record(r)["agrees"]
    j2 = ok_json("solve", "aabbccdd", "--deck", str(out))
    assert j2["solvable"]
    # --deterministic: written into the record's command and settings; not with --anneal-time
    ok_json("design-deck", str(w), "--time-limit", "2", "--per-number", "3", "--workers", "2",
            "--deterministic", "--record", str(rec))
    r = json.loads(rec.read_text())
    assert "--deterministic" in r["command"] and r["settings"]["deterministic"] is True
    res = CliRunner().invoke(cli, ["octagion", "design-deck", str(w), "--deterministic",
                                   "--anneal-time", "3"])
    assert res.exit_code == 2 and "--anneal-time is wall-clock time" in res.output


@pytest.mark.integration  # starts a local Dask cluster
def test_design_deck_on_a_local_dask_cluster_anneals_the_same_deck(tmp_path):
    """--scheduler local spreads the annealing runs over the cluster's workers: the annealed deck
    (CP-SAT's hint) is the one the threads find for the same seed; the record says --scheduler.

    One design-deck run (the threads' deck is anneal()'s, called here directly: the same path a
    second `design-deck` without --scheduler took) and --bound-time 0 (the set LP bound for these
    200 words is not what is tested)."""
    from octosolve.octagion.wordcards import load_lexicon

    pytest.importorskip("dask.distributed")
    w = tmp_path / "w.txt"
    w.write_text("\n".join(load_lexicon()[0][:200]) + "\n")
    args = ("design-deck", str(w), "--time-limit", "1", "--workers", "1", "--local-search", "3000",
            "--restarts", "4", "--seed", "11", "--bound-time", "0")
    rec = tmp_path / "r.json"
    a = ok_json(*args, "--scheduler", "local", "--record", str(rec))
    assert "--scheduler local" in json.loads(rec.read_text())["command"]
    from octosolve.octagion import anneal as A
    _, s = A.anneal(load_lexicon()[0][:200], per_number=6, iters=3000, restarts=4, seed=11)
    assert s == a["anneal_solvable"] > 100


def test_design_deck_proves_the_lp_bound_for_its_list(tmp_path):
    """With no stored certificate for its words, design-deck solves the Hall LP of `bound --sets
    --hall --complete` to its end for them and prints that bound: 15 words, 4 letters a number, the
    count bound 15, the LP 14.91, so 14; check-bound re-checks the certificate it writes;
    --bound-time 0 leaves the count bound."""
    cert, w = tmp_path / "c.json", tmp_path / "w.txt"
    w.write_text("interior changing behavior comments delivery provides includes whenever offering "
                 "shoulder specific official learning interest concerns".replace(" ", "\n"))
    args = ("design-deck", str(w), "--per-number", "4", "--time-limit", "0.2", "--workers", "1",
            "--local-search", "1000")
    text = run(*args, "--certificate", str(cert)).output
    assert "no deck solves more than 14 of these words (set LP bound" in text
    assert "set LP with Hall's rows, B = 14: 14.908, so no deck solves more than 14 (count bound 15)" in text
    c = ok_json("check-bound", str(cert))
    assert c["bound"] == 14 and c["agrees"] and c["words"] == 15
    j = ok_json(*args)
    assert j["count_bound"] == 15 and j["bound"] == j["lp_bound"]["bound"] == 14 and j["lp_bound"]["complete"]
    assert "solved to the end for this list" in j["bound_proof"]
    assert j["gap"] == pytest.approx((14 - j["covered"]) / 14, abs=1e-4)
    j0 = ok_json(*args, "--bound-time", "0")
    assert j0["bound"] == j0["count_bound"] == 15 and j0["lp_bound"] is None and "count" in j0["bound_proof"]


def test_design_deck_prints_a_proved_bound(tmp_path):
    """Every design: covered, bound, gap = (bound - covered) / bound and what proves the bound; the
    certificate it writes is re-checked by check-bound, and a tampered one is refused (exit 2)."""
    w = tmp_path / "w.txt"
    w.write_text("business\nanything\nnational\nactually\nchildren\neveryone\ntogether\n"
                 "research\nremember\nprobably\nquizzing\njazziest\n")
    cert = tmp_path / "cert.json"
    j = ok_json("design-deck", str(w), "--time-limit", "2", "--per-number", "2", "--workers", "1",
                "--local-search", "2000", "--restarts", "2", "--certificate", str(cert))
    assert j["covered"] == j["kernel_solvable"] <= j["bound"] <= j["words"] == 12
    assert j["gap"] == pytest.approx((j["bound"] - j["covered"]) / j["bound"], abs=1e-4)
    assert "count" in j["bound_proof"] and "cpsat_bound" in j and j["certificate"] == str(cert)
    c = ok_json("check-bound", str(cert))
    assert c["bound"] == j["bound"] and c["agrees"] and c["words"] == 12
    text = run("design-deck", str(w), "--time-limit", "1", "--per-number", "2", "--workers", "1")
    assert text.exit_code == 0 and f"no deck solves more than {j['bound']} of these words" in \
        text.output and "gap" in text.output
    b = ok_json("bound", str(w), "--per-number", "2", "--out", str(tmp_path / "b.json"))
    assert b["bound"] == j["bound"] and b["words"] == 12
    data = json.loads(cert.read_text())
    data["bound"] -= 1
    cert.write_text(json.dumps(data))
    r = run("check-bound", str(cert))
    assert r.exit_code == 2 and "proves" in r.output and len(r.output.strip().splitlines()) == 1


@pytest.mark.integration
def test_design_deck_free_split_cli(tmp_path):
    """--split free: 48 cards shared unevenly, the count bound (it holds for any split) and no
    stored set bound, the split in the text, the JSON and the record's command."""
    from octosolve.octagion.design import check_design_record
    from octosolve.octagion.wordcards import load_lexicon
    w = tmp_path / "w.txt"
    w.write_text("\n".join(load_lexicon()[0][:300]) + "\n")
    rec = tmp_path / "r.json"
    args = ("design-deck", str(w), "--split", "free", "--time-limit", "1", "--workers", "1",
            "--local-search", "20000", "--restarts", "2", "--seed", "5")
    j = ok_json(*args, "--record", str(rec))
    assert j["split"] == "free" and sum(j["deck"]["per_number"]) == j["deck"]["cards"] == 48
    assert min(j["deck"]["per_number"]) >= 1 and j["deck"]["per_number"] != [6] * 8
    b = ok_json("bound", str(w))
    assert j["bound"] == b["bound"] and b["any_split"] and "count" in j["bound_proof"]
    assert "nor any deck of 48 cards however split" in run("bound", str(w)).output
    r = json.loads(rec.read_text())
    assert "--split free" in r["command"] and r["settings"]["split"] == "free"
    assert check_design_record(r)["agrees"]
    text = run(*args).output
    assert "no deck of 48 cards, however split, solves more than" in text
    assert "cards per number: " + " ".join(map(str, j["deck"]["per_number"])) in text
    bad = run("design-deck", str(w), "--split", "uneven")
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_bound_default_words():
    j = ok_json("bound")
    assert j["words"] == 1000 and j["bound"] == 967 and sum(j["counts"].values()) == 48


BAD = [
    ("solve", "short"),
    ("solve", "abcdefg1"),
    ("solve", "question", "--deck", "/nonexistent.csv"),
    ("check", "/nonexistent.txt"),
    ("score", "--sequence", "QUESTION", "--laid", "Q9"),
    ("score", "--sequence", "QUEST", "--laid", "Q1"),
    ("score", "--sequence", "QUESTION", "--laid", ""),
    ("setup", "--variant", "virulent", "--teams", "0"),
    ("setup", "--variant", "beta", "--treatments", "7"),
    ("setup", "--variant", "alpha", "--rounds", "9"),
    ("setup", "--variant", "omega"),
    ("odds", "--teams", "9"),
    ("odds", "--levels", "5"),
    ("wordcards", "--cards", "27"),
    ("design-deck", "/nonexistent.txt"),
    ("bound", "/nonexistent.txt"),
    ("check-bound", "/nonexistent.json"),
]


@pytest.mark.parametrize("args", BAD)
def test_bad_input_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2, (args, r.output)
    assert "Traceback" not in r.output
    assert r.output.strip().splitlines()[-1].startswith("Error")


@pytest.mark.parametrize("content", ["", "letter,number\nQ,9\n", "letter;number\nA;1\n",
                                     "letter,number\nAB,1\n"])
def test_bad_deck_files(tmp_path, content):
    f = tmp_path / "d.csv"
    f.write_text(content)
    r = run("solve", "question", "--deck", str(f))
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_bad_word_files(tmp_path):
    f = tmp_path / "w.txt"
    f.write_text("question\nbad word here\n")
    r = run("check", str(f))
    assert r.exit_code == 2 and "line 2" in r.output
    f.write_bytes(b"\xff\xfe\x00bad")
    r = run("check", str(f))
    assert r.exit_code == 2


def test_design_deck_workers_help_says_the_cap_it_enforces():
    """design-deck refuses more than 64 CP-SAT workers; its help said only '1 to 256'."""
    from octosolve.octagion.design import MAX_CPSAT_WORKERS
    r = CliRunner().invoke(cli, ["octagion", "design-deck", "--help"])
    assert r.exit_code == 0
    assert f"at most {MAX_CPSAT_WORKERS}" in " ".join(r.output.split())
    r = CliRunner().invoke(cli, ["octagion", "design-deck", "--top", "20", "--time-limit", "0.1",
                                 "--local-search", "10", "--workers", str(MAX_CPSAT_WORKERS + 1)])
    assert r.exit_code != 0 and f"1..{MAX_CPSAT_WORKERS}" in r.output


def test_score_says_when_a_row_is_short_or_long(tmp_path):
    """A row of 7 cards is scored with an empty 8th position and one of 9 loses the 9th (the rules'
    Scoring); the readable output says so instead of leaving the reader to spot the added `_`."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    every = tmp_path / "every.csv"
    every.write_text("letter,number\n" + "".join(f"{c},{i}\n" for c in "QUESTIONX" for i in range(1, 9)))
    run = lambda row: CliRunner().invoke(cli, ["octagion", "score", "--sequence", "QUESTION", "--laid", row,
                                               "--deck", str(every)])
    r = run("Q1 U2 E3 S4 T5 I6 O7")
    assert r.exit_code == 0 and "= 7" in r.output and "(7 cards laid: position 8 counted as empty)" in r.output
    r = run("Q1 U2 E3 S4 T5 I6")
    assert "(6 cards laid: positions 7, 8 counted as empty)" in r.output
    r = run("Q1 U2 E3 S4 T5 I6 O7 N8 X1")
    assert "= 8" in r.output and "(9 cards laid: only the first 8 count, the rules remove the last one)" in r.output
    assert "cards laid" not in run("Q1 U2 E3 S4 T5 I6 O7 N8").output
    j = ok_json("score", "--sequence", "QUESTION", "--laid", "Q1 U2 E3", "--deck", str(every))
    assert j["missing_filled"] == 5 and j["trailing_removed"] == 0


def test_treatment_cards_are_counted_in_words():
    """'1 Treatment Card', '2 Treatment Cards': never 'Card(s)' (check, setup, the web page)."""
    from pathlib import Path

    from click.testing import CliRunner

    from octosolve.cli import cli

    r = CliRunner().invoke(cli, ["octagion", "setup", "--variant", "zeta", "--teams", "2", "--seed", "1"])
    assert r.exit_code == 0 and "(needs 1 Treatment Card;" in r.output and "(needs 0 Treatment Cards;" in r.output
    assert "Card(s)" not in r.output
    r = CliRunner().invoke(cli, ["octagion", "check", "data/octagion/wordcards.txt"])
    assert "0 Treatment Cards needed in all" in r.output and "Card(s)" not in r.output
    js = (Path(__file__).resolve().parents[2] / "octosolve/web/static/octagion.js").read_text()
    assert "Card(s)" not in js


def test_counts_agree_with_their_nouns(tmp_path):
    """'1 team', '2 incorrect letters', '1 word': setup said '1 team(s)', odds '1 teams', score
    '6 incorrect letter' and '1 Treatment Cards', bound and check-bound '1 words'."""
    r = run("setup", "--teams", "1", "--rounds", "1")
    assert r.exit_code == 0 and r.output.startswith("standard - 1 team, seed ") and "(s)" not in r.output
    assert run("setup", "--teams", "2", "--rounds", "1").output.startswith("standard - 2 teams, seed ")
    assert "\n1 team (Epsilon): P(collision)" in run("odds", "--teams", "1").output
    r = run("score", "--sequence", "TREASURE", "--laid", "O1 C5 T7 A3 G2 O4 N8 E6")
    assert "  8 - 0 empty - 6 incorrect letters - 0 repeated numbers = 2" in r.output
    r = run("score", "--sequence", "TREASURE", "--laid", "T5 R6 E1 A2 S4 U3 R8 *", "--treatments-left", "0")
    assert r.exit_code == 2 and "uses 1 Treatment Card but the team has 0" in r.output
    r = run("setup", "--teams", "1", "--treatments", "3,1")
    assert r.exit_code == 2 and "2 values for 1 team\n" in r.output
    w = tmp_path / "one.txt"
    w.write_text("treasure\n")
    cert = tmp_path / "cert.json"
    r = run("bound", str(w), "--out", str(cert))
    assert r.exit_code == 0 and r.output.startswith("1 word: no deck of 6 letters"), r.output
    assert run("check-bound", str(cert)).output.startswith("1 word: no deck of 6 letters")
    small = tmp_path / "small.csv"
    small.write_text("letter,number\nT,5\n")
    r = run("wordcards", "--cards", "1", "--deck", str(small))
    assert r.exit_code == 2 and "40 needed for 1 card\n" in r.output


@pytest.mark.parametrize("cmd", [("odds",), ("setup", "--variant", "gamma")])
def test_empty_levels_refused(cmd):
    """--levels '' was read as all three levels, silently."""
    r = run(*cmd, "--levels", " ")
    assert r.exit_code == 2 and "is empty" in r.output and "Traceback" not in r.output


def test_bound_and_design_deck_say_which_lines_of_words_they_leave_out(tmp_path):
    """WORDS lines that are not an 8-letter word were dropped without a word (the output counted
    only the words kept), and a word-card file ('A1 WORD', as check and --require read) was
    refused as holding 'no usable words'."""
    w = tmp_path / "mix.txt"
    w.write_text("treasure\nquestion\ntreasure\nabc\nx-ray\nbusiness\nairplanes\nsun\n")
    r = run("bound", str(w))
    assert r.exit_code == 0, r.output
    assert (f"WORDS {w}: 4 lines skipped, not an 8-letter word of letters A-Z ('abc', 'x-ray', "
            "'airplanes', ...); 1 word given again, counted once") in r.output
    j = ok_json("bound", str(w))
    assert j["words"] == 3 and j["words_left_out"] == {
        "skipped": 4, "examples": ["abc", "x-ray", "airplanes"], "duplicates": 1}
    j = ok_json("design-deck", str(w), "--time-limit", "0.5", "--local-search", "50", "--workers", "1")
    assert j["words_left_out"]["skipped"] == 4
    clean = tmp_path / "clean.txt"
    clean.write_text("treasure\nquestion\n")
    assert "WORDS" not in run("bound", str(clean)).output
    assert "words_left_out" not in ok_json("bound")       # the lexicon: nothing to say
    cards = tmp_path / "cards.txt"
    cards.write_text("A1\ttreasure\nA2\tquestion\n")
    assert ok_json("bound", str(cards))["words"] == 2
    cards.write_text("A1\ttreasure\nA2\tquestions\n")
    r = run("bound", str(cards))
    assert r.exit_code == 2 and "line 2" in r.output


def test_check_of_no_solvable_word_prints_no_none(tmp_path):
    """A list (or card) without a solvable word said 'solutions min/median/max None/None/None'."""
    f = tmp_path / "z.txt"
    f.write_text("zzzzzzzz\n")
    r = run("check", str(f))
    assert r.exit_code == 0 and "None" not in r.output
    assert "all words: 0/1 solvable, 8 Treatment Cards needed in all; no solvable word;" in r.output


def test_solve_all_says_what_it_lists():
    """--all --limit 2 listed 2 solutions under 'solutions: 8' without saying they were the first
    2; --all on a word with none listed nothing; a word needing more Treatment Cards than the
    game's 5 read as if 8 of them would do."""
    r = run("solve", "octagone", "--all", "--limit", "2")
    assert r.exit_code == 0 and "  the first 2 of 8 penalty-free solutions (--limit):\n" in r.output
    assert "  every penalty-free solution:\n" in run("solve", "octagone", "--all").output
    r = run("solve", "zzzzzzzz", "--all")
    assert "  no penalty-free solution to list" in r.output
    assert "(needs 8, more than the game's 5: it cannot be completed)" in r.output
    assert "more than the game's" not in run("solve", "aaaaaaaa").output      # needs 5: it can


def test_wordcards_file_names_the_command_that_made_it(tmp_path):
    """The file's first line said 'Generated by `octosolve octagion wordcards`' whatever --seed,
    --cards or --min-zipf made it: that command gives other cards."""
    out = tmp_path / "wc.txt"
    seed = 2**63 - 1
    r = run("wordcards", "--cards", "1", "--min-zipf", "3.5", "--seed", str(seed), "--out", str(out))
    assert r.exit_code == 0, r.output
    head = out.read_text().splitlines()[0]
    assert head.endswith(f"`octosolve octagion wordcards --cards 1 --min-zipf 3.5 --seed {seed}`.")
    again = tmp_path / "again.txt"
    assert run("wordcards", "--cards", "1", "--min-zipf", "3.5", "--seed", str(seed), "--out",
               str(again)).exit_code == 0
    assert again.read_text() == out.read_text()
    run("wordcards", "--out", str(out))       # the defaults: our data file, byte for byte
    from octosolve.core.paths import data_path
    assert out.read_text() == data_path("octagion", "wordcards.txt").read_text()


def test_odds_without_cards_of_the_levels_names_them_in_words(tmp_path):
    """'no Countdown Cards of levels (2,)': Python's tuple, and no word of which file."""
    cd = tmp_path / "cd.csv"
    cd.write_text("time_s,level,offset\n60,1,8\n")
    r = run("odds", "--countdown", str(cd), "--levels", "2")
    assert r.exit_code == 2 and f"Error: no Countdown Cards of level 2 in {cd}\n" in r.output


def test_check_bound_names_a_missing_field_in_words(tmp_path):
    """'lacks or garbles a field (KeyError: 'lambda')' (Python's words), and a certificate without
    its 'proof' text printed '(dual value 50; None)'."""
    cert = tmp_path / "c.json"
    assert run("bound", "--top", "20", "--out", str(cert)).exit_code == 0
    d = json.loads(cert.read_text())
    for key, text in (("lambda", "lacks the field 'lambda'"), ("per_number", "lacks the field 'per_number'")):
        bad = tmp_path / f"no_{key}.json"
        bad.write_text(json.dumps({k: v for k, v in d.items() if k != key}))
        r = run("check-bound", str(bad))
        assert r.exit_code == 2 and f"Error: the bound certificate {text}\n" in r.output, r.output
        assert "KeyError" not in r.output
    bad = tmp_path / "no_proof.json"
    bad.write_text(json.dumps({k: v for k, v in d.items() if k != "proof"}))
    r = run("check-bound", str(bad))
    assert r.exit_code == 0 and "None" not in r.output and "per-letter count bound" in r.output


def test_check_of_a_plain_list_heads_the_rank_column_with_a_rank(tmp_path):
    """A plain list's rank (1, 2, ...) was printed under the header 'card', as if card 1."""
    f = tmp_path / "w.txt"
    f.write_text("treasure\nquestion\n")
    lines = run("check", str(f)).output.splitlines()
    assert lines[0].split()[0] == "#" and lines[1].split()[:2] == ["1", "TREASURE"]
    assert run("check", "data/octagion/wordcards.txt").output.split()[0] == "card"


def test_check_says_which_files_it_wrote(tmp_path):
    """check --out/--svg wrote silently (bound, deck, wordcards and design-deck say 'wrote FILE')."""
    out, svg = tmp_path / "r.json", tmp_path / "c.svg"
    r = run("check", "data/octagion/wordcards.txt", "--out", str(out), "--svg", str(svg))
    assert r.exit_code == 0 and out.exists() and svg.exists()
    assert r.output.endswith(f"\nwrote {out}\nwrote {svg}\n")


def test_setup_names_teams_p0_p1_as_players_are_named_everywhere():
    """setup named the teams 1, 2, ... ('team 1: 3'), where every other game names its players
    and teams P0, P1, ... (Octiles and Octagone: 'P0+P2'); the JSON keyed them '1', '2'."""
    r = run("setup", "--variant", "virulent", "--teams", "3", "--seed", "7")
    assert r.exit_code == 0
    first, round1 = r.output.splitlines()[:2]
    assert first.endswith("Treatment Cards for the game: team P0: 3, team P1: 3, team P2: 3")
    assert "; team P0: " in round1 and "; team P2: " in round1 and "team 1" not in r.output
    j = ok_json("setup", "--variant", "virulent", "--teams", "3", "--seed", "7")
    assert j["treatment_cards"] == {"P0": 3, "P1": 3, "P2": 3}
    assert [p["team"] for p in j["rounds"][0]["teams"]] == [0, 1, 2]
    j = ok_json("setup", "--variant", "zeta", "--teams", "2", "--treatments", "3,1", "--seed", "7")
    assert set(j["rounds"][0]["treatment_cards_left"]) == {"P0", "P1"}


def test_check_counts_a_repeated_word_once_and_says_so(tmp_path):
    """check counted a word given twice twice (in the rows and the summary), silently."""
    f = tmp_path / "dup.txt"
    f.write_text("treasure\nquestion\nTREASURE\ntreasure\n")
    r = run("check", str(f), "--out", str(tmp_path / "rep.json"))
    assert r.exit_code == 0, r.output
    assert "all words: 1/2 solvable" in r.output
    assert ("2 duplicate lines ignored (each word counted once): TREASURE (#1) again at #3 and #4"
            in r.output)
    assert json.loads((tmp_path / "rep.json").read_text())["duplicate_lines_ignored"] == 2
    j = ok_json("check", str(f))
    assert [x["word"] for x in j] == ["TREASURE", "QUESTION"]
    assert j[0]["repeated_at"] == [{"card": None, "index": 3}, {"card": None, "index": 4}]
    assert j[1]["repeated_at"] == []
    cards = tmp_path / "cards.txt"
    cards.write_text("A1 treasure\nA2 question\nB1 TREASURE\n")
    r = run("check", str(cards))
    assert "1 duplicate line ignored (each word counted once): TREASURE (A1) again at B1" in r.output
    assert "card B" not in r.output and "all words: 1/2 solvable" in r.output
    f.write_text("treasure\nquestion\n")
    assert "duplicate" not in run("check", str(f)).output


def test_difficulty_of_an_unsolvable_word_names_treatment_cards(tmp_path):
    """The difficulty said 'needs 1 treatment': the rules' cards are Treatment Cards."""
    r = run("solve", "question")
    assert "difficulty: needs 1 Treatment Card\n" in r.output and "treatment\n" not in r.output
    f = tmp_path / "w.txt"
    f.write_text("question\ntreasure\n")
    assert "easy 1, needs 1 Treatment Card: 1" in run("check", str(f)).output


def test_check_svg_draws_a_repeated_word_on_every_card_it_is_on(tmp_path):
    """With repeats counted once, the word-card picture lost them: card B, holding only a repeat,
    was not drawn."""
    cards = tmp_path / "cards.txt"
    cards.write_text("A1 treasure\nA2 question\nB1 TREASURE\n")
    svg = tmp_path / "cards.svg"
    r = run("check", str(cards), "--svg", str(svg))
    assert r.exit_code == 0, r.output
    assert svg.read_text().count("TREASURE") == 2 and svg.read_text().count("QUESTION") == 1
