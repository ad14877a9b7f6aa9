"""The opening, the rotation rule, impossible positions, and every bad input giving one clean error."""

import gzip
import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from click.testing import CliRunner

from octosolve.cli import cli as main
from octosolve.core.errors import OctoError
from octosolve.core.players import make_player
from octosolve.octoverso import players as P
from octosolve.octoverso import rules as R
from octosolve.octoverso import matches


def run(*args):
    return CliRunner().invoke(main, ["octoverso", *[str(a) for a in args]])


def assert_clean_error(r, args=None):
    assert r.exit_code == 2, (args, r.output)
    assert "Traceback" not in r.output and "internal error" not in r.output.lower()
    lines = r.output.strip().splitlines()
    assert lines and lines[-1].startswith("Error:") and sum(ln.startswith("Error:") for ln in lines) == 1


# ------------------------------------------------------------------------------- the opening

def test_opening_is_simultaneous(game, lex):
    # "Puis, chaque joueur annonce un mot de 4 lettres.": the second announcer neither sees nor is
    # limited by the first announcement
    s = game.new_initial_state(8)
    words0 = s.legal_actions()
    assert len(words0) > 3
    seen_legal, seen_obs = set(), set()
    for a in words0[:6]:
        c = s.clone()
        c.apply_action(a)
        assert c.current_player() == 1
        seen_legal.add(tuple(c.legal_actions()))
        seen_obs.add(c.observation_string(1))
        assert lex.words[a - game.actions.ANNOUNCE] in c.observation_string(0)
        assert lex.words[a - game.actions.ANNOUNCE] not in c.observation_string(1)
    assert len(seen_legal) == 1 and len(seen_obs) == 1
    # the announcement may even be the same word: both are laid, the first seat first
    s.hands[:] = 0
    for q in (0, 1):
        for ch in "AMISEEE":
            s.hands[q, ord(ch) - 65] += 1
    s.pool = (R.full_bag(False) - s.hands.sum(axis=0)).astype(np.int32)
    amis = game.actions.ANNOUNCE + lex.index["AMIS"]
    s.apply_action(amis)
    assert amis in s.legal_actions()
    s.apply_action(amis)
    assert R.rail_string(s.rail) == "AMISAMIS" and s.first == 0 and s.current_player() == 0


def test_determinize_redraws_the_hidden_announcement(game):
    s = game.new_initial_state(8)
    s.apply_action(s.legal_actions()[0])
    rng = random.Random(1)
    drawn = {s.determinize(1, rng).announced[0] for _ in range(30)}
    assert len(drawn) > 1  # player 1 does not know player 0's word
    assert all(s.determinize(0, rng).announced[0] == s.announced[0] for _ in range(5))


# -------------------------------------------------------------------------- the rotation rule

@pytest.mark.parametrize("name", ["greedy", "lookahead", "flat-mc"])
def test_players_rotate_a_dead_rail(game, name):
    # no word on AESSFNRL for SMOI, but moving the first A to the end (ESSFNRLA) gives words
    A = game.actions
    s = R.OctoversoState.from_position(game, "AESSFNRL", ("SMOI", "QJ"), player=0, streak=2)
    assert not s.moves() and A.ROTATE in s.legal_actions()
    p = make_player(P.PLAYERS, name, game, seed=1, simulations=6)
    assert p.choose(s) == A.ROTATE
    s.apply_action(A.ROTATE)
    a = p.choose(s)
    assert a < A.ANNOUNCE  # then a word
    # without two exchanges in a row there is no rotation: an exchange
    s2 = R.OctoversoState.from_position(game, "AESSFNRL", ("SMOI", "QJ"), player=0, streak=0)
    assert A.EXCHANGE <= p.choose(s2) < A.DISCARD


def test_seed_225_is_not_a_dead_rail():
    # `play --players lookahead,greedy --seed 225` once ended in 200 exchanges
    s = matches.play_game(("lookahead", "greedy"), 225)
    assert s.winner >= 0 and s.turn < R.MAX_TURNS


# ---------------------------------------------------------------------- impossible positions

