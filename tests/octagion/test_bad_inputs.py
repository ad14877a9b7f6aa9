"""Issue 13 for Octagion: every bad input is one line and exit status 2 (never a traceback, never
"internal error", never a silently wrong answer), and a property test over generated command lines
and input files."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from octosolve.cli import main


def fill(arg: str, files: dict) -> str:
    for k, v in files.items():
        arg = arg.replace("{" + k + "}", str(v))
    return arg


def run(capsys, args):
    """The console entry point itself (it turns unexpected exceptions into 'internal error')."""
    try:
        main(["octagion", *map(str, args)])
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def files(tmp_path):
    f = {}
    f["dir"] = tmp_path
    (tmp_path / "sup.csv").write_text("letter,number\nA,\u00b3\n", encoding="utf-8")
    (tmp_path / "latin1.csv").write_bytes(b"letter,number\n\xe9,1\n")
    (tmp_path / "words_latin1.txt").write_bytes(b"caf\xe9caf\xe9\n")
    (tmp_path / "label_sup.txt").write_text("A\u00b3 TREASURE\n", encoding="utf-8")
    (tmp_path / "cd_sup.csv").write_text("time_s,level,offset\n6\u00b3,1,0\n", encoding="utf-8")
    (tmp_path / "cd_latin1.csv").write_bytes(b"time_s,level,offset\n60,1,0\xff\n")
    (tmp_path / "words.txt").write_text("abcdefgh\nhgfedcba\n")
    (tmp_path / "empty.txt").write_text("\n# nothing\n")
    (tmp_path / "record.json").write_text('{"words_list": ["ABCDEFGH"]}')
    f["record.json"] = tmp_path / "record.json"
    for k in ("sup.csv", "latin1.csv", "words_latin1.txt", "label_sup.txt", "cd_sup.csv",
              "cd_latin1.csv", "words.txt", "empty.txt"):
        f[k] = tmp_path / k
    data = Path(__file__).resolve().parents[2] / "data" / "octagion"
    f["our_deck"], f["our_wordcards"] = data / "deck.csv", data / "wordcards.txt"
    return f


BAD = [
    ["solve", "treasure", "--deck", "{sup.csv}"],
    ["solve", "treasure", "--deck", "{latin1.csv}"],
    ["solve", "treasure", "--deck", "{dir}"],
    ["solve", "treasure", "--deck", "{dir}/missing.csv"],
    ["solve", "tre\u00b3sure"],
    ["solve", "treasure", "--all", "--limit", "0"],
    ["check", "{words_latin1.txt}"],
    ["check", "{label_sup.txt}"],
    ["check", "{dir}"],
    ["check", "{empty.txt}"],
    ["check", "{words.txt}", "--out", "{dir}"],
    ["check", "{words.txt}", "--out", ""],
    ["check", "{words.txt}", "--svg", "{dir}/x.svg"],          # a plain list has no cards to draw
    ["score", "--sequence", "TREASURE", "--laid", "T\u00b3 R6"],
    ["score", "--sequence", "TREASURE", "--laid", "T5 T5"],
    ["score", "--sequence", "TREASURE", "--laid", "* * *", "--treatments-left", "2"],
    ["score", "--sequence", "TREASURE", "--laid", "T5", "--treatments-left", "9"],
    ["design-deck", "--time-limit", "nan"],
    ["design-deck", "--time-limit", "inf"],
    ["design-deck", "--time-limit", "-1"],
    ["design-deck", "--bound-time", "nan"],
    ["design-deck", "--bound-time", "-1"],
    ["design-deck", "--seed", str(2**64)],
    ["design-deck", "--workers", "1000000"],
    ["design-deck", "--top", str(10**12)],
    ["design-deck", "--top", "6000"],
    ["design-deck", "--local-search", str(10**12)],
    ["design-deck", "--scheduler", "garbage"],
    ["design-deck", "--scheduler", "tcp://host"],
    ["design-deck", "{dir}"],
    ["design-deck", "{words_latin1.txt}"],
    ["design-deck", "{words.txt}", "--require", "{label_sup.txt}"],
    ["design-deck", "{words.txt}", "--out", "{dir}"],
    ["design-deck", "{words.txt}", "--record", "{dir}"],
    ["design-deck", "{words.txt}", "--favour", "medium"],
    ["design-deck", "{words.txt}", "--restarts", "0"],
    ["design-deck", "{words.txt}", "--replicas", "65"],
    ["design-deck", "{words.txt}", "--anneal-time", "nan"],
    ["design-deck", "{words.txt}", "--certificate", "{dir}"],
    ["bound", "{empty.txt}"],
    ["bound", "{words.txt}", "--out", "{dir}"],
    ["bound", "{words.txt}", "--threshold", "3"],
    ["bound", "{words.txt}", "--hall"],
    ["bound", "{words.txt}", "--sets", "--per-number", "10"],
    ["bound", "{words.txt}", "--sets", "--threshold", "-1"],
    ["check-bound", "{dir}"],
    ["check-bound", "{words.txt}"],
    ["check-bound", "{record.json}"],
    ["wordcards", "--cards", "0"],
    ["wordcards", "--cards", str(10**12)],
    ["wordcards", "--min-zipf", "nan"],
    ["wordcards", "--min-zipf", "9"],
    ["wordcards", "--svg", ""],
    ["setup", "--teams", str(10**12)],
    ["setup", "--rounds", "-3"],
    ["setup", "--treatments", "\u00b3"],
    ["setup", "--levels", "\u00b3"],
    ["setup", "--variant", "zeta", "--zeta-budget", "week"],
    ["setup", "--wordcards", "{dir}"],
    ["setup", "--wordcards", "{words.txt}"],                   # 2 words: not 40 a card
    ["setup", "--seed", "-1"],
    ["odds", "--countdown", "{cd_sup.csv}"],
    ["odds", "--countdown", "{cd_latin1.csv}"],
    ["odds", "--countdown", "{dir}"],
    ["odds", "--teams", "0"],
    ["deck", "--top", "0"],
    # annealing options with the annealing off: they were ignored (--anneal-time 60 ran no annealing)
    ["design-deck", "{words.txt}", "--local-search", "0", "--anneal-time", "1", "--time-limit", "0.1"],
    ["design-deck", "{words.txt}", "--local-search", "0", "--replicas", "4", "--time-limit", "0.1"],
    ["design-deck", "{words.txt}", "--local-search", "0", "--restarts", "3", "--time-limit", "0.1"],
    ["deck", "--svg", "{dir}"],
    # options that did nothing and were silently dropped
    ["solve", "treasure", "--limit", "3"],                     # --limit without --all
    ["setup", "--zeta-budget", "round"],                       # standard: no Zeta words
    ["setup", "--variant", "beta", "--zeta-budget", "game"],
    ["setup", "--levels", "1,2"],                              # standard: no Countdown Cards
    ["setup", "--variant", "alpha", "--levels", "hard"],
    ["setup", "--variant", "zeta", "--wordcards", "{our_wordcards}"],  # Zeta: lexicon words
    ["setup", "--variant", "gamma", "--deck", "{our_deck}"],   # gamma draws no letter card
]


@pytest.mark.parametrize("args", BAD, ids=[" ".join(a)[:60] for a in BAD])
def test_bad_input_one_line_exit_2(args, files, capsys):
    argv = [fill(a, files) for a in args]
    code, out, err = run(capsys, argv)
    assert code == 2, (argv, out, err)
    lines = (out + err).strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error"), lines
    assert "internal error" not in err and "Traceback" not in err


def test_directory_is_not_called_missing(files, capsys):
    code, out, err = run(capsys, ["solve", "treasure", "--deck", files["dir"]])
    assert "is a directory" in err and "not found" not in err


def test_huge_seed_reaches_cp_sat_safely(files, capsys):
    code, out, err = run(capsys, ["design-deck", files["words.txt"], "--per-number", "2",
                                  "--time-limit", "0.5", "--local-search", "20",
                                  "--seed", str(2**63 - 1), "--workers", "64", "--json"])
    assert code == 0, err
    assert json.loads(out)["words"] == 2


# ------------------------------------------------------------------------------------------------
# property test: generated command lines end in 0 or 2, never an internal error
# ------------------------------------------------------------------------------------------------
NUM = st.sampled_from(["0", "1", "3", "8", "-1", "2.5", "nan", "inf", "1e99", "\u00b3", "", "x",
                       str(2**63), "40"])
WORD = st.sampled_from(["treasure", "QUESTION", "short", "t\u00e9l\u00e9phone", "abc defg", "", "\u00b3" * 8])
PATHS = st.sampled_from(["{words.txt}", "{sup.csv}", "{dir}", "{words_latin1.txt}", "{label_sup.txt}",
                         "{cd_sup.csv}", "{empty.txt}", "{dir}/new.txt", ""])
CMDS = {
    "solve": [("ARG", WORD), ("--deck", PATHS), ("--limit", NUM), ("--all", None)],
    "check": [("ARG", PATHS), ("--deck", PATHS), ("--out", PATHS), ("--svg", PATHS)],
    "score": [("--sequence", WORD), ("--laid", st.sampled_from(["T5 R6", "T5 T5", "* * * * * *",
                                                                 "Q9", "", "_ *", "t5 r\u00b3"])),
              ("--treatments", NUM), ("--deck", PATHS), ("--got-it", None)],
    "wordcards": [("--cards", NUM), ("--min-zipf", NUM), ("--seed", NUM), ("--out", PATHS)],
    "setup": [("--variant", st.sampled_from(["zeta", "VIRULENT", "alpha", "omega", ""])),
              ("--teams", NUM), ("--rounds", NUM), ("--treatments", NUM), ("--levels", NUM),
              ("--wordcards", PATHS), ("--zeta-budget", st.sampled_from(["game", "ROUND", "x"]))],
    "odds": [("--teams", NUM), ("--levels", NUM), ("--countdown", PATHS), ("--deck", PATHS)],
    "deck": [("--top", NUM), ("--deck", PATHS), ("--svg", PATHS)],
    # always a tiny search: at most half a second of CP-SAT
    "design-deck": [("ARG", PATHS), ("--per-number", NUM), ("--seed", NUM), ("--workers", NUM),
                    ("--favour", st.sampled_from(["none", "HARD", "x"])), ("--require", PATHS),
                    ("--restarts", NUM), ("--anneal-time", NUM), ("--replicas", NUM), ("--bound-time", NUM)],
    "bound": [("ARG", PATHS), ("--per-number", NUM), ("--top", NUM), ("--out", PATHS)],
    "check-bound": [("ARG", st.sampled_from(["{words.txt}", "{dir}", "{record.json}", "",
                                             "{dir}/missing.json"]))],
}


@st.composite
def command_lines(draw):
    name = draw(st.sampled_from(sorted(CMDS)))
    argv = [name]
    for opt, values in CMDS[name]:
        if not draw(st.booleans()):
            continue
        if values is None:
            argv.append(opt)
        elif opt == "ARG":
            argv.insert(1, draw(values))
        else:
            argv += [opt, draw(values)]
    if name == "design-deck":
        argv += ["--time-limit", "0.5", "--local-search", "10", "--top", "50"]
    return argv


@pytest.mark.integration
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(command_lines())
def test_generated_command_lines(files, capsys, argv):
    argv = [fill(a, files) for a in argv]
    code, out, err = run(capsys, argv)
    assert code in (0, 2), (argv, code, err)
    assert "internal error" not in err and "Traceback" not in err, (argv, err)
    if code == 2:
        assert len(err.strip().splitlines()) == 1, (argv, err)


@pytest.mark.integration
@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM"])
def test_design_deck_stops_on_ctrl_c(sig):
    """A long design run shows progress and a Ctrl-C (SIGINT) during its search ends it promptly
    (little CPU spent after the signal), exit 130, one line; SIGTERM the same with 143 (#45.3: was
    130)."""
    import os
    import select
    import signal
    import subprocess
    import sys
    import time

    from tests.cputime import AfterSignal

    env = dict(os.environ, OCTOSOLVE_PROGRESS="1")
    env.pop("OCTOSOLVE_NO_PROGRESS", None)
    measure = AfterSignal()
    # 100 words, not 300: CP-SAT's model (built in Python before the search) a third the size; a
    # search of 100 words still runs for minutes, so the signal still comes during it
    p = subprocess.Popen([sys.executable, "-m", "octosolve", "octagion", "design-deck", "--top", "100",
                          "--time-limit", "300", "--local-search", "0"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # wait for a state, not a time: the search is under way once its progress bar shows a best
    # objective (a solution found, ~1.6 s on the idle machine); the wall clock is only a hang guard
    seen, t0 = b"", time.monotonic()
    while not (b"CP-SAT deck design" in seen and b", best " in seen):
        assert time.monotonic() - t0 < 600, "no CP-SAT solution shown within 600 s"
        if select.select([p.stderr], [], [], 1.0)[0]:
            chunk = os.read(p.stderr.fileno(), 4096)
            assert chunk, f"design-deck ended before its search: {seen[-500:]!r}"
            seen += chunk
    measure.signalled(p.pid)
    p.send_signal(getattr(signal, sig))
    out, err = p.communicate(timeout=300)
    err = seen + err
    # stopped promptly: CPU seconds spent after the signal (what a busy machine does not stretch)
    assert measure.seconds() < 10, f"{measure.seconds():.1f} CPU seconds after Ctrl-C"
    assert p.returncode == {"SIGINT": 130, "SIGTERM": 143}[sig], err[-500:]
    word = {"SIGINT": "Interrupted", "SIGTERM": "Terminated"}[sig]
    text = err.decode(errors="replace").replace("\r", "\n")
    lines = [x.strip() for x in text.splitlines() if x.strip() and "CP-SAT deck design" not in x]
    assert lines == [f"{word}: no deck designed, nothing written."] and out == b""


@pytest.mark.integration
def test_design_deck_on_a_local_cluster_stops_on_ctrl_c():
    """--scheduler local: a Ctrl-C while the cluster's workers anneal ends the command at once,
    workers included (little CPU after the signal), exit 130, one line and no Dask warnings."""
    import os
    import select
    import signal
    import subprocess
    import sys
    import time

    from tests.cputime import AfterSignal

    pytest.importorskip("dask.distributed")
    env = dict(os.environ, OCTOSOLVE_PROGRESS="1")
    env.pop("OCTOSOLVE_NO_PROGRESS", None)
    measure = AfterSignal()
    p = subprocess.Popen([sys.executable, "-m", "octosolve", "octagion", "design-deck", "--top", "100",
                          "--restarts", "8", "--local-search", "2000000", "--time-limit", "5",
                          "--scheduler", "local"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    seen, t0 = b"", time.monotonic()
    while b"simulated annealing runs" not in seen:        # the runs are on the workers
        assert time.monotonic() - t0 < 600, "no annealing runs shown within 600 s"
        if select.select([p.stderr], [], [], 1.0)[0]:
            chunk = os.read(p.stderr.fileno(), 4096)
            assert chunk, f"design-deck ended before its annealing: {seen[-500:]!r}"
            seen += chunk
    time.sleep(2)
    measure.signalled(p.pid)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=300)
    assert measure.seconds() < 10, f"{measure.seconds():.1f} CPU seconds after Ctrl-C"
    assert p.returncode == 130, err[-500:]
    text = (seen + err).decode(errors="replace").replace("\r", "\n")
    lines = [x for x in text.splitlines() if x.strip() and "simulated annealing runs" not in x]
    assert lines == ["Interrupted: no deck designed, nothing written."], lines[-10:]
    assert out == b""


@pytest.mark.integration
@pytest.mark.parametrize("args", [["--deck", "/nonexistent/deck.csv"], ["--deck", "NOT_UTF8"],
                                  ["--design-seconds", "nan"], ["--ref-words", "0"],
                                  ["--design-words", "6000"]])
def test_bench_script_refuses_bad_input(args, tmp_path):
    """scripts/bench_octagion.py: a missing or non-UTF-8 deck, or an absurd number, is a one-line
    error with exit status 2 before any work, not a traceback (a missing deck was one)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    bad = tmp_path / "deck.csv"
    bad.write_bytes(b"\xff\xfeletter,number\n")
    args = [str(bad) if a == "NOT_UTF8" else a for a in args]
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(root),
                                                                    os.environ.get("PYTHONPATH")])))
    r = subprocess.run([sys.executable, "scripts/bench_octagion.py", *args],
                       cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr, (r.returncode, r.stderr[-300:])
    assert r.stderr.strip().splitlines()[-1].startswith("bench_octagion.py: error:")


@pytest.mark.parametrize("pair", [("--out", "--record"), ("--record", "--certificate"),
                                  ("--out", "--svg")])
def test_design_deck_outputs_name_different_files(files, capsys, pair):
    """Two of design-deck's outputs on one path: a one-line error before the search (the one
    written last used to replace the other silently: --out d --record d left only the record)."""
    same = files["dir"] / "same.out"
    code, out, err = run(capsys, ["design-deck", files["words.txt"], "--time-limit", "0.1",
                                  "--local-search", "0", "--workers", "1",
                                  pair[0], same, pair[1], same])
    assert code == 2 and len(err.strip().splitlines()) == 1 and "same file" in err, err
    assert not same.exists()


@pytest.mark.parametrize("command", [["check", "{words.txt}"], ["wordcards", "--cards", "1"]])
def test_check_and_wordcards_outputs_name_different_files(files, capsys, command):
    """--out and --svg on one path: a one-line error before any work (the SVG used to replace the
    report or the cards silently)."""
    same = files["dir"] / "same.out"
    argv = [fill(a, files) for a in command] + ["--out", same, "--svg", same]
    code, out, err = run(capsys, argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "same file" in err, err
    assert not same.exists()


@pytest.mark.parametrize("args", [["--variant", "zeta", "--zeta-budget", "round", "--seed", "3"],
                                  ["--variant", "gamma", "--levels", "hard"],
                                  ["--variant", "delta", "--levels", "1,2", "--deck", "{our_deck}"]])
def test_setup_options_of_their_variant_still_work(files, capsys, args):
    code, out, err = run(capsys, ["setup", *[fill(a, files) for a in args], "--json"])
    assert code == 0, err
    json.loads(out)


def test_a_word_of_one_letter_is_counted_in_good_english():
    # the designer's flagged row said "word 'A' has 1 letters"
    from octosolve.core.errors import OctoError
    from octosolve.octagion.rules import normalize_sequence

    with pytest.raises(OctoError, match=r"'A' has 1 letter; Octagion sequences have exactly 8"):
        normalize_sequence("A", "word")
    with pytest.raises(OctoError, match=r"has 9 letters;"):
        normalize_sequence("SEPTEMBER", "word")


def test_a_sequence_that_is_not_a_string_is_refused_not_read_as_its_repr():
    """``solve_word(None, deck)`` read the word 'NONE' ('has 4 letters'): any non-string is refused
    as such (one line), whatever its str() would spell."""
    from octosolve.core.errors import OctoError
    from octosolve.octagion.rules import load_deck, normalize_sequence
    from octosolve.octagion.solve import solve_word

    deck = load_deck()
    for bad in (None, 5, ["TREASURE"], b"TREASURE"):
        with pytest.raises(OctoError, match="must be a string of 8 letters"):
            solve_word(bad, deck)
    assert normalize_sequence(" trésorie ") == "TRESORIE"


def test_deck_repr_is_one_line():
    from octosolve.octagion.rules import load_deck

    r = repr(load_deck())
    assert r.startswith("<Deck ") and r.endswith(": 48 cards, 6 a number>") and "object at" not in r


def test_solve_word_and_check_words_from_python_check_their_arguments():
    """A deck given as its file name was an AttributeError deep in the solver; ``check_words`` given
    one string checked its letters one by one ('word 't' has 1 letter')."""
    from octosolve.core.errors import OctoError
    from octosolve.octagion.rules import load_deck
    from octosolve.octagion.solve import check_words, solve_word

    with pytest.raises(OctoError, match="deck must be a Deck"):
        solve_word("treasure", "deck.csv")
    with pytest.raises(OctoError, match="deck must be a Deck"):
        check_words(["treasure"], None)
    with pytest.raises(OctoError, match="takes a list of words, got the string 'treasure'"):
        check_words("treasure", load_deck())
    assert [r["word"] for r in check_words(("treasure",), load_deck())] == ["TREASURE"]


def test_wordcards_repr_is_one_line():
    """A notebook's plain repr of the word cards was every word of every card."""
    from octosolve.octagion.wordcards import WordCards, load_wordcards

    w = load_wordcards()
    assert repr(w) == f"<WordCards: {len(w)} cards {min(w)}-{max(w)}, 40 words each>"
    assert repr(WordCards()) == "<WordCards: 0 cards, no words>"
    assert dict(w) == w and w.to_json() == dict(w)


@pytest.mark.parametrize("source", ["bound_top2000.json", "bound_sets_top2000.json"])
@pytest.mark.parametrize("field,value", [("lambda", [1, 2]), ("rho", "x"), ("lambda", {"ABCDEFGH": [1]})])
def test_check_bound_names_a_mistyped_field(capsys, tmp_path, source, field, value):
    """#45.5: a certificate whose ``lambda`` is a list printed Python's "('list' object has no
    attribute 'items')"; the line now names the field and what it must be."""
    cert = json.loads((Path(__file__).resolve().parents[2] / "data" / "octagion" / source).read_text())
    cert[field] = value
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(cert))
    code, out, err = run(capsys, ["check-bound", path])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert "attribute" not in err and "object has no" not in err and f"{field}" in err
    assert "must be an object" in err, err


@pytest.mark.integration
def test_many_teams_never_run_out_of_word_cards():
    """#45.4: `setup --variant virulent --teams 8 --seed 2` (and epsilon 8 teams seed 11) were
    refused ('not enough Word Cards to resolve a collision'): every default set-up of 6-8 teams is
    dealt now, each round's teams with different words (docs/rules/octagion.md, Epsilon)."""
    from click.testing import CliRunner

    from octosolve.cli import cli

    new_letter = 0
    for variant in ("virulent", "epsilon"):
        for teams in (6, 7, 8):
            for seed in range(30):
                r = CliRunner().invoke(cli, ["octagion", "setup", "--variant", variant, "--teams",
                                             str(teams), "--seed", str(seed), "--json"])
                assert r.exit_code == 0, (variant, teams, seed, r.output[-200:])
                for rd in json.loads(r.output)["rounds"]:
                    words = [p["sequence"] for p in rd["teams"]]
                    assert len(set(words)) == len(words) == teams
                    new_letter += sum(1 for p in rd["teams"] if p.get("letter_redraws"))
    assert new_letter > 0   # the Letter Card reading was needed (and shown)
