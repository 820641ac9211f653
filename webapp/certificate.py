"""`python -m webapp.certificate`: serve the page over HTTPS on the local network.

Phones open a camera only on a secure page. This writes a self-signed certificate made
for this computer's names and addresses (and localhost), and prints the command that
serves the page with it (with this same Python, on a port nothing holds yet) and the
addresses to open. Each phone warns once that it does not know who signed the
certificate; accept it to go on (see the README, "Playing with phones").

The private key is written for its owner alone (0600, whatever was there before) and
never through a symbolic link.
"""

import argparse
import datetime
import ipaddress
import os
import shlex
import socket
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from webapp.address import machine_address

DEFAULT_FOLDER = Path("data")
CERTIFICATE = "dice-table.crt"
KEY = "dice-table.key"
VALID_DAYS = 825
PORT = 8501
PORTS_TRIED = 100


def names_and_addresses() -> tuple[list[str], list[str]]:
    """The names and IP addresses by which devices reach this computer."""
    names = sorted({"localhost", socket.gethostname(), socket.getfqdn()} - {""})
    addresses = {"127.0.0.1", "::1"}
    lan = machine_address()
    if lan:
        addresses.add(lan)
    for name in names:
        try:
            addresses.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
        except OSError:
            continue
    return names, sorted(addresses)


def self_signed(names: list[str], addresses: list[str]) -> tuple[bytes, bytes]:
    """A certificate (PEM) for these names and addresses, signed by its own new key (PEM)."""
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Dice table")])
    now = datetime.datetime.now(datetime.UTC)
    alternatives: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    alternatives += [x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(alternatives), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        # Apple's devices take a server's certificate only with this usage in it.
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    pem_key = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return certificate.public_bytes(serialization.Encoding.PEM), pem_key


def free_port(first: int) -> int:
    """`first`, or the next port up from it, that nothing on this computer listens on."""
    for port in range(first, first + PORTS_TRIED):
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port from {first} to {first + PORTS_TRIED - 1}")


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` readable by its owner only, replacing what is there but
    never following a symbolic link."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        os.fchmod(out.fileno(), 0o600)
        out.write(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m webapp.certificate", description=__doc__)
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER, help="where to write")
    parser.add_argument(
        "--port", type=int, help=f"serve on this port (default: {PORT} or the next free one)"
    )
    args = parser.parse_args(argv)
    port = args.port or free_port(PORT)
    names, addresses = names_and_addresses()
    certificate, key = self_signed(names, addresses)
    args.folder.mkdir(parents=True, exist_ok=True)
    certificate_path, key_path = args.folder / CERTIFICATE, args.folder / KEY
    for path in (certificate_path, key_path):
        if path.is_symlink():
            path.unlink()
    write_private(key_path, key)
    certificate_path.write_bytes(certificate)
    print(f"wrote {certificate_path} and {key_path} for {', '.join(names + addresses)}")
    if port != PORT and args.port is None:
        print(f"port {PORT} is taken (by the page already running?), so this serves on {port}")
    print("serve the page with:")
    print(
        f"  {shlex.quote(sys.executable)} -m webapp --server.address 0.0.0.0 "
        f"--server.port {port} --server.sslCertFile {shlex.quote(str(certificate_path))} "
        f"--server.sslKeyFile {shlex.quote(str(key_path))}"
    )
    print("then open, on each phone:")
    for host in [a for a in addresses if not ipaddress.ip_address(a).is_loopback] or names:
        print(f"  https://{f'[{host}]' if ':' in host else host}:{port}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
