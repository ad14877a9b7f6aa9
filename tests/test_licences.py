"""Every data file's licence is stated once, in the "Licences" table of its folder's SOURCES.md, with
an SPDX identifier; the wheel ships no data file (issue 21)."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
KNOWN = {"MIT", "GPL-3.0-only", "LicenseRef-SCOWL", "CC-BY-SA-4.0"}


def _table(sources: Path) -> dict[str, str]:
    text = sources.read_text(encoding="utf-8")
    assert "\n## Licences\n" in text, f"{sources} has no '## Licences' section"
    section = text.split("\n## Licences\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| ([^|]+?) \|", section, re.M)
    assert rows, f"{sources}: empty licence table"
    return {pattern: licence for pattern, licence in rows}


def test_every_data_file_has_one_licence_row():
    missing, unknown, twice = [], [], []
    folders = [d for d in (ROOT / "data").iterdir() if d.is_dir()]
    assert len(folders) == 5
    for folder in folders:
        table = _table(folder / "SOURCES.md")
        for lic in table.values():
            if not set(re.split(r"\s+AND\s+|\s+OR\s+", lic)) <= KNOWN:
                unknown.append(f"{folder.name}: {lic}")
        for f in folder.rglob("*"):
            if not f.is_file() or f.name == "SOURCES.md":
                continue
            rel = f.relative_to(folder).as_posix()
            hits = [p for p in table if fnmatch.fnmatch(rel, p)]
            if not hits:
                missing.append(f"data/{folder.name}/{rel}")
            elif len(hits) > 1:
                twice.append(f"data/{folder.name}/{rel}: {hits}")
    assert missing == [] and unknown == [] and twice == []


def test_gpl_file_ships_with_its_licence_text_and_the_wheel_has_no_data():
    assert _table(ROOT / "data" / "octoverso" / "SOURCES.md")["lexicon.tsv.gz"] == "GPL-3.0-only"
    assert "GNU GENERAL PUBLIC LICENSE" in (ROOT / "data/octoverso/COPYING.GPL-3").read_text()[:200]
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["license"] == {"text": "MIT"}
    shipped = meta["tool"]["setuptools"].get("package-data", {})
    assert all(not any("data" in g.split("/")[0] for g in globs) for globs in shipped.values())
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
