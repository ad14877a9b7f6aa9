"""`report.build`: it writes the files it lists, deterministically (the committed results/octagion
byte for byte, and a second run the same; no duration in any file), re-checks the deck design record
instead of searching, and is fast."""

import copy
import json
import time
from pathlib import Path

import pytest

from octosolve.octagion import report

COMMITTED = Path(__file__).resolve().parents[2] / "results" / "octagion"
# the solver steps (the count LPs, the certificate re-checks): pure functions of their input,
# recorded in the first build and replayed in the second, which reruns everything else
_SOLVERS = ("count_bound", "stored_certificates")


def _files(d):
    return {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def _key(args, kw):
    return repr((args, sorted(kw.items())))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One full build of the section (every test here reads it), with its CPU seconds and the
    solver steps' results."""
    out = tmp_path_factory.mktemp("octagion_report") / "a"
    calls = {name: {} for name in _SOLVERS}

    def recording(name, f):
        def run(*args, **kw):
            r = f(*args, **kw)
            calls[name][_key(args, kw)] = copy.deepcopy(r)
            return r
        return run

    with pytest.MonkeyPatch.context() as mp:
        for name in _SOLVERS:
            mp.setattr(report, name, recording(name, getattr(report, name)))
        c0 = time.process_time()
        sec = report.build(out, quick=False, seed=None)
        cpu = time.process_time() - c0
    return {"dir": out, "sec": sec, "cpu": cpu, "calls": calls}


@pytest.mark.integration
def test_report_deterministic_and_fast(built, tmp_path, monkeypatch):
    sec, a = built["sec"], built["dir"]
    assert built["cpu"] < 50  # CPU seconds (9 s measured): no search, on a busy machine too
    assert sec["title"] and sec["summary"] and set(sec["timings"]) >= {"word cards", "deck"}
    for f in sec["files"]:
        assert (a / f).exists(), f
    # what `octosolve report` must regenerate exactly: the committed section, byte for byte (but
    # summary.json and timings.json, which run_report writes from the returned dict)
    committed = _files(COMMITTED)
    assert committed.pop("timings.json") and committed.pop("summary.json")
    assert _files(a) == committed
    summary = json.loads((COMMITTED / "summary.json").read_text(encoding="utf-8"))
    assert {k: v for k, v in sec.items() if k != "timings"} == \
        {k: v for k, v in summary.items() if k not in ("game", "quick")}
    # a second run in the same process (caches, state left by the first): the same, the solver
    # steps replayed from the first run (they are checked above against the committed files)
    calls = built["calls"]
    for name in _SOLVERS:
        real = getattr(report, name)
        monkeypatch.setattr(report, name, lambda *args, _n=name, _f=real, **kw: copy.deepcopy(
            calls[_n][_key(args, kw)]) if _key(args, kw) in calls[_n] else _f(*args, **kw))
    sec2 = report.build(tmp_path / "b", quick=False, seed=None)
    assert _files(a) == _files(tmp_path / "b")
    assert {k: v for k, v in sec.items() if k != "timings"} == \
        {k: v for k, v in sec2.items() if k != "timings"}
    readme = (a / "README.md").read_text()
    assert "Word cards" in readme and " ms" not in readme and "words/s" not in readme
    assert "recomputes the record's word counts" in readme
    rep = json.loads((a / "wordcards_check.json").read_text())
    assert all(w["solvable"] for w in rep["words"])
    expl = json.loads((a / "explain_decks.json").read_text())
    assert [(e["words"], e["covered"]) for e in expl] == [(1000, 792), (1000, 841), (2000, 1642),
                                                          (5000, 3959)]
    assert expl[2]["reasons"] == {"short": 147, "crowded": 160, "empty_number": 51}
    assert expl[2]["most_needed"][0] == {"card": "H7", "needed_by": 218}
    assert "## Why the decks lose words" in readme and "The default deck is not the best" in readme
    design = json.loads((a / "design_check.json").read_text())
    assert design["agrees"] and design["deck_is_default"] and design["recomputed_solvable"] == 791
    assert design["words_no_longer_in_lexicon"] == ["BULLSHIT", "FREAKING", "GENOCIDE", "MASSACRE", "MURDERED",
                                                    "SEXUALLY"]
    zeta = json.loads((a / "setup_zeta.json").read_text())
    assert sum(r["min_wildcards"] for r in zeta["rounds"]) <= 3
    assert design["count_bound"] == 967           # `octosolve octagion bound` on the record's words
    bounds = json.loads((a / "bounds_check.json").read_text())
    got = {b["file"]: (b["bound"], b["top"], b["hall"], b["agrees"]) for b in bounds["certificates"]}
    assert got == {"bound_hall_top1000.json": (946, 1000, True, True),
                   "bound_hall_top2000.json": (1878, 2000, True, True),
                   "bound_sets_top2000.json": (1894, 2000, False, True),
                   "bound_sets_top5000.json": (4677, 5000, False, True),
                   "bound_top2000.json": (1928, 2000, False, True)}
    assert bounds["default_words_best_bound"] == 946
    assert "no deck solves more than 946" in readme and "| `bound_top2000.json` | 2000" in readme


def test_stored_certificates_say_what_they_prove_not_what_they_claim(tmp_path, monkeypatch):
    """A kept certificate whose stated bound its multipliers do not prove is listed with the bound
    they do prove and agrees = False (the report prints NO), never with its claim; a file that is
    not JSON is a one-line error."""
    import shutil

    import pytest

    import octosolve.core.paths as paths
    from octosolve.core.errors import OctoError
    from octosolve.octagion.bound_sets import stored_certificates
    from octosolve.octagion.wordcards import load_lexicon
    (tmp_path / "octagion").mkdir()
    src = paths.DATA_DIR / "octagion"
    shutil.copy(src / "bound_top2000.json", tmp_path / "octagion" / "bound_a.json")
    cert = json.loads((src / "bound_hall_top1000.json").read_text(encoding="utf-8"))
    cert["bound"] = 900
    cert["words"] = cert["words"][::-1]                       # the same words, not in lexicon order
    (tmp_path / "octagion" / "bound_b.json").write_text(json.dumps(cert), encoding="utf-8")
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    rows = stored_certificates(load_lexicon()[0])
    assert [(r["file"], r["bound"], r["top"], r["agrees"]) for r in rows] == \
        [("bound_a.json", 1928, 2000, True), ("bound_b.json", 946, None, False)]
    (tmp_path / "octagion" / "bound_c.json").write_bytes(b"\xff\xfe not json")
    with pytest.raises(OctoError, match="bound_c.json: not a readable JSON"):
        stored_certificates(load_lexicon()[0])


@pytest.mark.integration  # (reads the module's full build of the section)
def test_best_decks_are_recounted_beside_their_proved_bounds(built, tmp_path, monkeypatch):
    """The report re-counts every kept best-deck record with the kernel (not the record's claim)
    and pairs it with the least bound proved for exactly its words."""
    import shutil

    import octosolve.core.paths as paths
    from octosolve.octagion.bound_sets import stored_certificates
    from octosolve.octagion.kernels import solve_word_list
    from octosolve.octagion.rules import Deck
    from octosolve.octagion.wordcards import load_lexicon
    src = paths.DATA_DIR / "octagion"
    rows = json.loads((built["dir"] / "best_decks.json").read_text())  # report._best_decks's rows
    got = [(r["words"], r["solvable"], r["bound"], r["bound_from"], r["agrees"], r["split"])
           for r in rows]
    # the free split's deck (48 cards, unequal numbers) is set beside the count bound only: the
    # set-bound certificates are for six cards a number
    assert got == [(1000, 841, 946, "data/octagion/bound_hall_top1000.json", True, "equal"),
                   (2000, 1642, 1878, "data/octagion/bound_hall_top2000.json", True, "equal"),
                   (5000, 3959, 4677, "data/octagion/bound_sets_top5000.json", True, "equal"),
                   (1000, 850, 967, "per-letter counts (computed here)", True, "free"),
                   (2000, 1656, 1928, "per-letter counts (computed here)", True, "free"),
                   (5000, 3981, 4777, "per-letter counts (computed here)", True, "free")]
    for r in rows[3:]:
        assert sum(r["cards_per_number"]) == 48 and r["cards_per_number"] != [6] * 8
    rec = json.loads((src / "best_deck_top2000.json").read_text(encoding="utf-8"))
    deck = Deck.parse("letter,number\n" + "".join(f"{c[0]},{c[1:]}\n" for c in rec["cards"]))
    sols, _ = solve_word_list(rec["words_list"], deck.masks)
    assert int((sols > 0).sum()) == 1642
    # a record claiming more than its deck solves, for a list with no certificate: the recount and
    # the count bound, and agrees = False
    (tmp_path / "octagion").mkdir()
    rec["kernel_solvable"] = 1700
    rec["words_list"] = rec["words_list"][:300]
    rec["words"] = 300
    (tmp_path / "octagion" / "best_deck_top300.json").write_text(json.dumps(rec), encoding="utf-8")
    shutil.copy(src / "bound_top2000.json", tmp_path / "octagion")
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    [row] = report._best_decks(stored_certificates(load_lexicon()[0]))
    sols, _ = solve_word_list(rec["words_list"], deck.masks)
    assert row["solvable"] == int((sols > 0).sum()) < 300 and not row["agrees"]
    assert row["bound"] == 296 and row["bound_from"] == "per-letter counts (computed here)"
