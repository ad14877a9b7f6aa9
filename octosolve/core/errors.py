"""One error type for bad input: a one-line message and exit status 2, never a traceback."""

from __future__ import annotations

import click


class OctoError(click.ClickException):
    """Bad input (wrong word, malformed file, impossible state).

    Raised anywhere in the library; the CLI prints ``Error: <message>`` on one line and exits 2.
    Library users can catch it like any ``Exception``; it is also a ``ValueError`` subclass
    so code that expects ``ValueError`` for bad values keeps working.
    """

    exit_code = 2

    def __init__(self, message: str):
        # keep it to one line whatever the caller passed
        super().__init__(" ".join(str(message).split()))


class OctoValueError(OctoError, ValueError):
    pass


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, like Ctrl-C: the same clean stop, exit status 143
    (130 for Ctrl-C). A command that catches the stop to say what it left may re-raise it with its
    own one line: ``raise type(e)("Interrupted: nothing written.")``; the CLI prints that line."""


def fail(message: str) -> "NoReturn":  # noqa: F821
    """Raise an :class:`OctoError` with ``message``."""
    raise OctoValueError(message)
