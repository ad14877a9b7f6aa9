"""Games the test suite adds to the registry: each folder holds one whole game (rules, players, CLI
group, manifest) and is registered by its ``manifest.py`` alone (``tests/conftest.py`` registers
the ``MANIFEST`` of every ``tests/games/<name>/manifest.py``), so every test parametrized from the
registry checks it too: the proof that a new game costs no edit outside its own folder."""
