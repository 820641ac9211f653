"""The address a phone opens to join a table or a game, and its QR code."""

from urllib.parse import parse_qs, urlsplit

import cv2
import numpy as np
import pytest

from webapp.address import game_address, is_loopback, qr_png, table_address

TABLE = "Tq-3_" * 5


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"])
def test_a_loopback_page_gives_the_machine_address(host):
    address = game_address(f"http://{host}:8501/", TABLE, "abc123", lan_address="192.168.1.20")
    assert address == f"http://192.168.1.20:8501/?table={TABLE}&game=abc123"


def test_a_network_page_keeps_its_host_scheme_and_port():
    address = game_address("https://table.local:8443/", TABLE, "g1", lan_address="10.0.0.5")
    assert address == f"https://table.local:8443/?table={TABLE}&game=g1"


def test_an_ipv6_host_is_bracketed():
    address = game_address("http://localhost:8501/", TABLE, "g1", lan_address="fe80::1")
    assert urlsplit(address).hostname == "fe80::1"
    assert address.startswith("http://[fe80::1]:8501/")


def test_the_game_id_is_quoted_in_the_query():
    address = game_address("http://10.0.0.5:8501/", TABLE, "a b&c=d")
    assert parse_qs(urlsplit(address).query) == {"table": [TABLE], "game": ["a b&c=d"]}


def test_a_table_s_invite_is_its_page_with_the_token_alone():
    address = table_address("http://localhost:8501/?table=old&game=x", TABLE, "10.0.0.5")
    assert address == f"http://10.0.0.5:8501/?table={TABLE}"


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("localhost", True), ("127.0.0.2", True), ("::1", True), ("10.0.0.5", False), ("x.y", False)],
)
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


def test_the_qr_code_reads_back_as_the_address():
    address = "http://192.168.1.20:8501/?game=abc123"
    image = cv2.imdecode(np.frombuffer(qr_png(address), np.uint8), cv2.IMREAD_COLOR)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == address
