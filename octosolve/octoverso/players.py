"""Computer players for Octoverso (all on the common state API).

* ``greedy``: plays an OCTO when it has one, otherwise the word laying the most hand letters;
  exchanges its most awkward tile when it has no word.
* ``lookahead``: for its best candidate moves (by letters laid) it counts what the move gives the
  opponent (the pushed letters, the interaction rule) and the opponent's best reply (by the same
  count), and keeps the move with the best hand difference after that reply.
* ``mc``: Monte-Carlo: the lookahead's best few candidates, each scored by the mean outcome of
  seeded playouts (epsilon-greedy for a few plies, then the hand difference).
* ``mcts``: the generic UCT player of octosolve.core.mcts with a short greedy-playout rollout.

All of them play the 4-seat team game too: "the opponent" is the next seat (who receives the pushed
letters and moves next), and a playout is scored by the team's best hand (fewest letters), since a
team wins as soon as one of its players empties their hand.
"""

from __future__ import annotations

import math

import numpy as np

from ..core.game import CHANCE, Player, RandomPlayer, sample_chance
from ..core.mcts import MCTSPlayer
from ..core.seeding import py_random
from . import rules as R

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
    return None


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
        team = state.num_players > 2
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


class MonteCarloPlayer(Player):
    """Flat Monte-Carlo over the lookahead's best ``top`` candidates: ``simulations`` playouts in
    all, shared equally."""

    name = "mc"

    def __init__(self, seed: int | None = None, simulations: int = 48, top: int = 6, plies: int = 6):
        self.rng = py_random(seed, "mc")
        self.look = LookaheadPlayer(seed)
        self.simulations, self.top, self.plies = simulations, top, plies

    def choose(self, state) -> int:
        a = _non_word_choice(state, self.rng)
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
    return [v if R.team_of(q) == 0 else -v for q in range(state.num_players)]


def make_player(name: str, seed: int | None = None, simulations: int = 48, game=None) -> Player:
    """A player by name: greedy, lookahead, mc, mcts, random, openspiel (OpenSpiel's MCTS bot)."""
    name = name.strip().lower()
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "lookahead":
        return LookaheadPlayer(seed)
    if name == "mc":
        return MonteCarloPlayer(seed, simulations=simulations)
    if name == "mcts":
        p = MCTSPlayer(simulations=simulations, seed=seed, rollout=_mcts_rollout)
        p.name = "mcts"
        return p
    if name == "random":
        return RandomPlayer(seed)
    if name in ("openspiel", "openspiel-mcts"):
        from ..interop.openspiel import OpenSpielMCTSPlayer

        return OpenSpielMCTSPlayer(game or R.make_game(), simulations=simulations, seed=seed or 0)
    from ..core.errors import fail

    fail(f"unknown player {name!r} (choose from {', '.join(PLAYER_NAMES)})")


PLAYER_NAMES = ("greedy", "lookahead", "mc", "mcts", "random", "openspiel")
