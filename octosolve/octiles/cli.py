"""`octosolve octiles ...` commands."""

import click

from octosolve.core.clikit import batch_options, json_option, seed_option
from octosolve.core.errors import fail
from octosolve.core.jsonout import emit

from .games import VARIANTS
from .players import PLAYER_NAMES, match, play_game, record_text


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
    from . import challenges as S

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


# ---------------------------------------------------------------------------------------------
# the games (Octiles part B)


def _game_options(f):
    f = click.option("--max-turns", type=click.IntRange(1, 5000), default=200, show_default=True,
                     help="Turn limit: a game still running after it is a draw.")(f)
    f = click.option("--adjudicate", is_flag=True,
                     help="At the turn limit, most runners across (fewest groups in Team Up) wins "
                          "instead of a draw (for engine matches; not a rule).")(f)
    f = click.option("--resign", "allow_resign", is_flag=True,
                     help="Offer resignation as a move (Team Up rules).")(f)
    f = click.option("--joint-winners", is_flag=True,
                     help="Team Up scoring variation: all connected players win together.")(f)
    f = click.option("--teams", is_flag=True, help="Four players as two teams (partners opposite).")(f)
    f = click.option("--runners", type=int, default=None,
                     help="Runners per player (default 5; 4 with four players in the race games).")(f)
    f = click.option("--game", "variant", default="move-over", show_default=True,
                     help="move-over, octiles (the full game) or team-up.")(f)
    return f


def _parse_players(spec: str) -> list[str]:
    names = [x.strip().lower() for x in spec.split(",") if x.strip()]
    if not 2 <= len(names) <= 4:
        fail(f"--players needs 2-4 comma-separated players, got {spec!r}")
    for nm in names:
        if nm not in PLAYER_NAMES:
            fail(f"unknown player {nm!r} (choose from {', '.join(PLAYER_NAMES)})")
    return names


def _kwargs(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns) -> dict:
    if variant not in VARIANTS:
        fail(f"unknown game {variant!r} (choose from {', '.join(VARIANTS)})")
    kw = {"variant": variant, "max_turns": max_turns}
    if runners is not None:
        kw["runners"] = runners
    for k, v in (("teams", teams), ("joint_winners", joint_winners), ("allow_resign", allow_resign),
                 ("adjudicate", adjudicate)):
        if v:
            kw[k] = True
    return kw


@group.command("play")
@_game_options
@click.option("--players", "players_spec", default="mcts,greedy", show_default=True,
              help=f"2-4 comma-separated players, in turn order ({', '.join(PLAYER_NAMES)}).")
@click.option("--sims", type=click.IntRange(1, 100000), default=200, show_default=True,
              help="MCTS simulations per move.")
@seed_option()
@json_option
def play_cmd(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns,
             players_spec, sims, seed, as_json):
    """Play one game between computer players and print its record."""
    names = _parse_players(players_spec)
    kw = _kwargs(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns)
    rec = play_game(kw, names, seed, sims)
    if as_json:
        emit(rec, True)
    else:
        click.echo(record_text(rec))

@group.command("match")
@_game_options
@click.option("--players", "players_spec", default="mcts,greedy", show_default=True,
              help="2-4 comma-separated players; seats rotate from game to game.")
@click.option("--games", type=click.IntRange(1, 100000), default=10, show_default=True)
@click.option("--sims", type=click.IntRange(1, 100000), default=200, show_default=True)
@batch_options
@seed_option()
@json_option
def match_cmd(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns,
              players_spec, games, sims, workers, scheduler, seed, as_json):
    """A measured match: wins, draws, losses and score (95% Wilson interval) per player."""
    names = _parse_players(players_spec)
    kw = _kwargs(variant, runners, teams, joint_winners, allow_resign, adjudicate, max_turns)
    res = match(kw, names, games, seed, sims, workers=workers, scheduler=scheduler)
    if as_json:
        emit(res, True)
        return
    click.echo(f"{games} games of {variant}, {sims} simulations per move, seed {seed}")
    for nm, st in res["results"].items():
        lo, hi = st["score_ci95"]
        click.echo(f"  {nm:15s} wins {st['wins']:3d}  draws {st['draws']:3d}  losses {st['losses']:3d}"
                   f"  score {st['score']:.3f} (95% CI {lo:.3f}-{hi:.3f})")

@group.group("solitaire")
def solitaire():
    """Score a placement for the Connection and Sequence solitaires."""

@solitaire.command("connection")
@click.argument("placement", type=click.Path(dir_okay=False))
@click.argument("runners", type=click.Path(dir_okay=False))
@json_option
def connection_cmd(placement, runners, as_json):
    """PLACEMENT.json and RUNNERS.json ({"red": ["B2", "A1"], "blue": [...]})."""
    from . import games as G

    pl = _read_placement(placement)
    rn = G.load_json_file(runners)
    if not isinstance(rn, dict) or not all(isinstance(v, list) for v in rn.values()):
        fail(f"{runners}: expected {{colour: [stop or circle, ...]}}")
    res = G.check_connection(pl, rn)
    if as_json:
        emit(res, True)
        return
    for c, v in res["colours"].items():
        click.echo(f"{c}: {v['runners']} runners in {v['groups']} group(s)"
                   + (" - connected" if v["connected"] else ""))
    for a, b in res["cross_connections"]:
        click.echo(f"different colours joined: {a}-{b}")
    click.echo("solved" if res["solved"] else "not solved")

@solitaire.command("sequence")
@click.argument("placement", type=click.Path(dir_okay=False))
@click.option("--order", required=True,
              help="The 16 stops in their numbered order 1..16, comma-separated.")
@json_option
def sequence_cmd(placement, order, as_json):
    """Check a placement against a numbering of the stops."""
    from . import games as G

    pl = _read_placement(placement)
    res = G.check_sequence(pl, [x.strip() for x in order.split(",") if x.strip()])
    if as_json:
        emit(res, True)
        return
    click.echo(f"{res['tiles']} tiles; " + ("valid" if res["valid"] else
               "out-of-sequence connections: " + ", ".join(f"{a}-{b}" for a, b in res["out_of_sequence"])))
    click.echo(f"successive pairs joined: {len(res['connected_pairs'])}; chain 1..{res['chain']}; "
               f"double connections: {res['double_connections']}; score {res['score']}")




def _read_placement(path: str) -> dict:
    from . import rules

    return rules.placement_to_json(rules.load_placement(path))
