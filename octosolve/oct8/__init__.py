"""Oct8: see docs/rules/oct8.md."""
