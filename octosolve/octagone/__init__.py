"""Octagone: see docs/rules/octagone.md."""

from ..core.kernels import drop_stale_caches

# numba checks a cache against its own source file only: drop the caches of kernels that compile in
# njit functions of the modules listed after them when one of those is newer
drop_stale_caches(__file__, "kernels.py", ["bitboards.py", "playouts.py"])
drop_stale_caches(__file__, "dfpn.py", ["kernels.py", "bitboards.py", "playouts.py"])
