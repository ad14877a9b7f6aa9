"""scripts/octagone_order_study.py (the learned move order tried for issue 20, docs/octagone.md): its
move list against the rules engine's legal actions, and its labels (each child's exact outcome)
against exhaustive minimax over the rules engine."""

from __future__ import annotations

import importlib.util
import sys
import pytest
from pathlib import Path

from octosolve.core.seeding import derive_seed
from octosolve.octagone import kernels as K
from octosolve.octagone.geometry import PASS
from octosolve.octagone.measures import played_position
from octosolve.octagone.solve import minimax_reference, mode_of, solver_position

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "octagone_order_study.py"
spec = importlib.util.spec_from_file_location("octagone_order_study", SCRIPT)
S = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = S
spec.loader.exec_module(S)


def positions():
    for i in range(12):
        st = played_position(derive_seed(4, "order-study", i), 8 + i % 3, ("greedy", "greedy"))
        if st is not None and not st.over and st.legal_actions() != [PASS]:
            yield st


@pytest.mark.integration
def test_moves_and_labels_match_the_rules():
    tab = K.Table(12)
    seen = 0
    for st in positions():
        occ, hands, t, p = solver_position(st)
        if hands[p, 7] == 1:
            continue
        hl = [list(map(int, hands[0])), list(map(int, hands[1]))]
        mode = mode_of(st)
        ms = S.moves(mode, occ, hl, t, p)
        by_move = {}
        for a in st.legal_actions():
            child = st.clone()
            child.apply_action(a)
            kind = 6 if (a - 336) // 8 == 4 else t // 7
            if not child.over:
                by_move.setdefault((kind, child.target()), child)
        assert set(ms) == set(by_move)
        for kind, nx in ms:
            outcome, nodes = S.label(occ, hl, t, p, kind, nx, mode, tab)
            ref = minimax_reference(by_move[(kind, nx)], p)
            assert outcome == (ref > 0) - (ref < 0)
            assert nodes >= 1
        seen += 1
    assert seen >= 6
