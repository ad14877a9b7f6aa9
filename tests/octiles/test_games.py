"""Octiles games (games.py): the table-driven tracer against rules.follow, legal moves against
brute-force references written from the rule text with rules.py's walker, and hand-made positions."""

import random

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.game import CHANCE, RandomPlayer, play
from octosolve.octiles import game as G
from octosolve.octiles import solitaire as Sol
from octosolve.octiles import topology as T
from octosolve.octiles import rules

TOPO = G.topology()
B = rules.board()


def random_placement(rng, fill=None):
    spaces = list(B.spaces)
    k = rng.randint(0, 17) if fill is None else fill
    chosen = rng.sample(spaces, k)
    tiles = rng.sample(range(18), k)
    return {s: rules.Placed(t, rng.randrange(8)) for s, t in zip(chosen, tiles)}


def arrays(placement):
    ta, ra = [-1] * 17, [0] * 17
    for s, (t, r) in placement.items():
        ta[TOPO.space_index[s]], ra[TOPO.space_index[s]] = t, r
    return ta, ra


def placement_of(state):
    return {TOPO.spaces[s]: rules.Placed(state.tile_at[s], state.rot_at[s])
            for s in range(17) if state.tile_at[s] >= 0}


# ------------------------------------------------------------------ topology and tracer

def test_topology_counts():
    assert len(TOPO.places) == 16 + 20
    # every tile edge linked once: 136 ends, 72 of them to stops/circles
    assert sum(len(x) for x in TOPO.place_links) == 72
    assert all(len(TOPO.place_links[p]) == 1 for p in range(16, 36))  # a circle touches one edge
    assert sorted(len(v) for v in TOPO.groups.values()) == [5, 5, 5, 5]
    for t in range(18):
        assert TOPO.canon_rots[t] == rules.distinct_rotations(t)
        for r in range(8):
            assert TOPO.conn[t][r] == rules.tile_partner(t, r)


@pytest.mark.parametrize("seed", range(12))
def test_trace_matches_rules_follow(seed):
    rng = random.Random(seed)
    pl = random_placement(rng)
    ta, ra = arrays(pl)
    for p, name in enumerate(TOPO.places):
        mine = []
        for k in range(len(TOPO.place_links[p])):
            dest, segs = G.trace(TOPO, ta, ra, p, k)
            if dest < 0:
                steps = tuple((TOPO.spaces[s], a, b) for s, a, b in segs[:-1])
                mine.append((None, steps))
            else:
                mine.append((TOPO.places[dest], tuple((TOPO.spaces[s], a, b) for s, a, b in segs)))
        ref = [(w.end, tuple(w.steps)) for w in rules.follow(pl, name)]
        assert sorted(mine, key=repr) == sorted(ref, key=repr)


# ------------------------------------------------------------------ references from the rule text

def ref_race_moves(state, need_space):
    """Move Over / Octiles runner moves, from the rules summary, with rules.follow."""
    me = state.cur
    side = state.start_side(me)
    starts = {c for c in B.ring if B.circle_group(c) == side}
    finish = {c for c in B.ring if B.circle_group(c) == B.opposite_group[side]}
    occupied = {TOPO.places[p] for rs in state.pos for p in rs}
    pl = placement_of(state)
    out = set()
    for i, p in enumerate(state.pos[me]):
        loc = TOPO.places[p]
        if loc in finish:
            continue  # a runner on a finish circle stays
        if B.is_circle(loc) and loc not in starts:
            continue
        for w in rules.follow(pl, loc):
            if w.end is None:
                continue
            if need_space is not None and need_space not in {st[0] for st in w.steps}:
                continue
            if w.end in occupied and w.end != loc:
                continue  # an occupied stop/circle blocks
            if B.is_circle(w.end) and w.end not in finish:
                continue  # not its own start circles, not another player's finish circles
            out.add((i, w.end))
    if all(c in occupied for c in starts):
        leaving = {(i, e) for i, e in out if TOPO.places[state.pos[me][i]] in starts and e not in starts}
        if leaving:
            out = leaving
    return out


def state_moves(state):
    me = state.cur
    res = set()
    for a in state.legal_actions():
        i, k = divmod(a - G.MOVE_BASE, 4)
        dest, _ = G.trace(TOPO, state.tile_at, state.rot_at, state.pos[me][i], k)
        res.add((i, TOPO.places[dest]))
    return res