@pytest.mark.parametrize("args", [
    ["moves", "--rail", "BBBBBBBB", "--hand", "A"],
    ["moves", "--rail", "????????", "--hand", "A"],
    ["moves", "--rail", "??AMISDU", "--hand", "A?"],      # three jokers in all
    ["moves", "--rail", "QAIMEDUS", "--hand", "Q"],        # two Q in all
    ["octos", "--rail", "JJ", "--hand", "A"],
])
def test_impossible_positions_are_errors(args):
    r = run(*args)
    assert_clean_error(r, args)
    assert "impossible position" in r.output


def test_impossible_documents_are_errors(game):
    with pytest.raises(OctoError, match="impossible"):
        R.OctoversoState.from_position(game, "AMISDUOS", ("QQ", "A"))
    with pytest.raises(OctoError, match="joker"):
        R.OctoversoState.from_position(game, "AMISDUO?", ("A", "B"))
    s = R.OctoversoState.from_position(game, "AMISDUOS", ("GES", "LIRE"))
    doc = s.to_json()
    assert game.state_from_json(doc).to_json() == doc
    for key, value in [("pool", doc["pool"] + "B"), ("rail", "BBBBBBBB"), ("player", 2.0),
                       ("player", True), ("hands", ["GES"]), ("phase", "nap"), ("played", ["XYZZY"]),
                       ("winner", 0), ("turn", 10**9), ("history", [[0, "a"]])]:
        bad = dict(doc, **{key: value})
        with pytest.raises(OctoError):
            game.state_from_json(bad)
    with pytest.raises(OctoError):
        game.state_from_json(dict(doc, extra=1))
    with pytest.raises(OctoError):
        R.make_game(jokers=True).state_from_json(doc)  # a document of another game


# ------------------------------------------------------------------------------- bad inputs

def test_truncated_and_non_utf8_lexicons(tmp_path):
    good = gzip.compress("images\nmage\n".encode() * 200)
    bad_files = {
        "truncated.gz": good[: len(good) // 2],
        "notgzip.gz": b"this is not gzip",
        "latin1.gz": gzip.compress("élève\n".encode("latin-1")),
        "latin1.txt": "élève\n".encode("latin-1"),
    }
    for name, data in bad_files.items():
        p = tmp_path / name
        p.write_bytes(data)
        r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", p)
        assert_clean_error(r, name)
        assert "Aborted" not in r.output
    ok = tmp_path / "ok.gz"
    ok.write_bytes(good)
    r = run("moves", "--rail", "SOUDEIMA", "--hand", "GES", "--lexicon", ok, "--json")
    assert r.exit_code == 0 and {d["word"] for d in json.loads(r.output)} == {"IMAGES", "MAGE"}


def test_position_files(tmp_path, game):
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GES", "LIRE"))
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(s.to_json()), encoding="utf-8")
    r = run("moves", "--position", p, "--json")
    assert r.exit_code == 0 and any(d["word"] == "IMAGES" for d in json.loads(r.output))
    cases = {
        "latin1.json": "{\"game\": \"é\"}".encode("latin-1"),
        "dup.json": b'{"game": "octoverso", "game": "octoverso"}',
        "deep.json": b"[" * 10000 + b"]" * 10000,
        "float.json": json.dumps(dict(s.to_json(), player=2.0)).encode(),
        "params.json": json.dumps(dict(s.to_json(), params={"jokers": "yes"})).encode(),
        "list.json": b"[1, 2]",
    }
    for name, data in cases.items():
        f = tmp_path / name
        f.write_bytes(data)
        assert_clean_error(run("moves", "--position", f), name)
    assert_clean_error(run("moves", "--position", tmp_path / "missing.json"))
    assert_clean_error(run("moves", "--position", p, "--rail", "AMISDUOS"))


@pytest.mark.parametrize("args", [
    ["play", "--simulations", "-1"],
    ["play", "--simulations", "nan"],
    ["play", "--seed", str(2**64)],
    ["play", "--players", "greedy,chess"],
    ["match", "--games", str(10**12)],
    ["match", "--games", "0"],
    ["match", "--workers", "0"],
    ["match", "--players", "greedy"],
    ["tournament", "--players", "greedy,greedy"],
    ["play", "--out", "/proc/no/such/dir/x.json"],
    ["play", "--svg", ""],
    ["moves", "--rail", "SOUDEIMA"],
    ["check"],
    ["match", "--scheduler", "garbage", "--games", "2"],
    ["tournament", "--scheduler", "tcp://host", "--games", "2"],
    ["measure", "--scheduler", "nowhere", "--quick"],
    ["measure", "--quick", "--out", "/proc/x/y.json"],
    ["simulate", "--quick", "--out", "/proc/x/y.json"],   # the old name of measure, removed
])
def test_absurd_options(args):
    assert_clean_error(run(*args), args)


