"""Octoverso: see docs/rules/octoverso.md."""