def walk_states(variant, players, seed, turns):
    """Yield the states met in a random game."""
    game = G.make_game(variant=variant, players=players, max_turns=turns)
    st = game.new_initial_state()
    rng = random.Random(seed)
    while not st.is_terminal():  # a walk through the states (each yielded before its move)
        yield st
        if st.current_player() == CHANCE:
            a = rng.choice([a for a, _ in st.chance_outcomes()])
        else:
            a = rng.choice(st.legal_actions())
        st.apply_action(a)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_move_over_runner_moves_match_reference(players):
    checked = 0
    for seed in range(3):
        for st in walk_states("move-over", players, seed, 60):
            if st.current_player() == CHANCE or st.phase != "move":
                continue
            want = ref_race_moves(st, TOPO.spaces[st.placed_space])
            assert state_moves(st) == want
            assert want  # the move phase is only entered when a move exists
            checked += 1
    assert checked > 20


def test_octiles_full_game_moves_and_tile_actions():
    seen_rotate = seen_replace = 0
    for seed in range(3):
        for st in walk_states("octiles", 2, seed, 80):
            if st.current_player() == CHANCE:
                continue
            legal = st.legal_actions()
            moves = {a for a in legal if G.MOVE_BASE <= a < G.ROTATE_BASE}
            want = ref_race_moves(st, None)
            got = state_moves_subset(st, moves)
            empties = [s for s in range(17) if st.tile_at[s] < 0]
            if got != want:
                # only allowed difference: the "move a runner out" rule removed the tile actions
                raise AssertionError((got, want))
            for a in legal:
                if a < G.MOVE_BASE:
                    t, s, r = a // 136, a % 136 // 8, a % 8
                    assert t == st.top
                    if st.tile_at[s] >= 0:
                        assert not empties and s not in st.marks
                        seen_replace += 1
                elif G.ROTATE_BASE <= a < G.PASS:
                    s, r = divmod(a - G.ROTATE_BASE, 8)
                    assert not empties and s not in st.marks
                    t = st.tile_at[s]
                    assert set(rules.tile_segments(t, r)) != set(rules.tile_segments(t, st.rot_at[s]))
                    seen_rotate += 1
    assert seen_rotate and seen_replace


def state_moves_subset(state, moves):
    me = state.cur
    res = set()
    for a in moves:
        i, k = divmod(a - G.MOVE_BASE, 4)
        dest, _ = G.trace(TOPO, state.tile_at, state.rot_at, state.pos[me][i], k)
        res.add((i, TOPO.places[dest]))
    return res


# ------------------------------------------------------------------ Team Up reference

def ref_connecting_paths(state, player, pl):
    """Paths (their steps) joining two runners of ``player``, and the union-find groups."""
    locs = {TOPO.places[p]: i for i, p in enumerate(state.pos[player])}
    paths, parent = [], list(range(len(locs)))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for loc, i in locs.items():
        for w in rules.follow(pl, loc):
            if w.end in locs and w.end != loc:
                paths.append(w.steps)
                parent[find(i)] = find(locs[w.end])
    groups = len({find(i) for i in range(len(locs))})
    return paths, groups


def ref_teamup_placements(state):
    me = state.cur
    pl = placement_of(state)
    occupied = {TOPO.places[p] for rs in state.pos for p in rs}
    protected = {}
    for q in range(state.n):
        if q == me:
            continue
        for steps in ref_connecting_paths(state, q, pl)[0]:
            for sp, a, b in steps:
                protected.setdefault(sp, set()).add(frozenset((a, b)))
    out = set()
    for t in state.pool:
        for sp in B.spaces:
            for r in rules.distinct_rotations(t):
                segs = {frozenset(x) for x in rules.tile_segments(t, r)}
                if sp in pl and not protected.get(sp, set()) <= segs:
                    continue  # the switch tile must keep the other players' paths
                new = dict(pl)
                new[sp] = rules.Placed(t, r)
                ok = False
                for p in state.pos[me]:
                    loc = TOPO.places[p]
                    for w in rules.follow(new, loc):
                        if w.end is not None and (w.end not in occupied or w.end == loc):
                            ok = True
                if not ok and ref_connecting_paths(state, me, new)[1] == 1:
                    ok = True  # a placement that wins needs no runner move
                if ok:
                    out.add(t * 136 + TOPO.space_index[sp] * 8 + r)
    return out


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.integration)])
def test_teamup_placements_match_reference(players):
    checked = with_protection = rejected = 0
    for seed in range(4):
        for n_state, st in enumerate(walk_states("team-up", players, seed, 40)):
            if st.phase != "place" or n_state % 3:
                continue
            legal = set(st.legal_actions()) - {G.PASS}
            want = ref_teamup_placements(st)
            assert legal == want
            checked += 1
            prot = T.protected_masks(st, st.cur)
            if any(prot):
                with_protection += 1
                # some exchange is refused because of the protection
                for s in range(17):
                    if prot[s] and st.tile_at[s] >= 0:
                        for t in st.pool:
                            for r in TOPO.canon_rots[t]:
                                if prot[s] & ~TOPO.segmask[t][r]:
                                    rejected += 1
    assert checked >= 20 and with_protection >= 3 and rejected > 0


