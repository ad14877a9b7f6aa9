"""The examples of the rules, the move semantics and the game engine."""

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.game import CHANCE, RandomPlayer, play
from octosolve.core.seeding import py_random
from octosolve.octoverso import rules as R


def md(rail, hand, jokers=0, lex=None):
    r = R.parse_rail(rail)
    return [R.move_dict(r, m) for m in R.legal_moves(lex, r, R.parse_hand(hand, jokers))]


def test_letter_set_is_88_plus_2_jokers():
    assert R.full_bag(False).sum() == 88 and R.full_bag(True)[R.JOKER] == 2
    assert set(R.GAME_LETTERS).isdisjoint("KWXYZ") and len(R.GAME_LETTERS) == 21
    assert R.full_bag(False)[ord("E") - 65] == 14


def test_lexicon_size_and_content(lex):
    import gzip
    from octosolve.core.paths import data_path

    with gzip.open(data_path("octoverso", "lexicon.tsv.gz"), "rt", encoding="utf-8") as f:
        n = sum(1 for ln in f if not ln.startswith("#"))
    assert n == len(lex) >= 100_000  # forms of 3-8 letters from Grammalecte's dictionary
    for w in ("IMAGES", "AMIS", "DUOS", "REALISTE", "SPECIALE", "CHANTAIS", "ARCHANGE", "JARDINET"):
        assert w in lex.index, w
    for w in ("PARIS", "LYON", "NANTES", "DUPONT", "MICHEL", "SNCF", "ETC", "ONU", "MME"):  # PARIS: plural of PARI
        assert (w in lex.index) == (w == "PARIS"), w


@pytest.mark.parametrize("word", ["BONE", "LIONE", "VIVANTTE", "ACTEURE",  # bogus inflections
                                  "FVAD", "KFAILLIR", "ZOHM",  # unit symbols glued to words
                                  "JANV", "IBID", "ETC", "CF",  # abbreviations
                                  "IIE", "XXE", "XIE"])  # Roman ordinals
def test_not_french_words_are_rejected(lex, word):
    # "Les noms propres sont interdits ainsi que les abréviations et les sigles."
    assert word not in lex.index


def test_lemmas_come_from_the_source(lex):
    # FUT is the noun (a cask) and a form of ETRE, not of FAIRE
    assert lex.lemmas(lex.index["FUT"]) == ["ETRE", "FUT"]
    # every inflection of a word shares its lemma: one family per lemma
    for a, b in [("CHEVAL", "CHEVAUX"), ("MONTER", "MONTERAS"), ("BEAU", "BELLES"), ("AMI", "AMIES")]:
        assert lex.index[b] in set(lex.family(lex.index[a]).tolist()), (a, b)
    # rare words with no common lemma in the old lexicon are not in this one at all
    for w in ("VELTER", "VELTERAS", "VOUSSEE", "VOUSSEES"):
        assert w not in lex.index
    # a word is in its own family, and families are symmetric
    wid = lex.index["FUT"]
    for other in lex.family(wid).tolist()[:50]:
        assert wid in set(lex.family(other).tolist())


def test_images_pushes_sou(lex):
    # "Le joueur A pose les 3 lettres GES ... compléter les lettres IMA ... Le joueur B récupère SOU"
    moves = md("SOUDEIMA", "GES", lex=lex)
    assert {"word": "IMAGES", "side": "recto", "end": "right", "rail_used": 3, "played": "GES",
            "pushed": "SOU"} in moves
    game = R.make_game()
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GESTA", "LIRE"), player=0)
    a = R.Actions.word_action(lex.index["IMAGES"], 0, 0, 3)
    assert a in s.legal_actions()
    s.apply_action(a)
    assert R.rail_string(s.rail) == "DEIMAGES"
    assert R.hand_string(s.hands[0]) == "AT"
    assert sorted(R.hand_string(s.hands[1])) == sorted("LIRE" + "SOU")


def test_amis_then_duos(game, lex):
    # "Le joueur A pose le mot AMIS, le joueur B pose le mot DUOS à la suite."
    s = R.OctoversoState.deal(game, 0)
    s.hands[:] = 0
    for p, letters in ((0, "DUOSEERTNA"), (1, "AMISEELRTN")):
        for c in letters:
            s.hands[p, ord(c) - 65] += 1
    s.pool = R.full_bag(False) - s.hands.sum(axis=0)
    s.apply_action(game.actions.ANNOUNCE + lex.index["DUOS"])  # player 0 announces DUOS
    s.apply_action(game.actions.ANNOUNCE + lex.index["AMIS"])  # player 1 announces AMIS
    assert R.rail_string(s.rail) == "AMISDUOS"
    assert s.first == 1 and s.current_player() == 1  # AMIS comes first alphabetically: it plays first
    assert (s.tiles_total() == R.full_bag(False)).all()


