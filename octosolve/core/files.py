"""Files written whole or not at all.

Every file the project writes goes through :func:`atomic_write` (or its two shorthands): the bytes
go to a temporary file in the same folder, are flushed and fsync'ed, and the temporary file then
replaces the target with ``os.replace`` (atomic on POSIX and Windows). A writer killed mid-way
leaves the previous file intact and, at worst, a ``.<name>.<pid>.*.tmp`` file beside it, never a
truncated target; the next write of the same target removes such leftovers (:func:`clean_stale`:
those of a process that no longer runs, or older than :data:`STALE_AGE` when they name none).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> p = atomic_write_text(d / "a" / "x.txt", "hello\\n")
>>> p.read_text()
'hello\\n'
"""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from pathlib import Path
from typing import IO, Iterator

from .errors import fail

__all__ = ["atomic_write", "atomic_write_text", "atomic_write_bytes", "clean_stale", "STALE_AGE"]

STALE_AGE = 24 * 3600.0  # seconds: a temporary naming no process (an older release's) is stale after a day


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0 and not isinstance(pid, bool)   # another user's process (or no such number)
    return True


def clean_stale(path: Path | str) -> list[Path]:
    """Remove the temporaries a killed write of ``path`` left (``.<name>.<pid>.*.tmp``) whose
    process no longer runs, and those naming no process that are older than :data:`STALE_AGE`;
    never another target's, never a running writer's. Returns the files removed."""
    path = Path(path)
    gone = []
    prefix = f".{path.name}."
    for tmp in glob.glob(os.path.join(glob.escape(str(path.parent)), glob.escape(prefix) + "*.tmp")):
        rest = os.path.basename(tmp)[len(prefix):-len(".tmp")]
        head = rest.split(".", 1)[0]
        try:
            if head.isascii() and head.isdigit() and "." in rest:
                stale = int(head) != os.getpid() and not _alive(int(head))
            else:
                stale = time.time() - os.stat(tmp).st_mtime > STALE_AGE
            if stale:
                os.unlink(tmp)
                gone.append(Path(tmp))
        except OSError:
            continue   # gone already, or not ours to remove
    return gone


@contextlib.contextmanager
def atomic_write(path: Path | str, mode: str = "w", *, encoding: str | None = "utf-8",
                 newline: str | None = None) -> Iterator[IO]:
    """Open a temporary file beside ``path`` for writing; on a clean exit of the ``with`` block it
    replaces ``path`` (parents created). On an exception the target is untouched and the temporary
    file removed. ``mode`` is ``"w"`` (text) or ``"wb"`` (bytes)."""
    if mode not in ("w", "wb"):
        raise ValueError("atomic_write mode is 'w' or 'wb'")
    if "\x00" in str(path):   # the OS refuses such a name (Python: ValueError, not OSError)
        fail(f"cannot write {str(path)!r}: a file name cannot hold a NUL character")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_stale(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp", dir=str(path.parent))
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
