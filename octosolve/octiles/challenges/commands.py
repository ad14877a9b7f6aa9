"""The challenge commands as click command objects, registered by ``octosolve/octiles/cli.py``:

* ``prove_cmd`` (``octosolve octiles prove N [--question Q]``): the long proof of a variant, written as
  a certificate in ``data/octiles/certificates/`` (see :mod:`.prove`, :mod:`.certificates`);
* ``challenge_cmd`` (``octosolve octiles challenge N``): re-check a variant's certificate with the
  tracer and show its status (fast, deterministic); ``--fresh`` searches with the model instead;
* ``verify_cmd`` (``octosolve octiles verify``): re-check every certificate without a solver: the
  placement re-traced to the stored value and the bound's witness checked by independent code
  (:mod:`.verify`, :mod:`.witness`); exit status 1 on any failure.
"""

from __future__ import annotations

import click

from octosolve.core.clikit import (OutPath, json_option, old_spelling, scheduler_option, seconds, seed_option,
                                   svg_option, wrote, take_old_spelling, workers_option)
from octosolve.core.cpsat import deterministic as exact_time
from octosolve.core.errors import fail
from octosolve.core.jsonout import emit

__all__ = ["prove_cmd", "challenge_cmd", "verify_cmd"]

MAX_PROOF_SECONDS = 7 * 24 * 3600.0


def _saving(path, write) -> None:
    try:
        write()
    except OSError as e:
        fail(f"cannot write {path}: {e.strerror or e}")


def _stronger(new: dict, old: dict) -> bool:
    """Does the new certificate say more than the old one (a higher value or a lower bound, and
    nothing less)? An equal one keeps the first certificate and its provenance."""
    if old is None:
        return True
    if old["status"] in ("yes", "no") and new["status"] == old["status"]:
        return False  # (keep the first certificate and its provenance)
    if new["status"] in ("yes", "no"):
        return True
    if old["status"] in ("yes", "no"):
        return False
    nv, ov = new.get("value") or 0, old.get("value") or 0
    nb = new.get("bound") if new.get("bound") is not None else float("inf")
    ob = old.get("bound") if old.get("bound") is not None else float("inf")
    return nv >= ov and nb <= ob and (nv, -nb) != (ov, -ob)   # (equal: keep the first)


def _given(name: str) -> bool:
    """Was the option ``name`` given on the command line (not left at its default)?"""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) == ParameterSource.COMMANDLINE


class _NumberedCommand(click.Command):
    """A command whose NUMBER argument is a challenge number: a negative one ('challenge -1') was
    read as an unknown option ('No such option: -1'); it is named as the bad number it is."""

    def parse_args(self, ctx, args):
        import re

        valued = {o for p in self.params if isinstance(p, click.Option) and not p.is_flag for o in p.opts}
        prev = None
        for a in args:
            if re.fullmatch(r"-\d+(\.\d*)?", a) and prev not in valued:
                fail(f"challenge must be 1-30, got {a}")
            prev = a
        return super().parse_args(ctx, args)


SPLIT_STRATEGIES = ("proofs_paths:prove_12_by_end_split",)  # the strategies that use a scheduler


def _splits(var) -> bool:
    """Does the variant's proof split into cases that --scheduler can spread?"""
    return getattr(var.strategy, "target", None) in SPLIT_STRATEGIES


LOCAL_SEARCH_TIME = ("; a local search (13, 15, 20-23) scores a fixed number of placements, about "
                     "this many seconds' worth on the 2-core reference machine.")


def _deterministic_option(when: str = ""):
    """``--deterministic`` (prove, challenge --fresh): the run inside core.cpsat.deterministic."""
    return click.option("--deterministic", is_flag=True,
                        help=when + "Reproducible with any --workers: each CP-SAT search counts "
                        "--time-limit in CP-SAT's deterministic time (its own measure of work, not "
                        "seconds: a run can take several times --time-limit in wall-clock time, "
                        "23 to 34 s for question 22 routes at --time-limit 4) and its workers interleave in a fixed order, so the same --seed "
                        "and --workers give the same answer on any machine and load. (The local "
                        "search is always a fixed number of steps for the time, so it needs no "
                        "flag.)")


