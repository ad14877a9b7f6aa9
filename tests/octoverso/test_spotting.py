"""The claim reading of spotting an OCTO (octosolve/octoverso/spotting.py; docs/rules/octoverso.md,
"Interaction"): the next player must name the OCTO the mover missed; computer players claim and
play as in the automatic reading."""

import random

import pytest

from octosolve.core.errors import OctoValueError
from octosolve.core.game import CHANCE, sample_chance
from octosolve.octoverso import rules as R
from octosolve.octoverso import spotting
from octosolve.octoverso.players import new_player

# P0 holds GESTION on SOUDEIMA: OCTOs (IMAGEONS, IMAGINES, ...) it may miss with a shorter word
RAIL, HAND, OTHER = "SOUDEIMA", "GESTION", "EEEEAB"


@pytest.fixture(scope="module")
def cgame():
    return R.make_game(spotting="claim")


def _short(st, keep="IMAGEONS"):
    """P0's first legal word of fewer than 8 letters (not of ``keep``'s family), played."""
    fam = set(st.lex.family(st.lex.index[keep]).tolist()) if keep in st.lex.index else set()
    m = next(m for m in st.moves() if len(m.word) < R.RAIL_SIZE and st.lex.index[m.word] not in fam)
    st.apply_action(st.action_of_move(m))
    return m


def _octos(st):
    return sorted({m.word for m in R.octos(st.lex, st.rail, st.hands[0], st.blocked)})


def test_claim_phase_offers_the_octos_and_no_claim(cgame):
    st = R.OctoversoState.from_position(cgame, RAIL, (HAND, OTHER))
    octos = _octos(st)
    assert "IMAGEONS" in octos
    _short(st)
    A = cgame.actions
    assert st.phase == R.CLAIM and st.current_player() == 1
    legal = st.legal_actions()
    assert legal[-1] == A.NO_CLAIM
    # the OCTOs of P0's letters before the move, but the family of the word just laid
    assert {st.lex.words[a - A.CLAIM] for a in legal[:-1]} <= set(octos) and len(legal) > 2
    assert st.action_to_string(A.CLAIM + st.lex.index["IMAGEONS"]) == "claim the OCTO IMAGEONS"
    assert st.action_to_string(A.NO_CLAIM) == "no OCTO claimed"
    doc = st.to_json()
    assert doc["phase"] == "claim" and "IMAGEONS" in doc["claims"]
    assert cgame.state_from_json(doc).to_json() == doc


def test_claim_accepted_refused_and_declined(cgame):
    st = R.OctoversoState.from_position(cgame, RAIL, (HAND, OTHER))
    _short(st)
    ok = spotting.check_claim(st, "imageons")
    assert ok["ok"] and ok["action"] == cgame.actions.CLAIM + st.lex.index["IMAGEONS"]
    for word, why in (("MAISON", "8 letters"), ("ABCDEFGH", "not a word"),
                      ("ABSOLUES", "not an OCTO P0 could have laid")):
        r = spotting.check_claim(st, word)
        assert not r["ok"] and why in r["message"], r
    st2 = st.clone()
    st2.apply_action(ok["action"])        # the claim: P1 returns a tile, IMAGEONS is blocked
    assert st2.phase == R.DISCARD and st2.player == 1 and st2.blocked[st.lex.index["IMAGEONS"]]
    assert st2.log[-1] == {"event": "interaction", "player": 1, "octo": "IMAGEONS", "claimed": True}
    st.apply_action(cgame.actions.NO_CLAIM)   # no claim: P1 plays, nothing blocked
    assert st.phase == R.PLAY and st.player == 1 and not st.blocked[st.lex.index["IMAGEONS"]]
    with pytest.raises(OctoValueError, match="no OCTO to claim"):
        spotting.check_claim(st, "IMAGEONS")


def test_claim_phase_follows_every_short_word(cgame):
    # P0's hand has no OCTO: the next player is asked all the same (the position does not tell)
    st = R.OctoversoState.from_position(cgame, "IMAGERAS", ("OCTAVES", OTHER))
    assert not _octos(st)
    _short(st)
    assert st.phase == R.CLAIM and st.legal_actions() == [cgame.actions.NO_CLAIM]


def test_automatic_reading_unchanged(game):
    st = R.OctoversoState.from_position(game, RAIL, (HAND, OTHER))
    _short(st)
    assert st.phase == R.DISCARD and st.log[-1]["event"] == "interaction" and "claimed" not in st.log[-1]
    assert "spotting" not in game.params() and "claims" not in st.to_json()
    assert game.actions.N == game.actions.PASS + 1


def test_bad_spotting_is_one_line():
    with pytest.raises(OctoValueError, match="spotting must be one of auto, claim"):
        R.make_game(spotting="sometimes")


def _game(spot, names, seed):
    g = R.make_game(spotting=spot)
    st = g.new_initial_state(seed)
    players = [new_player(n, g, seed=i + 1, **({"simulations": 3} if n in ("mcts", "flat-mc") else {}))
               for i, n in enumerate(names)]
    rng = random.Random(seed)
    while not st.is_terminal():
        p = st.current_player()
        st.apply_action(sample_chance(st, rng) if p == CHANCE else players[p].choose(st))
    return st


@pytest.mark.parametrize("names, seed", [(("greedy", "lookahead"), 3), (("mcts", "greedy"), 5)])
def test_computer_players_play_the_same_game_in_both_readings(names, seed):
    auto, claim = _game("auto", names, seed), _game("claim", names, seed)
    a_log = auto.log
    c_log = [{k: v for k, v in e.items() if k != "claimed"} for e in claim.log if e["event"] != "no claim"]
    assert a_log == c_log and auto.winner == claim.winner
    A = claim.game.actions
    claims = [a for _, a in claim.history if a >= A.CLAIM]
    assert len(claims) > 0 and len(claim.history) == len(auto.history) + len(claims)
