"""tests/module_weights.txt orders the heavier test modules first when the suite runs on workers
(tests/conftest.py); a line naming a module that is gone would silently stop ordering it."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_weighted_module_exists_and_weights_parse(pytestconfig):
    conftest = next(p for p in pytestconfig.pluginmanager.get_plugins() if hasattr(p, "_module_weights"))
    weights = conftest._module_weights()
    assert len(weights) >= 20
    missing = [m for m in weights if not (ROOT / m).is_file()]
    assert not missing, f"tests/module_weights.txt names modules that are gone: {missing}"
    assert all(w >= 0 for w in weights.values())
