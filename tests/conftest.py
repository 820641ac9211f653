"""Test-wide set-up: the advisor's solved tables go to a fresh folder, never the user's
cache, and no page of a test solves one larger than the presets' (Maxi Yatzy's takes
minutes on every core); a small disk of its own for the tests of a full or read-only
disk; and property tests that never fail for the machine's load (no deadline per
example, no health check on how fast examples are made), only for what they find."""

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from advisor import CACHE_ENV, default_cache
from webapp.server.ahead import STATES_ENV

SMALL_DISK = "2m"
# Greek's 1.4 million states are the presets' most, below Maxi Yatzy's 33 million.
os.environ[STATES_ENV] = str(2_000_000)

settings.register_profile("any_load", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("any_load")


@pytest.fixture(scope="session", autouse=True)
def advisor_cache(tmp_path_factory: pytest.TempPathFactory, worker_id: str):
    """One table folder for the whole run, never the user's: that of the advisor's default
    cache here, and through its setting that of every command and server a test starts.
    The run's workers (pytest-xdist) share it, so each table is solved once per run."""
    before = os.environ.get(CACHE_ENV)
    run = tmp_path_factory.getbasetemp()
    directory = (run if worker_id == "master" else run.parent) / "advisor-cache"
    directory.mkdir(exist_ok=True)
    os.environ[CACHE_ENV] = str(directory)
    assert default_cache().folder == directory, "the default cache was made before the run"
    yield directory
    if before is None:
        del os.environ[CACHE_ENV]
    else:
        os.environ[CACHE_ENV] = before


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a disk of its own, 2 MB in size."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small disk needs root (CI runs as root)")
    folder = tmp_path / "disk"
    folder.mkdir()
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={SMALL_DISK}", "tmpfs", str(folder)], check=True
    )
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(folder: Path) -> None:
    """Take the last free byte of the disk holding `folder`."""
    with (folder / "filler").open("wb") as filler:
        try:
            while True:
                filler.write(b"\0" * 65536)
                filler.flush()
        except OSError:
            pass
