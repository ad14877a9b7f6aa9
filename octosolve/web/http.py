"""Request and answer helpers shared by the web app's parts: JSON answers written as the CLI's
``--json`` writes them, errors as ``{"error": ...}``, request bodies capped at :data:`MAX_BODY`."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import JSONResponse

__all__ = ["MAX_BODY", "JSON", "ApiError", "read_body_json"]

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


async def read_body_json(request: Request) -> dict:
    """The request's JSON object body; 413 above :data:`MAX_BODY`, 400 if it is not a JSON object."""
    declared = request.headers.get("content-length")
    if declared is not None:
        try:
            if int(declared) > MAX_BODY:
                raise ApiError(413, f"request body over {MAX_BODY} bytes")
        except ValueError:
            raise ApiError(400, "bad Content-Length header")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"request body over {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        return {}
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
    return obj