def test_teamup_exchange_keeps_other_players_paths():
    kept = 0
    for seed in range(4):
        for st in walk_states("team-up", 2, seed, 40):
            if st.phase != "place":
                continue
            other = 1 - st.cur
            before = ref_connecting_paths(st, other, placement_of(st))[0]
            if not before:
                continue
            for a in st.legal_actions()[:300]:
                if a >= G.MOVE_BASE:
                    continue
                c = st.clone()
                c.apply_action(a)
                after = ref_connecting_paths(c, other, placement_of(c))[0]
                # same paths (as sets of board segments) still join the other player's runners
                norm = lambda ps: {frozenset(frozenset(((sp, x), (sp, y))) for sp, x, y in steps)  # noqa: E731
                                   for steps in ps}
                assert norm(before) <= norm(after)
                kept += 1
    assert kept > 50


# ------------------------------------------------------------------ hand-made Team Up positions

def chain_position():
    """A full placement and 5 places forming a chain A-B-C-D-E of paths (found by search)."""
    rng = random.Random(7)
    for _ in range(2000):
        pl = random_placement(rng, fill=17)
        ta, ra = arrays(pl)
        adj = Sol.place_graph(ta, ra)
        for start in range(36):
            chain, seen = [start], {start}
            while len(chain) < 5:
                nxt = [d for d in adj[chain[-1]] if d not in seen]
                if not nxt:
                    break
                chain.append(nxt[0])
                seen.add(nxt[0])
            if len(chain) == 5:
                return ta, ra, chain
    raise AssertionError("no chain found")


def teamup_state(ta, ra, runners, **kw):
    """A Team Up state with the given board; ``runners[p]`` = place indices of player p."""
    game = G.make_game(variant="team-up", players=len(runners), **kw)
    st = game.new_initial_state()
    st.tile_at, st.rot_at = list(ta), list(ra)
    st.pool = sorted(set(range(18)) - {t for t in ta if t >= 0})
    st.pos = [list(r) for r in runners]
    st.occ = [-1] * 36
    for p, rs in enumerate(st.pos):
        for i, x in enumerate(rs):
            st.occ[x] = p * 8 + i
    st._legal_cache = None
    return st


def free_places(exclude, n):
    return [p for p in range(36) if p not in exclude][:n]


def test_teamup_connected_and_win_at_start_of_turn():
    ta, ra, chain = chain_position()
    others = free_places(set(chain), 5)
    st = teamup_state(ta, ra, [others, chain])
    assert G.components(st, 1) == 1
    assert G.components(st, 0) >= 1
    st.cur = 0
    st._begin_turn()
    assert not st.is_terminal()
    # player 0 plays any complete turn; player 1 then wins at the start of its turn
    legal = st.legal_actions()
    if legal == [G.PASS]:
        st.apply_action(G.PASS)
    else:
        st.apply_action(legal[0])
        if not st.is_terminal():
            st.apply_action(st.legal_actions()[0])
    assert st.is_terminal() and st.winners() == [1]
    assert st.end_reason == "connected at the start of the turn"
    assert st.returns() == [-1.0, 1.0]


def test_teamup_win_by_placement_and_joint_winners():
    ta, ra, chain = chain_position()
    # break the chain: empty a space its paths use
    topo = TOPO
    _, segs = G.trace(topo, ta, ra, chain[0], next(k for k in range(len(topo.place_links[chain[0]]))
                                                  if G.trace(topo, ta, ra, chain[0], k)[0] == chain[1]))
    s = segs[0][0]
    t, r = ta[s], ra[s]
    ta2 = list(ta)
    ta2[s] = -1
    others = free_places(set(chain), 5)
    for joint in (False, True):
        st = teamup_state(ta2, ra, [chain, others], joint_winners=joint)
        assert G.components(st, 0) > 1
        a = t * 136 + s * 8 + TOPO.same_shape[t][r]
        assert a in st.legal_actions()  # legal even if no runner could move afterwards
        st.apply_action(a)
        assert st.is_terminal() and 0 in st.winners()
        assert st.end_reason == "connected by placing a tile"
        if joint:
            assert st.winners() == [0] + ([1] if G.components(st, 1) == 1 else [])


