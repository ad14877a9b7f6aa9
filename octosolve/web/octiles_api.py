"""The web app's Octiles part: challenge gallery, stored answers, tracer, scores, board pictures.

Every answer comes from the library the CLI uses: :func:`octosolve.octiles.rules.trace` (what
``octosolve octiles trace --json`` prints), the challenge catalogue's scorers, and
:func:`octosolve.octiles.render.board_svg`. The stored answers are the report's files
``results/octiles/challenges/challengeNN-VARIANT.json`` (the directory is fixed here; a request only
names a challenge number and a variant, looked up in the index of that directory).

>>> rows = challenge_rows()
>>> {"challenge", "variant", "status", "objective", "bound"} <= set(rows[0])
True
"""

from __future__ import annotations

import json
import re
import threading
from collections import OrderedDict
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import fail
from ..core.paths import DATA_DIR, RESULTS_DIR
from .http import JSON, ApiError, read_body_json
from .octiles_glossary import glossary

__all__ = ["ANSWERS_DIR", "CERT_DIR", "CERT_NAME", "catalogue", "certificate_name", "best_known", "stored_answers", "challenge_rows", "traced", "trace_json",
           "score_json", "board_geometry", "board_picture", "routes"]

ANSWERS_DIR = RESULTS_DIR / "octiles" / "challenges"
CERT_DIR = DATA_DIR / "octiles" / "certificates"
CERT_NAME = re.compile(r"^challenge\d\d-[a-z0-9-]+\.json$")  # the only names the certificate route serves
_STEM = re.compile(r"^challenge(\d\d)-([a-z0-9-]+)$")


def _rules():
    from ..octiles import rules as R
    return R


def _challenges_module():
    """The challenge catalogue (one registry: ``CHALLENGES``, with ``get_variant``, ``statement``
    and ``method_name``)."""
    from ..octiles import challenges as C
    return C


# ---------------------------------------------------------------------------------------------
# the catalogue and the stored answers


def catalogue() -> list[dict]:
    """Every challenge 1-30 with its variants: ``{"challenge", "title", "text", "method",
    "variants": [{"variant", "statement", "sense", "method", "scorable", "idea"}]}`` (challenge 1
    counts pairs on the empty board: it scores no placement; ``idea``: the idea of its bound for a
    player, :func:`octosolve.octiles.challenges.ideas.idea`)."""
    from ..octiles.challenges.ideas import idea

    C = _challenges_module()
    out = []
    for n in range(1, 31):
        ch = C.CHALLENGES.get(n)
        if ch is None or (ch.method != "bfs" and not ch.variants):
            out.append({"challenge": n, "title": None, "text": None, "method": None, "variants": []})
            continue
        method = C.method_name(n)
        if ch.method == "bfs":
            vs = [{"variant": "pairs", "statement": C.statement(n, None)[2], "sense": "count",
                   "method": method, "scorable": False}]
        else:
            vs = [{"variant": v.name, "statement": v.statement, "sense": v.sense, "method": method,
                   "scorable": True, "idea": idea(v)} for v in ch.variants]
        out.append({"challenge": n, "title": ch.title, "text": ch.text, "method": method,
                    "variants": vs})
    return out


_ANSWERS_CACHE: dict = {"key": None, "value": {}}


def stored_answers(directory: Path | None = None) -> dict[tuple[int, str], dict]:
    """The report's answers, ``(challenge, variant) -> document`` (re-read when the files change).
    Each document gets ``"picture"``: whether the report drew its SVG next to it, and
    ``"witness_picture"``: whether it drew its bound witness (``challengeNN-VARIANT-witness.svg``),
    and each picture's size (``picture_size``, ``witness_picture_size``: width, height)."""
    d = Path(directory) if directory is not None else ANSWERS_DIR
    if not d.is_dir():
        return {}
    files = sorted(d.glob("challenge*.json"))
    key = (str(d), tuple((f.name, f.stat().st_mtime_ns) for f in files))
    if directory is None and _ANSWERS_CACHE["key"] == key:
        return _ANSWERS_CACHE["value"]
    out = {}
    for f in files:
        m = _STEM.match(f.stem)
        if not m:
            continue
        try:
            doc = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a file being rewritten by a report run: skipped until it is whole
        if not isinstance(doc, dict):
            continue
        doc["picture"] = f.with_suffix(".svg").is_file()
        doc["witness_picture"] = f.with_name(f"{f.stem}-witness.svg").is_file()
        doc["picture_size"] = _svg_size(f.with_suffix(".svg")) if doc["picture"] else None
        doc["witness_picture_size"] = (_svg_size(f.with_name(f"{f.stem}-witness.svg"))
                                       if doc["witness_picture"] else None)
        out[(int(m.group(1)), m.group(2))] = doc
    if directory is None:
        _ANSWERS_CACHE.update(key=key, value=out)
    return out


