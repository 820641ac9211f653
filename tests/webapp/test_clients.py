"""A page's client is the address its browser connects from; behind a proxy named in
DICE_TABLE_PROXIES, the address that proxy forwards, and from nobody else."""

import pytest

from webapp.server.clients import LOCAL, PROXIES_ENV, client_of, proxies
from webapp.server.pacing import Allowances

PROXY = frozenset({"10.0.0.2"})


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("203.0.113.7", None, "203.0.113.7"),
        ("203.0.113.7", "198.51.100.1", "203.0.113.7"),
        (None, None, LOCAL),
        ("127.0.0.1", None, LOCAL),
        ("::1", "198.51.100.1", LOCAL),
        ("10.0.0.2", "198.51.100.1", "198.51.100.1"),
        ("10.0.0.2", "1.2.3.4, 198.51.100.1", "198.51.100.1"),
        ("10.0.0.2", "not an address", "10.0.0.2"),
        ("10.0.0.2", None, "10.0.0.2"),
    ],
)
def test_a_client_is_the_address_a_named_proxy_forwards_or_the_peer(peer, forwarded, client):
    assert client_of(peer, forwarded, PROXY) == client


def test_the_proxies_come_from_the_environment_and_this_machine_is_local(monkeypatch):
    monkeypatch.setenv(PROXIES_ENV, " 10.0.0.2, 127.0.0.1 ,")
    assert proxies() == frozenset({"10.0.0.2", LOCAL})
    assert client_of("127.0.0.1", "198.51.100.1", proxies()) == "198.51.100.1"
    monkeypatch.delenv(PROXIES_ENV)
    assert client_of("127.0.0.1", "198.51.100.1", proxies()) == LOCAL


def test_allowances_are_counted_per_key_and_keep_a_bounded_number_of_keys():
    allowances = Allowances(rate=1.0, burst=2.0, most=2)
    assert [allowances.admits("a", 0.0) for _ in range(3)] == [True, True, False]
    assert allowances.admits("b", 0.0), "another key has its own"
    assert allowances.admits("a", 1.0), "refilled at its rate"
    allowances.admits("c", 1.0)
    assert allowances.admits("b", 1.0) and allowances.admits("b", 1.0), "b was forgotten: full"


def test_this_machine_s_other_loopback_addresses_are_clients_apart():
    assert client_of("127.0.1.1", None, PROXY) == "127.0.1.1"
    assert client_of("127.0.1.2", None, PROXY) != client_of("127.0.1.1", None, PROXY)