def test_left_end_and_verso(lex):
    # left end: hand letters then the first k rail letters; verso reads the rail backwards
    moves = md("AMISDUOS", "R", lex=lex)
    assert {"word": "RAMIS", "side": "recto", "end": "left", "rail_used": 4, "played": "R",
            "pushed": "S"} in moves
    # verso reads SOUDSIMA: its right end ...IMA, so IMAGE is laid on the verso side
    moves = md("AMISDUOS", "GE", lex=lex)
    assert {"word": "IMAGE", "side": "verso", "end": "right", "rail_used": 3, "played": "GE",
            "pushed": "SO"} in moves
    for m in moves:
        assert 3 <= len(m["word"]) <= 8 and m["rail_used"] >= 2 and len(m["played"]) >= 1
        assert len(m["pushed"]) == len(m["played"])  # the rail was full


def test_realiste_then_speciale_with_jokers(lex):
    # "Le joueur A joue REALISTE (le joker vaut T), Le joueur B joue SPECIALE (le joker vaut P)"
    game = R.make_game(jokers=True)
    s = R.OctoversoState.from_position(game, "BONDIREA", ("LISE?OA", "CIALEU"), player=0)
    a = R.Actions.word_action(lex.index["REALISTE"], 0, 0, 3)
    assert a in s.legal_actions()
    m = s.move_of_action(a)
    assert m.played() == "LIStE"  # the joker stands for the missing T
    s.apply_action(a)
    assert R.rail_string(s.rail) == "REALIS?E"
    s.apply_action(game.actions.DISCARD + (ord("O") - 65))  # OCTO: A returns a tile
    assert s.current_player() == 1
    moves = [R.move_dict(s.rail, mv) for mv in s.moves()]
    assert {"word": "SPECIALE", "side": "recto", "end": "right", "rail_used": 3, "played": "CIALE",
            "pushed": "REALI"} in moves  # the rail joker now stands for P
    assert (s.tiles_total() == R.full_bag(True)).all()


def test_joker_in_hand_shown_lower_case(lex):
    moves = md("SOUDEIMA", "GE", jokers=1, lex=lex)
    assert {"word": "IMAGES", "side": "recto", "end": "right", "rail_used": 3, "played": "GEs",
            "pushed": "SOU"} in moves
    # real letters are spent before a joker
    assert not any(m["word"] == "IMAGE" and m["played"] != "GE" for m in moves if m["rail_used"] == 3)


@pytest.mark.parametrize("played,related,new", [
    ("MONTER", ["MONTAIS", "MONTEES"], ["DEMONTER", "REMONTER"]),
    ("ANGE", ["ANGES"], ["ARCHANGE"]),
    ("RAPER", ["RAPAIT"], ["DERAPER"]),
    ("AJOUTER", ["AJOUTA"], ["RAJOUTER"]),
    ("JARDIN", ["JARDINS"], ["JARDINET"]),
])
def test_word_played_once_but_prefix_suffix_are_new(lex, played, related, new):
    # "on ne peut pas utiliser plusieurs conjugaisons d'un même verbe ... L'ajout d'un préfixe ou
    # d'un suffixe est autorisé pour composer un nouveau mot"
    fam = set(lex.family(lex.index[played]).tolist())
    assert lex.index[played] in fam
    for w in related:
        assert lex.index[w] in fam, w
    for w in new:
        assert lex.index[w] not in fam, w


def test_blocked_word_is_not_generated(game, lex):
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GESTA", "LIRE"), player=0)
    s.blocked[lex.family(lex.index["IMAGE"])] = 1
    words = {m.word for m in s.moves()}
    assert "IMAGES" not in words and "IMAGE" not in words and "MAGES" in words


def test_octo_returns_a_tile(game, lex):
    # "Un mot qui occupe tout le rail ... permet ... de se débarrasser d'une de ses lettres"
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GERASQ", "LIRE"), player=0)
    a = R.Actions.word_action(lex.index["IMAGERAS"], 0, 0, 3)
    s.apply_action(a)
    assert s.phase == R.DISCARD and s.current_player() == 0
    assert s.legal_actions() == [game.actions.DISCARD + (ord("Q") - 65)]
    s.apply_action(game.actions.DISCARD + (ord("Q") - 65))
    assert s.hands[0].sum() == 0 and s.is_terminal() and s.returns() == [1.0, -1.0]


def test_interaction_rule(game, lex):
    # A could form an OCTO (IMAGERAS) but announces IMAGE: B shows it and returns a tile
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GERAST", "LIRE"), player=0)
    assert "IMAGERAS" in {m.word for m in R.octos(lex, s.rail, s.hands[0])}
    s.apply_action(R.Actions.word_action(lex.index["IMAGE"], 0, 0, 3))
    assert s.phase == R.DISCARD and s.current_player() == 1
    shown = [e for e in s.log if e["event"] == "interaction"]
    assert shown and shown[0]["player"] == 1
    octo = shown[0]["octo"]
    assert len(octo) == 8 and s.blocked[lex.index[octo]] == 1  # that OCTO may not be played later
    before = s.hands[1].sum()
    s.apply_action(s.legal_actions()[0])
    assert s.hands[1].sum() == before - 1 and s.current_player() == 1 and s.phase == R.PLAY