def test_check_rejects_and_accepts():
    r = run("check", "bone", "lione", "fvad", "janv", "iie", "fût", "images", "--json")
    d = {x["word"]: x for x in json.loads(r.output)}
    assert [w for w in d if d[w]["playable"]] == ["FUT", "IMAGES"]
    assert d["FUT"]["lemmas"] == ["ETRE", "FUT"]


@settings(max_examples=40, deadline=None)
@given(cmd=st.sampled_from(["moves", "octos"]),
       rail=st.text(alphabet=st.characters(blacklist_categories=("Cs",), max_codepoint=0x2FF), max_size=10),
       hand=st.text(alphabet="ABEIMNOQRSTUVZ?*é³ -", max_size=16),
       extra=st.sampled_from([[], ["--json"], ["--sort", "letters"], ["--sort", "x"], ["--svg", ""]]))
def test_generated_command_lines_exit_0_or_2(cmd, rail, hand, extra):
    if cmd == "octos" and extra[:1] in (["--sort"], ["--svg"]):
        extra = []
    r = CliRunner().invoke(main, ["octoverso", cmd, "--rail", rail, "--hand", hand, *extra])
    assert r.exit_code in (0, 2), (cmd, rail, hand, extra, r.output)
    assert "Traceback" not in r.output and "internal error" not in r.output.lower()
    if r.exit_code == 2:
        assert r.output.strip().splitlines()[-1].startswith("Error:")


@settings(max_examples=25, deadline=None)
@given(words=st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_generated_check_words(words):
    r = CliRunner().invoke(main, ["octoverso", "check", "--json", "--", *words])
    assert r.exit_code in (0, 2) and "Traceback" not in r.output


@pytest.mark.parametrize("params", [{"jokers": True}, {"teams": True}, {"teams": True, "jokers": True}])
def test_json_round_trip_in_every_variant(params):
    from octosolve.core.game import RandomPlayer, play
    from octosolve.core.seeding import py_random

    game = R.make_game(**params)
    seen = []

    def check(state, player, action):
        if len(state.history) % 7 == 0:
            doc = state.to_json()
            back = game.state_from_json(json.loads(json.dumps(doc)))
            assert back.to_json() == doc and back.legal_actions() == state.legal_actions()
            seen.append(doc["phase"])

    s = game.new_initial_state(4)
    play(s, [RandomPlayer(q) for q in range(game.num_players)], rng=py_random(4, "t"), max_moves=300,
         on_move=check)
    assert "play" in seen


def test_check_says_whether_the_game_letters_make_the_word():
    """#45.11: YEUX was 'playable' though the 88 letters have no X and no Y (only jokers can
    stand for them): check tells a dictionary word from one the game's letters can make."""
    r = run("check", "yeux", "whisky", "montais", "--json")
    d = {x["word"]: x for x in json.loads(r.output)}
    assert d["YEUX"]["in_lexicon"] and not d["YEUX"]["playable"] and d["YEUX"]["with_jokers"]
    assert d["YEUX"]["missing"] == "XY"
    assert d["WHISKY"]["in_lexicon"] and not d["WHISKY"]["with_jokers"]
    assert d["MONTAIS"]["playable"] and d["MONTAIS"]["letters"]
    text = run("check", "yeux").output
    assert "no X and no Y" in text and "joker" in text and "yes" not in text


def test_check_escapes_control_characters():
    """#45.11: check echoed control characters and U+202E to the terminal as they were."""
    r = run("check", "a\x1b[2Jb\u202ec\x07")
    assert r.exit_code == 0 and "\x1b" not in r.output and "\u202e" not in r.output
    assert "\x07" not in r.output and "\\x1b" in r.output and "\\u202e" in r.output
