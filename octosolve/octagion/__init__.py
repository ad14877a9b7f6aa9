"""Octagion: see docs/rules/octagion.md."""