def test_teamup_joint_winners_variant():
    ta, ra, chain = chain_position()
    # both players connected: player 1 holds the chain, player 0 a copy of ... use the chain for 0
    # and check that with joint winners the other connected player also wins
    st = teamup_state(ta, ra, [chain, free_places(set(chain), 5)], joint_winners=True)
    st._finish([0], "connected")
    assert 0 in st.winners()
    assert (1 in st.winners()) == (G.components(st, 1) == 1)
    st2 = teamup_state(ta, ra, [chain, free_places(set(chain), 5)])
    st2._finish([0], "connected")
    assert st2.winners() == [0]


def test_teamup_impasse_last_valid_mover_wins(monkeypatch):
    game = G.make_game(variant="team-up", players=3)
    st = game.new_initial_state()
    # player 0 makes a valid turn
    a = st.legal_actions()[0]
    st.apply_action(a)
    st.apply_action(st.legal_actions()[0])
    assert st.cur == 1
    monkeypatch.setattr(G, "teamup_placements", lambda s: [])
    for p in (1, 2):
        assert st.legal_actions() == [G.PASS]
        st.apply_action(G.PASS)
    assert not st.is_terminal()  # player 0 has not passed yet
    st.apply_action(G.PASS)
    assert st.is_terminal() and st.winners() == [0] and st.end_reason == "impasse"
    assert st.returns() == [1.0, -0.5, -0.5]


def test_resignation_keeps_runners_and_skips_the_player():
    game = G.make_game(variant="team-up", players=3, allow_resign=True)
    st = game.new_initial_state()
    assert G.RESIGN in st.legal_actions()
    before = [list(r) for r in st.pos]
    st.apply_action(G.RESIGN)
    assert st.resigned[0] and not st.is_terminal() and st.cur == 1
    assert st.pos == before  # the resigned player's runners stay on the board
    st.apply_action(st.legal_actions()[0])
    if not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.cur == 2 or st.is_terminal()
    if not st.is_terminal():
        st.apply_action(G.RESIGN)
        assert st.is_terminal() and st.winners() == [1]
    two = G.make_game(variant="move-over", players=2, allow_resign=True).new_initial_state()
    two.apply_action(two.chance_outcomes()[0][0])
    two.apply_action(G.RESIGN)
    assert two.winners() == [1]


def test_teamup_partial_turn_only_to_win():
    # no placement that neither allows a move nor wins is legal (checked against the reference above);
    # at the start every runner is on a circle, the board is empty: legal placements must free a move
    st = G.make_game(variant="team-up", players=2).new_initial_state()
    for a in st.legal_actions():
        c = st.clone()
        c.apply_action(a)
        assert c.phase == "move" and c.legal_actions()


# ------------------------------------------------------------------ Move Over positions

def test_move_over_start():
    st = G.make_game().new_initial_state()
    assert st.current_player() == CHANCE
    outs = st.chance_outcomes()
    assert [a for a, _ in outs] == list(range(18)) and abs(sum(p for _, p in outs) - 1) < 1e-12
    st.apply_action(5)
    assert st.top == 5 and st.current_player() == 0
    assert len(st.legal_actions()) == 17 * len(rules.distinct_rotations(5))
    assert [TOPO.places[p] for p in st.pos[0]] == ["A1", "A2", "A3", "A4", "A5"]
    assert [TOPO.places[p] for p in st.pos[1]] == ["F6", "F5", "F4", "F3", "F2"]
    four = G.make_game(players=4).new_initial_state()
    assert all(len(r) == 4 for r in four.pos)


