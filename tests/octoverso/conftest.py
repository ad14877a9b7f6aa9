import pytest

from octosolve.octoverso import rules as R


@pytest.fixture(scope="session")
def lex():
    return R.load_lexicon()


@pytest.fixture(scope="session")
def game():
    return R.make_game()


@pytest.fixture(scope="session")
def jgame():
    return R.make_game(jokers=True)
