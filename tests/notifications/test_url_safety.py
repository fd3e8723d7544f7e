"""Webhook URLs and where their deliveries connect: only global addresses (carrier-grade NAT
refused too), only the allowed ports, and the connection made to the address that was checked,
whatever the name resolves to a moment later (DNS rebinding)."""

import ipaddress
import socket
import ssl
import subprocess

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from config import env as strict
from core.events import publish
from notifications import webhooks
from notifications.models import WebhookDelivery
from tests.config.test_settings import _manage

pytestmark = pytest.mark.django_db

PUBLIC = "93.184.216.34"
PRIVATE = "10.0.0.5"
OTHER_PUBLIC = "93.184.216.35"
DOWN = {OTHER_PUBLIC}


@pytest.fixture
def no_private(settings):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    settings.WEBHOOKS_ALLOWED_PORTS = []


@pytest.fixture
def resolver(monkeypatch):
    """``socket.getaddrinfo`` answering every name from ``answers`` (one per lookup, the last
    one kept; an answer is an address or a tuple of them), and an address as itself; the names
    asked are kept in ``asked``."""

    class Resolver:
        def __init__(self) -> None:
            self.answers = [PUBLIC]
            self.asked: list[str] = []

        def __call__(self, host, port, *args, **kwargs):
            try:
                found = (str(ipaddress.ip_address(host)),)
            except ValueError:
                self.asked.append(host)
                answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
                found = (answer,) if isinstance(answer, str) else answer
            return [
                (
                    socket.AF_INET6 if ":" in address else socket.AF_INET,
                    socket.SOCK_STREAM,
                    6,
                    "",
                    (address, port or 0),
                )
                for address in found
            ]

    fake = Resolver()
    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return fake


@pytest.fixture
def connections(monkeypatch, receiver):
    """``socket.create_connection`` that resolves the host as a real one would (through the
    resolver), records the address it would reach, and connects to a local receiver (or is
    refused, for an address put in ``DOWN``)."""
    hook = receiver()
    reached: list[tuple[str, int]] = []

    def connect(address, timeout=None, *args, **kwargs):
        host, port = address
        resolved = socket.getaddrinfo(host, port)[0][4][0]
        reached.append((resolved, port))
        if resolved in DOWN:
            raise ConnectionRefusedError(f"{resolved} refuses")
        local = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        local.settimeout(timeout)
        local.connect(hook.server.server_address)
        return local

    monkeypatch.setattr(socket, "create_connection", connect)
    return reached, hook


def _send_one(league, url, committed):
    webhooks.endpoint_create(league=league, url=url, events=["fixture.played"], user=None)
    with committed():
        publish("fixture.played", key="fp:1", league_id=league.pk, data={"fixture": 1})
    return WebhookDelivery.objects.get()


@pytest.mark.parametrize(
    "address", ["100.64.0.1", "100.127.255.254", "::ffff:100.64.0.1", "64:ff9b::a00:5"]
)
def test_carrier_grade_nat_and_disguised_private_addresses_are_refused(
    league, no_private, resolver, address
):
    resolver.answers = [address]
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(
            league=league, url="https://hooks.example.org/in", events=["fixture.played"], user=None
        )
    assert "public addresses" in refused.value.message_dict["url"][0]
    assert not league.webhooks.exists()


def test_a_name_rebound_to_a_private_address_after_the_check_is_never_connected_to(
    league, no_private, resolver, connections, committed
):
    reached, hook = connections
    # registration and the check before sending see the public address; any later lookup
    # (the one an HTTP client would make to connect) sees the private one
    resolver.answers = [PUBLIC, PUBLIC, PRIVATE]
    delivery = _send_one(league, "http://rebind.example.org/hook", committed)
    assert reached == [(PUBLIC, 80)]
    assert delivery.status == "delivered"
    [request] = hook.requests
    assert request["headers"]["Host"] == "rebind.example.org"
    assert resolver.asked == ["rebind.example.org", "rebind.example.org"]


def test_a_name_that_resolves_to_a_private_address_when_sending_is_not_sent(
    league, no_private, resolver, connections, committed
):
    reached, hook = connections
    resolver.answers = [PUBLIC, PRIVATE]
    delivery = _send_one(league, "http://rebind.example.org/hook", committed)
    assert reached == [] and hook.requests == []
    assert delivery.status == "pending" and "public addresses" in delivery.last_error


def test_a_name_with_several_addresses_is_sent_to_the_next_checked_one_when_one_is_down(
    league, no_private, resolver, connections, committed
):
    reached, hook = connections
    resolver.answers = [(OTHER_PUBLIC, PUBLIC), (OTHER_PUBLIC, PUBLIC), PRIVATE]
    delivery = _send_one(league, "http://multi.example.org/hook", committed)
    assert reached == [(OTHER_PUBLIC, 80), (PUBLIC, 80)]
    assert delivery.status == "delivered" and len(hook.requests) == 1


