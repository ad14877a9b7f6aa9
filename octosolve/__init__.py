"""octosolve: solvers, engines and puzzle analysis for five 'octo' games."""

__version__ = "0.1.0"
