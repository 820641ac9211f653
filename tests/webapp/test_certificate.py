"""`python -m webapp.certificate`: a certificate phones can be pointed at."""

import contextlib
import datetime
import ipaddress
import os
import shlex
import signal
import socket
import ssl
import stat
import subprocess
import sys
import time
import urllib.request

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.x509.oid import ExtendedKeyUsageOID

from webapp.certificate import CERTIFICATE, KEY, PORT, main, self_signed


def test_the_certificate_names_every_name_and_address_and_matches_its_key():
    pem, pem_key = self_signed(["localhost", "table.local"], ["127.0.0.1", "192.168.1.20"])
    certificate = x509.load_pem_x509_certificate(pem)
    key = serialization.load_pem_private_key(pem_key, password=None)
    names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert set(names.get_values_for_type(x509.DNSName)) == {"localhost", "table.local"}
    assert set(names.get_values_for_type(x509.IPAddress)) == {
        ipaddress.ip_address("127.0.0.1"),
        ipaddress.ip_address("192.168.1.20"),
    }
    assert certificate.public_key() == key.public_key()
    now = datetime.datetime.now(datetime.UTC)
    assert certificate.not_valid_before_utc <= now < certificate.not_valid_after_utc


def test_the_command_writes_a_private_key_and_prints_how_to_serve(tmp_path, capsys):
    assert main(["--folder", str(tmp_path / "tls"), "--port", "8443"]) == 0
    key = tmp_path / "tls" / KEY
    assert stat.S_IMODE(key.stat().st_mode) & 0o077 == 0, "only the owner reads the key"
    x509.load_pem_x509_certificate((tmp_path / "tls" / CERTIFICATE).read_bytes())
    out = capsys.readouterr().out
    assert f"--server.sslKeyFile {key}" in out
    assert "--server.port 8443" in out


def test_an_older_readable_key_or_a_link_in_its_place_leaves_a_private_key(tmp_path):
    folder = tmp_path / "tls"
    folder.mkdir()
    (folder / KEY).write_text("old key")
    (folder / KEY).chmod(0o644)
    assert main(["--folder", str(folder), "--port", "8443"]) == 0
    assert stat.S_IMODE((folder / KEY).stat().st_mode) == 0o600
    target = tmp_path / "elsewhere"
    target.write_text("not a key")
    (folder / KEY).unlink()
    (folder / KEY).symlink_to(target)
    assert main(["--folder", str(folder), "--port", "8443"]) == 0
    assert target.read_text() == "not a key", "the link is not followed"
    assert not (folder / KEY).is_symlink()
    assert stat.S_IMODE((folder / KEY).stat().st_mode) == 0o600
    serialization.load_pem_private_key((folder / KEY).read_bytes(), password=None)


def test_the_certificate_is_for_a_server():
    pem, _ = self_signed(["localhost"], ["127.0.0.1"])
    certificate = x509.load_pem_x509_certificate(pem)
    usage = certificate.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert ExtendedKeyUsageOID.SERVER_AUTH in usage


def _printed_command(out: str) -> list[str]:
    lines = out.splitlines()
    return shlex.split(lines[lines.index("serve the page with:") + 1])


def test_a_port_already_held_is_passed_over(tmp_path, capsys):
    with socket.socket() as holder:
        with contextlib.suppress(OSError):  # held already: by the page itself, say
            holder.bind(("0.0.0.0", PORT))
        assert main(["--folder", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    command = _printed_command(out)
    assert command[command.index("--server.port") + 1] != str(PORT)
    assert f"port {PORT} is taken" in out


def test_the_printed_command_serves_the_page_over_https(tmp_path, capsys):
    assert main(["--folder", str(tmp_path)]) == 0
    command = _printed_command(capsys.readouterr().out)
    assert command[0] == sys.executable
    command[command.index("0.0.0.0")] = "127.0.0.1"
    port = command[command.index("--server.port") + 1]
    env = {**os.environ, "DICE_TABLE_DB": str(tmp_path / "games.sqlite3")}
    server = subprocess.Popen(
        [*command, "--server.headless", "true"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        served = None
        for _ in range(300):
            try:
                served = ssl.get_server_certificate(("127.0.0.1", int(port)), timeout=2)
                break
            except OSError:
                assert server.poll() is None, "the printed command failed"
                time.sleep(0.3)
        assert served is not None
        written = x509.load_pem_x509_certificate((tmp_path / CERTIFICATE).read_bytes())
        assert x509.load_pem_x509_certificate(served.encode()) == written
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        with urllib.request.urlopen(
            f"https://127.0.0.1:{port}/_stcore/health", context=context, timeout=10
        ) as answer:
            assert answer.read() == b"ok"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
