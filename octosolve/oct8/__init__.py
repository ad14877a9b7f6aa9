"""Oct8: see docs/rules/oct8.md."""

from ..core.kernels import drop_stale_caches

# numba checks a cache against its own source file only: drop the caches of kernels that compile in
# njit functions of the modules listed after them when one of those is newer
drop_stale_caches(__file__, "kernels.py", ["flat.py"])
drop_stale_caches(__file__, "search.py", ["kernels.py", "flat.py"])
