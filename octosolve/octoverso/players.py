"""Computer players for Octoverso (all on the common state API).

* ``greedy``: plays an OCTO when it has one, otherwise the word laying the most hand letters;
  exchanges its most awkward tile when it has no word.
* ``lookahead``: for its best candidate moves (by letters laid) it counts what the move gives the
  opponent (the pushed letters, the interaction rule) and the opponent's best reply (by the same
  count), and keeps the move with the best hand difference after that reply.
* ``flat-mc``: flat Monte Carlo: the lookahead's best few candidates, each scored by the mean
  outcome of seeded playouts (epsilon-greedy for a few plies, then the hand difference); no tree.
* ``mcts``: the UCT player of octosolve.core.mcts with Octoverso hooks: a short epsilon-greedy
  playout as rollout and a shortlist of candidate actions (the best words, the rotations, one
  exchange).
* ``openspiel-mcts``: OpenSpiel's MCTS bot (optional; needs ``pyspiel``), on a determinised copy.

Every player uses the rotation rule: after an exchange by every player in a row, it moves an end
letter to the other end when that gives it a better word than the rail as it stands.

In the claim reading of spotting (``make_game(spotting="claim")``) every player, the plug-ins'
too, is wrapped in :class:`.spotting.Spotter`: it claims the OCTO the automatic reading would show
and plays the rest as in the automatic reading, so the games are the same in both readings.

All of them play the 4-seat team game too: "the opponent" is the next seat (who receives the pushed
letters and moves next), and a playout is scored by the team's best hand (fewest letters), since a
team wins as soon as one of its players empties their hand.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from ..core.game import CHANCE, Player, sample_chance
from ..core.mcts import MCTSPlayer
from ..core.players import RANDOM, PlayerSpec, player_list
from ..core.seeding import py_random
from . import rules as R
from .spotting import Spotter, claim_choice

__all__ = ["GreedyPlayer", "LookaheadPlayer", "FlatMonteCarloPlayer", "PLAYERS", "worst_tile",
           "greedy_score", "playout_value", "hand_difference", "rotation_choice"]

# How hard a tile is to place (for returns and exchanges): rare consonants first, jokers last.
AWKWARD = {c: i for i, c in enumerate("QJVHFBGZXKWYCPMDTLNRSOUIAE")}


def worst_tile(hand: np.ndarray) -> int:
    """The tile a player would rather lose: the most awkward letter held (never a joker if a letter
    is held)."""
    held = [t for t in range(26) if hand[t] > 0]
    if not held:
        return R.JOKER
    return min(held, key=lambda t: (AWKWARD[R.LETTERS[t]], t))


def _word_rows(state: R.OctoversoState) -> np.ndarray:
    return R.kernel_moves(state.lex, state.rail, state.hands[state.player], state.blocked)


def _word_action(row) -> int:
    return R.Actions.word_action(int(row[0]), int(row[1]), int(row[2]), int(row[3]))


def _non_word_choice(state: R.OctoversoState, rng) -> int | None:
    """The opening, returns, exchanges and passes every player handles the same way."""
    A = state.game.actions
    p = state.player
    if state.phase == R.OPENING:
        ids = R.opening_words(state.lex, state.hands[p], state.blocked)
        # announce the word that gets rid of the most awkward letters
        def cost(w):
            return sum(AWKWARD.get(ch, 30) for ch in state.lex.words[w])
        best = min(cost(w) for w in ids)
        return A.ANNOUNCE + rng.choice([w for w in ids if cost(w) == best])
    if state.phase == R.DISCARD:
        return A.DISCARD + worst_tile(state.hands[p])
    if state.phase == R.CLAIM:   # the claim reading (a playout of a claim game): as the engine's
        return claim_choice(state)
    return None


def _best_score(state: R.OctoversoState, rail: np.ndarray) -> int:
    """The greedy score of the best word on ``rail`` for the player to move (-1: no word)."""
    rows = R.kernel_moves(state.lex, rail, state.hands[state.player], state.blocked)
    return int(greedy_score(state.lex.lens, rows).max()) if len(rows) else -1


def rotation_choice(state: R.OctoversoState) -> int | None:
    """The rotation rule: when the player may move an end letter to the other end, the ROTATE
    action whose rail gives a strictly better best word than the rail as it stands (None: keep)."""
    if not state.can_rotate():
        return None
    A = state.game.actions
    r = list(state.rail)
    options = [(A.ROTATE, np.array(r[1:] + r[:1], np.int8)), (A.ROTATE + 1, np.array(r[-1:] + r[:-1], np.int8))]
    now = _best_score(state, state.rail)
    best_a, best = None, now
    for a, rail in options:
        v = _best_score(state, rail)
        if v > best:
            best_a, best = a, v
    return best_a


def _fallback(state: R.OctoversoState) -> int:
    legal = state.legal_actions()
    A = state.game.actions
    t = worst_tile(state.hands[state.player])
    if A.EXCHANGE + t in legal:
        return A.EXCHANGE + t
    ex = [a for a in legal if A.EXCHANGE <= a < A.DISCARD]
    if ex:
        return ex[0]
    return legal[0]


def greedy_score(lens: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """OCTO first (worth one more letter: the returned tile), then most hand letters laid."""
    n = lens[rows[:, 0]].astype(np.int64)
    played = n - rows[:, 3]
    return played + (n == R.RAIL_SIZE) * 1


class GreedyPlayer(Player):
    name = "greedy"

    def __init__(self, seed: int | None = None):
        self.rng = py_random(seed, "greedy")

    def choose(self, state) -> int:
        a = _non_word_choice(state, self.rng)
        if a is None:
            a = rotation_choice(state)
        if a is not None:
            return a
        rows = _word_rows(state)
        if len(rows) == 0:
            return _fallback(state)
        sc = greedy_score(state.lex.lens, rows)
        best = np.flatnonzero(sc == sc.max())
        return _word_action(rows[self.rng.choice(best.tolist())])


def _after(state: R.OctoversoState, row) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """(rail, my hand, opponent hand, letters laid, opponent discards) after the word move ``row``
    (the OCTO return counted as one tile less for the mover)."""
    p = state.player
    wid, side, end, k, jm = (int(x) for x in row)
    m = R.Move(state.lex.words[wid], side, end, k, jm)
    rail, pushed = R.apply_to_rail(state.rail, m)
    mine = state.hands[p].copy()
    for t in m.tiles_played():
        mine[t] -= 1
    opp = state.hands[state.next_seat(p)].copy()
    for t in pushed:
        opp[t] += 1
    if len(m.word) == R.RAIL_SIZE and mine.sum() > 0:
        mine[worst_tile(mine)] -= 1
    return rail, mine, opp, m.n_played, 0


class LookaheadPlayer(Player):
    """Two-ply: my move, then the opponent's best reply (by letters laid, OCTO counted)."""

    name = "lookahead"

    def __init__(self, seed: int | None = None, candidates: int = 24):
        self.rng = py_random(seed, "lookahead")
        self.candidates = candidates

    def ranked(self, state) -> list[tuple[float, int]]:
        """(value, action) for the best candidate word moves, best first."""
        rows = _word_rows(state)
        if len(rows) == 0:
            return []
        lex = state.lex
        sc = greedy_score(lex.lens, rows)
        order = np.argsort(-sc, kind="stable")[: self.candidates]
        # interaction: an OCTO available now and not played lets the opponent return a tile
        has_octo = bool((lex.lens[rows[:, 0]] == R.RAIL_SIZE).any())
        team = state.num_players() > 2
        if team:  # seats after me: the opponent, my partner, the opponent's partner
            sizes = [int(x) for x in state.hands.sum(axis=1)]
            opp_seat = state.next_seat(state.player)
            mate_n = sizes[state.next_seat(opp_seat)]
            omate_n = sizes[state.next_seat(state.next_seat(opp_seat))]
        out = []
        for i in order.tolist():
            row = rows[i]
            rail, mine, opp, n, _ = _after(state, row)
            if mine.sum() == 0:
                out.append((1000.0, _word_action(row)))
                continue
            opp_n = int(opp.sum()) - (1 if has_octo and lex.lens[row[0]] < R.RAIL_SIZE else 0)
            blocked = state.blocked.copy()
            blocked[lex.family(int(row[0]))] = 1
            replies = R.kernel_moves(lex, rail, opp, blocked)
            my_n = int(mine.sum())
            if len(replies):
                rl = lex.lens[replies[:, 0]].astype(np.int64)
                laid = rl - replies[:, 3]
                gain = laid + (rl == R.RAIL_SIZE)  # an OCTO also returns a tile
                j = int(np.argmax(gain))
                if int(gain[j]) >= opp_n:  # the opponent can empty their hand
                    out.append((-1000.0 + n, _word_action(row)))
                    continue
                # after the reply: the opponent has laid gain[j] tiles, and pushed laid[j] to me;
                # if that reply is not an OCTO while they had one, I return a tile (interaction)
                opp_has_octo = bool((rl == R.RAIL_SIZE).any())
                back = int(laid[j]) - (1 if opp_has_octo and rl[j] < R.RAIL_SIZE else 0)
                if team:
                    # the team game: the reply's letters fall to my partner; compare the teams'
                    # mean hands
                    value = ((opp_n - int(gain[j])) + omate_n) / 2 - (my_n + mate_n + back) / 2
                else:
                    value = (opp_n - int(gain[j])) - (my_n + back)
            elif team:
                value = (opp_n + omate_n) / 2 - (my_n + mate_n) / 2 + 0.5
            else:
                value = opp_n - my_n + 0.5  # the opponent must exchange
            out.append((float(value) + 0.01 * n, _word_action(row)))
        out.sort(key=lambda x: -x[0])
        return out

    def choose(self, state) -> int:
        a = _non_word_choice(state, self.rng)
        if a is None:
            a = rotation_choice(state)
        if a is not None:
            return a
        ranked = self.ranked(state)
        if not ranked:
            return _fallback(state)
        best = ranked[0][0]
        return self.rng.choice([a for v, a in ranked if v == best])


