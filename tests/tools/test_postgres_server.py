"""The throwaway PostgreSQL server: it starts, takes connections and is gone afterwards;
its command passes the address on and exits as the command it ran did."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg
import pytest

from tools import postgres_server
from tools.postgres_server import ADDRESS_ENV, fresh_database, running_postgres

ROOT = Path(__file__).resolve().parents[2]
PRINT_ADDRESS = "import os, sys; print(os.environ['DICE_TABLE_TEST_POSTGRES']); sys.exit(3)"


def _folders() -> set[Path]:
    return set(Path(tempfile.gettempdir()).glob("dice-table-postgres-*"))


def test_server_answers_while_running_and_is_gone_after():
    before = _folders()
    with running_postgres() as url:
        assert url.startswith("postgresql://postgres@127.0.0.1:")
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
        made = _folders() - before
        assert len(made) == 1
    assert not (made & _folders())
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)


def test_fresh_database_is_new_and_empty():
    with running_postgres() as url:
        first, second = fresh_database(url), fresh_database(url)
        assert first != second
        with psycopg.connect(first) as conn:
            conn.execute("CREATE TABLE t (x int)")
        with psycopg.connect(second) as conn:
            tables = conn.execute(
                "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"
            ).fetchone()
            assert tables == (0,)


def _command(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "tools.postgres_server", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_command_runs_with_a_server_and_exits_as_it_did():
    env = {k: v for k, v in os.environ.items() if k != ADDRESS_ENV}
    run = _command("--", sys.executable, "-c", PRINT_ADDRESS, env=env)
    assert run.returncode == 3, run.stderr
    url = run.stdout.strip()
    assert url.startswith("postgresql://postgres@127.0.0.1:"), run.stdout
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(url, connect_timeout=2)


def test_command_uses_the_server_already_given():
    env = {**os.environ, ADDRESS_ENV: "postgresql://someone@192.0.2.1:5/given"}
    run = _command(sys.executable, "-c", PRINT_ADDRESS, env=env)
    assert (run.returncode, run.stdout.strip()) == (3, env[ADDRESS_ENV])


def test_missing_postgresql_is_said_plainly(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    monkeypatch.delenv(ADDRESS_ENV, raising=False)
    monkeypatch.setattr(postgres_server, "BINARIES", tmp_path)
    assert postgres_server.main(["--", "true"]) == 1
    error = capsys.readouterr().err
    assert "install Debian's postgresql package" in error
    assert "Traceback" not in error
