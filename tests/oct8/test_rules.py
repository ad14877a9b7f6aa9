"""Oct8 rules engine: hand-worked rule examples, invariants over random games, interpretations."""

import random

import pytest

from octosolve.core.errors import OctoError
from octosolve.oct8 import rules as R

CFG = R.Config.make()


def card(cfg, colour, arms, skip=0):
    """An arm-card id of the given colour and arm count (the skip-th such card)."""
    ids = [i for i in range(R.NUM_ARMS) if i // 26 == colour and cfg.values[i] == arms]
    return ids[skip]


def bare_state(cfg=CFG, colours=(0, 1, 2, 0)):
    """A dealt state with every octopus/hand emptied, all arm cards in the deck; colours by head."""
    st = R.Oct8State.new(cfg, 0)
    n = st.n
    st.colour_head = [c * 10 + 9 - i for i, c in enumerate(colours[:n])]
    st.shared = [0, 10, 20]
    st.arms = {0: [], 10: [], 20: []}
    st.head_deck = [h for h in cfg.heads if h not in st.colour_head and h not in st.shared]
    st.hands = [[] for _ in range(n)]
    st.fields = [[] for _ in range(n)]
    st.shipped = [[] for _ in range(n)]
    st.babies = [0] * n
    st.arm_deck = list(range(R.NUM_ARMS))
    st.discard = []
    st.cur = 0
    st.phase = R.PH_MAIN
    st.extra = False
    st.drawn = -1
    st.triggered = False
    return st


def take(st, cid):
    st.arm_deck.remove(cid)
    return cid


def test_scoring_example_five_matching_arms_shipped_in_own_colour_is_ten():
    # "5 cards matching your octopus color = 5 points x 2 = 10 points"
    st = bare_state()
    head = 1  # a red head (P0's colour is red)
    st.head_deck.remove(head)
    arms = [take(st, card(CFG, 0, v, k)) for v, k in ((1, 0), (1, 1), (2, 0), (2, 1), (2, 2))]
    assert sum(CFG.values[c] for c in arms) == 8 and len(arms) == 5
    st.arms[head] = arms
    st.shipped[0] = [head]
    st.check_invariants()
    assert st.score_detail(0) == {"score": 10, "octopuses": 1, "scoring_arms": 5}
    # the same octopus kept on the field scores single
    st.shipped[0], st.fields[0] = [], [head]
    assert st.score_detail(0)["score"] == 5
    # shipped by a player of another colour: single (the bonus is for one's own colour only)
    st.fields[0], st.shipped[1] = [], [head]
    assert st.score_detail(1)["score"] == 5


def test_shipped_own_colour_with_one_foreign_arm_is_not_doubled():
    st = bare_state()
    head = 2
    st.head_deck.remove(head)
    arms = [take(st, card(CFG, 0, 1)), take(st, card(CFG, 0, 2)), take(st, card(CFG, 0, 3)),
            take(st, card(CFG, 2, 2))]
    st.arms[head] = arms
    st.shipped[0] = [head]
    st.check_invariants()
    # 3 matching arms, the blue arm scores nothing, no doubling
    assert st.score_detail(0) == {"score": 3, "octopuses": 1, "scoring_arms": 3}


def test_tie_breaks_by_octopuses_then_scoring_arms():
    st = bare_state()  # P0 red, P1 green
    st.phase = R.PH_OVER
    # P0: one red octopus with a red 8 (1 point, 1 octopus)
    st.head_deck.remove(3)
    st.arms[3] = [take(st, card(CFG, 0, 8))]
    st.fields[0] = [3]
    # P1: a green octopus with green 7 + blue 1 (1 point) and a red-head octopus with blue 8 (0)
    st.head_deck.remove(11)
    st.arms[11] = [take(st, card(CFG, 1, 7)), take(st, card(CFG, 2, 1))]
    st.head_deck.remove(4)
    st.arms[4] = [take(st, card(CFG, 2, 8))]
    st.fields[1] = [11, 4]
    st.check_invariants()
    assert st.scores()[:2] == [1, 1]
    assert st.winners() == [1]  # tie on points: more octopuses made wins
    r = st.returns()
    assert r[1] == pytest.approx(1 - 1 / 4) and sum(r) == pytest.approx(0)
    # P0 ships its red octopus (own colour, all red): 2 points from 1 scoring arm.
    # P1 keeps one green octopus g6+g2: 2 points from 2 scoring arms. Equal points and octopuses:
    # the player with more scoring arm cards wins.
    st.fields[0], st.shipped[0] = [], [3]
    st.fields[1] = [11]
    st.arms[11] = [take(st, card(CFG, 1, 6))] + [take(st, card(CFG, 1, 2))]
    st.arm_deck += [card(CFG, 1, 7), card(CFG, 2, 1), card(CFG, 2, 8)]
    del st.arms[4]
    st.head_deck.append(4)
    st.check_invariants()
    assert [st.score_detail(p) for p in (0, 1)] == [
        {"score": 2, "octopuses": 1, "scoring_arms": 1}, {"score": 2, "octopuses": 1, "scoring_arms": 2}]
    assert st.winners() == [1]
    # P0 also gets a blue-head octopus with one blue 1 among 7 other arms: 3 points from 2 arms and
    # 2 octopuses; P1 a red-head octopus with one red 1: 3 points from 3 arms and 2 octopuses.
    st.head_deck.remove(21)
    st.arms[21] = [take(st, card(CFG, 2, 1)), take(st, card(CFG, 1, 7))]
    st.fields[0] = [21]
    st.head_deck.remove(5)
    st.arms[5] = [take(st, card(CFG, 0, 1)), take(st, card(CFG, 2, 7))]
    st.fields[1].append(5)
    st.check_invariants()
    assert st.scores()[:2] == [3, 3] and st.winners() == [1]
    # a full tie (same points, octopuses and scoring arms) is a shared win
    st = bare_state()
    st.phase = R.PH_OVER
    for p, h, col in ((0, 3, 0), (1, 13, 1)):
        st.head_deck.remove(h)
        st.arms[h] = [take(st, card(CFG, col, 8))]
        st.fields[p] = [h]
    st.check_invariants()
    assert st.winners() == [0, 1]
    assert st.returns()[0] == pytest.approx(0.5 - 0.25)
    assert st.returns()[2] == pytest.approx(-0.25)


def test_turn_draw_never_on_same_colour_or_past_eight():
    st = bare_state()
    # shared heads: red 0 (5 arms), green 10 (empty), blue 20 (empty)
    st.arms[0] = [take(st, card(CFG, 1, 5))]
    st.hands[0] = []
    green6 = card(CFG, 1, 6)
    # green card: cannot go on the green head, red head would pass 8 -> only blue (slot 2)
    assert st._place_slots(green6) == [2]
    red3 = card(CFG, 0, 3)
    assert st._place_slots(red3) == [1, 2]  # exactly 8 on the red head? no: red head is same colour
    blue3 = card(CFG, 2, 3)
    assert st._place_slots(blue3) == [0, 1]  # 5 + 3 = 8 exactly is allowed


def test_turn_draw_completing_an_octopus_takes_it_with_a_baby():
    st = bare_state()
    st.arms[0] = [take(st, card(CFG, 1, 5))]
    blue3 = take(st, card(CFG, 2, 3))
    st.arm_deck.append(blue3)  # the next turn draw
    st._start_turn()
    assert st.phase == R.PH_PLACE and st.legal_actions() == [R.A_PLACE + 0, R.A_PLACE + 1]
    st.apply_action(R.A_PLACE + 0)
    assert st.fields[0] == [0] and st.shared[0] == -1 and st.babies[0] == 1
    st.check_invariants()


def test_turn_draw_goes_to_hand_when_no_head_fits():
    st = bare_state()
    for h, col, v in ((0, 1, 7), (10, 0, 7), (20, 1, 6)):
        st.arms[h] = [take(st, card(CFG, col, v))]
    c = take(st, card(CFG, 2, 3))  # blue 3: too big for red/green heads, same colour as the blue one
    st.arm_deck.append(c)
    st._start_turn()
    assert c in st.hands[0] and st.phase == R.PH_MAIN


def test_blocked_octopus_is_immune_to_others_but_not_to_its_owner():
    st = bare_state()
    # P1 owns a blocked green octopus (all green arms); P0 owns a red octopus and a red-blocked one
    for h, cards, owner in ((11, [(1, 4, 0), (1, 4, 1)], 1), (1, [(2, 4, 0), (0, 4, 0)], 0),
                            (2, [(0, 4, 1), (0, 4, 2)], 0)):
        st.head_deck.remove(h)
        st.arms[h] = [take(st, card(CFG, c, v, k)) for c, v, k in cards]
        st.fields[owner].append(h)
    st.check_invariants()
    acts = st.legal_actions()
    # no action 4 with P1's octopus as source
    assert not [a for a in acts if R.A_XFIELD <= a < R.A_TARGET and (a - R.A_XFIELD) // 24 // R.MAX_FIELD == 1]
    # P0's own blocked octopus (slot 1) can give its red 4 to P0's other octopus
    a = R.A_XFIELD + (0 * R.MAX_FIELD + 1) * 24 + (0 * 8 + 3)
    assert a in acts
    st.apply_action(a)
    targets = st.legal_actions()
    assert targets == [R.A_TARGET + 0]  # only P0's slot 0, never the blocked P1 octopus
    st.apply_action(R.A_TARGET + 0)
    assert st.legal_actions() == [R.A_ADD + 0 * 8 + 3, R.A_ADD + 2 * 8 + 3]
    st.apply_action(R.A_ADD + 2 * 8 + 3)  # take the blue 4
    st.apply_action(R.A_DONE)
    st.check_invariants()
    assert sorted(CFG.types[c] for c in st.arms[2]) == [3, 19]


def test_exchange_with_hand_needs_equal_totals():
    st = bare_state()
    st.head_deck.remove(1)
    st.arms[1] = [take(st, card(CFG, 2, 5)), take(st, card(CFG, 0, 3))]
    st.fields[0] = [1]
    st.hands[0] = [take(st, card(CFG, 0, 1)), take(st, card(CFG, 0, 4)), take(st, card(CFG, 1, 2))]
    acts = st.legal_actions()
    # blue 5 can be paid with r1+r4; red 3 with r1+g2; nothing pays a total the hand cannot reach
    assert R.A_XHAND + 0 * 24 + 16 + 4 in acts and R.A_XHAND + 0 * 24 + 2 in acts
    st.apply_action(R.A_XHAND + 16 + 4)
    assert st.legal_actions() == [R.A_ADD + 0]  # r1 first (types are chosen in increasing order)
    st.apply_action(R.A_ADD + 0)
    assert st.legal_actions() == [R.A_ADD + 3]
    st.apply_action(R.A_ADD + 3)
    assert st.legal_actions() == [R.A_DONE]
    st.apply_action(R.A_DONE)
    assert sorted(CFG.types[c] for c in st.arms[1]) == [0, 2, 3]
    assert sorted(CFG.types[c] for c in st.hands[0]) == [9, 20]
    st.check_invariants()


def play_random_checked(cfg, seed):
    st = R.Oct8State.new(cfg, seed)
    rng = random.Random(seed)
    trigger_turn = None
    while not st.is_terminal():
        st.check_invariants()
        legal = st.legal_actions()
        assert legal and legal == sorted(set(legal))
        assert all(0 <= a < R.NUM_ACTIONS for a in legal)
        if st.phase == R.PH_MAIN and not st.extra:
            assert (legal == [R.A_PASS]) or R.A_PASS not in legal
        before = st.turns
        st.apply_action(rng.choice(legal))
        if st.triggered and trigger_turn is None:
            trigger_turn = before
    st.check_invariants()
    return st, trigger_turn


@pytest.mark.parametrize("players,short,deck", [(4, False, None), (3, False, "flat"), (2, True, None)])
def test_invariants_and_card_conservation_over_random_games(players, short, deck, full):
    cfg = R.Config.make(players, short, deck)
    for seed in range(40 if full else 8):
        st, trig = play_random_checked(cfg, seed)
        assert not st.arm_deck or not st.head_deck
        # the trigger turn's player finishes, then each other player takes exactly one turn
        assert st.turns == trig + 1 + (players - 1)
        assert len(cfg.heads) == (24 if short else 30)


def test_illegal_action_is_a_clean_error():
    st = R.make_game().new_initial_state(3)
    with pytest.raises(OctoError):
        st.apply_action(R.NUM_ACTIONS - 1 if R.NUM_ACTIONS - 1 not in st.legal_actions() else 0)


def test_determinize_keeps_what_the_player_sees():
    st = R.make_game().new_initial_state(11)
    rng = random.Random(0)
    for _ in range(30):
        st.apply_action(rng.choice(st.legal_actions()))
    d = st.determinize(st.cur, random.Random(1))
    d.check_invariants()
    me = st.cur
    assert d.hands[me] == st.hands[me] and d.colour_head[me] == st.colour_head[me]
    assert d.fields == st.fields and d.discard == st.discard and d.shared == st.shared
    assert [len(h) for h in d.hands] == [len(h) for h in st.hands]
    assert d.legal_actions() == st.legal_actions()


def test_deck_validation():
    with pytest.raises(OctoError, match="unknown colour"):
        R.deck_from_dict({"red": {"1": 26}, "green": {"1": 26}, "blue": {"1": 26}, "purple": {"1": 1}})
    with pytest.raises(OctoError, match="outside 1-8"):
        R.deck_from_dict({"red": {"9": 26}, "green": {"1": 26}, "blue": {"1": 26}})
    with pytest.raises(OctoError, match="26"):
        R.deck_from_dict({"red": {"1": 25}, "green": {"1": 26}, "blue": {"1": 26}})
    d = R.load_deck(None)
    assert [sum(r) for r in d.counts] == [26, 26, 26] and len(d.values) == 78


def test_parse_arm():
    assert R.parse_arm("r3") == 2 and R.parse_arm("blue:8") == 23 and R.parse_arm("Green1") == 8
    with pytest.raises(OctoError, match="outside 1-8"):
        R.parse_arm("r9")
    with pytest.raises(OctoError, match="unknown colour"):
        R.parse_arm("p3")


# ---------------------------------------------------------------- rule options (docs/rules/oct8.md)
def _shipped_red(cfg, arms_spec):
    """P0 (red) has shipped a red-headed octopus with the given (colour, arms) cards."""
    st = bare_state(cfg)
    head = 3
    st.head_deck.remove(head)
    st.arms[head] = [take(st, card(cfg, c, v, k)) for c, v, k in arms_spec]
    st.shipped[0] = [head]
    st.check_invariants()
    return st


def test_colour_bonus_readings_on_a_hand_worked_example():
    """Red head, arms r3 r3 b2 shipped by the red player: 2 matching arms (the blue 2 scores nothing).
    'octopus' (default): not every arm is red, no bonus: 2 points. 'arm': each red arm doubles: 4.
    The rules' own example (5 red arms, all matching) is 10 under both readings."""
    spec = ((0, 3, 0), (0, 3, 1), (2, 2, 0))
    for bonus, want in (("octopus", 2), ("arm", 4)):
        cfg = R.Config.make(colour_bonus=bonus)
        st = _shipped_red(cfg, spec)
        assert st.score_detail(0) == {"score": want, "octopuses": 1, "scoring_arms": 2}
        st.shipped[0], st.fields[0] = [], [3]  # on the field: never doubled
        assert st.score_detail(0)["score"] == 2
        five = _shipped_red(cfg, ((0, 1, 0), (0, 1, 1), (0, 2, 0), (0, 2, 1), (0, 2, 2)))
        assert five.score_detail(0)["score"] == 10


def test_colour_bonus_never_for_another_colour_head():
    for bonus in ("octopus", "arm"):
        cfg = R.Config.make(colour_bonus=bonus)
        st = _shipped_red(cfg, ((0, 3, 0), (0, 3, 1), (2, 2, 0)))
        st.shipped[0], st.shipped[1] = [], [3]  # P1 is green: a red octopus scores single for P1
        assert st.score_detail(1)["score"] == 2


def test_baby_chip_readings_on_a_hand_worked_example():
    """P0 takes three octopuses (each shared head completed with an 8-arm card of another colour),
    keeping its chips. 'cap' (the +1/+2 chip): 1, 2, then still 2. 'each' (a baby per octopus taken):
    1, 2, 3. The extra actions then available are the chips held."""
    for rule, want in (("cap", [1, 2, 2]), ("each", [1, 2, 3])):
        cfg = R.Config.make(baby_chips=rule)
        st = bare_state(cfg)
        got = []
        for slot in range(3):
            h = st.shared[slot]
            st.arms[h].append(take(st, card(cfg, (h // 10 + 1) % 3, 8)))
            st._complete_check(slot)
            assert st.fields[0][-1] == h
            got.append(st.babies[0])
        assert got == want, rule
        st.check_invariants()
        # spending them: each extra action costs one chip, STOP keeps the rest
        st._enter_main(True)
        for left in range(want[-1] - 1, -1, -1):
            assert R.A_STOP in st.legal_actions()
            st.apply_action(R.A_DRAW)  # draw two cards as an extra action
            assert st.babies[0] == left


def test_rule_options_are_game_params_and_refused_when_unknown():
    g = R.make_game(players=3, variant="short", baby_chips="each", colour_bonus="arm")
    assert g.params() == {"players": 3, "variant": "short", "deck": "default", "baby_chips": "each",
                          "colour_bonus": "arm"}
    assert R.make_game(**g.params()).params() == g.params()
    for bad_kw in ({"baby_chips": "3"}, {"colour_bonus": "all"}, {"variant": "long"}, {"players": 5},
                   {"players": 2.0}):
        with pytest.raises(OctoError):
            R.make_game(**bad_kw)


# ---------------------------------------------------------------- positions as JSON
def test_position_document_round_trip_and_continuation():
    import json

    g = R.make_game(players=3, baby_chips="each")
    st = g.new_initial_state(7)
    rng = random.Random(7)
    for _ in range(120):
        st.apply_action(rng.choice(st.legal_actions()))
        d = st.to_json()
        back = g.state_from_json(json.loads(json.dumps(d)))
        assert back.to_json() == d and back.legal_actions() == st.legal_actions()
    assert len(d["history"]) == 120


def test_hand_written_position_gets_decks_and_colours():
    st = R.state_from_document({"hands": [["r1", "r4"], []],
                                "fields": [[{"head": "red", "arms": ["b5", "r3"]}], []]})
    st.check_invariants()
    assert st.n == 2 and len(st.arm_deck) == 78 - 4 and st.phase == R.PH_MAIN
    assert R.state_from_document(st.to_json()).to_json() == st.to_json()


@pytest.mark.parametrize("doc,needle", [
    ({"hands": [[], []], "fields": [[], []], "phase": "select"}, "pending"),
    ({"hands": [[], []], "fields": [[], []], "turn_draw": "r3"}, "turn_draw"),
    ({"hands": [[], []], "fields": [[], []], "babies": [3, 0]}, "babies"),
    ({"hands": [["r1"] * 6 + ["r2"] * 3, []], "fields": [[], []], "to_move": 1}, "holds 9 cards"),
    ({"hands": [[], []], "fields": [[], []], "colours": ["red"] * 11}, "2 entries"),
    ({"hands": [[], []], "fields": [[], []], "arm_deck": []}, "nowhere"),
    ({"hands": [[], []], "fields": [[], []], "shared": [{"head": "red", "arms": ["r8"]}]}, "fewer than 8"),
    ({"hands": [[], []], "fields": [[], []], "nonsense": 1}, "unknown key"),
    ({"hands": [[], []], "fields": [[], []], "history": [[0, 9999]]}, "history"),
    ({"hands": [[], []], "fields": [[], []], "phase": "over"}, "over"),
])
def test_inconsistent_positions_are_refused(doc, needle):
    with pytest.raises(OctoError, match=needle):
        R.state_from_document(doc)


def test_observation_hides_other_hands_and_colours():
    st = R.make_game(players=2).new_initial_state(11)
    obs = st.observation_string(1)
    other = " ".join(sorted(st.card_str(c) for c in st.hands[0]))
    assert f"hand: {other}" not in obs or other == " ".join(sorted(st.card_str(c) for c in st.hands[1]))
    assert "P0 (" not in obs and R.COLOURS[st.colour(1)] in obs
