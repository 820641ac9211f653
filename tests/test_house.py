"""The house's rules, as checks that fail: the packages' layers, each package reached
through its face, the server room apart from the page, and no view importing another
(import-linter's contracts in pyproject.toml), each shown to fail on a copy of the code
that breaks it."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("webapp", "player_stats", "advisor", "store", "vision", "samples", "scoring")
PACKAGES += ("translatable",)
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(folder: Path) -> subprocess.CompletedProcess[str]:
    """import-linter's verdict on the code in `folder`, with the project's contracts."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(folder / "pyproject.toml")],
        cwd=folder,
        env={"PYTHONPATH": str(folder)},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The product's packages (their Python files) and pyproject.toml, copied."""
    folder = tmp_path_factory.mktemp("house")
    shutil.copy(ROOT / "pyproject.toml", folder)
    for package in PACKAGES:
        for source in (ROOT / package).rglob("*.py"):
            target = folder / source.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(source, target)
    return folder


def _broken(copy: Path, module: str, line: str) -> str:
    """The linter's output once `line` is added to `module` of the copy (then taken out)."""
    path = copy / module
    kept = path.read_text()
    path.write_text(kept + "\n" + line + "\n")
    try:
        verdict = _lint(copy)
    finally:
        path.write_text(kept)
    assert verdict.returncode != 0, verdict.stdout
    return verdict.stdout


def test_the_house_keeps_its_import_contracts(copy: Path) -> None:
    verdict = _lint(copy)
    assert verdict.returncode == 0, verdict.stdout + verdict.stderr
    assert "0 broken" in verdict.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("webapp/views/start.py", "from webapp.views import tables", "no view imports another"),
        ("webapp/advice.py", "from store.records import encode", "through its face"),
        ("webapp/main.py", "from webapp.server.pacing import pace_run", "through its face"),
        ("webapp/server/pacing.py", "from webapp import navigation", "imports none of it"),
        ("scoring/rules.py", "import store", "stand in layers"),
    ],
    ids=["view-imports-view", "past-store-face", "past-server-face", "server-to-page", "layer"],
)
def test_a_broken_rule_fails_the_check(copy: Path, module: str, line: str, contract: str) -> None:
    assert contract in " ".join(_broken(copy, module, line).split())
