"""`octosolve serve`: a local web app (Starlette + uvicorn) over the library; see docs/web.md."""

__all__ = ["create_app", "run"]


def __getattr__(name):
    if name in __all__:
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
