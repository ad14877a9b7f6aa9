"""Played games of Octagone: one game between computer players with its readable record
(:func:`play_record`, over ``core.game.play``), matches with the seats rotating (:func:`run_match`,
over ``core.match``) and the replay of stored games (:func:`recheck`). The measurements made of
played games (first-player advantage, the long ``measure`` runs) are analyses: :mod:`.solve`.
"""

from __future__ import annotations

import random

from ..core.errors import fail
from ..core.game import play
from ..core.match import match, play_one, tally_by_team
from ..core.record import summary
from ..core.seeding import chance_rng, player_seed
from .position import hand_to_json
from .geometry import PASS
from .rules import OctagoneGame, OctagoneState

__all__ = ["random_state", "position_with_free", "play_record", "seat_seed", "run_match", "recheck", "record_extras", "match_spec", "check_pairs",
           "pair_results"]


def record_extras(state: OctagoneState) -> dict:
    """The Octagone fields of a game record: who placed the Dama (``first``), the shields left in
    each hand and, for a finished game, why it ended."""
    out = {"first": int(state.first), "shields_left": [int(x) for x in state.shields_left()]}
    if state.over:
        out["end_reason"] = state.end_reason
    return out



def match_spec(game_params: dict | None = None, player_options: dict | None = None):
    """The picklable match description of an Octagone game (``core.match.game_spec`` over the game's
    own ``rules.make_game``, ``players.new_player`` and :func:`record_extras`)."""
    from ..core.match import game_spec
    from .players import new_player
    from .rules import make_game

    return game_spec("octagone", make_game, new_player, game_params, player_options, extras=record_extras)


def run_match(game_params: dict, names: list[str], games: int, seed: int, *, simulations=None,
              workers=1, scheduler=None, desc: str = "games") -> dict:
    """``core.match.match`` for Octagone (seats rotate; the Dama's holder is drawn from each deal)."""
    opts = {} if simulations is None else {"simulations": simulations}
    spec = match_spec(game_params, opts)
    return match(spec, names, games, seed, workers=workers, scheduler=scheduler, desc=desc)


def check_pairs(names: list[str]) -> None:
    """Four players play in pairs, seats 0+2 against 1+3, and a match rotates the seats by one a
    game, so a pair keeps its players: a name in both pairs would win and lose every game at once
    (its score always one half, whatever it plays); so would one name in both seats of a
    two-player match. One-line error for such a ``--players``."""
    if len(names) == 2 and names[0] == names[1]:
        fail(f"{names[0]} against itself wins and loses every game: a match needs two different "
             "players (`octagone advantage` measures the seats)")
    if len(names) != 4:
        return
    both = sorted(set(names[0::2]) & set(names[1::2]))
    if both:
        a = names[0]
        b = next((x for x in names if x != a), None)
        fix = (f"give each pair its own players (e.g. --players {a},{b},{a},{b})" if b else
               "a player against itself measures nothing here (`octagone advantage` measures the seats)")
        fail(f"with four players the pairs are P0+P2 and P1+P3: {', '.join(both)} would play in both "
             f"pairs and win and lose every game; {fix}")


def pair_results(result: dict) -> dict:
    """A four-player match's results per name counted once a game (both seats of a pair share the
    pair's result; the shared tally counts a name once a seat, so a pair of one player showed twice
    the games played, and its interval as if they were independent)."""
    return tally_by_team(result)


def recheck(result: dict, sample: int = 4) -> int:
    """Replay the first ``sample`` kept games of a match result (the same seeds give the same
    games; the data files keep each game's summary, :func:`octosolve.core.record.summary`); an
    ``OctoError`` if one differs. Returns the number replayed."""
    opts = dict(result.get("options") or {})
    spec = match_spec(result["game"], opts)
    done = 0
    for g, rec in enumerate(result["records_kept"][:sample]):
        again = summary(play_one(spec, rec["seats"], rec["seed"], g))
        if again["winners"] != rec["winners"] or again["moves"] != rec["moves"]:
            fail(f"the stored game {g} of {rec['seats']} does not replay the same "
                 "(the data file is stale: run its command again)")
        done += 1
    return done


def play_record(game: OctagoneGame, players, seed: int, *, stop_after: int | None = None,
                first: int | None = None) -> tuple[dict, OctagoneState]:
    """Play one game between ``players`` (Player objects, one per seat) from the deal of ``seed``
    (or its first ``stop_after`` moves) with ``core.game.play``; returns (record, final state)."""
    st = game.new_initial_state(seed)
    n = game.config.players
    if first is not None:
        if not 0 <= first < n:
            fail(f"--first must be 0..{n - 1}")
        st.first = st.to_move = first
    iv = game.config.variant == "iv"
    record = {"game": game.params(), "seed": seed, "first": st.first,
              "hands": [hand_to_json(h, iv) for h in st.hands], "moves": []}

    def on_move(s, p, a):
        # the move's fields, and its notation (what the record and the printed game say)
        record["moves"].append({**s.move_record(p, a), "move": s.action_to_string(a)})

    play(st, players, rng=chance_rng(seed),
         max_moves=10**6 if stop_after is None else stop_after, on_move=on_move)
    record.update({"winners": st.winners() if st.over else None, "shields_left": st.shields_left(),
                   "over": st.over})
    if st.over:
        record["end_reason"] = st.end_reason
    return record, st


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the player in ``seat`` of a game played alone (core.seeding.player_seed)."""
    return player_seed(seed, 0, seat)


# ---------------------------------------------------------------- seeded positions (tests, benchmarks)
def random_state(seed: int, variant: str = "standard", players: int = 2, moves: int = 10,
                 wrap: str = "edge") -> OctagoneState:
    """A position reached by ``moves`` uniformly random moves from a seeded deal (for tests/benches)."""
    s = OctagoneGame(variant, players, wrap=wrap).new_initial_state(seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if s.over:
            break
        s.apply_action(rnd.choice(s.legal_actions()))
    return s


def position_with_free(seed: int, free: int, variant: str = "standard", wrap: str = "edge"
                       ) -> OctagoneState:
    """A 2-player position reached by random play with ``free`` free cells, not over, the Dama off
    the board and a shield to play (for benches and tests). Tries successive derived seeds."""
    g = OctagoneGame(variant, 2, wrap=wrap)
    for k in range(10_000):
        s = g.new_initial_state(seed * 10_007 + k)
        rnd = random.Random(seed * 10_007 + k)
        while not s.over:
            nfree = sum(1 for b in s.board if b < 0)
            if s.dama < 0 and s.last >= 0 and nfree == free and s.legal_actions() != [PASS]:
                return s
            if nfree < free:
                break
            s.apply_action(rnd.choice(s.legal_actions()))
    fail(f"no position with {free} free cells found")
