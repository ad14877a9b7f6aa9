"""Starting placements for new Octiles challenge variants (issue 19, readings): for each named
variant, the stored certificate placement (of any variant) that its own scorer rates best, written to
``data/octiles/starts/challengeNN-VARIANT.json`` (``octosolve octiles prove`` starts from it when the
variant has no certificate yet; the answer is re-checked by the tracer like every other).

    PYTHONPATH=. python scripts/octiles_starts_from_certificates.py 15:shared-1 15:shared-2 ...
"""

from __future__ import annotations

import sys

from octosolve.core.errors import fail
from octosolve.core.jsonout import write_json
from octosolve.core.paths import DATA_DIR
from octosolve.octiles import rules as R
from octosolve.octiles.challenges.catalogue import get_variant
from octosolve.octiles.challenges.certificates import all_certificates, load_certificate


def pool() -> list[tuple[str, dict]]:
    out = []
    for p in all_certificates():
        stem = p.stem[len("challenge"):]
        n, v = int(stem[:2]), stem[3:]
        d = load_certificate(n, v)
        if d and d.get("placement") is not None:
            out.append((d["file"], d["placement"]))
    return out


def main(argv: list[str]) -> int:
    if not argv:
        fail("name at least one variant as N:VARIANT")
    places = pool()
    traced = [(f, pl, R.trace(pl)) for f, pl in places]
    for arg in argv:
        if ":" not in arg:
            fail(f"expected N:VARIANT, got {arg!r}")
        n, v = arg.split(":", 1)
        _, var = get_variant(int(n), v)
        score, f, pl = max(((var.score(tr), f, pl) for f, pl, tr in traced), key=lambda t: t[0])
        path = DATA_DIR / "octiles" / "starts" / f"challenge{int(n):02d}-{v}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_json(path, {"challenge": int(n), "variant": v, "score": score,
                          "note": f"score {score}: the placement of {f}, the best stored one",
                          "placement": R.placement_to_json(pl)})
        print(f"{path.name}: score {score} from {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