def test_one_private_address_among_public_ones_refuses_the_name(league, no_private, resolver):
    resolver.answers = [(PUBLIC, PRIVATE)]
    with pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(
            league=league, url="https://multi.example.org/in", events=["fixture.played"], user=None
        )
    assert "url" in refused.value.message_dict


def test_https_connects_to_the_checked_address_and_names_the_host_in_tls(
    league, no_private, resolver, connections, committed, monkeypatch
):
    reached, _ = connections
    named: list[str] = []

    def wrap_socket(self, sock, *args, server_hostname=None, **kwargs):
        named.append(server_hostname)
        raise ssl.SSLError("handshake stopped by the test")

    monkeypatch.setattr(ssl.SSLContext, "wrap_socket", wrap_socket)
    resolver.answers = [PUBLIC, PUBLIC, PRIVATE]
    delivery = _send_one(league, "https://rebind.example.org/hook", committed)
    assert reached == [(PUBLIC, 443)]
    assert named == ["rebind.example.org"]  # SNI and the certificate check use the name
    assert delivery.status == "pending" and "handshake stopped" in delivery.last_error


def test_a_port_other_than_80_and_443_is_refused_unless_allowed(
    league, no_private, resolver, settings
):
    url = "https://hooks.example.org:8080/in"
    with pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(league=league, url=url, events=["fixture.played"], user=None)
    assert "8080" in refused.value.message_dict["url"][0]
    for allowed in ("http://hooks.example.org/in", "https://hooks.example.org:443/in"):
        webhooks.endpoint_create(league=league, url=allowed, events=["fixture.played"], user=None)
    settings.WEBHOOKS_ALLOWED_PORTS = [8080]
    assert webhooks.endpoint_create(league=league, url=url, events=["fixture.played"], user=None)


def test_a_port_no_longer_allowed_is_refused_when_sending(
    league, no_private, resolver, connections, committed, settings
):
    reached, _ = connections
    settings.WEBHOOKS_ALLOWED_PORTS = [8080]
    webhooks.endpoint_create(
        league=league, url="http://hooks.example.org:8080/in", events=["fixture.played"], user=None
    )
    settings.WEBHOOKS_ALLOWED_PORTS = []
    with committed():
        publish("fixture.played", key="fp:1", league_id=league.pk, data={"fixture": 1})
    delivery = WebhookDelivery.objects.get()
    assert reached == [] and delivery.status == "pending" and "8080" in delivery.last_error


@pytest.mark.parametrize(
    ("raw", "ports"), [("8080", [8080]), ("8080, 8443", [8080, 8443]), ("1,65535", [1, 65535])]
)
def test_allowed_ports_are_read_strictly(monkeypatch, raw, ports):
    monkeypatch.setenv("WEBHOOKS_ALLOWED_PORTS", raw)
    assert strict.ports("WEBHOOKS_ALLOWED_PORTS") == ports


@pytest.mark.parametrize("raw", ["", " ", "http", "0", "65536", "80,", "-1", "8080;8443"])
def test_bad_allowed_ports_stop_start_up_naming_the_variable(monkeypatch, raw):
    monkeypatch.setenv("WEBHOOKS_ALLOWED_PORTS", raw)
    with pytest.raises(strict.BadSetting, match="WEBHOOKS_ALLOWED_PORTS"):
        strict.ports("WEBHOOKS_ALLOWED_PORTS")


@pytest.fixture
def certificate(tmp_path):
    """A self-signed certificate for hooks.example.org: ``(certificate file, key file)``."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
         "-keyout", str(key), "-out", str(cert), "-subj", "/CN=hooks.example.org",
         "-addext", "subjectAltName=DNS:hooks.example.org"],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


def test_https_to_the_checked_address_verifies_the_certificate_of_the_host_name(
    league, allow_private, resolver, receiver, certificate, committed, monkeypatch
):
    cert, key = certificate
    named: list[str | None] = []
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cert, key)
    tls.sni_callback = lambda sock, name, context: named.append(name)
    hook = receiver(tls=tls)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # httpx trusts this certificate only
    resolver.answers = ["127.0.0.1"]
    url = f"https://hooks.example.org:{hook.port}/hook"
    delivery = _send_one(league, url, committed)
    assert (delivery.status, delivery.last_error) == ("delivered", "")
    assert named == ["hooks.example.org"]
    [request] = hook.requests
    assert request["headers"]["Host"] == f"hooks.example.org:{hook.port}"


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("WEBHOOKS_ALLOWED_PORTS", "8080;8443", "is not a port"),
        ("WEBHOOKS_SECRET_GRACE_HOURS", "-1", "is negative"),
    ],
)
def test_a_bad_webhook_setting_stops_start_up_in_one_line(variable, value, says):
    done = _manage("check", **{variable: value})
    assert done.returncode != 0
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"error: {variable}: ") and says in line
