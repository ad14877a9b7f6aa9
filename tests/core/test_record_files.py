"""The one game record (core/record.py) and atomic files (core/files.py)."""

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from octosolve.core.errors import OctoError
from octosolve.core.files import atomic_write_text
from octosolve.core.game import CHANCE, sample_chance
from octosolve.core.record import make_record, parse_move, replay, replay_states
from octosolve.games import GAMES, record_game, replay_record

STATE_GAMES = [g.name for g in GAMES if g.has_state]


def _random_game(name, seed, max_moves=60):
    entry = [g for g in GAMES if g.name == name][0]
    game = entry.make_game()
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("name", STATE_GAMES)
def test_record_round_trip(name):
    game, state = _random_game(name, 5)
    rec = make_record(name, game, 5, ["random"] * game.info.num_players, state.history)
    rec2 = json.loads(json.dumps(rec))
    final = replay_record(rec2)
    assert final.to_json() == state.to_json()
    # every stored notation parses back to its action on the state before it
    for st, m in replay_states(rec2, record_game(rec2)[1]):
        if m is None:
            break
        assert parse_move(st, m["move"]) == m["action"] or st.current_player() == CHANCE


@pytest.mark.parametrize("name", STATE_GAMES)
def test_record_refuses_tampering(name):
    game, state = _random_game(name, 9, max_moves=12)
    rec = make_record(name, game, 9, ["random"] * game.info.num_players, state.history)
    players_moves = [i for i, m in enumerate(rec["moves"]) if m["player"] != CHANCE]
    i = players_moves[-1]
    bad = json.loads(json.dumps(rec))
    bad["moves"][i]["action"] = 10 ** 6
    with pytest.raises(OctoError, match="not legal"):
        replay(bad, game)
    bad = json.loads(json.dumps(rec))
    bad["moves"][i]["move"] = "not a move at all"
    with pytest.raises(OctoError, match="says"):
        replay(bad, game)
    bad = json.loads(json.dumps(rec))
    bad["format"] = "other"
    with pytest.raises(OctoError, match="format"):
        replay_record(bad)


def test_parse_move_errors():
    game, state = _random_game("octagone", 3, max_moves=2)
    with pytest.raises(OctoError, match="not legal"):
        parse_move(state, "zz top")
    a = state.legal_actions()[0]
    assert parse_move(state, str(a)) == a
    assert parse_move(state, state.action_to_string(a).upper()) == a


def test_atomic_write_keeps_old_file_when_killed(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old and good\n")
    script = textwrap.dedent(f"""
        import os, sys, time
        from octosolve.core.files import atomic_write
        with atomic_write({str(target)!r}) as f:
            f.write("new " * 1000)
            f.flush()
            print("writing", flush=True)
            time.sleep(60)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "writing"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert target.read_text() == "old and good\n"
    # #45.11: the killed writer's temporary was never cleaned; the next write of the target does
    left = [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
    assert len(left) == 1, left
    atomic_write_text(target, "next\n")
    assert sorted(os.listdir(tmp_path)) == ["out.txt"] and target.read_text() == "next\n"


def test_stale_temporaries_cleaned_only_when_stale(tmp_path):
    """Only the target's own leftovers go: a dead process's, or one naming no process and older
    than STALE_AGE; a running writer's (this process's), a fresh one and another target's stay."""
    from octosolve.core.files import STALE_AGE

    dead, live = 2**22 + 12345, os.getpid()        # above Linux's pid_max: no such process
    names = {f".out.txt.{dead}.ab12.tmp": True, f".out.txt.{live}.cd34.tmp": False,
             ".out.txt.oldstyle.tmp": True, ".out.txt.fresh99.tmp": False,
             f".other.txt.{dead}.ef56.tmp": False, f".out.txt.{dead}.gh78.txt": False}
    for n in names:
        (tmp_path / n).write_text("x")
    old = time.time() - STALE_AGE - 60
    os.utime(tmp_path / ".out.txt.oldstyle.tmp", (old, old))
    atomic_write_text(tmp_path / "out.txt", "1\n")
    assert sorted(os.listdir(tmp_path)) == sorted(["out.txt"] + [n for n, gone in names.items() if not gone])


def test_atomic_write_exception_leaves_no_temp(tmp_path):
    target = tmp_path / "x.json"
    atomic_write_text(target, "1\n")
    from octosolve.core.files import atomic_write
    with pytest.raises(RuntimeError):
        with atomic_write(target) as f:
            f.write("partial")
            raise RuntimeError("boom")
    assert target.read_text() == "1\n"
    assert sorted(os.listdir(tmp_path)) == ["x.json"]


def test_every_writer_goes_through_core_files():
    """No module of the package or the scripts writes a file by itself: every write goes through
    core/files.py (temporary file, fsync, os.replace). A bare write_text, open(..., 'w'/'a'/'x'),
    save_svg, shutil.copy or gzip file opened for writing fails this test, naming file and line."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    bad_call = re.compile(
        r"\.write_text\(|\.write_bytes\(|\.save_svg\(|shutil\.copy|shutil\.move|np\.save|\.tofile\("
        r"|\bopen\([^)]*,\s*[\"'](?:w|a|x)b?\+?[\"']|mode=[\"'](?:w|a|x)b?[\"']")
    offenders = []
    for folder in ("octosolve", "scripts"):
        for path in sorted((root / folder).rglob("*.py")):
            if path.name == "files.py" and path.parent.name == "core":
                continue
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                # a gzip stream into an in-memory buffer (fileobj=io.BytesIO) writes no file: the
                # buffer then goes to disk through atomic_write_bytes
                if "fileobj=" in code:
                    continue
                # /dev/null opened to silence a child process's stderr: no file is written
                if "os.devnull" in code:
                    continue
                if bad_call.search(code):
                    offenders.append(f"{path.relative_to(root)}:{i}: {line.strip()}")
    assert offenders == [], "files written outside core/files.py:\n" + "\n".join(offenders)


def test_the_check_catches_a_bare_writer():
    """The pattern above really matches the forms it forbids (a test that can fail)."""
    import re

    bad_call = re.compile(
        r"\.write_text\(|\.write_bytes\(|\.save_svg\(|shutil\.copy|shutil\.move|np\.save|\.tofile\("
        r"|\bopen\([^)]*,\s*[\"'](?:w|a|x)b?\+?[\"']|mode=[\"'](?:w|a|x)b?[\"']")
    for s in ['p.write_text("x")', 'open(p, "w")', "open(p, 'ab')", 'd.save_svg(str(p))',
              'shutil.copyfile(a, b)', 'gzip.GzipFile(fileobj=raw, mode="wb")']:
        assert bad_call.search(s), s
    for s in ['open(p, "r")', 'p.read_text()', 'atomic_write_text(p, "x")']:
        assert not bad_call.search(s), s