_SVG_SIZE = re.compile(r'<svg[^>]*?\swidth="([0-9.]+)"[^>]*?\sheight="([0-9.]+)"')


def _svg_size(path: Path) -> list[int] | None:
    """A picture's width and height, read from its ``<svg>`` element (None when unreadable): the
    gallery keeps that room before the picture loads."""
    try:
        with open(path, "rb") as fh:
            m = _SVG_SIZE.search(fh.read(600).decode("utf-8", "replace"))
    except OSError:
        return None
    return [round(float(m.group(1))), round(float(m.group(2)))] if m else None


def _certificate_status(doc: dict) -> str | None:
    """The certificate's status as the report's file says it (``optimal``, ``best+bound``, ``yes``,
    ``no``); older files without it: ``optimal`` for status OPTIMAL."""
    st = doc.get("certificate_status")
    if st is None and doc.get("status") == "OPTIMAL":
        st = "optimal"
    return st


def _proven(doc: dict) -> bool:
    """Settled: proven optimal, or a yes/no question answered by a checked certificate."""
    return _certificate_status(doc) in ("optimal", "yes", "no") or bool(doc.get("proven"))


def certificate_name(doc: dict | None) -> str | None:
    """The file name of the answer's certificate in ``data/octiles/certificates/`` (None without
    one, or when the named file is not a certificate name)."""
    cert = (doc or {}).get("certificate")
    if not isinstance(cert, str):
        return None
    name = cert.rsplit("/", 1)[-1]
    return name if CERT_NAME.match(name) and (CERT_DIR / name).is_file() else None


def best_known(doc: dict | None, sense: str = "max") -> dict:
    """What the stored answer says: status, value, bound, whether it is settled (``proven``:
    optimal, or a yes/no question answered by a checked certificate), ``settled`` (the
    certificate's status: ``optimal``, ``yes``, ``no``, ``best+bound``), the proof in words
    (``proof``: the method; ``argument``; ``proof_text``: the sentence the CLI prints) and the
    certificate's witness (``witness``: kind, summary, checked, rests_on, as the report wrote it;
    ``witness_line``: the sentence the report's README shows) and ``glossary``: the solver words
    they name, each with its meaning in plain words (``octiles_glossary``)."""
    if doc is None:
        return {"status": "not run", "value": None, "objective": None, "bound": None,
                "proven": False, "settled": None, "proof": None, "argument": None,
                "proof_text": "Not run: the report has no answer for this variant.",
                "certificate": None, "witness": None, "witness_line": "", "glossary": [],
                "open_text": None}
    from ..octiles.challenges.gallery import proof_sentence
    from ..octiles.challenges.witness_show import witness_line

    value = doc.get("verified_value", doc.get("objective"))
    st = _certificate_status(doc)
    method = doc.get("proof") if isinstance(doc.get("proof"), str) else None
    argument = doc.get("argument") if isinstance(doc.get("argument"), str) else None
    text = proof_sentence(st, value, doc.get("bound"), method or "", argument or "", sense)
    line = witness_line(_witness(doc))
    return {"open_text": open_text(doc, st, value, sense),
            "status": doc.get("status"), "value": value, "objective": doc.get("objective"),
            "bound": doc.get("bound"), "proven": _proven(doc), "settled": st,
            "proof": method, "argument": argument, "proof_text": text,
            "certificate": certificate_name(doc), "witness": _witness(doc),
            "witness_line": line, "glossary": glossary(text, line)}


def _attempts(doc: dict) -> tuple[str, float]:
    """An open question's recorded searches (``data/octiles/attempts/``): what they concluded, in
    words, and their seconds in all."""
    from ..core.paths import DATA_DIR

    n, v = doc.get("challenge"), doc.get("variant")
    try:
        d = json.loads((DATA_DIR / "octiles" / "attempts" / f"challenge{int(n):02d}-{v}.json")
                       .read_text(encoding="utf-8"))
        return str(d.get("summary") or "nothing settled"), float(sum(t["seconds"] for t in d["tried"]))
    except (OSError, ValueError, KeyError, TypeError):
        return "nothing settled", 0.0