@click.command("prove", cls=_NumberedCommand)
@click.argument("number", type=click.IntRange(1, 30))
@click.option("--question", "variant", default=None, metavar="NAME", callback=take_old_spelling,
              help="The challenge's question to prove (its variant in the certificates; see "
                   "`challenge --list`; default: every question of N).")
@old_spelling("--variant", "variant", "--question")
@click.option("--time-limit", type=seconds(MAX_PROOF_SECONDS), default=600.0,
              show_default=True, help="Seconds each search may take (a finite number >= 0.1, at most a week)"
                                      + LOCAL_SEARCH_TIME)
@workers_option(1, "CP-SAT's search threads (with more than 1 the placement found can vary from "
                   "run to run, unless --deterministic), or local processes for the cases of a split")
@_deterministic_option()
@scheduler_option("Spread the independent cases of a split over a Dask cluster (tcp://host:8786, "
                   "or 'local'); only challenge 12 count's proof splits (refused elsewhere).")
@click.option("--fresh", is_flag=True, help="Prove from scratch: ignore the stored placement.")
@seed_option(0)
@click.option("--out", "out_dir", type=OutPath(True), default=None,
              help="Write the certificates to this directory (default data/octiles/certificates).")
@json_option
def prove_cmd(number, variant, time_limit, workers, deterministic, scheduler, fresh, seed, out_dir,
              as_json):
    """Prove challenge NUMBER (one variant, or all): search with progress (Ctrl-C stops) and write
    the certificate challengeNN-VARIANT.json that the report and `challenge N` re-check."""
    from .catalogue import get_variant
    from .certificates import cert_path, load_certificate, save_certificate
    from .prove import prove_variant

    ch, var = get_variant(number, variant, "question")
    if ch.method == "bfs":  # (was 'Invalid value for NUMBER: 1 is not in the range 2<=x<=30')
        fail("challenge 1 needs no proof: `octosolve octiles challenge 1` counts it exactly (a "
             "breadth-first search) in seconds")
    names = [var.name] if variant is not None else [v.name for v in ch.variants]
    if scheduler is not None and not any(_splits(ch.variant(n)) for n in names):  # (was ignored)
        fail(f"--scheduler spreads the cases of a split proof (challenge 12 count's); challenge "
             f"{number} {' '.join(names) if len(names) == 1 else '(every question)'} has none")
    if scheduler not in (None, "local") and _given("workers"):
        # a running cluster has its own workers, each case one thread: --workers would change nothing
        fail("--workers beside a cluster's address changes nothing (the cluster has its own workers, "
             "each case runs on one): leave it out, or use --scheduler local for --workers processes")
    docs, lines = [], []
    for name in names:
        cmd = (f"octosolve octiles prove {number} --question {name} --time-limit {time_limit:g} "
               f"--workers {workers} --seed {seed}" + (" --fresh" if fresh else "")
               + (" --deterministic" if deterministic else "")
               + (" --scheduler ADDRESS" if scheduler else ""))
        with exact_time(deterministic):
            cert = prove_variant(number, name, time_limit=time_limit, workers=workers, seed=seed,
                                 fresh=fresh, scheduler=scheduler, command=cmd)
        old = None if fresh else load_certificate(number, name, out_dir)
        kept = not _stronger(cert, old)
        if not kept:
            _saving(cert_path(number, name, out_dir), lambda c=cert: save_certificate(c, out_dir))
        shown = old if kept else cert
        doc = {k: v for k, v in shown.items() if k != "placement"}
        doc["written"] = not kept
        docs.append(doc)
        # (a yes/no certificate printed 'value None, bound None'; 'best+bound' is the file's word)
        said = [{"best+bound": "best found, not proven optimal"}.get(shown["status"], shown["status"])]
        said += [f"{k} {shown[k]}" for k in ("value", "bound") if shown.get(k) is not None]
        lines.append(f"Challenge {number} {name}: {', '.join(said)}; {shown['proof'].get('method', '')}; "
                     f"{cert['seconds']:.1f} s; "
                     + (f"kept the stronger {old['file']}" if kept
                        else f"wrote {cert_path(number, name, out_dir)}"))
    emit(docs if len(docs) > 1 else docs[0], as_json, "\n".join(lines))


