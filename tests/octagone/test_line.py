"""The best line (`solve --line`, octagone/line.py): a whole game of proven best moves, checked
against exhaustive minimax on small positions, and its two self-checks made to fail."""

import json
import random

import pytest
from click.testing import CliRunner

from octosolve.octagone import line as L
from octosolve.octagone.cli import group
from octosolve.octagone.rules import OctagoneGame
from octosolve.octagone.solve import minimax_reference


def _small_positions(n, free_max=9, wrap="edge"):
    out, seed = [], 0
    while len(out) < n:
        seed += 1
        g = OctagoneGame(wrap=wrap)
        st, rnd = g.new_initial_state(seed), random.Random(seed)
        while not st.over and sum(1 for b in st.board if b < 0) > free_max:
            st.apply_action(rnd.choice(st.legal_actions()))
        if not st.over:
            out.append(st)
    return out


@pytest.mark.integration
@pytest.mark.parametrize("wrap, free_max", [("edge", 9), ("torus", 6)])  # the torus's lines are long
def test_the_line_plays_to_the_minimax_value(wrap, free_max):
    for st in _small_positions(12, free_max, wrap=wrap):
        want = minimax_reference(st)
        ln = L.best_line(st)
        assert ln["proven"] and ln["value"] == want == ln["end_margin"]
        s = st.clone()  # the moves are a legal game from the position to its end
        for m in ln["moves"]:
            assert m["player"] == s.to_move and m["action"] in s.legal_actions()
            s.apply_action(m["action"])
        assert s.over and s.end_reason == ln["end_reason"]
        assert st.history == st.clone().history and not st.over  # the position is not changed
        out = L.best_line(st, target="outcome")
        assert out["value"] == (want > 0) - (want < 0) and out["end_margin"] * out["value"] >= 0


def test_a_pass_is_said_with_its_reason():
    for st in _small_positions(40):
        ln = L.best_line(st)
        passes = [m for m in ln["moves"] if m["move"].get("pass")]
        if passes:
            assert passes[0]["words"].startswith("passes (holds neither ")
            return
    pytest.fail("no pass in 40 best lines")


def test_a_line_not_proven_to_the_end_stops_and_says_so(monkeypatch):
    st = _small_positions(1)[0]
    real, calls = L.solve, []

    def second_unproven(s, **kw):
        calls.append(1)
        r = real(s, **kw)
        if len(calls) == 2:
            r = dict(r, proven=False, value=None, best_action=None)
        return r

    monkeypatch.setattr(L, "solve", second_unproven)
    ln = L.best_line(st)
    assert not ln["proven"] and ln["stopped_at"] == 1 and len(ln["moves"]) == 1
    assert ln["end_margin"] is None


def test_a_solver_that_contradicts_itself_breaks_the_line(monkeypatch):
    st = _small_positions(1)[0]
    real, calls = L.solve, []

    def lying(s, **kw):
        calls.append(1)
        r = real(s, **kw)
        return dict(r, value=r["value"] + 1) if len(calls) == 2 else r

    monkeypatch.setattr(L, "solve", lying)
    with pytest.raises(L.LineBroken, match="broke after 1 moves"):
        L.best_line(st)

    def lying_at_the_root(s, **kw):
        r = real(s, **kw)
        me_first = s.to_move == st.to_move
        return dict(r, value=r["value"] + (5 if me_first else -5))

    monkeypatch.setattr(L, "solve", lying_at_the_root)
    with pytest.raises(L.LineBroken, match="not the proven"):
        L.best_line(st)


def test_solve_line_command(tmp_path):
    st = _small_positions(1, free_max=12)[0]
    f = tmp_path / "p.json"
    f.write_text(json.dumps(st.to_json()))
    run = CliRunner().invoke
    r = run(group, ["solve", str(f), "--line"])
    assert r.exit_code == 0, r.output
    assert "the best line, both sides playing perfectly (" in r.output
    assert "  end: " in r.output and "as proven)" in r.output
    d = json.loads(run(group, ["solve", str(f), "--line", "--json"]).output)
    assert d["line"]["proven"] and d["line"]["end_margin"] == d["value"]
    assert len(r.output.splitlines()) == 3 + len(d["line"]["moves"]) + 1
    assert "line" not in json.loads(run(group, ["solve", str(f), "--json"]).output)


def test_the_hints_reason_is_said_for_a_newcomer():
    from octosolve.octagone.hint import HINT_MAX_FREE, exact_hint
    g = OctagoneGame()
    st, rnd = g.new_initial_state(4), random.Random(4)
    for _ in range(3):
        st.apply_action(rnd.choice(st.legal_actions()))
    why = exact_hint(st)["why"]
    assert "too many to work out at once" in why and f"from {HINT_MAX_FREE} free cells on" in why
    assert "solver" not in why and "takes over" not in why


def test_the_whole_lines_budget_stops_it_and_says_so():
    from octosolve.octagone.hint import hint_line
    st = _small_positions(1, free_max=14)[0]
    full = L.best_line(st)
    assert full["proven"] and full["nodes"] > 10
    cut = L.best_line(st, total_nodes=full["nodes"] // 2)
    assert not cut["proven"] and cut["nodes"] <= full["nodes"] // 2 + 2**16
    assert len(cut["moves"]) < len(full["moves"]) and cut["moves"] == full["moves"][:len(cut["moves"])]
    assert L.best_line(st, total_nodes=full["nodes"] + 2**17)["moves"] == full["moves"]
    short = hint_line(st, max_nodes=full["nodes"] // 2)
    assert not short["proven"] and short["why"].startswith("too hard to work out in time")
    ok = hint_line(st)
    assert ok["proven"] and [m["action"] for m in ok["moves"]] == [m["action"] for m in full["moves"]]
    assert ok["end_margin"] == full["end_margin"] and all("arrow " in m["words"] or "passes" in m["words"]
                                                         for m in ok["moves"])
