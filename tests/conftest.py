"""Suite-wide guarantees: no test touches the network, and every test gets its own CARREL_HOME."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


class NetworkAttempted(AssertionError):
    """A test tried to reach the network; Carrel promises it never does."""


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise NetworkAttempted(f"network access attempted in a test: {args!r}")


def _is_unix(sock: socket.socket) -> bool:
    return sock.family == getattr(socket, "AF_UNIX", -1)


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail any TCP/UDP connection, datagram send or DNS lookup; local UNIX sockets stay allowed."""
    real_connect = socket.socket.connect
    real_connect_ex = socket.socket.connect_ex
    real_sendto = socket.socket.sendto

    def guarded_connect(self: socket.socket, address: Any) -> None:
        if not _is_unix(self):
            _refuse(address)
        real_connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        if not _is_unix(self):
            _refuse(address)
        return real_connect_ex(self, address)

    def guarded_sendto(self: socket.socket, *args: Any) -> int:
        if not _is_unix(self):
            _refuse(*args)
        return real_sendto(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", guarded_connect_ex)
    monkeypatch.setattr(socket.socket, "sendto", guarded_sendto)
    for lookup in (
        "getaddrinfo",
        "gethostbyname",
        "gethostbyname_ex",
        "gethostbyaddr",
        "getnameinfo",
    ):
        monkeypatch.setattr(socket, lookup, _refuse)
    monkeypatch.setattr(socket, "create_connection", _refuse)
    yield


@pytest.fixture(autouse=True)
def carrel_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty CARREL_HOME per test so nothing reads or writes the user's real data."""
    home = tmp_path_factory.mktemp("carrel-home")
    monkeypatch.setenv("CARREL_HOME", str(home))
    monkeypatch.delenv("CARREL_MODEL", raising=False)
    return home