def playout_value(state: R.OctoversoState, me: int, rng, plies: int = 6, eps: float = 0.25) -> float:
    """Play ``plies`` turns epsilon-greedily from ``state`` (modified), then score for ``me`` in
    [-1, 1]: the final result if the game ended, else tanh of the hand difference."""
    greedy_rng = rng
    turns = 0
    while not state.is_terminal() and turns < plies:
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        if state.phase == R.PLAY:
            rot = rotation_choice(state)
            if rot is not None:
                state.apply_action(rot)
                continue
            rows = _word_rows(state)
            if len(rows):
                if rng.random() < eps:
                    row = rows[rng.randrange(len(rows))]
                else:
                    sc = greedy_score(state.lex.lens, rows)
                    best = np.flatnonzero(sc == sc.max())
                    row = rows[greedy_rng.choice(best.tolist())]
                state.apply_action(_word_action(row))
            else:
                state.apply_action(_fallback(state))
            turns += 1
        else:
            a = _non_word_choice(state, rng)
            state.apply_action(a if a is not None else state.legal_actions()[0])
    if state.is_terminal():
        return state.returns()[me]
    return math.tanh(hand_difference(state, me) / 4.0)


def hand_difference(state: R.OctoversoState, me: int) -> int:
    """Letters in the opponents' best hand minus letters in my team's best hand (a team's best hand
    is its smallest; in the 2-player game: opponent's hand minus mine)."""
    sizes = state.hands.sum(axis=1)
    mine = min(int(sizes[q]) for q in range(len(sizes)) if R.team_of(q) == R.team_of(me))
    theirs = min(int(sizes[q]) for q in range(len(sizes)) if R.team_of(q) != R.team_of(me))
    return theirs - mine


