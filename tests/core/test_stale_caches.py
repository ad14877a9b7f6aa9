"""drop_stale_caches: a numba cache older than a module its kernels compile in is deleted."""

import os

from octosolve.core.kernels import drop_stale_caches


def _setup(tmp_path, cache_time, dep_time):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "kernels.py").write_text("")
    (tmp_path / "dfpn.py").write_text("")
    pc = tmp_path / "__pycache__"
    pc.mkdir()
    files = [pc / "dfpn.search-12.py311.nbi", pc / "dfpn.search-12.py311.1.nbc",
             pc / "kernels.other-3.py311.nbi"]
    for f in files:
        f.write_bytes(b"x")
        os.utime(f, (cache_time, cache_time))
    os.utime(tmp_path / "kernels.py", (dep_time, dep_time))
    return files


def test_an_edited_dependency_drops_only_that_modules_cache(tmp_path):
    files = _setup(tmp_path, cache_time=1_000_000, dep_time=2_000_000)
    assert drop_stale_caches(str(tmp_path / "__init__.py"), "dfpn.py", ["kernels.py"]) == 2
    assert [f.exists() for f in files] == [False, False, True]


def test_a_cache_newer_than_its_dependencies_is_kept(tmp_path):
    files = _setup(tmp_path, cache_time=2_000_000, dep_time=1_000_000)
    assert drop_stale_caches(str(tmp_path / "__init__.py"), "dfpn.py", ["kernels.py"]) == 0
    assert all(f.exists() for f in files)


def test_the_game_packages_declare_their_cross_module_kernels():
    import octosolve.oct8 as oct8
    import octosolve.octagone as octagone
    for pkg, mods in ((octagone, ("kernels", "dfpn")), (oct8, ("kernels", "search"))):
        src = open(pkg.__file__, encoding="utf-8").read()
        for m in mods:
            assert f'drop_stale_caches(__file__, "{m}.py"' in src
