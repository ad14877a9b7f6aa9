"""Every command says alike what it wrote: its readable output names each file an output option
(``--out``, ``--position-out``, ``--svg``, ``--record``, ``--certificate``) made, one ``wrote PATH``
line each, and its ``--json`` output stays one JSON document. (Before, `play --out/--svg` of four
games wrote silently, `octagone show` said 'SVG written to PATH' and `octagone measure` ended
'WHAT: written to PATH'.)"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from octosolve.cli import cli, main
from octosolve.core.clikit import OutPath
from octosolve.games import GAMES

from tests.test_cli_vocabulary import COMMANDS

# command -> (arguments before the outputs, {option: file name}); an argument naming an input file
# (INPUTS) stands for it (the fixture below makes them). Fast invocations only: a few seconds each.
# The commands of the games are each game's own cases (GameManifest.cli_cases; a string there says
# why the command is left out); here only the commands of no game.
CASES = {"replay": (["REC"], {"--svg": "r.svg"})}
SLOW = {"report": "minutes"}  # the commands left out, and why
for _g in GAMES:
    for _cmd, _case in _g.cli_cases.items():
        (SLOW if isinstance(_case, str) else CASES)[f"{_g.name} {_cmd}"] = _case
# the input files: name -> (game, file name, text or the game's command writing it)
INPUTS = {name: (g.name, *spec) for g in GAMES for name, spec in g.cli_inputs.items()}


def test_every_command_with_an_output_option_is_checked():
    with_outputs = {name for name, cmd in COMMANDS
                    if not cmd.hidden and not (cmd.help or "").startswith("Deprecated name of")  # (= measure)
                    and any(isinstance(p.type, OutPath) for p in cmd.params)}
    assert with_outputs == set(CASES) | set(SLOW), (with_outputs ^ (set(CASES) | set(SLOW)))


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("inputs")
    run = CliRunner().invoke
    files = {}
    for name, (game, file_name, how) in INPUTS.items():
        files[name] = d / f"{game}-{file_name}"
        if isinstance(how, str):
            files[name].write_text(how, encoding="utf-8")
            continue
        r = run(cli, [game, *how, str(files[name])])
        assert r.exit_code == 0, (name, r.output)
    return files


@pytest.mark.integration
@pytest.mark.parametrize("name", sorted(CASES))
def test_readable_output_names_every_file_written(name, inputs, tmp_path):
    before, outs = CASES[name]
    args = name.split() + [str(inputs.get(a, a)) for a in before]
    paths = {opt: tmp_path / f for opt, f in outs.items()}
    for opt, p in paths.items():
        args += [opt, str(p)]
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    for opt, p in paths.items():
        assert p.exists(), f"{name} {opt}: no file"
        said = [ln for ln in lines if ln == f"wrote {p}" or ln.startswith(f"wrote {p} (")]
        assert len(said) == 1, f"{name} {opt}: {len(said)} 'wrote {p.name}' lines in\n{r.stdout}"
    assert not any("written to" in ln for ln in lines)
    # and --json stays one JSON document (the 'wrote' lines are for people)
    for p in paths.values():
        p.unlink()
    r = CliRunner().invoke(cli, args + ["--json"])
    assert r.exit_code == 0, r.output
    json.loads(r.stdout)
    assert all(p.exists() for p in paths.values())


@pytest.mark.integration
@pytest.mark.parametrize("args", [["octagone", "solve", "POS", "--target", "outcome", "--max-nodes"],
                                  ["oct8", "simulate", "--players", "random,random", "--games"]])
def test_large_counts_may_be_written_as_in_the_guides(args, tmp_path, capsys):
    # the guides speak of budgets of 2e7 and 5e8 nodes: `--max-nodes 2e7` was refused ('not a valid
    # integer range'); a value that is not a whole number is refused, never rounded
    pos = tmp_path / "pos.json"
    r = CliRunner().invoke(cli, ["octagone", "play", "--seed", "3", "--stop-after", "10",
                                 "--position-out", str(pos)])
    assert r.exit_code == 0, r.output
    args = [str(pos) if a == "POS" else a for a in args]
    same = [CliRunner().invoke(cli, args + [v, "--json"]) for v in ("20", "2e1", "2.0e1", "2_0")]
    assert all(x.exit_code == 0 for x in same), [x.output for x in same]
    docs = [json.loads(x.stdout) for x in same]
    for d in docs:
        d.pop("seconds", None)
        d.pop("nodes_per_second", None)
    assert docs[1:] == docs[:-1]
    for bad, why in (("2.5", "is not a whole number"), ("1e-3", "is not a whole number"),
                     ("1e999999999", "is out of range"), ("0", "is not in the range"), ("nan", "")):
        with pytest.raises(SystemExit) as e:  # the console entry point: errors on one line
            main(args + [bad])
        err = capsys.readouterr().err
        assert e.value.code == 2 and why in err and len(err.strip().splitlines()) == 1, (bad, err)
