"""design-deck's default plan (the walks share --time-limit) and its familiarity weights
(--weighted, in design-deck and check), against brute-force recounts. Small lists, few steps."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from octosolve.cli import cli
from octosolve.core.errors import OctoError
from octosolve.octagion import anneal as A
from octosolve.octagion.design import POLISH_SHARE, design_deck, walk_steps
from octosolve.octagion.rules import load_deck
from octosolve.octagion.wordcards import load_lexicon


def _spelled(word: str, masks) -> bool:
    """Brute force, independent of the kernels: Hall's condition over the 256 position subsets
    (every set of positions reaches at least as many numbers)."""
    rows = [int(masks[ord(c) - 65]) for c in word]
    for s in range(1, 256):
        reach = 0
        for p in range(8):
            if s >> p & 1:
                reach |= rows[p]
        if bin(reach).count("1") < bin(s).count("1"):
            return False
    return True


@pytest.fixture(scope="module")
def lexicon():
    words, zipf = load_lexicon()
    return list(words[:60]), {w: float(z) for w, z in zip(words[:60], zipf[:60])}


def test_weighted_design_reports_the_weight_a_brute_force_recount_gives(lexicon):
    words, zipf = lexicon
    weights = {w: z for w, z in zipf.items() if w not in words[:5]}     # five words not weighed: 0
    res = design_deck(words, per_number=6, time_limit=0.2, workers=1, seed=3,
                      local_search_iters=3000, restarts=2, weights=weights)
    spelled = [w for w in words if _spelled(w, res.deck.masks)]
    assert res.kernel_solvable == len(spelled)
    assert res.weight_covered == pytest.approx(sum(weights.get(w, 0.0) for w in spelled), abs=0.006)
    assert res.weight_total == pytest.approx(sum(weights.values()), abs=0.006)
    j = res.to_json()
    assert j["weighted"] and j["weight_covered"] == res.weight_covered


def test_equal_weights_walk_the_unweighted_walks_step_for_step(lexicon):
    words, _ = lexicon
    plain = A.anneal(words, per_number=6, iters=4000, restarts=2, seed=7, show_progress=False)
    same = A.anneal(words, per_number=6, iters=4000, restarts=2, seed=7, show_progress=False,
                    weights=[4.5] * len(words))
    assert list(same[0]) == list(plain[0]) and same[1] == plain[1]
    # and a weighted walk's score is the recounted weight of its deck, in units of the mean weight
    w = np.linspace(1.0, 6.0, len(words))
    m, score = A.anneal(words, per_number=6, iters=4000, seed=7, show_progress=False, weights=w)
    assert score == pytest.approx(sum(x for x, word in zip(w / w.mean(), words) if _spelled(word, m)))


def test_weights_change_the_optimum():
    """One card a number: a word is spelled only by a deck of exactly its letters. Three anagrams of
    ABCDEFGH against one word of other letters: by count the anagrams win, weighted (10 against 1
    each) the other word. CP-SAT alone (no walks) solves it exactly, on the weights in hundredths."""
    words = ["ABCDEFGH", "HGFEDCBA", "BADCFEHG", "IJKLMNOP"]
    kw = dict(per_number=1, time_limit=5, workers=1, seed=0, local_search_iters=0)
    plain = design_deck(words, **kw)
    heavy = design_deck(words, weights={"IJKLMNOP": 10.0, "ABCDEFGH": 1.0, "HGFEDCBA": 1.0,
                                        "BADCFEHG": 1.0}, **kw)
    assert plain.kernel_solvable == 3 and heavy.kernel_solvable == 1
    assert heavy.weight_covered == 10.0 and heavy.weight_total == 13.0 and heavy.objective == 10.0
    with pytest.raises(OctoError, match="--weighted goes with --favour none"):
        design_deck(words, favour="hard", weights={"IJKLMNOP": 1.0}, **kw)


def test_check_weighted_sums_the_familiarity_of_the_words_spelled(tmp_path, lexicon):
    words, zipf = lexicon
    f = tmp_path / "w.txt"
    f.write_text("\n".join(words[:30] + ["zyzzyvas", "qqqqqqqq"]) + "\n")
    r = CliRunner().invoke(cli, ["octagion", "check", str(f), "--weighted", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    deck = load_deck()
    want = sum(zipf.get(w, 0.0) for w in words[:30] if _spelled(w, deck.masks))
    assert [x["weight"] for x in rows[:30]] == [zipf[w] for w in words[:30]]
    assert rows[-1]["weight"] == 0.0 and rows[-2]["weight"] == 0.0        # not in the lexicon
    text = CliRunner().invoke(cli, ["octagion", "check", str(f), "--weighted"]).output
    assert f"familiarity covered {round(want, 2):g} of " in text.splitlines()[-1]
    assert " zipf " in text.splitlines()[0]


def test_the_default_plan_gives_the_walks_the_time_and_records_no_walk_options(tmp_path, lexicon):
    words, _ = lexicon
    assert walk_steps(2000, 300) == 300_000 and walk_steps(5000, 300) == 120_000
    assert walk_steps(2000, 10) < 40_000 and walk_steps(60, 1000) == 300_000
    f, rec = tmp_path / "w.txt", tmp_path / "rec.json"
    f.write_text("\n".join(words) + "\n")
    r = CliRunner().invoke(cli, ["octagion", "design-deck", str(f), "--time-limit", "1", "--workers", "1",
                                 "--bound-time", "0", "--record", str(rec), "--json"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["walks"]["runs"] >= 1 and j["walks"]["steps"] == walk_steps(len(words), 1)
    assert j["cpsat_seconds"] >= 0 and j["search_seconds"] >= j["walks"]["seconds"]
    cmd = json.loads(rec.read_text())["command"]
    assert "--local-search" not in cmd and "--restarts" not in cmd and "--time-limit 1 " in cmd
    # walks given by hand: the old meaning, recorded as given
    r = CliRunner().invoke(cli, ["octagion", "design-deck", str(f), "--time-limit", "0.2", "--workers", "1",
                                 "--bound-time", "0", "--local-search", "500", "--record", str(rec), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["walks"] == {"steps": 500, "runs": 1,
                                             "seconds": json.loads(r.output)["walks"]["seconds"]}
    assert "--local-search 500 --restarts 1" in json.loads(rec.read_text())["command"]


def test_the_walks_stop_at_the_count_bound():
    """A list every deck-sized deck can cover: the walks stop after their first round and CP-SAT
    polishes for its 5% only, so a long --time-limit ends at once."""
    words = ["TREASURE", "ANYTHING", "CHILDREN"]
    res = design_deck(words, time_limit=60, workers=1, seed=0, share_time=True)
    assert res.kernel_solvable == 3 and res.walks["runs"] == 1
    assert res.cpsat_seconds <= 60 * POLISH_SHARE + 1 and res.search_seconds < 30
