"""results/ as its readers read it: every relative link of the committed pages leads to a file,
results/README.md re-roots the links of each game's summary, and every game says the same thing
the same way (draws, not ties, in the first-player and match tables; "95% CI")."""

from __future__ import annotations

import re
from pathlib import Path

from octosolve.report import rebase_links

from .test_docs_links import links

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "results").glob("**/*.md"))


def test_rebase_links_makes_a_summary_link_relative_to_results():
    text = ("see ([challenges/verify.json](challenges/verify.json)), ![deck](deck.svg), "
            "[rules](../../docs/rules/oct8.md), [web](https://example.org/x) and [top](#top)")
    assert rebase_links(text, "octiles") == (
        "see ([challenges/verify.json](octiles/challenges/verify.json)), ![deck](octiles/deck.svg), "
        "[rules](../docs/rules/oct8.md), [web](https://example.org/x) and [top](#top)")


def test_every_relative_link_of_the_results_pages_exists():
    assert PAGES
    missing = [f"{md.relative_to(ROOT)}: {t}" for md in PAGES
               for t in links(md.read_text(encoding="utf-8")) if not (md.parent / t).exists()]
    assert not missing, missing


def test_every_game_says_draws_and_95_ci():
    for md in PAGES:
        text = md.read_text(encoding="utf-8")
        heads = [ln for ln in text.splitlines() if ln.startswith("|") and "wins" in ln]
        assert not [h for h in heads if re.search(r"\bties\b", h)], (md, heads)
        assert "with 95% confidence" not in text, md
    octagone = (ROOT / "results" / "octagone" / "README.md").read_text(encoding="utf-8")
    assert "| first wins | draws | first loses |" in octagone
    assert "wins / draws / losses" in octagone