def open_text(doc: dict, settled: str | None, value, sense: str = "max") -> str | None:
    """An open question in plain words (None when it is settled): what is known (the best
    placement, the bound and what the bound rests on) and how to help. No command and no solver
    status: those are under *how it is proved*."""
    if settled in ("optimal", "yes", "no") or sense == "count":
        return None
    w = doc.get("witness") if isinstance(doc.get("witness"), dict) else {}
    bound = doc.get("bound")
    if settled == "best+bound" and value is not None:
        rests = {"witness": "proved by a witness checked without a solver"
                            + (" (drawn on its gallery card)" if w.get("picture") else ""),
                 "cp-sat + HiGHS": "proved by two solvers, CP-SAT and HiGHS, on their word",
                 "cp-sat only": "proved by the CP-SAT solver alone, on its word"}.get(
            w.get("rests_on"), "proved as told under how it is proved")
        better = value + 1 if sense == "max" else value - 1
        return (f"Open. Known: a placement scoring {value} (load it into the editor), and no "
                f"placement can score more than {bound}, {rests}. The answer is {value} or more, "
                f"{bound} at most. To help: build a placement scoring {better} in the editor (pick "
                f"this challenge: the panel scores your board and says when it beats {value}), or "
                f"find an argument that {value} is the best; then download the placement or write "
                f"to the project.")
    what, seconds = _attempts(doc)
    spent = f" Searches of {round(seconds / 60)} minutes in all found none." if seconds else ""
    return (f"Open: {what}.{spent} To help: build a placement meeting the condition in the "
            f"editor (pick this challenge: the panel says when the condition is met), or run a "
            f"longer search on your machine (how it is proved names it); then download the "
            f"placement or write to the project.")


def _witness(doc: dict) -> dict | None:
    """The answer's witness summary (the report's ``witness``), with ``picture`` true when the
    report drew it (served at ``.../witness.svg``) and its ``picture_size`` (width, height)."""
    w = doc.get("witness")
    if not isinstance(w, dict) or not {"kind", "summary", "checked"} <= set(w):
        return None
    out = {k: w.get(k) for k in ("kind", "of", "summary", "checked", "rests_on")}
    out["picture"] = bool(doc.get("witness_picture"))
    if doc.get("witness_picture_size"):
        out["picture_size"] = doc["witness_picture_size"]   # the room the gallery keeps for it
    return out


def challenge_rows() -> list[dict]:
    """One row per challenge variant of the catalogue: ``challenge, variant, status, objective,
    bound`` (as the report's answer files say) plus title, statement, value, proven, settled,
    proof, argument, proof_text, certificate, witness, witness_line, glossary, open_text (an open
    question in plain words), picture, picture_size."""
    answers = stored_answers()
    rows = []
    for ch in catalogue():
        for v in ch["variants"]:
            doc = answers.get((ch["challenge"], v["variant"]))
            bk = best_known(doc, v["sense"])
            rows.append({"challenge": ch["challenge"], "variant": v["variant"],
                         "status": bk["status"], "objective": bk["objective"] if doc else None,
                         "bound": bk["bound"], "value": bk["value"], "proven": bk["proven"],
                         "settled": bk["settled"], "proof": bk["proof"],
                         "argument": bk["argument"], "proof_text": bk["proof_text"],
                         "certificate": bk["certificate"], "witness": bk["witness"],
                         "witness_line": bk["witness_line"], "glossary": bk["glossary"],
                         "open_text": bk["open_text"], "idea": v.get("idea"),
                         "title": ch["title"], "text": ch["text"],
                         "statement": v["statement"], "sense": v["sense"], "method": v["method"],
                         "scorable": v["scorable"],
                         "answer": bool(doc and doc.get("placement")),
                         "picture": bool(doc and doc.get("picture")),
                         "picture_size": doc.get("picture_size") if doc else None})
    return rows


def _answer(number, variant) -> dict:
    doc = stored_answers().get((number, variant))
    if doc is None:
        raise LookupError(f"no stored answer for challenge {number} variant {variant!r}")
    return doc


