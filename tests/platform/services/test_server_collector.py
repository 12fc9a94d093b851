"""A server process tunes Python's garbage collector once the site is loaded (config/asgi.py):
the objects alive at start frozen out of it, the youngest generation collected every GC_GEN0
allocations (the older generations' collections of the whole heap paused every socket)."""

import subprocess
import sys


def test_a_server_process_freezes_the_loaded_site_and_collects_less_often():
    probe = (
        "import gc; import config.asgi as a; "
        "print(gc.get_threshold()[0], a.GC_GEN0, gc.get_freeze_count())"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    threshold, wanted, frozen = (int(x) for x in out)
    assert threshold == wanted == 50_000
    assert threshold > 700  # Python's default
    assert frozen > 10_000  # the modules, settings, models and URL patterns of the site
