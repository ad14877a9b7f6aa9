"""JSON in and out: strict reading (``parse_json``, ``read_json``) and output for ``--json``: numpy scalars/arrays, paths, sets and dataclasses become plain JSON."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any

import click
import numpy as np


def to_plain(obj: Any) -> Any:
    """Recursively convert ``obj`` to JSON-serialisable plain Python values."""
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, (int, np.integer)):
        return int(obj)
    if isinstance(obj, (float, np.floating)):
        f = float(obj)
        return f if math.isfinite(f) else None
    if isinstance(obj, np.bool_):
        return bool(obj)
    if isinstance(obj, np.ndarray):
        return to_plain(obj.tolist())
    if isinstance(obj, dict):
        return {str(k): to_plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return [to_plain(v) for v in sorted(obj, key=repr)]
    if isinstance(obj, Path):
        return str(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return to_plain(dataclasses.asdict(obj))
    if hasattr(obj, "to_json"):
        return to_plain(obj.to_json())
    raise TypeError(f"cannot serialise {type(obj).__name__} to JSON")


def dumps(obj: Any, indent: int | None = 2) -> str:
    return json.dumps(to_plain(obj), indent=indent, ensure_ascii=False)


def emit(obj: Any, as_json: bool, text: str | None = None) -> None:
    """Print ``obj`` as JSON when ``as_json``, else ``text`` (or a JSON fallback)."""
    if as_json:
        click.echo(dumps(obj))
    else:
        click.echo(text if text is not None else dumps(obj))


def write_json(path: Path | str, obj: Any) -> Path:
    from .files import atomic_write_text

    return atomic_write_text(Path(path), dumps(obj) + "\n")


MAX_JSON_DEPTH = 64


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise ValueError(f"duplicate key {k!r}")
        d[k] = v
    return d


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str, what: str = "JSON document") -> Any:
    """Parse JSON strictly, with a one-line error naming ``what``: duplicate keys, ``NaN`` /
    ``Infinity`` and documents nested deeper than 64 levels are refused.

    >>> parse_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> parse_json('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    octosolve.core.errors.OctoValueError: JSON document is not valid JSON (duplicate key 'a')
    """
    from .errors import fail

    if not isinstance(text, str):
        fail(f"{what} is not text")
    if not text.strip():   # was 'is not valid JSON (Expecting value: line 1 column 1 (char 0))'
        fail(f"{what} is empty")
    # the worst case for the parser's recursion is a run of brackets: count before parsing
    opens = 0
    deepest = 0
    in_str = esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            opens += 1
            if opens > deepest:
                deepest = opens
                if deepest > MAX_JSON_DEPTH:
                    fail(f"{what} is nested more than {MAX_JSON_DEPTH} levels deep")
        elif ch in "]}":
            opens -= 1
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        fail(f"{what} is nested too deeply")
    except ValueError as e:
        fail(f"{what} is not valid JSON ({str(e).splitlines()[0]})")


def read_json(path: Path | str, what: str = "JSON file") -> Any:
    """The JSON document in a UTF-8 file, with one-line errors (missing file, directory, not UTF-8,
    not valid JSON, duplicate keys, too deep) naming ``what`` and the path."""
    from .lexicon import read_text

    text = read_text(path, what)
    return parse_json(text, f"{what} {path}")