@click.command("challenge", cls=_NumberedCommand)
@click.argument("number", type=int, required=False)
@click.option("--question", "variant", default=None, metavar="NAME", callback=take_old_spelling,
              help="The challenge's question (its variant in the certificates; see --list).")
@old_spelling("--variant", "variant", "--question")
@click.option("--list", "list_", is_flag=True, help="List the challenges and their questions (given alone: no NUMBER, "
                                                  "no other option but --json).")
@click.option("--time-limit", type=seconds(24 * 3600.0), default=30.0, show_default=True,
              help="With --fresh: seconds the solver may search (a finite number >= 0.1, at "
                   "most a day)" + LOCAL_SEARCH_TIME)
@workers_option(2, "with --fresh, CP-SAT's search threads (with more than 1 the placement found "
                   "can vary from run to run, unless --deterministic)")
@_deterministic_option("With --fresh: ")

@svg_option("Draw the answer to this SVG file.")
@click.option("--fresh", is_flag=True,
              help="Prove again from scratch, as `prove N --fresh` does (the same pipeline), "
                   "instead of re-checking the stored certificate; writes nothing.")
@seed_option(0, "With --fresh: ")
@json_option
def challenge_cmd(number, variant, list_, time_limit, workers, deterministic, svg_path, fresh, seed,
                  as_json):
    """Puzzle challenge NUMBER (1-30): re-check its certificate with the tracer and show its status
    (optimal, best with a proven bound, yes/no); --fresh searches again."""
    from . import catalogue as C
    from .gallery import answer_variant, hardest_text, histogram_text, proof_sentence, value_text
    from .pictures import challenge_drawing

    from click.core import ParameterSource

    ctx = click.get_current_context()

    def given(*names):
        return [f"--{n.replace('_', '-')}" for n in names
                if ctx.get_parameter_source(n) == ParameterSource.COMMANDLINE]

    if list_:
        # the list shows every challenge: a number or an option for one challenge would be ignored
        other = (["NUMBER"] if number is not None else []) + given(
            "variant", "time_limit", "workers", "deterministic", "svg_path", "fresh", "seed")
        if other:
            fail(f"--list lists every challenge: give it without {', '.join(other)}".replace(
                "--variant", "--question").replace("--svg-path", "--svg"))
        rows = C.list_challenges()
        lines = [f"{r['challenge']:2d}. {r['title']}: {', '.join(r['variants'])}" if r["solver"]
                 else f"{r['challenge']:2d}. (no solver: see docs/octiles-challenges.md)" for r in rows]
        emit(rows, as_json, "\n".join(lines))
        return
    if number is None:
        fail("give a challenge number 1-30, or --list")
    C.get_variant(number, variant, "question")
    search = given("time_limit", "workers", "deterministic", "seed")
    named = " and ".join([", ".join(search[:-1]), search[-1]] if len(search) > 1 else search)
    if search and not fresh:
        verb = "applies" if len(search) == 1 else "apply"
        fail(f"{named} {verb} only with --fresh (without it the stored certificate is "
             "re-checked, no search runs)")
    if search and number == 1:
        fail(f"challenge 1 is an exact count (a breadth-first search), not a solver search: "
             f"{named} {'does' if len(search) == 1 else 'do'} not apply to it")
    if fresh and number != 1:
        # the same pipeline as `prove N --fresh` (never a weaker second search), nothing written
        from .certificates import recheck
        from .prove import prove_variant

        var = C.get_variant(number, variant, "question")[1]
        cmd = (f"octosolve octiles challenge {number} --question {var.name} --fresh "
               f"--time-limit {time_limit:g} --workers {workers} --seed {seed}"
               + (" --deterministic" if deterministic else ""))
        with exact_time(deterministic):
            cert = prove_variant(number, var.name, time_limit=time_limit, workers=workers,
                                 seed=seed, fresh=True, command=cmd)
        cert["file"] = None
        res = recheck(number, var, cert)
        res.extra.pop("certificate", None)
        res.extra["fresh_proof"] = cert["proof"].get("method", "")
    elif fresh:
        res = C.solve_variant(number, variant, stored=False)
    else:
        res = answer_variant(number, variant)
    out = res.to_json()
    if svg_path and not res.placement:  # (was skipped without a word: exit 0, no file)
        fail(f"--svg: challenge {number} {res.variant} has no placement to draw ("
             + ("its answer is no" if res.status == "INFEASIBLE" else f"status {res.status.lower()}") + ")")
    if svg_path:
        from octosolve.core import svg
        _saving(svg_path, lambda: svg.save(challenge_drawing(res), svg_path))
    if number == 1:
        text = (f"Challenge 1: {out['pairs']} runner-position pairs (16 stops + 20 circles), "
                f"{out['pairs_up_to_symmetry']} up to the board's {out['symmetry']['group']} turns; "
                f"fewest tiles per pair: {histogram_text(out['histogram'])}; longest shortest path: "
                f"{hardest_text(out['longest_shortest'])}, drawn by the placement below")
    else:
        if "certificate" in res.extra:
            how = (f"certificate {res.extra['certificate']} ({res.extra.get('proof', '')}; proof "
                   f"{res.seconds:.1f} s)")
        elif fresh:
            how = (f"proved now as `prove {number} --fresh` does ({res.extra.get('fresh_proof', '')}), "
                   f"{res.seconds:.1f} s; nothing written")
        else:
            how = res.extra.get("proof", "no certificate")
        text = (f"Challenge {number} ({res.variant}): {res.status} - {value_text(res)}; {how}; "
                + (f"re-checked by the tracer: {'yes' if res.verified else 'NO'} "
                 f"(value {res.verified_value})" if res.placement is not None
                 else "no placement to re-check"))
    if number != 1 and "certificate" in res.extra:
        text += "\nProof: " + proof_sentence(res.extra.get("certificate_status"), res.objective,
                                            res.bound, res.extra.get("proof", ""),
                                            res.extra.get("argument", ""))
    if res.placement:
        from .. import render
        text += "\n" + render.text_placement(res.placement)
    emit(out, as_json, text + wrote(svg_path))


