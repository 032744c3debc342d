"""The suite itself proves 'no network': these attempts must fail inside any test."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from tests.conftest import NetworkAttempted


def test_tcp_connection_is_refused() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock, pytest.raises(NetworkAttempted):
        sock.connect(("127.0.0.1", 9))


def test_udp_send_is_refused() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock, pytest.raises(NetworkAttempted):
        sock.sendto(b"x", ("127.0.0.1", 9))


def test_dns_lookup_is_refused() -> None:
    with pytest.raises(NetworkAttempted):
        socket.getaddrinfo("example.org", 443)


def test_local_unix_socketpair_still_works() -> None:
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"ok")
        assert right.recv(2) == b"ok"


def test_cli_guard_refuses_connections_in_process() -> None:
    """The audit hook every carrel command installs refuses TCP and DNS, even outside pytest's patching."""
    script = (
        "import socket\n"
        "from tui.airgap import install_network_guard, NetworkRefused\n"
        "install_network_guard()\n"
        "for attempt in (lambda: socket.getaddrinfo('example.org', 80),\n"
        "                lambda: socket.create_connection(('127.0.0.1', 9), timeout=1)):\n"
        "    try:\n"
        "        attempt()\n"
        "    except NetworkRefused:\n"
        "        print('refused')\n"
        "a, b = socket.socketpair(); a.sendall(b'x'); print('unix', b.recv(1))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:3] == ["refused", "refused", "unix b'x'"]
