"""Run the Octiles challenge proofs one after another (quick wins first), each as
`octosolve octiles prove N --variant V ...`, writing certificates to data/octiles/certificates/.

    nice python scripts/prove_octiles.py [--only 12,3] [--skip-settled] [--missing] [--scale 1.0]

One process at a time (the proofs use --workers 2 at most); a proof interrupted with Ctrl-C writes
nothing. The log line of every proof (status, value, bound, seconds) goes to stdout.
"""

from __future__ import annotations

import argparse
import sys
import time

from click.testing import CliRunner

from octosolve.core.files import atomic_write_text
from octosolve.octiles.challenges.certificates import load_certificate
from octosolve.octiles.challenges.commands import prove_cmd

# (challenge, variant, time limit per search in seconds, workers): quick wins first
PLAN = [
    (11, "twice", 60, 1), (11, "thrice", 300, 2), (2, "path-tiles", 60, 1),
    (15, "stops-1", 30, 1), (15, "stops-2", 30, 1), (15, "stops-3", 30, 1),
    (4, "once", 60, 1), (8, "pairs-0", 60, 1), (8, "pairs-1", 60, 1), (25, "whole-board", 60, 1),
    (26, "whole-board", 60, 1), (27, "whole-board", 60, 1), (28, "whole-board", 60, 1),
    (29, "whole-board", 60, 1),
    (17, "count", 600, 2), (18, "types", 600, 2), (9, "count", 600, 2),
    (12, "count", 600, 2),
    (2, "loop-tiles", 300, 2), (2, "loop-segments", 300, 2), (2, "loop-points", 300, 2),
    (2, "route-squares", 300, 2), (5, "printed", 300, 2), (6, "tiles", 300, 2),
    (6, "segments", 300, 2), (7, "count", 300, 2), (10, "count", 300, 2), (19, "count", 300, 2),
    (24, "count", 300, 2),
    (13, "self-crossing", 60, 1), (13, "twice-not-self-crossing", 60, 1), (20, "count", 60, 1),
    (21, "count", 60, 1), (22, "paths", 60, 1), (22, "loops", 60, 1), (22, "routes", 60, 1), (23, "segments", 60, 1),
    (3, "count", 600, 2), (14, "cross", 300, 2), (14, "share", 300, 2), (2, "path-points", 300, 2), (6, "points", 300, 2),
    (2, "path-segments", 300, 2), (18, "count", 300, 2), (16, "half-turn", 300, 2),
    (16, "quarter-turn", 300, 2), (30, "one-tile-paths", 300, 2),
    # the readings of issue 19 (new variants; the local searches start from data/octiles/starts/)
    *[(15, f"shared-{k}", 90, 1) for k in range(1, 17)], (26, "whole-board-ends", 300, 2),
    (22, "routes-any", 120, 1), (23, "routes", 300, 2), (23, "circuits", 300, 2),
    (23, "one-stop-circuits", 300, 2),
]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated challenge numbers")
    ap.add_argument("--skip-settled", action="store_true", help="skip variants already settled")
    ap.add_argument("--missing", action="store_true", help="only variants without a certificate")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every time limit")
    ap.add_argument("--docs", action="store_true",
                    help="only rewrite the certificate table in docs/octiles-challenges.md")
    a = ap.parse_args(argv)
    if a.docs:
        from octosolve.core.paths import REPO_DIR
        from octosolve.octiles.challenges.gallery import certificate_table
        p = REPO_DIR / "docs" / "octiles-challenges.md"
        text = p.read_text(encoding="utf-8")
        i, j = text.index("<!-- table -->"), text.index("<!-- /table -->")
        atomic_write_text(p, text[:i] + "<!-- table -->\n" + certificate_table() + "\n" + text[j:])
        return 0
    only = {int(x) for x in a.only.split(",") if x.strip()}
    for n, v, tl, w in PLAN:
        if only and n not in only:
            continue
        old = load_certificate(n, v)
        if a.missing and old is not None:
            continue
        if a.skip_settled and old is not None and old["status"] in ("optimal", "yes", "no"):
            continue
        t = time.perf_counter()
        r = CliRunner().invoke(prove_cmd, [str(n), "--variant", v, "--time-limit", f"{tl * a.scale:g}",
                                           "--workers", str(w)])
        print(f"[{time.strftime('%H:%M:%S')}] {n} {v}: exit {r.exit_code} "
              f"({time.perf_counter() - t:.0f} s) {r.output.strip()}", flush=True)
        if r.exception and not isinstance(r.exception, SystemExit):
            print(f"    error: {r.exception!r}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
