"""Tic-tac-toe, the test suite's sixth game (see ``manifest.py``): a small real game on the State
contract of ``octosolve/core/game.py``, with a misère variant (three in a row loses)."""
