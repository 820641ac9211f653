"""A plain (not editable) install works away from the checkout: the networks and their
calibration, the sample photos, the advisor's compiled kernel, the command lines, the page
and its languages all ship."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("advisor", "samples", "scoring", "store", "translatable", "vision", "webapp")
PROBE = """
import sys
from pathlib import Path
import cv2
import samples, vision
from streamlit.testing.v1 import AppTest
import {packages}
# Their frontends are files read at import.
import webapp.browser_cookie, webapp.live_camera, webapp.speech
# The advisor's compiled kernel, built by the install.
import advisor._kernel

site = Path(sys.argv[1])
for module in ({packages}, advisor._kernel):
    assert site in Path(module.__file__).parents, (module.__name__, module.__file__)
photos = samples.photos()
assert len(photos) >= 5, photos
reading = vision.read_dice(cv2.imread(str(photos[0])))
assert len(reading.dice) == 5, reading
page = AppTest.from_file(str(site / "webapp" / "page.py"), default_timeout=60).run()
assert not page.exception, page.exception
assert page.title[0].value.endswith("Dice table")
from webapp.language import TRANSLATIONS
greek = AppTest.from_file(str(site / "webapp" / "page.py"), default_timeout=60)
greek.query_params["lang"] = "el"
greek.run()
title = TRANSLATIONS["el"].gettext("Dice table")
assert title != "Dice table" and greek.title[0].value.endswith(title), greek.title
print("ok")
"""


def test_a_plain_install_works_outside_the_checkout(tmp_path):
    site = tmp_path / "site"
    # Built in isolation as pip builds any project, with pyproject.toml's build
    # requirements: a fresh virtual environment's own setuptools may be too old to build.
    install = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
    install += ["--target", str(site), str(ROOT)]
    built = subprocess.run(install, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "DICE_TABLE_DB": str(tmp_path / "games.db")}
    probe = PROBE.format(packages=", ".join(PACKAGES))
    run = subprocess.run(
        [sys.executable, "-c", probe, str(site)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.stdout.strip() == "ok", run.stderr
    sample = next((site / "samples").glob("*.jpg"))
    cli = subprocess.run(
        [sys.executable, "-m", "vision", str(sample)],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert cli.returncode == 0, cli.stderr
    assert '"dice": [{' in cli.stdout
