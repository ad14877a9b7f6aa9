#!/usr/bin/env python
"""Check that the README's tour is true to the code: run every `$ command` of its console blocks (in a
temporary folder that links to data/) and report the output lines the README shows that the command no
longer prints. Lines of `...` stand for cut output; timing lines ("... nodes in 0.01 s") are skipped.

    python scripts/check_readme.py        # exit status 1 when some output differs
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMING = re.compile(r"\d+ nodes in [\d.]+ s")


def main() -> int:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink(ROOT / "data", Path(tmp) / "data")
        for block in re.findall(r"```console\n(.*?)```", text, re.S):
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                lines = chunk.rstrip("\n").split("\n")
                cmd = lines[0].split("  #")[0].strip()
                shown = [ln.rstrip() for ln in lines[1:]
                         if ln.strip() and ln.strip() != "..." and not TIMING.search(ln)]
                run = subprocess.run(cmd, shell=True, cwd=tmp, capture_output=True, text=True)
                printed = {ln.rstrip() for ln in run.stdout.splitlines()}
                missing = [ln for ln in shown if ln not in printed]
                if run.returncode != 0:
                    missing.insert(0, f"(exit status {run.returncode}: {run.stderr.strip()[:200]})")
                print(("ok   " if not missing else "DIFF ") + cmd)
                for ln in missing[:5]:
                    print("     not printed:", ln)
                bad += bool(missing)
    print(f"{bad} command(s) differ from the README")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
