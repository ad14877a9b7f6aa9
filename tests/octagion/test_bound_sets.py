"""The set LP bound (octosolve/octagion/bound_sets.py): never below the true optimum (brute force over
every deck on small alphabets), never above the count bound, its certificate re-checked here by a
checker written independently of the library (its own enumeration of the letter sets and its own
rows, exact fractions, no solver), tampered certificates refused, and the CLI round trip."""

from __future__ import annotations

import copy
import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from octosolve.cli import cli as cli_main
from octosolve.core.errors import OctoError
from octosolve.octagion.bound import count_bound
from octosolve.octagion.bound_sets import check_set_certificate, set_bound
from tests.octagion.test_bound import brute_optimum, random_words


def independent_check(cert, fast: bool = False) -> int:
    """The bound a set certificate proves, from scratch: every set of per_number letters that meets
    more than B words is a column x_S (0 <= x_S <= 8); rows as in the module's docstring, rebuilt
    here; weak duality with the bound rows' multipliers the least that work."""
    words = cert["words"]
    q, B, D = cert["per_number"], cert["threshold"], cert["denominator"]
    fr = lambda v: Fraction(v, D)
    mu = fr(cert["mu"])
    gamma = {chr(65 + l): fr(cert["gamma"].get(chr(65 + l), 0)) for l in range(26)}
    delta = {w: fr(cert["delta"].get(w, 0)) for w in words}
    lam = {(w, ch): fr(cert["lambda"].get(w, {}).get(ch, 0)) for w in words for ch in set(w)}
    rho = {(ch, k): fr(cert["rho"].get(ch, {}).get(str(k), 0)) for ch in gamma for k in range(2, 9)}
    # Hall rows p_T y[w] + sum_{S misses T} x_S <= 8, T a set of w's letters on p_T positions
    hall = [(w, t, sum(w.count(ch) for ch in t), fr(v))
            for w, d in cert.get("hall", {}).items() for t, v in d.items()]
    assert all(set(t) <= set(w) for w, t, _, _ in hall)
    value = 8 * mu + 8 * sum(delta.values()) + 8 * sum(v for *_, v in hall)
    for w in words:                                   # column y[w], objective 1, bound y <= 1
        col = sum(lam[(w, ch)] for ch in set(w)) + 8 * delta[w]
        col += sum(p * v for hw, _, p, v in hall if hw == w)
        value += max(Fraction(0), 1 - col)
    for ch in gamma:                                  # columns b[ch][k], objective 0, bound b <= 1
        for k in range(1, 9):
            col = gamma[ch] + rho.get((ch, k), 0) - rho.get((ch, k + 1), 0)
            col -= sum(lam[(w, ch)] for w in words if w.count(ch) == k)
            value += max(Fraction(0), -col)
    kept, penalty = (_columns_numpy if fast else _columns_slow)(words, q, B, mu, gamma, delta,
                                                                hall)
    value += 8 * penalty
    if kept == 0:
        return min(len(words), B)
    return min(len(words), max(B, math.floor(value)))


def _columns_slow(words, q, B, mu, gamma, delta, hall):
    """Sets meeting more than B words, and the sum of their reduced costs' negative parts."""
    kept, penalty = 0, Fraction(0)
    for S in itertools.combinations(sorted(gamma), q):
        missed = [w for w in words if not set(S) & set(w)]
        if len(words) - len(missed) <= B:
            continue
        kept += 1
        col = mu - sum(gamma[ch] for ch in S) + sum(delta[w] for w in missed)
        col += sum(v for _, t, _, v in hall if not set(S) & set(t))
        penalty += max(Fraction(0), -col)
    return kept, penalty


