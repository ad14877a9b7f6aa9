"""Request and answer helpers shared by the web app's parts: JSON answers written as the CLI's
``--json`` writes them, errors as ``{"error": ...}`` under ``/api/`` and an HTML page with the
site's menu elsewhere (:func:`not_found_page`), request bodies capped at :data:`MAX_BODY` and
declared JSON (415 otherwise), a client gone mid-body logged on one line."""

from __future__ import annotations

import html
import json
import logging
import re
from pathlib import Path

from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse

__all__ = ["MAX_BODY", "JSON", "ApiError", "read_body_json", "is_json_type", "not_found_page",
           "number_in_path"]

LOG = logging.getLogger("uvicorn.error")   # where uvicorn writes its own warnings

MAX_BODY = 1 << 20  # 1 MB: the largest request body accepted


class JSON(JSONResponse):
    """A JSON answer written as the CLI's ``--json`` writes it (numpy values made plain, non-finite
    numbers as null)."""

    def render(self, content) -> bytes:
        from ..core.jsonout import to_plain

        return json.dumps(to_plain(content), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class ApiError(Exception):
    """An error answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def is_json_type(content_type: str | None) -> bool:
    """Whether a Content-Type header declares JSON (``application/json``, ``application/x+json``;
    parameters such as ``charset=utf-8`` allowed)."""
    kind = (content_type or "").split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


def number_in_path(raw: str, what: str, digits: int = 9) -> int:
    """A whole number from a path segment: ASCII digits only (``str.isdigit`` also takes ``³`` and
    ``①``, which ``int`` refuses: a 500), at most ``digits`` of them; else a 400."""
    if not re.fullmatch(r"[0-9]{1,%d}" % digits, raw):
        from ..core.words import shown

        raise ApiError(400, f"{what} must be a whole number of at most {digits} digits, got "
                            f"'{shown(raw[:20])}'")
    return int(raw)


def _no_surrogates(obj, depth: int = 0) -> None:
    """A lone surrogate (``"\\ud800"`` is valid JSON but no text) anywhere in the body: a 400, before
    it reaches an encoder as a UnicodeEncodeError."""
    if isinstance(obj, str):
        if re.search("[\ud800-\udfff]", obj):
            raise ApiError(400, "the request body holds a lone surrogate (\\ud800-\\udfff), "
                                "which is no character: send text as UTF-8")
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _no_surrogates(k, depth + 1)
            _no_surrogates(v, depth + 1)
    elif isinstance(obj, list):
        for v in obj:
            _no_surrogates(v, depth + 1)


async def read_body_json(request: Request) -> dict:
    """The request's JSON object body; 413 above :data:`MAX_BODY`, 415 unless declared JSON
    (Content-Type), 400 if it is not a JSON object of text (a lone surrogate is none)."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > MAX_BODY:
                raise ApiError(413, f"request body over {MAX_BODY} bytes")
        except ValueError:
            raise ApiError(400, "bad Content-Length header")
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise ApiError(413, f"request body over {MAX_BODY} bytes")
            chunks.append(chunk)
    except ClientDisconnect:   # one line in the log, not a 3 KB traceback (#45.7)
        client = request.client
        LOG.warning("client %s disconnected before sending its whole request body (%s %s, %d bytes "
                    "read)", f"{client.host}:{client.port}" if client else "?", request.method,
                    request.url.path[:200], size)
        raise ApiError(400, "the client disconnected before sending its whole request body")
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
    if not is_json_type(request.headers.get("content-type")):
        raise ApiError(415, "the request body must be JSON, sent with Content-Type: application/json "
                            f"(got {(request.headers.get('content-type') or 'none')[:60]!r})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, "request body is not UTF-8")
    # the CLI's strict reader: duplicate keys, NaN and documents nested over 64 levels are refused
    from ..core.errors import OctoError
    from ..core.jsonout import parse_json

    try:
        obj = parse_json(text, "request body")
    except OctoError as e:
        raise ApiError(400, e.format_message() if hasattr(e, "format_message") else str(e))
    except (ValueError, RecursionError) as e:
        raise ApiError(400, f"malformed JSON: {str(e)[:120]}")
    if not isinstance(obj, dict):
        raise ApiError(400, "the request body must be a JSON object")
    _no_surrogates(obj)
    return obj


def not_found_page(static_dir: Path, path: str, message: str, index: str | None = None) -> HTMLResponse:
    """The 404 page for an address outside ``/api/``: ``404.html`` with the site's menu (the
    ``<header>`` of the home page ``index`` as the app serves it, its game menu filled in; default:
    ``index.html`` as stored, so the menu is written once) and the reason."""
    page = (static_dir / "404.html").read_text(encoding="utf-8")
    if index is None:
        index = (static_dir / "index.html").read_text(encoding="utf-8")
    m = re.search(r"<header>.*?</header>", index, re.S)
    shown = path if len(path) <= 200 else path[:200] + "..."
    page = (page.replace("<!--MENU-->", m.group(0) if m else "")
            .replace("<!--PATH-->", html.escape(shown.encode("utf-8", "backslashreplace").decode("utf-8")))
            .replace("<!--REASON-->", html.escape(" ".join(str(message).split()))))
    return HTMLResponse(page, status_code=404)