def test_move_over_stack_and_replacement():
    st = G.make_game().new_initial_state()
    rng = random.Random(3)
    replaced = False
    for _ in range(400):
        if st.is_terminal():
            break
        if st.current_player() == CHANCE:
            st.apply_action(rng.choice(st.legal_actions()))
            continue
        a = rng.choice(st.legal_actions())
        if a < G.MOVE_BASE and st.tile_at[a % 136 // 8] >= 0:
            old = st.tile_at[a % 136 // 8]
            st.apply_action(a)
            # the replaced tile goes under the stack (and comes up again once the rest is used)
            assert (st.tail and st.tail[-1] == old) or (not st.hidden and not st.tail and st.top == old)
            replaced = True
        else:
            st.apply_action(a)
        on_board = [t for t in st.tile_at if t >= 0]
        all_tiles = on_board + st.hidden + st.tail + ([st.top] if st.top >= 0 else [])
        assert sorted(all_tiles) == list(range(18))
    assert replaced


def test_race_winner_and_teams():
    st = G.make_game(players=4, teams=True).new_initial_state()
    fin = [sorted(s) for s in st.finish_sets]
    st.pos[0] = fin[0][:4]
    st.pos[2] = fin[2][:4]
    assert st._race_winners(0) == [0, 2]
    assert G.returns_for([0, 2], 4) == [1.0, -1.0, 1.0, -1.0]
    st.pos[2] = list(st.start_sets[2])[:4]
    assert st._race_winners(0) == []
    assert G.returns_for([1], 3) == [-0.5, 1.0, -0.5]
    assert G.returns_for([], 2) == [0.0, 0.0]


@pytest.mark.parametrize("variant,players", [("move-over", 2), ("move-over", 4), ("octiles", 3),
                                             ("team-up", 2), ("team-up", 4)])
def test_random_games_invariants(variant, players):
    game = G.make_game(variant=variant, players=players, max_turns=60)
    for seed in range(2):
        st = game.new_initial_state()
        clones = []

        def check(s, p, a):
            if p != CHANCE:
                legal = s.legal_actions()
                assert legal == sorted(set(legal)) and legal and a in legal
                assert all(0 <= x < G.NUM_ACTIONS for x in legal)
                clones.append((s.clone(), legal))

        play(st, [RandomPlayer(seed + i) for i in range(players)], rng=random.Random(seed),
             on_move=check)
        assert st.is_terminal() and len(st.history) >= len(clones)
        for c, legal in clones + [(st, [])]:
            assert c.legal_actions() == legal  # clones are independent of the played state
            places = [p for rs in c.pos for p in rs]
            assert len(places) == len(set(places))
            assert all(c.occ[p] >= 0 for p in places) and sum(o >= 0 for o in c.occ) == len(places)
            tiles = [t for t in c.tile_at if t >= 0]
            assert len(tiles) == len(set(tiles))
            if variant == "team-up":
                assert sorted(tiles + c.pool) == list(range(18))
        assert len(st.history) <= game.info.max_game_length
        assert abs(sum(st.returns())) < 1e-9
    with pytest.raises(OctoError):
        st.apply_action(0)


def test_bad_parameters():
    for kw in ({"variant": "chess"}, {"players": 5}, {"teams": True}, {"runners": 7},
               {"variant": "team-up", "runners": 3}, {"colour": "red"}):
        with pytest.raises(OctoError):
            G.make_game(**kw)


def test_illegal_action_is_an_error():
    st = G.make_game().new_initial_state()
    st.apply_action(0)
    with pytest.raises(OctoError):
        st.apply_action(G.MOVE_BASE)  # a move before the placement
    with pytest.raises(OctoError):
        st.apply_action(1 * 136)  # not the top tile


def test_play_loop_reaches_an_end():
    game = G.make_game(variant="move-over", max_turns=30)
    st = game.new_initial_state()
    play(st, [RandomPlayer(1), RandomPlayer(2)], rng=random.Random(0))
    assert st.is_terminal()


from hypothesis import given, settings, strategies as hst  # noqa: E402


@settings(max_examples=40, deadline=None)
@given(hst.lists(hst.tuples(hst.integers(0, 16), hst.integers(0, 17), hst.integers(0, 7)), max_size=17))
def test_place_graph_symmetric_and_matches_follow(items):
    """Property: a path read from either end joins the same two places (place_graph is symmetric),
    and its ends agree with rules.follow."""
    pl, used = {}, set()
    for s, t, r in items:
        sp = TOPO.spaces[s]
        if sp in pl or t in used:
            continue
        pl[sp] = rules.Placed(t, r)
        used.add(t)
    ta, ra = arrays(pl)
    adj = Sol.place_graph(ta, ra)
    for p, ds in adj.items():
        for d in ds:
            assert p in adj[d]
        ends = {w.end for w in rules.follow(pl, TOPO.places[p]) if w.end is not None}
        assert {TOPO.places[d] for d in ds} == ends


def test_the_match_suite_commands_are_ones_the_cli_takes():
    """The suite's data file and its README give each match's command line for a reader to rerun;
    a match without a search player has no --simulations (the command refuses it there), and the
    stored commands are the plan's."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from octosolve.cli import cli
    from octosolve.octiles.report_games import SUITE_FILE, match_command, suite_plan

    doc = json.loads(Path(SUITE_FILE).read_text())
    plan = [match_command(m, doc["seed"]) for m in suite_plan()]
    assert doc["planned"] == plan
    assert "--players greedy,random --games 20 --max-turns 200" in " ".join(plan)
    for m in doc["matches"]:
        assert m["command"] in plan
    r = CliRunner().invoke(cli, "octiles match --variant move-over --players greedy,random --games 20 "
                                "--simulations 1".split())
    assert r.exit_code == 2 and "none of the players given (greedy, random) is one of them" in r.output