def _columns_numpy(words, q, B, mu, gamma, delta, hall):
    """The same with numpy matrix products over chunks of sets (for the 2000-word certificate):
    whole numbers scaled by the common denominator of the multipliers."""
    den = math.lcm(*(f.denominator for f in [mu, *gamma.values(), *delta.values(),
                                             *(v for *_, v in hall)]))
    g = np.array([int(gamma[chr(65 + l)] * den) for l in range(26)], dtype=np.int64)
    d = np.array([int(delta[w] * den) for w in words] + [int(v * den) for *_, v in hall],
                 dtype=np.int64)
    assert (int(g.sum()) + int(d.sum()) + int(mu * den)) < 2 ** 62        # no int64 overflow
    wl = np.array([[chr(65 + l) in w for l in range(26)] for w in words]
                  + [[chr(65 + l) in t for l in range(26)] for _, t, _, _ in hall], dtype=np.float32)
    combos = np.array(list(itertools.combinations(range(26), q)))
    kept, penalty = 0, 0
    for i in range(0, len(combos), 4000):
        m = np.zeros((len(combos[i:i + 4000]), 26), dtype=np.float32)
        np.put_along_axis(m, combos[i:i + 4000], 1.0, axis=1)
        miss = (m @ wl.T) == 0                              # set x word: no common letter
        keep = (len(words) - miss[:, :len(words)].sum(axis=1)) > B
        kept += int(keep.sum())
        col = int(mu * den) - m[keep].astype(np.int64) @ g + miss[keep].astype(np.int64) @ d
        penalty += int(-col[col < 0].sum())
    return kept, Fraction(penalty, den)


@pytest.mark.parametrize("letters,per_number,seed", [
    ("ABCD", 2, 0), ("ABCD", 2, 1), ("ABCD", 1, 3), ("ABCDE", 2, 7), ("ABCDE", 3, 8),
    ("ABC", 1, 5), ("ABCDEF", 2, 9),
])
def test_set_bound_between_optimum_and_count_bound(letters, per_number, seed):
    rng = np.random.default_rng(seed)
    words = random_words(rng, letters, 10) + ["".join(rng.permutation(list(letters * 8))[:8])
                                              for _ in range(6)]
    words = list(dict.fromkeys(words))
    cert = set_bound(words, per_number=per_number)
    opt = brute_optimum(words, letters, per_number)
    assert opt <= cert["bound"] <= count_bound(words, per_number=per_number)["bound"]
    assert independent_check(cert) == cert["bound"] == check_set_certificate(cert)["bound"]


@pytest.mark.parametrize("letters,per_number,seed", [
    ("ABCD", 2, 0), ("ABCDE", 2, 7), ("ABCDE", 3, 8), ("ABCDEF", 2, 9), ("ABCDE", 2, 55),
])
def test_hall_rows_between_optimum_and_set_bound(letters, per_number, seed):
    """--hall adds Hall's condition for letter subsets: still never below the optimum, never
    above the set bound without them, and re-checked independently (its Hall rows included)."""
    rng = np.random.default_rng(seed)
    words = random_words(rng, letters, 10) + ["".join(rng.permutation(list(letters * 8))[:8])
                                              for _ in range(6)]
    if seed == 55:
        words = ["EEDEBBDB", "CCBDCDAE", "DADCBBBD", "AACBDACE", "ECBCDEDB", "CCCCAADA",
                 "CCDBEBCA", "CDBBCCCD", "DCEECEDD"]
    words = list(dict.fromkeys(words))
    cert = set_bound(words, per_number=per_number, hall=True)
    opt = brute_optimum(words, letters, per_number)
    assert opt <= cert["bound"] <= set_bound(words, per_number=per_number)["bound"]
    assert independent_check(cert) == cert["bound"] == check_set_certificate(cert)["bound"]
    assert independent_check(cert, fast=True) == cert["bound"]


def test_hall_rows_tighter_on_a_small_list():
    """Found by a search over random lists: the set bound says 10, with Hall's rows for letter
    subsets 9, which is the optimum (brute force over every deck)."""
    words = ["FDEADBEF", "BACBCDAA", "EAABFAEF", "CECBACFB", "BCBFCADB", "EBEFFECA", "CEDCBDCE",
             "EACADEEA", "ACDFECBF", "BFCFABBA"]
    assert set_bound(words, per_number=2)["bound"] == 10
    cert = set_bound(words, per_number=2, hall=True)
    assert cert["bound"] == 9 == brute_optimum(words, "ABCDEF", 2) == independent_check(cert)
    assert cert["hall"] and check_set_certificate(cert)["bound"] == 9


