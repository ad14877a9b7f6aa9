"""Re-prove the hardest rows of ``data/octagone/perfect-play.json`` by proof-number search.

The perfect-play file's rows were proven by the alpha-beta (``solve(..., target="outcome")``).
This script takes the rows whose proof took at least ``--min-nodes`` alpha-beta nodes (default 2e8:
42 deals, among them the 16 the 5e8 budget left and the 3e9 budget proved), plays each deal again to the file's free
cells and proves the mover's outcome a second way, by df-pn (``method="dfpn"``: proof and
disproof numbers over its own move generator down to 14 free cells, the alpha-beta below), with
``--max-nodes`` nodes. It writes ``--out`` (default ``data/octagone/perfect-play-dfpn.json``)
after every row, whole or not at all, so ``--from`` the same file continues where a stopped run
left off; Ctrl-C stops it (exit 130). A row whose df-pn outcome differs from the file's is
reported and the script exits 1: a disagreement means one of the two searches is wrong.

The report (``octosolve report``) checks that the file's rows agree with perfect-play.json.

    python scripts/octagone_dfpn_recheck.py --workers 2 --max-nodes 6000000000

The last line printed is one JSON object (``{"ratio": confirmed / rows, ...}``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FORMAT = "octagone-dfpn-recheck/1"


def mover_value(row: dict) -> int:
    """The file's outcome for the player to move (-1, 0, 1)."""
    v = row["value_first"] if row["to_move"] == row["first"] else -row["value_first"]
    return (v > 0) - (v < 0)


def recheck_row(task) -> dict:
    seed, free, players, max_nodes = task
    from octosolve.octagone.measures import played_position
    from octosolve.octagone.solve import search_value

    st = played_position(seed, free, tuple(players))
    if st is None:
        return {"seed": seed, "reached": False}
    t0 = time.process_time()
    r = search_value(st, window=(-1, 1), method="dfpn", max_nodes=max_nodes)
    row = {"seed": seed, "reached": True, "dfpn_nodes": int(r["nodes"]),
           "proven": not r["aborted"], "cpu_s": round(time.process_time() - t0, 1)}
    if row["proven"]:
        row["value_to_move"] = int(r["value"])
    return row


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(ROOT / "data/octagone/perfect-play.json"))
    ap.add_argument("--min-nodes", type=float, default=2e8,
                    help="re-prove the rows whose alpha-beta proof took at least this many nodes")
    ap.add_argument("--max-nodes", type=float, default=6e9, help="df-pn's budget a position")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "data/octagone/perfect-play-dfpn.json"))
    ap.add_argument("--from", dest="start", help="keep this earlier output's proven rows")
    ap.add_argument("--quick", action="store_true", help="the two cheapest rows at 1e8 nodes (a smoke test)")
    args = ap.parse_args(argv)
    from octosolve.core.jsonout import write_json

    if not 1 <= args.workers <= 64 or args.max_nodes < 1e5 or args.min_nodes < 0:
        print("error: --workers must be 1..64, --max-nodes at least 1e5, --min-nodes at least 0",
              file=sys.stderr)
        return 2
    try:
        data = json.loads(Path(args.data).read_text(encoding="utf-8"))
        res = data["results"]
        rows = [r for r in res["rows"] if r.get("proven") and r["nodes"] >= args.min_nodes]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"error: {args.data}: not a perfect-play file ({e})", file=sys.stderr)
        return 2
    rows.sort(key=lambda r: r["nodes"])
    max_nodes = int(args.max_nodes)
    if args.quick:
        rows = [r for r in res["rows"] if r.get("proven")]
        rows.sort(key=lambda r: r["nodes"])
        rows, max_nodes = rows[:2], 10**8
    kept = {}
    if args.start:
        try:
            old = json.loads(Path(args.start).read_text(encoding="utf-8"))
            assert old["format"] == FORMAT
            kept = {r["seed"]: r for r in old["rows"] if r.get("proven")}
        except (OSError, ValueError, KeyError, TypeError, AssertionError) as e:
            print(f"error: {args.start}: not an output of this script ({e})", file=sys.stderr)
            return 2
    out = {"format": FORMAT, "perfect_play": Path(args.data).name, "free_cells": res["free_cells"],
           "players": res["players"], "min_nodes": args.min_nodes, "max_nodes": max_nodes,
           "command": "python scripts/octagone_dfpn_recheck.py " + " ".join(argv or sys.argv[1:]),
           "rows": []}
    by_seed = {}
    todo = []
    for r in rows:
        if r["seed"] in kept:
            by_seed[r["seed"]] = kept[r["seed"]]
        else:
            todo.append((r["seed"], res["free_cells"], res["players"], max_nodes))
    from octosolve.core.batch import run_batch

    bad = 0
    try:
        for i in range(0, len(todo), args.workers):  # a chunk at a time, written after each
            for got in run_batch(recheck_row, todo[i:i + args.workers], workers=args.workers,
                                 desc="df-pn"):
                by_seed[got["seed"]] = got
                print(json.dumps(got), flush=True)
            out["rows"] = [by_seed[r["seed"]] for r in rows if r["seed"] in by_seed]
            if not args.quick:
                write_json(args.out, out)
    except KeyboardInterrupt:
        print("stopped (Ctrl-C); rows so far in " + args.out, file=sys.stderr)
        return 130
    confirmed = 0
    for r in rows:
        g = by_seed.get(r["seed"])
        if g is None or not g.get("proven"):
            continue
        if g["value_to_move"] == mover_value(r):
            confirmed += 1
        else:
            bad += 1
            print(f"DISAGREE: deal {r['seed']}: alpha-beta {mover_value(r)}, df-pn {g['value_to_move']}")
    what = "the 2 cheapest rows (--quick)" if args.quick else \
        f"{len(rows)} rows with alpha-beta proofs of at least {args.min_nodes:.3g} nodes"
    print(f"{what}; "
          f"df-pn ({max_nodes:.3g} nodes each) confirms {confirmed}, disagrees on {bad}, "
          f"leaves {len(rows) - confirmed - bad} unproven")
    print(json.dumps({"ratio": confirmed / len(rows) if rows else 0.0, "rows": len(rows),
                      "confirmed": confirmed, "disagree": bad}))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
