"""`octosolve octiles ...` commands."""

import click

from octosolve.core.clikit import json_option, seed_option
from octosolve.core.errors import fail
from octosolve.core.jsonout import emit


@click.group(name="octiles")
def group():
    """Octiles commands."""


@group.command("tiles")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Also draw the 18 tiles to this SVG file.")
@json_option
def tiles_cmd(svg_path, as_json):
    """The 18 tiles (ids 0-17) at rotation 0, edges numbered as in board.json."""
    from . import rules as R

    data = R.tiles_json()
    if svg_path:
        from octosolve.core import svg

        from . import render
        svg.save(render.tiles_sheet_svg(), svg_path)
    lines = ["id  segments (edge pairs)          Arc Bend Curve Diam  rotations"]
    for t in data:
        k = R.tile_kinds(t["id"])
        segs = " ".join(f"{a}-{b}" for a, b in t["segments"])
        lines.append(f"{t['id']:2d}  {segs:28s}  {k['Arc']:3d} {k['Bend']:4d} {k['Curve']:5d} "
                     f"{k['Diameter']:4d}  {R.tile_symmetry_order(t['id'])}")
    emit(data, as_json, "\n".join(lines))


@group.command("trace")
@click.argument("placement_file", type=click.Path(dir_okay=False))
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Draw the board with every path/loop in colour to this SVG file.")
@click.option("--full/--partial", default=False, help="Require all 17 spaces filled.")
@json_option
def trace_cmd(placement_file, svg_path, full, as_json):
    """Trace the paths, loops and their measures of a placement (JSON file:
    {"c3": {"tile": 4, "rotation": 2}, ...}, or a `challenge --json` output)."""
    from . import rules as R

    pl = R.load_placement(placement_file)
    if full:
        R.validate_placement(pl, full=True)
    tr = R.trace(pl)
    out = tr.to_json()
    if svg_path:
        from . import render
        render.save_board_svg(svg_path, pl, [p for p in tr.paths if p.kind == "loop"]
                              + [p for p in tr.paths if p.kind != "loop"])
    sm = out["summary"]
    lines = [f"{len(pl)} tiles placed: {sm['paths']} paths, {sm['loops']} loops, {sm['open']} open, "
             f"{sm['crossings']} crossings, {sm['self_crossings']} self-crossings, "
             f"{sm['groups']} groups",
             "id kind  ends        tiles segs printed points self-x repeated  symmetry"]
    for p in tr.paths:
        sym = ("mirror " if p.symmetry.get("mirror") else "") + (
            f"rot{p.symmetry['rotation']}" if p.symmetry.get("rotation", 1) > 1 else "")
        lines.append(f"{p.id:2d} {p.kind:5s} {'-'.join(p.ends) or '(loop)':11s} {p.tiles:5d} "
                     f"{p.segments:4d} {p.printed:7d} {p.points:6d} {p.self_crossings:6d} "
                     f"{len(p.repeated_tiles):8d}  {sym}")
    emit(out, as_json, "\n".join(lines))


@group.command("challenge")
@click.argument("number", type=int, required=False)
@click.option("--variant", default=None, help="Variant name (see --list).")
@click.option("--list", "list_", is_flag=True, help="List the challenges and their variants.")
@click.option("--time-limit", type=float, default=30.0, show_default=True,
              help="CP-SAT time limit in seconds.")
@click.option("--workers", type=int, default=2, show_default=True, help="CP-SAT search workers.")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="Draw the solution to this SVG file.")
@click.option("--fresh", is_flag=True,
              help="Ignore a stored certificate (challenges 25, 26): search with the model from scratch.")
@seed_option(0)
@json_option
def challenge_cmd(number, variant, list_, time_limit, workers, svg_path, fresh, seed, as_json):
    """Solve puzzle challenge NUMBER (1-30) with CP-SAT; the answer is re-checked by the tracer."""
    from . import solve as S

    if list_:
        rows = S.list_challenges()
        lines = []
        for r in rows:
            if r["solver"]:
                lines.append(f"{r['challenge']:2d}. {r['title']}: {', '.join(r['variants'])}")
            else:
                lines.append(f"{r['challenge']:2d}. (no solver: see docs/octiles-challenges.md)")
        emit(rows, as_json, "\n".join(lines))
        return
    if number is None:
        fail("give a challenge number 1-30, or --list")
    if time_limit <= 0:
        fail(f"--time-limit must be positive, got {time_limit}")
    if workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    res = S.solve_variant(number, variant, time_limit=time_limit, workers=workers, seed=seed,
                          stored=not fresh)
    out = res.to_json()
    if svg_path and res.placement:
        from . import render
        render.save_board_svg(svg_path, res.placement, S.highlight_for(res),
                              title=f"Challenge {number} ({res.variant}): {S.value_text(res)}")
    text = (f"Challenge {number} ({res.variant}): {res.status}, objective {res.objective}, "
            f"bound {res.bound}, {res.seconds:.1f} s; re-checked by the tracer: "
            f"{'yes' if res.verified else 'NO'} (value {res.verified_value})")
    if number == 1:
        text = (f"Challenge 1: {out['pairs']} runner-position pairs (16 stops + 20 circles); "
                f"fewest tiles per pair: " + ", ".join(f"{k} tiles: {v} pairs"
                                                       for k, v in out['histogram'].items())
                + f"; longest shortest path: {out['longest_shortest']}")
    if res.placement:
        from . import render
        text += "\n" + render.text_placement(res.placement)
    emit(out, as_json, text)


# Octiles part B (games): play, match, solitaire -- defined in players.py
from .players import add_game_commands  # noqa: E402

add_game_commands(group)
