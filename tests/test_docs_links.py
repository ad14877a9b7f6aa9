"""Every relative link and picture in the docs points to a file that exists (issue 19: the docs show
the results' pictures, ``../results/octiles/challenges/*.svg``, and must not point at a picture the
report no longer writes)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted(ROOT.glob("docs/**/*.md")) + [ROOT / "README.md"]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def links(text: str) -> list[str]:
    """The relative targets of markdown links, images and <img> tags, outside code blocks and
    inline code (web addresses, mail and in-page anchors left out)."""
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    out = []
    for m in LINK.finditer(text):
        t = m.group(1) or m.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", t) or t.startswith("#"):
            continue
        out.append(t.split("#")[0])
    return out


def test_the_link_finder_sees_images_links_and_img_tags():
    text = ("![a](x/a.svg) [b](b.md#part) <img src=\"c.png\" width=\"3\"> [w](https://e.org) [h](#top)\n"
            "`[no](not-a-link.md)`\n```\n![no](in-code.svg)\n```\n")
    assert links(text) == ["x/a.svg", "b.md", "c.png"]


def test_every_relative_link_in_the_docs_exists():
    missing, pictures = [], 0
    for md in DOCS:
        for t in links(md.read_text(encoding="utf-8")):
            pictures += t.endswith((".svg", ".png"))
            if not (md.parent / t).exists():
                missing.append(f"{md.relative_to(ROOT)}: {t}")
    assert not missing, missing
    assert pictures >= 20      # the screenshots and the challenge pictures are all checked


def test_the_challenge_docs_show_the_new_readings_and_witnesses():
    text = (ROOT / "docs" / "octiles-challenges.md").read_text(encoding="utf-8")
    shown = {Path(t).stem for t in links(text) if "results/octiles/challenges/" in t}
    for stem in ["challenge15-shared-12", "challenge22-routes-any", "challenge23-routes",
                 "challenge23-circuits", "challenge23-one-stop-circuits",
                 "challenge26-whole-board-ends", "challenge07-with-9", "challenge07-with-16-quarter",
                 "challenge25-with-29", "challenge28-with-29", "challenge03-count-witness"]:
        assert stem in shown, stem
