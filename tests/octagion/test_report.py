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
    design = json.loads((tmp_path / "a" / "design_check.json").read_text())
    assert design["agrees"] and design["deck_is_default"] and design["recomputed_solvable"] == 791
    assert design["words_no_longer_in_lexicon"] == ["BULLSHIT", "FREAKING", "GENOCIDE", "MASSACRE", "MURDERED",
                                                    "SEXUALLY"]
    zeta = json.loads((tmp_path / "a" / "setup_zeta.json").read_text())
    assert sum(r["min_wildcards"] for r in zeta["rounds"]) <= 3
