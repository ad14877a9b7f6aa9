"""Octiles: see docs/rules/octiles.md."""
