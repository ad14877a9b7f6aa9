"""Issue 21 (Words) for Octagion: the family filter covers inflections and compounds.

`octagion setup --variant zeta --teams 3 --seed 114` dealt ASSHOLES: better-profanity lists
"asshole" but not its plural. The filter (octosolve/octagion/family.py, data in
data/octagion/family_filter.tsv) now drops every inflection of a blocked word's lemma, a root's
inflections and every word containing a stem, with an allow list for innocent words."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from octosolve.core.errors import OctoError
from octosolve.core.paths import data_path
from octosolve.octagion import family
from octosolve.octagion.family import (FamilyFilter, inflections, lemmas, load_family_filter,
                                       parse_family_filter)
from octosolve.octagion.mutations import generate_setup
from octosolve.octagion.rules import load_deck
from octosolve.octagion.wordcards import load_lexicon, load_wordcards, zeta_candidates

# an independent, blunt check: strings no family word card may show (not read from the data file)
BLATANT = re.compile("SHIT|FUCK|ASSHOLE|CUNT|NIGGER|BITCH|WHORE|SLUT|PISS|PORN|TWAT|DILDO|BASTARD")


def lexicon_file_words() -> list[str]:
    return [ln.split("\t")[0] for ln in data_path("octagion", "words8.tsv").read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]


# ------------------------------------------------------------------------------------------------
# the rule, by hand
# ------------------------------------------------------------------------------------------------
def test_inflections_by_hand():
    assert inflections("STAB") == {"STAB", "STABS", "STABBED", "STABBING", "STABBER", "STABBERS",
                                   "STABBEST"}                  # one syllable: doubled, never STABED
    assert inflections("TORTURE") == {"TORTURE", "TORTURES", "TORTURED", "TORTURING", "TORTURER",
                                      "TORTURERS", "TORTUREST"}
    assert inflections("CRAPPY") == {"CRAPPY", "CRAPPYING", "CRAPPIES", "CRAPPIED", "CRAPPIER",
                                     "CRAPPIERS", "CRAPPIEST"}
    assert {"BITCHES", "BITCHED", "BITCHING"} <= inflections("BITCH") and "BITCHS" not in inflections("BITCH")
    assert {"MURDERS", "MURDERED", "MURDERER", "MURDERING"} <= inflections("MURDER")
    assert "STRIPED" not in inflections("STRIP") and "STRIPING" not in inflections("STRIP")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ABCDEIKLMNOPRSTUYZ", min_size=4, max_size=8))
def test_lemmas_invert_inflections(root):
    for form in inflections(root):
        assert root in lemmas(form)
        assert all(form in inflections(lem) for lem in lemmas(form) - {form})


def test_stem_rule_blocks_compounds_and_keeps_innocent_words():
    ff = load_family_filter()
    for w, why in [("ASSHOLES", "contains ASSHOLE"), ("SHITHEAD", "contains SHIT"),
                   ("DIPSHITS", "contains SHIT"), ("MINDFUCK", "contains FUCK"),
                   ("SHITTIMS", "contains SHIT"), ("BADASSES", "contains BADASS"),
                   ("CRAPPING", "listed"), ("CRAPPERS", "listed"), ("FRIGGING", "inflection of FRIG"),
                   ("TRANNIES", "inflection of TRANNY"), ("MURDERER", "listed"),
                   ("MURDERED", "listed")]:
        assert ff.reason(w) == why, w
    for w in ["ASSEMBLE", "PASSAGES", "CLASSICS", "ASSESSED", "SCRAPING", "SCRAPPED", "GRAPEVINE",
              "THERAPIST", "SNIGGERS", "CUTWATER", "COCKTAIL", "PEACOCKS", "SWANKIER",
              "NIGGLING", "POISONED", "STRIPPED", "SHOOTING", "TRAPEZES"]:
        assert ff.reason(w) is None, w


def test_block_covers_the_lemma_family():
    ff = FamilyFilter(block={"MURDERED": "violent death", "STRIPPER": "sexual"},
                      allow={"STRIPPED": "ordinary"})
    assert ff.reason("MURDERER") == "inflection of MURDERED"     # sibling of a listed word
    assert ff.reason("MURDERS") == "inflection of MURDERED"
    assert ff.reason("STRIPPERS") == "inflection of STRIPPER"
    assert ff.reason("STRIPPED") is None                          # allowed
    assert ff.reason("STRIPING") is None and ff.reason("MURDERESS") is None


def test_scunthorpe_stems_inside_words_need_the_allow_list():
    ff = FamilyFilter(stems={"CUNT": "profanity"})
    assert ff.reason("SCUNTHORPE") == "contains CUNT"
    ff = FamilyFilter(stems={"CUNT": "profanity"}, allow={"SCUNTHOR": "a town"})
    assert ff.reason("SCUNTHOR") is None


@pytest.mark.parametrize("text, msg", [
    ("block\tASSHOLES\tx\nallow\tASSHOLES\ty\n", "ASSHOLES is already listed as block"),
    ("stem\tSH\tprofanity\n", "stem word 'SH' must be 3 to 8 capital letters"),
    ("block\tshithead\tprofanity\n", "block word 'shithead' must be 8 capital letters"),
    ("censor\tSHITHEAD\tprofanity\n", "expected 'block|root|stem|allow<TAB>WORD<TAB>why'"),
    ("stem\tSHIT\n", "expected 'block|root|stem|allow"),
])
def test_bad_filter_files_are_one_line_errors(text, msg):
    with pytest.raises(OctoError, match=re.escape(msg)) as e:
        parse_family_filter("# comment\n" + text, "f.tsv")
    assert "\n" not in str(e.value) and str(e.value).startswith("f.tsv line ")


def test_shipped_filter_file():
    ff = load_family_filter()
    assert {"ASSHOLE", "SHIT", "FUCK"} <= set(ff.stems) and "ASS" not in ff.stems
    assert {"CRAP", "RAPE"} <= set(ff.roots) and "RAPE" not in ff.stems   # GRAPES, SCRAPERS
    assert not set(ff.block) & set(ff.allow)
    assert all(ff.reason(w) is None for w in ff.allow)
    for w in ff.allow:        # every allowed word is one a rule or better-profanity would drop
        assert (FamilyFilter(ff.block, ff.roots, ff.stems).reason(w) is not None
                or w in {"COWGIRLS", "LESBIANS", "SCANTILY"}), w


# ------------------------------------------------------------------------------------------------
# the lexicon, the word cards and the draws
# ------------------------------------------------------------------------------------------------
def test_lexicon_passes_the_filter():
    raw = lexicon_file_words()
    assert "ASSHOLES" not in raw and "ASSHOLES" not in load_lexicon()[0]
    assert load_family_filter().blocked(raw) == {}
    assert [w for w in raw if BLATANT.search(w)] == ["SNIGGERS", "CUTWATER", "OUTWATCH"]  # allowed
    assert len(raw) == len(load_lexicon()[0]) == 37507
    assert {"ASSEMBLE", "PASSAGES", "CLASSICS", "SNIGGERS", "POISONED"} <= set(raw)


def test_shipped_wordcards_pass_the_filter():
    words = [w for ws in load_wordcards().values() for w in ws]
    assert len(words) == 160
    assert load_family_filter().blocked(words) == {}
    assert [w for w in words if BLATANT.search(w)] == []


@pytest.mark.integration
def test_zeta_and_delta_draws_of_1000_seeds_pass_the_filter():
    ff = load_family_filter()
    deck = load_deck()
    zw = zeta_candidates(deck)
    wc = load_wordcards()                                   # the shipped cards, as setup reads them
    assert ff.blocked(w for w, _ in zw) == {} and len(zw) > 1000
    seen = set()
    for seed in range(1000):
        for variant in ("zeta", "delta", "epsilon"):
            s = generate_setup(variant, 3, seed, deck=deck, wordcards=wc,
                               zeta_words=zw if variant == "zeta" else None)
            for rd in s["rounds"]:
                seen.update([rd["sequence"]] if "sequence" in rd else [t["sequence"] for t in rd["teams"]])
    assert len(seen) > 1000
    assert ff.blocked(seen) == {} and [w for w in seen if BLATANT.search(w)] == []


def test_the_reported_setup(cli_runner):
    r = cli_runner(["octagion", "setup", "--variant", "zeta", "--teams", "3", "--seed", "114"])
    assert r.exit_code == 0, r.output
    words = re.findall(r"; ([A-Z]{8}) \(needs", r.stdout)
    assert len(words) == 8 and "ASSHOLES" not in words
    assert load_family_filter().blocked(words) == {}


# ------------------------------------------------------------------------------------------------
# the run-time guard
# ------------------------------------------------------------------------------------------------
def test_load_lexicon_drops_what_the_filter_drops(tmp_path):
    f = tmp_path / "w.tsv"
    f.write_text("# test\nASSHOLES\t3.71\nASSEMBLE\t3.64\nSHITLOAD\t2.84\nPASSAGES\t3.68\n")
    words, zipf = load_lexicon(str(f))
    assert words == ("ASSEMBLE", "PASSAGES") and list(zipf) == [3.64, 3.68]


def test_shipped_wordcards_with_a_blocked_word_are_refused(monkeypatch, tmp_path):
    first = load_wordcards()["A"][0]
    monkeypatch.setattr(family, "load_family_filter", lambda path=None: FamilyFilter(block={first: "t"}))
    with pytest.raises(OctoError, match=f"the family filter drops {first}"):
        load_wordcards()
    f = tmp_path / "mine.txt"                               # a user's own cards are theirs
    shutil.copyfile(data_path("octagion", "wordcards.txt"), f)
    assert load_wordcards(f)["A"][0] == first


@pytest.mark.integration
def test_build_reproduces_the_lexicon(tmp_path):
    pytest.importorskip("wordfreq")
    pytest.importorskip("better_profanity")
    if not Path("/usr/share/dict/american-english-huge").exists():
        pytest.skip("needs Debian's wamerican-huge and wbritish-huge")
    script = Path(__file__).resolve().parents[2] / "scripts" / "build_octagion_lexicon.py"
    out = tmp_path / "w.tsv"
    r = subprocess.run([sys.executable, str(script), "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_text() == data_path("octagion", "words8.tsv").read_text()
    assert "152 by family_filter.tsv (118 listed, 5 inflections" in r.stdout
