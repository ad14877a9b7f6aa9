"""Pieces shared by every game: errors, paths, JSON output, seeding, lexicons, SVG, batch runner,
the common game-state API, statistics and a generic MCTS."""