# ---------------------------------------------------------------------------------------------
# tracing and scoring


def _placement(body: dict):
    if "placement" not in body:
        fail('missing "placement" (an object {"c3": {"tile": 4, "rotation": 2}, ...})')
    return _rules().placement_from_json(body["placement"])


_TRACES: "OrderedDict[tuple, list]" = OrderedDict()  # board -> [Tracing, its to_json() or None]
_TRACES_MAX = 256
_TRACES_LOCK = threading.Lock()


def _board_key(pl) -> tuple:
    return tuple(sorted((s, int(v[0]), int(v[1])) for s, v in pl.items()))


def traced(placement):
    """``(validated placement, rules.trace(placement))``, the tracing kept for the last
    ``_TRACES_MAX`` boards (the editor asks for the trace, the score and the picture of one board:
    it is traced once)."""
    R = _rules()
    pl = R.validate_placement(placement)
    key = _board_key(pl)
    with _TRACES_LOCK:
        hit = _TRACES.get(key)
        if hit is not None:
            _TRACES.move_to_end(key)
            return pl, hit[0]
    tr = R.trace(pl)
    with _TRACES_LOCK:
        _TRACES[key] = [tr, None]
        while len(_TRACES) > _TRACES_MAX:
            _TRACES.popitem(last=False)
    return pl, tr


def trace_json(placement) -> dict:
    """What ``octosolve octiles trace --json`` prints for ``placement``."""
    pl, tr = traced(placement)
    key = _board_key(pl)
    with _TRACES_LOCK:
        hit = _TRACES.get(key)
        if hit is not None and hit[1] is not None:
            return hit[1]
    out = tr.to_json()
    with _TRACES_LOCK:
        if key in _TRACES:
            _TRACES[key][1] = out
    return out


def _variant(number, variant):
    C = _challenges_module()
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 30:
        fail(f"challenge must be an integer 1-30, got {number!r}")
    if variant is not None and not isinstance(variant, str):
        fail(f"variant must be a name, got {variant!r}")
    ch, var = C.get_variant(number, variant)
    if var is None:
        fail(f"challenge {number} counts runner-position pairs on the empty board: it does not "
             "score a placement")
    return var


def score_json(placement, number, variant=None) -> dict:
    """The score of ``placement`` for challenge ``number`` (variant ``variant``, default the first)
    by the challenge's own scorer, the paths it counts (``highlight``: path ids of the tracer),
    and the best known answer (value, bound, proven)."""
    var = _variant(number, variant)
    pl, tr = traced(placement)
    value = var.score(tr)
    # the paths the challenge's picture highlights (as gallery.highlight_for picks them)
    pick = getattr(var, "pick", None)
    picked = pick(tr) if pick else []
    ids = [p.id for p in picked]
    out = {"challenge": number, "variant": var.name, "statement": var.statement, "sense": var.sense,
           "value": value, "tiles": len(pl), "highlight": ids,
           "best_known": best_known(stored_answers().get((number, var.name)), var.sense)}
    if getattr(var, "check", None) is not None:
        out["satisfied"] = bool(var.check(tr))
    return out


# ---------------------------------------------------------------------------------------------
# pictures


def board_geometry() -> dict:
    """What the editor needs to draw clickable spaces over :func:`board_picture`: the picture's
    size, each space's centre and octagon radius in its pixels, the 18 tiles, the path colours."""
    from ..core import svg
    from ..octiles import render

    R = _rules()
    geo = render._Geo()
    b = R.board()
    return {"width": geo.width, "height": geo.height,
            "radius": 0.5 / 0.9238795325112867 * render.UNIT,
            "spaces": {s: list(geo.pt(*b.space_xy[s])) for s in b.spaces},
            "tiles": [{"id": t["id"], "segments": t["segments"],
                       "rotations": R.distinct_rotations(t["id"])} for t in R.tiles_json()],
            "palette": list(svg.PALETTE), "edges": list(R.EDGE_NAMES)}


