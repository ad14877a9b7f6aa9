"""`octosolve serve`: a local web app over the library (Starlette, served by uvicorn).

Pages (plain HTML/CSS/JS shipped in ``octosolve/web/static/``, no CDN, no build step):

- ``/octiles``: the challenge gallery (each answer's proof and certificate) and a board editor (place
  and turn tiles with Undo/Redo, the board kept in the address, every path traced, the score of the
  board for any challenge against its proven optimum or best known answer);
- ``/octagion``: the designer's page: a word list checked line by line against a deck (the table of
  ``octagion check``, bad lines flagged), the deck's statistics, ``design-deck`` run in the
  background with its progress;
- ``/play/<game>``: a game against the computer players of the registry.

The JSON API answers what the CLI's ``--json`` prints (see ``docs/web.md``). Safe by default: it
binds to 127.0.0.1, request bodies are capped at 1 MB, bad input gets a 400 or 404 with
``{"error": "..."}`` (the server keeps serving), games in memory are capped (least recently used
dropped), and no file path is ever taken from a request.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/octiles/trace", json={"placement": {}}).json()["summary"]["paths"]
0
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import OctoError
from .http import JSON, MAX_BODY, ApiError, not_found_page, read_body_json  # noqa: F401 (re-exported)

__all__ = ["MAX_BODY", "JSON", "ApiError", "create_app", "run", "read_body_json", "serve_in_thread"]

STATIC_DIR = Path(__file__).resolve().parent / "static"
HOME = "index.html"   # the app's own page at "/"; the games' pages come from their manifests (WebPage)


def _error(status: int, message: str) -> JSON:
    return JSON({"error": " ".join(str(message).split())}, status_code=status)


async def _octo_error(request, exc: OctoError):
    return _error(400, exc.format_message())


def _answer(request, status: int, message: str, headers=None):
    """An error: a JSON ``{"error": ...}`` under /api/ and /preview/ (addresses for programs and
    pictures), an HTML page with the site's menu for any other wrong address (a 404), and for a
    wrong /api/ or /preview/ address opened as a page (a browser's address bar: it asks for
    ``text/html`` first, which a script's fetch, a picture or a program does not)."""
    if status == 404 and (not request.url.path.startswith(("/api/", "/preview/"))
                          or _wants_page(request)):
        pages = getattr(request.app.state, "pages", None)   # the menu as the app's pages show it
        return not_found_page(STATIC_DIR, request.url.path, message,
                              pages.html(HOME) if pages is not None else None)
    r = _error(status, message)
    r.headers.update(headers or {})
    return r


def _wants_page(request) -> bool:
    """The request is a browser opening an address (its Accept header names text/html)."""
    return "text/html" in request.headers.get("accept", "")


async def _api_error(request, exc: ApiError):
    return _answer(request, exc.status, exc.message)


async def _http_error(request, exc: HTTPException):
    return _answer(request, exc.status_code, exc.detail or "error", exc.headers)


async def _internal_error(request, exc: Exception):
    return _error(500, f"internal error: {type(exc).__name__}: {exc}")


class PageRenderer:
    """The app's HTML pages with their game menus filled in from the registry: every page's menu
    (each game's own pages, then "Play X" for each game offered on /play) and the home page's
    pictures of the playable games, in the order the manifests give (``GameManifest.menu``).
    A new game appears in them by its manifest alone."""

    def __init__(self, offered):
        from ..games import GAMES

        def rank(g):
            return getattr(g, "menu", 100)

        self.pages = [p for g in sorted(GAMES, key=rank) for p in getattr(g, "pages", ())]
        self.offered = sorted(offered, key=rank)
        self._cache: dict[str, str] = {}

    def menu(self) -> str:
        links = [f'<a href="{_html(p.path)}">{_html(p.label)}</a>' for p in self.pages]
        links += [f'<a href="/play/{g.name}">Play {_html(getattr(g, "title", g.name))}</a>' for g in self.offered]
        return "\n  ".join(links)

    def pictures(self) -> str:
        """The home page's play links, each with its game's picture (``GET /preview/GAME.svg``, drawn
        from the game's manifest; a game offered without one, such as a toy game of the tests, gets
        its link alone rather than a broken picture)."""
        def img(g):
            return f'<img src="/preview/{g.name}.svg" alt="">' if hasattr(g, "preview") else ""
        return "\n        " + "\n        ".join(
            f'<a href="/play/{g.name}">{img(g)}{_html(getattr(g, "title", g.name))}</a>'
            for g in self.offered)

    def html(self, name: str) -> str:
        if name not in self._cache:
            text = (STATIC_DIR / name).read_text(encoding="utf-8")
            self._cache[name] = (text.replace("<!--game-menu-->", self.menu())
                                 .replace("<!--game-pictures-->", self.pictures()))
        return self._cache[name]

    def endpoint(self, name: str):
        async def page(request: Request):
            return HTMLResponse(self.html(name))
        return page


def _html(text: str) -> str:
    import html

    return html.escape(str(text), quote=True)


def _closing(pool):
    """The app's lifespan: at its shutdown the pool's workers end."""
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:
            pool.close()
    return lifespan


async def _favicon(request: Request):
    return Response(status_code=204)


def create_app(*, max_games: int = 200, games=None, warm: bool = True, workers: int = 0) -> Starlette:
    """The web app. ``max_games``: games kept in memory (least recently used dropped);
    ``games``: the registry entries offered on /play (default: every game of
    :data:`octosolve.games.GAMES` with a turn-based state); ``warm``: when a game's page is
    first opened, load its computer player's compiled kernels in the background; ``workers``:
    worker processes for the searches and designs (:class:`~octosolve.web.pool.Pool`; 0: in this
    process, one at a time). ``app.state.pool`` is the pool: the app's shutdown ends its workers."""
    from . import play, previews, review
    from .pool import Pool

    pool = Pool(workers)
    sessions = play.Sessions(max_games=max_games, games=games, warm=warm, pool=pool)
    pages = PageRenderer(sessions.entries.values())
    routes = [Route("/", pages.endpoint(HOME))]
    routes += [
        Route("/index.html", lambda r: RedirectResponse("/")),
        Route("/favicon.ico", _favicon),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    routes += game_page_routes(pages, pool)
    routes += previews.routes()
    routes += play.routes(sessions, pages.endpoint("play.html"))
    routes += review.routes(sessions)
    app = Starlette(
        routes=routes,
        exception_handlers={OctoError: _octo_error, ApiError: _api_error,
                            HTTPException: _http_error, Exception: _internal_error},
        lifespan=_closing(pool),
    )
    app.state.pages = pages
    app.state.pool = pool
    app.state.sessions = sessions
    return app


def game_page_routes(pages: PageRenderer, pool) -> list:
    """The games' own pages, from their manifests (``GameManifest.pages``): each ``WebPage``'s HTML
    file of ``static/`` at its address, and the routes of the module of this package that its
    ``api`` names (``routes(pool)``). The manifest only names the module: the web app imports it,
    so no game imports the web (which sits above the games) and a new game's page needs no edit
    here."""
    import importlib

    routes = []
    for p in pages.pages:
        if not (STATIC_DIR / p.html).is_file():
            raise ValueError(f"the page {p.path}: no file {p.html} in {STATIC_DIR}")
        routes.append(Route(p.path, pages.endpoint(p.html)))
        if p.api:
            if not p.api.isidentifier():   # a module of this package, never a path elsewhere
                raise ValueError(f"the page {p.path}: its api {p.api!r} is not a module name of {__package__}")
            routes += importlib.import_module(f"{__package__}.{p.api}").routes(pool)
    return routes


def ready_pages(app) -> None:
    """Before ``serve`` prints its address: what each game's page asks of the web process first
    (``/api/GAME/info``: its players, presets and the data a new game reads, Octoverso's lexicon
    the slowest, 3.3 s of CPU), loaded once here, so the address printed is one whose pages answer
    at once (issue 43: the first page within 2 s of the address; it took 5.1 s on the idle machine
    when this was left to the first request). The searches' kernels are warmed on the workers in
    the background (:func:`warm_in_background`). Errors are left for a real request to report."""
    sessions = getattr(app.state, "sessions", None)
    if sessions is None or not sessions.warm:
        return
    for e in sorted(sessions.entries.values(), key=lambda e: getattr(e, "menu", 100)):
        try:
            sessions.catalogue(e.name)
        except Exception:
            pass


def warm_in_background(app) -> None:
    """Right after ``serve`` starts, in one daemon thread: each game's warm-up queued on the pool's
    workers (``Sessions.warm_up``: a move of its default player on a scratch game on every worker,
    which loads the compiled kernels in the processes that play the computer's moves), then the
    home page's pictures drawn game after game, menu order (which loads each game's data,
    Octoverso's lexicon the slowest), so the first pages wait for neither (issue 43: the first page
    took 16 s). Errors are left for a real request to report."""
    import threading

    from .previews import preview_svg

    sessions = app.state.sessions
    if not sessions.warm:
        return
    offered = sorted(sessions.entries.values(), key=lambda e: getattr(e, "menu", 100))

    def work():
        for e in offered:
            try:
                sessions.warm_up(e, sessions.specs(e))
            except Exception:
                pass
        for name in ["octagion"] + [e.name for e in offered]:   # the home page's pictures
            try:
                preview_svg(name)
            except Exception:
                pass

    threading.Thread(target=work, name="warm-serve", daemon=True).start()


def run(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None) -> None:
    """Serve :func:`create_app` with uvicorn on ``host:port`` until Ctrl-C or SIGTERM, its
    searches on ``workers`` worker processes (default: one per core); no worker outlives it."""
    import click
    import uvicorn

    from ..core.errors import fail
    from ..core.words import counted

    if not isinstance(port, int) or not 0 < port < 65536:
        fail(f"--port must be 1-65535, got {port!r}")
    if workers is None:
        from ..core.batch import default_workers

        workers = default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        fail(f"--workers must be at least 1, got {workers!r}")
    sock = _bind(host, port)  # first: an address that cannot be served is the only line printed
    try:
        app = create_app(workers=workers)
    except BaseException:
        sock.close()
        raise
    shown = f"[{host}]" if ":" in host else host
    ready_pages(app)
    warm_in_background(app)
    click.echo(f"octosolve web app: http://{shown}:{port}/  ({counted(workers, 'worker process', 'worker processes')}; "
               "Ctrl-C stops it)", err=True)
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"note: listening on {host}, not only this machine: anyone who can reach it can "
                   "use the app", err=True)
    config = uvicorn.Config(app, log_level="warning")
    server = _stopping_server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        app.state.pool.close()   # also when uvicorn did not run the app's shutdown
    click.echo("stopped.", err=True)


def _stopping_server(config):
    """A uvicorn server for ``config`` whose stop also stops the app's pool (below)."""
    import uvicorn

    class StoppingServer(uvicorn.Server):
        """Ctrl-C or SIGTERM ends the pool's workers at once (in a thread: not in the signal
        handler), so the requests waiting in line answer 503 "the server is stopping" and the
        server exits without waiting for the line to run out."""

        def handle_exit(self, sig, frame) -> None:
            import threading

            pool = getattr(self.config.app.state, "pool", None)
            if pool is not None:
                threading.Thread(target=pool.close, name="stop-pool", daemon=True).start()
            super().handle_exit(sig, frame)
    return StoppingServer(config)


def _bind(host: str, port: int):
    """A listening socket on ``host:port`` (bound here, so a busy port is a one-line error)."""
    import socket

    from ..core.errors import fail

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        fail(f"cannot serve on {host}:{port}: {e.strerror or e}")
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        fail(f"cannot serve on {host}:{port}: {e.strerror or e}")
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


class serve_in_thread:
    """Serve ``app`` with uvicorn on 127.0.0.1 (a free port) in a background thread, for browser
    tests and benchmarks::

        with serve_in_thread(create_app()) as url:   # "http://127.0.0.1:PORT"
            ...
    """

    def __init__(self, app=None, host: str = "127.0.0.1", port: int = 0):
        self.app = app if app is not None else create_app()
        self.host, self.port = host, port

    def __enter__(self) -> str:
        import threading
        import time

        import uvicorn

        self.sock = _bind(self.host, self.port)
        port = self.sock.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)
        self.thread.start()
        t0 = time.monotonic()
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() - t0 > 20:
                raise RuntimeError("the web app did not start")
            time.sleep(0.02)
        return f"http://{self.host}:{port}"

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()
