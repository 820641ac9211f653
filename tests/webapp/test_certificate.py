"""`python -m webapp.certificate`: a certificate phones can be pointed at."""

import datetime
import ipaddress
import stat

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from webapp.certificate import CERTIFICATE, KEY, main, self_signed


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
