"""`report.build`: it writes the files it lists, deterministically (two runs byte-identical, no
duration in any file), re-checks the deck design record instead of searching, and is fast."""

import json
import time

from octosolve.octagion import report


def _files(d):
    return {p.relative_to(d).as_posix(): p.read_bytes() for p in sorted(d.rglob("*")) if p.is_file()}


def test_report_deterministic_and_fast(tmp_path):
    c0 = time.process_time()  # CPU seconds (0.7 s measured): no search, on a busy machine too
    sec = report.build(tmp_path / "a", quick=False, seed=None)
    assert time.process_time() - c0 < 50
    assert sec["title"] and sec["summary"] and set(sec["timings"]) >= {"word cards", "deck"}
    for f in sec["files"]:
        assert (tmp_path / "a" / f).exists(), f
    sec2 = report.build(tmp_path / "b", quick=False, seed=None)
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    assert {k: v for k, v in sec.items() if k != "timings"} == \
        {k: v for k, v in sec2.items() if k != "timings"}
    readme = (tmp_path / "a" / "README.md").read_text()
    assert "Word cards" in readme and " ms" not in readme and "words/s" not in readme
    assert "recomputes the record's word counts" in readme
    rep = json.loads((tmp_path / "a" / "wordcards_check.json").read_text())
    assert all(w["solvable"] for w in rep["words"])
    expl = json.loads((tmp_path / "a" / "explain_decks.json").read_text())
    assert [(e["words"], e["covered"]) for e in expl] == [(1000, 792), (1000, 841), (2000, 1642),
                                                          (5000, 3959)]
    assert expl[2]["reasons"] == {"short": 147, "crowded": 160, "empty_number": 51}
    assert expl[2]["most_needed"][0] == {"card": "H7", "needed_by": 218}
    assert "## Why the decks lose words" in readme and "The default deck is not the best" in readme
    design = json.loads((tmp_path / "a" / "design_check.json").read_text())
    assert design["agrees"] and design["deck_is_default"] and design["recomputed_solvable"] == 791
    assert design["words_no_longer_in_lexicon"] == ["BULLSHIT", "FREAKING", "GENOCIDE", "MASSACRE", "MURDERED",
                                                    "SEXUALLY"]
    zeta = json.loads((tmp_path / "a" / "setup_zeta.json").read_text())
    assert sum(r["min_wildcards"] for r in zeta["rounds"]) <= 3
    assert design["count_bound"] == 967           # `octosolve octagion bound` on the record's words
    bounds = json.loads((tmp_path / "a" / "bounds_check.json").read_text())
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


def test_best_decks_are_recounted_beside_their_proved_bounds(tmp_path, monkeypatch):
    """The report re-counts every kept best-deck record with the kernel (not the record's claim)
    and pairs it with the least bound proved for exactly its words."""
    import shutil

    import octosolve.core.paths as paths
    from octosolve.octagion.bound_sets import stored_certificates
    from octosolve.octagion.kernels import solve_word_list
    from octosolve.octagion.rules import Deck
    from octosolve.octagion.wordcards import load_lexicon
    src = paths.DATA_DIR / "octagion"
    rows = report._best_decks(stored_certificates(load_lexicon()[0]))
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