def test_hall_rows_are_checked():
    words = ["EEDEBBDB", "CCBDCDAE", "DADCBBBD", "AACBDACE", "ECBCDEDB", "CCCCAADA", "CCDBEBCA",
             "CDBBCCCD", "DCEECEDD"]
    cert = set_bound(words, per_number=2, hall=True, threshold=7)
    cert.setdefault("hall", {})
    for bad in ({"EEDEBBDB": {"A": 1}}, {"EEDEBBDB": {"": 1}}, {"EEDEBBDB": {"EE": 1}},
                {"NOTAWORD": {"AB": 1}}, {"EEDEBBDB": {"BD": -1}}):
        with pytest.raises(OctoError):
            check_set_certificate({**copy.deepcopy(cert), "hall": bad})
    more = copy.deepcopy(cert)                         # an extra valid row only adds value
    more["hall"] = {"EEDEBBDB": {"BD": 10 ** 9}}
    assert check_set_certificate(more)["bound"] == independent_check(more)


def test_every_threshold_gives_a_valid_bound():
    """Any B proves max(B, LP_B), never below the optimum, and B >= N proves N."""
    rng = np.random.default_rng(11)
    words = list(dict.fromkeys(random_words(rng, "ABCDE", 14)))
    opt = brute_optimum(words, "ABCDE", 2)
    for b in range(len(words) + 1):
        cert = set_bound(words, per_number=2, threshold=b)
        assert cert["threshold"] == b
        assert opt <= cert["bound"] == independent_check(cert)
        assert cert["bound"] >= b


def test_tighter_than_the_counts_on_a_small_list():
    """Found by a search over random lists on small alphabets (the set bound is rarely below the
    counts there): 9 words over A..E, two letters per number; the counts allow all 9, the set LP
    (each number must meet each word) 8, and the best deck solves 7."""
    words = ["EEDEBBDB", "CCBDCDAE", "DADCBBBD", "AACBDACE", "ECBCDEDB", "CCCCAADA", "CCDBEBCA",
             "CDBBCCCD", "DCEECEDD"]
    cert = set_bound(words, per_number=2)
    assert brute_optimum(words, "ABCDE", 2) == 7
    assert count_bound(words, per_number=2)["bound"] == 9
    assert cert["bound"] == 8 == independent_check(cert) == check_set_certificate(cert)["bound"]


def small_cert():
    words = ["BUSINESS", "ANYTHING", "NATIONAL", "ACTUALLY", "CHILDREN", "EVERYONE", "TOGETHER",
             "RESEARCH", "REMEMBER", "PROBABLY", "QUIZZING", "JAZZIEST"]
    return set_bound(words, per_number=2)


def test_tampered_set_certificates():
    cert = small_cert()
    assert check_set_certificate(cert)["agrees"]
    assert independent_check(cert) == cert["bound"]
    lower = dict(cert, bound=cert["bound"] - 1)            # claims more than it proves
    assert not check_set_certificate(lower)["agrees"]
    more = copy.deepcopy(cert)                             # a word added without multipliers
    more["words"] = more["words"] + ["ZZZZZZZZ"]
    r = check_set_certificate(more)
    assert r["bound"] == independent_check(more) and not r["agrees"]
    zero = copy.deepcopy(cert)                             # no multipliers: the trivial bound
    for k in ("gamma", "rho", "lambda", "delta"):
        zero[k] = {}
    zero["mu"] = 0
    assert check_set_certificate(zero)["bound"] == len(cert["words"]) > cert["bound"]
    for bad in ({"mu": -1}, {"mu": "1"}, {"mu": 1.5}, {"denominator": 0},
                {"delta": {"NOTAWORD": 1}}, {"lambda": {"BUSINESS": {"Z": 1}}},
                {"rho": {"E": {"9": 1}}}, {"gamma": {"ab": 1}}, {"threshold": -3},
                {"format": "other"}, {"words": ["BUSINESS", "BUSINESS"]}, {"per_number": 0},
                {"per_number": 2.5}, {"denominator": 10 ** 200},
                # beyond int64: an OverflowError ('internal error') before
                {"delta": {cert["words"][0]: 2 ** 63}}):
        with pytest.raises(OctoError):
            check_set_certificate({**copy.deepcopy(cert), **bad})


