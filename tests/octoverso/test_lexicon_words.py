"""Issue 21 (Words) for Octoverso: no elided forms or abbreviation plurals in the lexicon, and
irregular plurals in their singular's family (YEUX cannot be played after OEIL)."""

import gzip
import re

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.paths import data_path
from octosolve.octoverso import rules as R

ELIDED = ["JUSQU", "LORSQU", "PRESQU", "PUISQU", "QUELQU", "QUOIQU"]


def shipped_words() -> dict[str, str]:
    with gzip.open(data_path("octoverso", "lexicon.tsv.gz"), "rt", encoding="ascii") as f:
        return dict(ln.rstrip("\n").split("\t") for ln in f)


@pytest.mark.parametrize("word", ELIDED + ["PTS", "OLIMS"])
def test_elided_forms_and_abbreviation_plurals_are_not_words(lex, word):
    # "jusqu'ici": JUSQU is the first word with its apostrophe stripped; PTS is the plural of "pt"
    assert word not in lex.index


def test_no_form_ends_like_an_elision(lex):
    # the only French elisions ending in QU are those six; none is left, and QUE, PUISQUE... stay
    assert [w for w in lex.words if w.endswith("QU")] == []
    for w in ("JUSQUE", "LORSQUE", "PRESQUE", "PUISQUE", "QUELQUE", "QUOIQUE", "PIS", "PAS"):
        assert w in lex.index, w


def test_check_command_refuses_them(cli_runner):
    r = cli_runner(["octoverso", "check", "jusqu", "pts", "jusque"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == ["JUSQU: not playable (not in the lexicon)",
                                     "PTS: not playable (not in the lexicon)",
                                     "JUSQUE: yes (lemmas JUSQUE)"]


@pytest.mark.parametrize("singular, plural", [
    ("OEIL", "YEUX"), ("CIEL", "CIEUX"), ("AIEUL", "AIEUX"), ("BISAIEUL", "BISAIEUX"),
    ("AIL", "AULX"), ("MADAME", "MESDAMES"), ("PENNY", "PENCE"), ("VAL", "VAUX"),
    ("IDEAL", "IDEALS"), ("FINAL", "FINAUX"), ("LIED", "LIEDER"), ("SYLLABUS", "SYLLABI"),
])
def test_irregular_plurals_share_the_family(lex, singular, plural):
    fam = set(lex.family(lex.index[singular]).tolist())
    assert lex.index[plural] in fam
    assert lex.index[singular] in set(lex.family(lex.index[plural]).tolist())   # both ways
    assert lex.lemmas(lex.index[plural]) == lex.lemmas(lex.index[singular]) or \
        set(lex.lemmas(lex.index[singular])) <= set(lex.lemmas(lex.index[plural]))


def test_regular_plurals_of_those_singulars_too(lex):
    fam = {lex.words[i] for i in lex.family(lex.index["OEIL"])}
    assert fam == {"OEIL", "OEILS", "YEUX"}
    fam = {lex.words[i] for i in lex.family(lex.index["AIEUX"])}
    assert fam == {"AIEUL", "AIEULE", "AIEULES", "AIEULS", "AIEUX"}
    assert "VALOIR" in lex.lemmas(lex.index["VAUX"])          # a homograph keeps its other lemmas


def _position(game):
    # a joker on the rail and one in the hand: both OEIL (rail ?E = OE, hand IL) and YEUX
    # (rail ?E = YE, hand U and a joker for X) can be laid at the right end
    return R.OctoversoState.from_position(game, "SOUDAI?E", ("U?IL", "LIRE"), player=0)


@pytest.mark.parametrize("first, refused", [("OEIL", "YEUX"), ("YEUX", "OEIL")])
def test_yeux_after_oeil_is_refused(jgame, lex, first, refused):
    s = _position(jgame)
    moves = {m.word: m for m in s.moves()}
    assert first in moves and refused in moves
    s.apply_action(s.action_of_move(moves[first]))
    assert s.blocked[lex.index[refused]] == 1
    later = _position(jgame)                                  # the same position, later in the game
    later.blocked = s.blocked.copy()
    assert refused not in {m.word for m in later.moves()}
    with pytest.raises(OctoError, match="illegal action"):
        later.apply_action(later.action_of_move(moves[refused]))


def test_plural_families_file_matches_the_lexicon():
    words = shipped_words()
    n = 0
    for ln in data_path("octoverso", "plural_families.tsv").read_text(encoding="utf-8").splitlines():
        ln = ln.split("#", 1)[0].strip()
        if not ln:
            continue
        plural, singular = (R.fold_word(x) for x in ln.split("\t"))
        assert singular in words[plural].split(","), (plural, words[plural])
        assert plural not in words[plural].split(","), plural    # its own lemma is gone
        n += 1
    assert n == 32


def test_lexicon_counts_match_sources_md(lex):
    text = data_path("octoverso", "SOURCES.md").read_text(encoding="utf-8")
    m = re.search(r"([\d,]+) French forms of 3 to 8 letters.*?in ([\d,]+) lemma families", text, re.S)
    assert m and int(m.group(1).replace(",", "")) == len(lex) == 103_207
    assert int(m.group(2).replace(",", "")) == lex.n_lemmas == 29_235


@pytest.mark.integration
def test_build_reproduces_the_lexicon(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    if not Path("/usr/lib/python3/dist-packages/grammalecte").is_dir():
        pytest.skip("needs Debian's python3-grammalecte")
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_octoverso_lexicon.py"
    out = tmp_path / "lexicon.tsv.gz"
    r = subprocess.run([sys.executable, str(script), "--out", str(out), "--stats", str(tmp_path / "s.json")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == data_path("octoverso", "lexicon.tsv.gz").read_bytes()
    assert '"irregular_plurals_linked": 32' in r.stdout
