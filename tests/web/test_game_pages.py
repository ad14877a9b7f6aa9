"""A game's own web pages come from its manifest (``GameManifest.pages``: ``WebPage``), with the API
routes of the module of ``octosolve.web`` its ``api`` names: a new game's page needs no edit of
web/app.py (issue 42). Shown with the test suite's sixth game declaring a page of its own."""

from __future__ import annotations

import dataclasses

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

import octosolve.games  # noqa: E402
from octosolve.core.manifest import WebPage  # noqa: E402
from octosolve.web.app import create_app  # noqa: E402


# the test suite's own game (tests/games/: registered by its manifest alone, and named nowhere else)
TEST_GAME = next(g for g in octosolve.games.GAMES if not g.package.startswith("octosolve."))
NOTES = f"/{TEST_GAME.name}-notes"


def _registry_with(monkeypatch, page: WebPage):
    """The registry holding the test suite's own game alone, its manifest declaring ``page``."""
    ttt = dataclasses.replace(TEST_GAME, pages=(page,))
    monkeypatch.setattr(octosolve.games, "GAMES", [ttt])
    return ttt


def test_a_page_declared_in_a_test_games_manifest_is_served_with_its_api(monkeypatch):
    ttt = _registry_with(monkeypatch, WebPage(NOTES, "The notes",
                                              file="index.html", api="octiles_api"))
    c = TestClient(create_app(games=[ttt], warm=False), raise_server_exceptions=False)
    r = c.get(NOTES)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    # its link in every page's menu, and the pages the registry no longer declares are gone
    for path in ("/", NOTES, f"/play/{TEST_GAME.name}"):
        assert f'<a href="{NOTES}">The notes</a>' in c.get(path).text, path
    assert c.get("/octiles").status_code == 404 and c.get("/octagion").status_code == 404
    # the routes of the module its ``api`` names (Octiles' here), and of no other page's
    assert c.get("/api/octiles/board").status_code == 200
    paths = [getattr(r, "path", "") for r in c.app.routes]
    assert "/api/octiles/trace" in paths and not [p for p in paths if p.startswith("/api/octagion")]


def test_a_page_without_api_has_no_routes_and_its_file_defaults_to_its_address(monkeypatch):
    assert WebPage("/octiles", "x").html == "octiles.html"
    ttt = _registry_with(monkeypatch, WebPage("/octagion", "Octagion designer"))
    c = TestClient(create_app(games=[ttt], warm=False), raise_server_exceptions=False)
    assert 'id="words"' in c.get("/octagion").text
    assert not [r for r in c.app.routes if getattr(r, "path", "").startswith(("/api/octiles", "/api/octagion"))]


@pytest.mark.parametrize("page,said", [
    (WebPage("/nowhere", "x"), "no file nowhere.html"),
    (WebPage("/octiles", "x", api="..app"), "not a module name"),
])
def test_a_page_the_app_cannot_serve_is_said_when_the_app_is_built(monkeypatch, page, said):
    ttt = _registry_with(monkeypatch, page)
    with pytest.raises(ValueError, match=said):
        create_app(games=[ttt], warm=False)
