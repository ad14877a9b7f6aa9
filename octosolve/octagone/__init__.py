"""Octagone: see docs/rules/octagone.md."""