def board_picture(placement, highlight=None) -> str:
    """The board SVG (as ``octiles trace --svg`` draws it) with the paths ``highlight`` (tracer path
    ids, drawn in that order with the palette's colours; ``None``: every path, loops first)."""
    from ..core import svg
    from ..octiles import render

    pl, tr = traced(placement)
    if highlight is None:
        paths = [p for p in tr.paths if p.kind == "loop"] + [p for p in tr.paths if p.kind != "loop"]
    else:
        if not isinstance(highlight, list) or len(highlight) > 200:
            fail('"highlight" must be a list of path ids')
        by_id = {p.id: p for p in tr.paths}
        # a path id is a whole number: 3.0 (equal to 3 in Python) or a list (unhashable) is not
        bad = [h for h in highlight if type(h) is not int or h not in by_id]
        if bad:
            fail(f"no path {bad[0]!r} on this board (path ids 0-{len(tr.paths) - 1})")
        paths = [by_id[h] for h in highlight]
    return svg.svg_text(render.board_svg(pl, paths, label_size=12))  # labels readable on a phone


# ---------------------------------------------------------------------------------------------
# routes


async def _challenges(request: Request):
    return JSON(challenge_rows())


async def _catalogue(request: Request):
    return JSON(catalogue())


def _key(request: Request) -> tuple[int, str]:
    """(challenge number, variant) of the address; a number of other digits (``³``) or of 20,000
    of them is no challenge: 404 (Starlette's ``int`` convertor gave a 500 past 4,300 digits)."""
    raw = str(request.path_params["number"])
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 4):
        from ..core.words import shown

        raise ApiError(404, f"no challenge '{shown(raw[:20])}'")
    return int(raw), str(request.path_params["variant"])


async def _answer_route(request: Request):
    try:
        doc = _answer(*_key(request))
    except LookupError as e:
        raise ApiError(404, str(e))
    return JSON({k: v for k, v in doc.items() if k not in ("picture", "witness_picture", "picture_size",
                                                         "witness_picture_size")})


def _svg_file(request: Request, key: str, suffix: str, what: str) -> Response:
    """The answer's SVG named by the index key ``key`` (the file name is made here from the
    challenge and variant of the index, never taken from the request)."""
    number, variant = _key(request)
    try:
        doc = _answer(number, variant)
    except LookupError as e:
        raise ApiError(404, str(e))
    if not doc.get(key):
        raise ApiError(404, f"challenge {number} variant {variant!r} has no {what}")
    path = ANSWERS_DIR / f"challenge{number:02d}-{variant}{suffix}.svg"
    return Response(path.read_bytes(), media_type="image/svg+xml")


async def _picture_route(request: Request):
    return _svg_file(request, "picture", "", "picture")


async def _witness_picture_route(request: Request):
    return _svg_file(request, "witness_picture", "-witness", "witness picture")


async def _certificate_route(request: Request):
    name = str(request.path_params["name"])
    # only a certificate's own name is served: no path, no other file of the directory
    if not CERT_NAME.match(name):
        raise ApiError(404, f"no certificate {name[:80]!r} (names are challengeNN-VARIANT.json)")
    path = CERT_DIR / name
    if not path.is_file():
        raise ApiError(404, f"no certificate {name!r}")
    return Response(path.read_bytes(), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


async def _board(request: Request):
    return JSON(board_geometry())


async def _trace(request: Request):
    body = await read_body_json(request)
    return JSON(trace_json(_placement(body)))


async def _score(request: Request):
    body = await read_body_json(request)
    if "challenge" not in body:
        fail('missing "challenge" (a number 1-30)')
    return JSON(score_json(_placement(body), body["challenge"], body.get("variant")))


async def _render(request: Request):
    body = await read_body_json(request)
    svg = board_picture(_placement(body), body.get("highlight"))
    return Response(svg, media_type="image/svg+xml")


def routes(pool=None) -> list[Route]:
    """The challenges page's API (``WebPage.api`` of Octiles' manifest; it needs no ``pool``)."""
    return [
        Route("/api/octiles/challenges", _challenges),
        Route("/api/octiles/catalogue", _catalogue),
        Route("/api/octiles/challenges/{number}/{variant}", _answer_route),
        Route("/api/octiles/challenges/{number}/{variant}/picture.svg", _picture_route),
        Route("/api/octiles/challenges/{number}/{variant}/witness.svg", _witness_picture_route),
        Route("/api/octiles/certificates/{name}", _certificate_route),
        Route("/api/octiles/board", _board),
        Route("/api/octiles/trace", _trace, methods=["POST"]),
        Route("/api/octiles/score", _score, methods=["POST"]),
        Route("/api/octiles/render", _render, methods=["POST"]),
    ]
