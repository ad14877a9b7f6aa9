"""Files written whole or not at all.

Every file the project writes goes through :func:`atomic_write` (or its two shorthands): the bytes
go to a temporary file in the same folder, are flushed and fsync'ed, and the temporary file then
replaces the target with ``os.replace`` (atomic on POSIX and Windows). A writer killed mid-way
leaves the previous file intact and, at worst, a ``.<name>.*.tmp`` file beside it, never a
truncated target.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> p = atomic_write_text(d / "a" / "x.txt", "hello\\n")
>>> p.read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import IO, Iterator

__all__ = ["atomic_write", "atomic_write_text", "atomic_write_bytes"]


@contextlib.contextmanager
def atomic_write(path: Path | str, mode: str = "w", *, encoding: str | None = "utf-8",
                 newline: str | None = None) -> Iterator[IO]:
    """Open a temporary file beside ``path`` for writing; on a clean exit of the ``with`` block it
    replaces ``path`` (parents created). On an exception the target is untouched and the temporary
    file removed. ``mode`` is ``"w"`` (text) or ``"wb"`` (bytes)."""
    if mode not in ("w", "wb"):
        raise ValueError("atomic_write mode is 'w' or 'wb'")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent))
    try:
        if mode == "wb":
            f = os.fdopen(fd, "wb")
        else:
            f = os.fdopen(fd, "w", encoding=encoding, newline=newline)
        with f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(OSError):
            # keep the target's permissions when it exists, else the usual 0644 (mkstemp makes 0600)
            mode_bits = path.stat().st_mode & 0o777 if path.exists() else 0o644
            os.chmod(tmp, mode_bits)
        os.replace(tmp, path)
        tmp = None
        with contextlib.suppress(OSError):
            dfd = os.open(str(path.parent), os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def atomic_write_text(path: Path | str, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` whole or not at all; returns the path."""
    with atomic_write(path, "w", encoding=encoding) as f:
        f.write(text)
    return Path(path)


def atomic_write_bytes(path: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``path`` whole or not at all; returns the path."""
    with atomic_write(path, "wb") as f:
        f.write(data)
    return Path(path)