@click.command("verify")
@click.option("--certificates", "cert_dir", default=None, metavar="DIR",
              help="Check the certificates in this folder (default data/octiles/certificates).")
@click.option("--cross/--no-cross", default=True, show_default=True,
              help="Also re-score every placement by every question and check the containments "
                   "between questions (about 30 s of CPU).")
@json_option
def verify_cmd(cert_dir, cross, as_json):
    """Re-check every stored certificate without CP-SAT: each placement re-traced to its stored
    value, each bound's witness checked by code independent of the proofs, every placement
    re-scored by every question (none may beat a question's stored best) and the containments
    between questions checked (a special case or a combination never beats the question holding
    it). Prints one row per certificate (what the bound rests on: a checked witness, or a solver's
    word), then the cross-question checks; exit status 1 on any failure."""
    import sys
    import time
    from pathlib import Path

    from .verify import table, verify_all
    from .verify_cross import cross_all, cross_lines

    if cert_dir is None:
        from .certificates import CERT_DIR
        folder = CERT_DIR
    else:
        folder = Path(cert_dir)
        if not folder.is_dir():
            fail(f"--certificates: {cert_dir} is not a folder")
    if not any(folder.glob("challenge*.json")):
        fail(f"no certificates (challenge*.json) in {folder}")
    t0 = time.perf_counter()
    rows = verify_all(folder)
    secs = time.perf_counter() - t0
    text = table(rows, secs)
    if cross:
        t1 = time.perf_counter()
        cross = cross_all(folder)
        cross["seconds"] = round(time.perf_counter() - t1, 2)
        text += "\n" + "\n".join(cross_lines(cross, cross["seconds"]))
    failed = [r for r in rows if not r["ok"]]
    emit({"certificates": rows, "failed": len(failed), "seconds": round(secs, 2),
          "cross": cross or None}, as_json, text)
    if failed or (cross and cross["problems"]):
        sys.exit(1)
