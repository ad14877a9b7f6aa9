"""`octosolve serve`: a local web app (Starlette + uvicorn) over the library; see docs/web.md.

:mod:`.app` builds the app (``create_app``) and serves it (``run``); :mod:`.octiles_api` and
:mod:`.octagion_api` (the games' own pages' APIs, named by their manifests' ``WebPage.api``) and
:mod:`.play` are its parts; :mod:`.http` the request/answer helpers;
``static/`` the pages, scripts and stylesheet.
"""