def test_too_many_sets_refused():
    with pytest.raises(OctoError):
        set_bound(["BUSINESS"], per_number=10)


def test_cli_bound_sets_and_check_bound(tmp_path):
    wl = tmp_path / "w.txt"
    wl.write_text("\n".join(["EEDEBBDB", "CCBDCDAE", "DADCBBBD", "AACBDACE", "ECBCDEDB", "CCCCAADA",
                             "CCDBEBCA", "CDBBCCCD", "DCEECEDD"]) + "\n")
    out = tmp_path / "c.json"
    r = CliRunner().invoke(cli_main, ["octagion", "bound", str(wl), "--per-number", "2", "--sets",
                                      "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    j = json.loads(r.output)
    assert j["bound"] == 8 and j["threshold"] >= 0 and j["words"] == 9
    r = CliRunner().invoke(cli_main, ["octagion", "check-bound", str(out)])
    assert r.exit_code == 0 and "more than 8 " in r.output
    cert = json.loads(out.read_text())
    cert["bound"] = 7
    out.write_text(json.dumps(cert))
    r = CliRunner().invoke(cli_main, ["octagion", "check-bound", str(out)])
    assert r.exit_code == 2 and "proves 8" in r.output
    r = CliRunner().invoke(cli_main, ["octagion", "bound", str(wl), "--threshold", "3"])
    assert r.exit_code == 2 and "--threshold and --hall go with --sets" in r.output


def test_the_two_independent_column_checks_agree():
    cert = small_cert()
    assert independent_check(cert, fast=True) == independent_check(cert) == cert["bound"]
    tampered = copy.deepcopy(cert)
    tampered["mu"] = 0                                     # every kept set's column suffers
    assert independent_check(tampered, fast=True) == independent_check(tampered)


@pytest.mark.integration
def test_committed_set_certificate_for_2000_words():
    """data/octagion/bound_sets_top2000.json: no deck solves more than 1894 of the 2000 most
    familiar words (the count bound says 1928), re-checked by the library and independently."""
    from pathlib import Path

    from octosolve.octagion.wordcards import load_lexicon
    path = Path(__file__).resolve().parents[2] / "data" / "octagion" / "bound_sets_top2000.json"
    cert = json.loads(path.read_text(encoding="utf-8"))
    assert cert["words"] == list(load_lexicon()[0][:2000])
    assert cert["per_number"] == 6 and cert["threshold"] == 1894 and cert["bound"] == 1894
    r = check_set_certificate(cert)
    assert r["bound"] == 1894 and r["agrees"] and 1894 <= Fraction(r["value"]) < 1895
    assert independent_check(cert, fast=True) == 1894


@pytest.mark.integration
def test_committed_set_certificate_for_5000_words():
    """data/octagion/bound_sets_top5000.json (bound --top 5000 --sets): no deck solves more than
    4677 of the 5000 most familiar words (the count bound says 4777), re-checked by the library
    and independently; design-deck finds it for that list."""
    from pathlib import Path

    from octosolve.octagion.bound_sets import stored_bound
    from octosolve.octagion.wordcards import load_lexicon
    path = Path(__file__).resolve().parents[2] / "data" / "octagion" / "bound_sets_top5000.json"
    cert = json.loads(path.read_text(encoding="utf-8"))
    assert cert["words"] == list(load_lexicon()[0][:5000])
    assert cert["per_number"] == 6 and cert["threshold"] == 4677 == cert["bound"]
    r = check_set_certificate(cert)
    assert r["bound"] == 4677 and r["agrees"] and 4677 <= Fraction(r["value"]) < 4678
    assert independent_check(cert, fast=True) == 4677
    assert stored_bound(cert["words"])["file"] == "bound_sets_top5000.json"


@pytest.mark.integration
def test_committed_hall_certificate_for_1000_words():
    """data/octagion/bound_hall_top1000.json (bound --top 1000 --sets --hall): no deck solves more
    than 946 of the 1000 most familiar words, design-deck's default list (the count bound says
    967), re-checked by the library and independently; design-deck finds it for that list."""
    from pathlib import Path

    from octosolve.octagion.bound_sets import stored_bound
    from octosolve.octagion.wordcards import load_lexicon
    path = Path(__file__).resolve().parents[2] / "data" / "octagion" / "bound_hall_top1000.json"
    cert = json.loads(path.read_text(encoding="utf-8"))
    assert cert["words"] == list(load_lexicon()[0][:1000])
    assert cert["per_number"] == 6 and cert["threshold"] == 945 and cert["bound"] == 946
    assert cert["hall"]
    r = check_set_certificate(cert)
    assert r["bound"] == 946 and r["agrees"] and 946 <= Fraction(r["value"]) < 947
    assert independent_check(cert, fast=True) == 946
    assert stored_bound(cert["words"])["file"] == "bound_hall_top1000.json"


@pytest.mark.integration
def test_committed_hall_certificate_for_2000_words():
    """data/octagion/bound_hall_top2000.json (bound --sets --hall --complete --threshold 1878: the
    LP solved to its optimum, 1878.547): no deck solves more than 1878 of the 2000 most familiar
    words, re-checked by the library and independently (the partly solved LP proved 1882)."""
    from pathlib import Path

    from octosolve.octagion.wordcards import load_lexicon
    path = Path(__file__).resolve().parents[2] / "data" / "octagion" / "bound_hall_top2000.json"
    cert = json.loads(path.read_text(encoding="utf-8"))
    assert cert["words"] == list(load_lexicon()[0][:2000])
    assert cert["threshold"] == 1878 == cert["bound"] and cert["hall"] and cert["complete"]
    r = check_set_certificate(cert)
    assert r["bound"] == 1878 and r["agrees"] and 1878.5 < Fraction(r["value"]) < 1879
    assert independent_check(cert, fast=True) == 1878


@pytest.mark.integration
def test_designer_uses_the_best_stored_certificate(tmp_path, monkeypatch):
    """design-deck prints the best proven bound: a stored set-bound certificate for the very same
    words (in any order) is re-checked and used (1878 at 2000 words, not the counts' 1928); another
    list gets none; a stored file that does not re-check is refused, never used."""
    import shutil

    import octosolve.core.paths as paths
    from octosolve.octagion.bound_sets import stored_bound
    from octosolve.octagion.wordcards import load_lexicon
    words = list(load_lexicon()[0][:2000])
    best = stored_bound(list(reversed(words)))
    assert best["bound"] == 1878 and best["file"] == "bound_hall_top2000.json"
    assert "re-checked" in best["proof"]
    assert stored_bound(words[:1999]) is None
    assert stored_bound(words, per_number=5) is None
    (tmp_path / "octagion").mkdir()
    src = paths.DATA_DIR / "octagion" / "bound_hall_top2000.json"
    cert = json.loads(src.read_text(encoding="utf-8"))
    cert["bound"] = cert["threshold"] = 1700                 # a claim its multipliers do not prove
    (tmp_path / "octagion" / "bound_lie.json").write_text(json.dumps(cert), encoding="utf-8")
    monkeypatch.setattr(paths, "DATA_DIR", tmp_path)
    with pytest.raises(OctoError, match="does not re-check"):
        stored_bound(words)
    shutil.copy(src, tmp_path / "octagion" / "bound_lie.json")
    assert stored_bound(words)["bound"] == 1878