def test_no_interaction_without_octo(game, lex):
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GEB", "LIRE"), player=0)
    assert not R.octos(lex, s.rail, s.hands[0])
    s.apply_action(R.Actions.word_action(lex.index["MAGE"], 0, 0, 2))
    assert not any(e["event"] == "interaction" for e in s.log)
    assert s.current_player() == 1


def test_exchange_then_rotation(game):
    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("QB", "JF"), player=0)
    A = game.actions
    assert A.ROTATE not in s.legal_actions()
    s.apply_action(A.EXCHANGE + ord("Q") - 65)
    assert s.current_player() == CHANCE
    drawn = s.chance_outcomes()[0][0]
    s.apply_action(drawn)
    assert s.current_player() == 1 and A.ROTATE not in s.legal_actions()
    s.apply_action(A.EXCHANGE + ord("J") - 65)
    s.apply_action(s.chance_outcomes()[0][0])
    # both exchanged in a row: the first may move an end letter to the other end, then play
    assert s.current_player() == 0 and A.ROTATE in s.legal_actions() and A.ROTATE + 1 in s.legal_actions()
    s.apply_action(A.ROTATE)
    assert R.rail_string(s.rail) == "OUDEIMAS"
    assert A.ROTATE not in s.legal_actions() and s.current_player() == 0
    assert (s.tiles_total() == R.full_bag(False)).all()


def test_illegal_action_is_an_octoerror(game):
    s = game.new_initial_state(3)
    with pytest.raises(OctoError):
        s.apply_action(0)


def test_action_ids_round_trip():
    for wid, side, end, k in [(0, 0, 0, 2), (12345, 1, 1, 7), (99, 0, 1, 5)]:
        a = R.Actions.word_action(wid, side, end, k)
        assert R.Actions.split_word_action(a) == (wid, side, end, k)


def test_clone_is_independent(game):
    s = game.new_initial_state(5)
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert s.announced == [-1, -1] and c.announced[0] >= 0
    assert s.history == [] and len(c.history) == 1


@pytest.mark.integration
@pytest.mark.parametrize("jokers", [False, True])
def test_letter_conservation_in_random_games(jokers, full):
    # 88 letters (+2 jokers in the variant) are always in the hands, on the rail or in the pool
    game = R.make_game(jokers=jokers)
    bag = R.full_bag(jokers)
    n = 200 if full else 20
    ends = 0
    for seed in range(n):
        s = game.new_initial_state(seed)

        def check(state, player, action):
            assert (state.tiles_total() == bag).all(), seed
            assert (state.hands >= 0).all() and (state.pool >= 0).all()
            if state.phase == R.PLAY:
                assert len(state.rail) == R.RAIL_SIZE

        play(s, [RandomPlayer(seed), RandomPlayer(seed + 1)], rng=py_random(seed, "test"), on_move=check)
        assert s.is_terminal() and (s.tiles_total() == bag).all()
        ends += 1
        if s.winner >= 0:
            assert s.hands[s.winner].sum() == 0
    assert ends == n


def test_play_record_reproducible(game):
    from octosolve.octoverso import matches

    a = matches.game_record(matches.play_game(("lookahead", "greedy"), 7), ("lookahead", "greedy"), 7)
    b = matches.game_record(matches.play_game(("lookahead", "greedy"), 7), ("lookahead", "greedy"), 7)
    assert a == b and a["events"][0]["event"] == "announce"


def test_interaction_prompt_says_who_could_have_laid_the_octo(game, lex):
    """The board's prompt after an interaction names the player who missed the OCTO and the reward
    (it said 'You showed IMAGERAS, an OCTO the last player could have laid', unclear to a newcomer)."""
    from octosolve.octoverso.board import _prompt

    s = R.OctoversoState.from_position(game, "SOUDEIMA", ("GERAST", "LIRE"), player=0)
    s.apply_action(R.Actions.word_action(lex.index["IMAGE"], 0, 0, 3))
    octo = [e for e in s.log if e["event"] == "interaction"][0]["octo"]
    title, text = _prompt(s, 1, True)
    assert title == "Your move: return a tile"
    assert text.startswith(f"P0 could have laid the OCTO {octo} (all 8 letters of the rail)")
    assert "as your reward, click a tile of your hand" in text
    own = R.OctoversoState.from_position(game, "SOUDEIMA", ("GERASQ", "LIRE"), player=0)
    own.apply_action(R.Actions.word_action(lex.index["IMAGERAS"], 0, 0, 3))
    assert _prompt(own, 0, True)[1].startswith("You laid an OCTO (a word filling all 8 letters")