class FlatMonteCarloPlayer(Player):
    """Flat Monte Carlo over the lookahead's best ``top`` candidates: ``simulations`` playouts in
    all, shared equally (no tree)."""

    name = "flat-mc"

    def __init__(self, seed: int | None = None, simulations: int = 48, top: int = 6, plies: int = 6):
        self.rng = py_random(seed, "mc")
        self.look = LookaheadPlayer(seed)
        self.simulations, self.top, self.plies = simulations, top, plies

    def choose(self, state) -> int:
        a = _non_word_choice(state, self.rng)
        if a is None:
            a = rotation_choice(state)
        if a is not None:
            return a
        ranked = self.look.ranked(state)
        if not ranked:
            return _fallback(state)
        if ranked[0][0] >= 1000:
            return ranked[0][1]
        cands = [a for _, a in ranked[: self.top]]
        if len(cands) == 1:
            return cands[0]
        me = state.player
        per = max(1, self.simulations // len(cands))
        best, best_v = cands[0], -math.inf
        for a in cands:
            tot = 0.0
            for _ in range(per):
                s = state.clone()
                s.apply_action(a)
                tot += playout_value(s, me, self.rng, self.plies)
            v = tot / per
            if v > best_v:
                best, best_v = a, v
        return best


def _mcts_rollout(state, rng):
    """Rollout for the generic MCTS: a short epsilon-greedy playout scored for player 0."""
    if state.is_terminal():
        return state.returns()
    v = playout_value(state, 0, rng, plies=4)
    return [v if R.team_of(q) == 0 else -v for q in range(state.num_players())]


def mcts_candidates(state, legal: list[int], words: int = 12) -> list[int]:
    """The MCTS shortlist in the play phase: the ``words`` best word moves by greedy score, the
    rotations, and the exchange of the most awkward tile (every legal action in other phases)."""
    if state.phase != R.PLAY:
        return legal
    A = state.game.actions
    rows = _word_rows(state)
    keep = set()
    if len(rows):
        sc = greedy_score(state.lex.lens, rows)
        for i in np.argsort(-sc, kind="stable")[:words].tolist():
            keep.add(_word_action(rows[i]))
    keep.update(a for a in legal if a >= A.ROTATE)
    t = worst_tile(state.hands[state.player])
    if A.EXCHANGE + t in legal:
        keep.add(A.EXCHANGE + t)
    out = [a for a in legal if a in keep]
    return out or legal


class Determinized(Player):
    """A player that sees a determinised copy (hidden opening words redrawn) of the position."""

    def __init__(self, inner: Player, seed: int | None):
        self.inner, self.name = inner, getattr(inner, "name", "player")
        self.rng = py_random(seed, "determinize")

    def choose(self, state) -> int:
        return self.inner.choose(state.determinize(state.current_player(), self.rng))


def _greedy(game, seed=None):
    return GreedyPlayer(seed)


def _lookahead(game, seed=None):
    return LookaheadPlayer(seed)


def _flat_mc(game, seed=None, simulations: int = 48):
    return FlatMonteCarloPlayer(seed, simulations=simulations)


def _mcts(game, seed=None, simulations: int = 48):
    p = MCTSPlayer(simulations=simulations, seed=seed, rollout=_mcts_rollout, candidates=mcts_candidates)
    p.name = "mcts"
    return p


def _claiming(build):
    """A player factory whose players, in a game of the claim reading, claim and play as in the
    automatic reading (:class:`.spotting.Spotter`)."""
    def make(game, *args, **kwargs):
        p = build(game, *args, **kwargs)
        return Spotter(p) if getattr(game, "spotting", "auto") == "claim" else p
    return make


class _Players(player_list):
    """The game's players (its own and the plug-ins'), each wrapped by :func:`_claiming`."""

    def _all(self):
        return tuple(dataclasses.replace(s, build=_claiming(s.build)) for s in super()._all())


PLAYERS = _Players("octoverso", (
    RANDOM,
    PlayerSpec("greedy", "an OCTO if it has one, else the word laying the most hand letters; exchanges "
               "its most awkward tile when it has no word", _greedy),
    PlayerSpec("lookahead", "two plies: its best words scored by the hand difference after the "
               "opponent's best reply", _lookahead),
    PlayerSpec("flat-mc", "flat Monte Carlo: the lookahead's best 6 words, each scored by seeded "
               "epsilon-greedy playouts (simulations in all)", _flat_mc, options=("simulations",)),
    PlayerSpec("mcts", "UCT (core/mcts.py) over a shortlist of actions with short epsilon-greedy "
               "playouts", _mcts, options=("simulations",)),
))  # + openspiel-mcts, registered by octosolve/interop/players.py


def new_player(name: str, game, *, seed: int | None = None, **options):
    """Player ``name`` of :data:`PLAYERS` for ``game`` (module level, so picklable: the match
    layer's ``new_player``)."""
    from ..core.players import make_player

    return make_player(PLAYERS, name, game, seed=seed, **options)
