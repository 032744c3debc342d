"""The in-process air-gap: an audit hook that refuses network connections and DNS lookups.

Carrel promises never to talk to the network. Every ``carrel`` command installs this guard before doing any
work, so a dependency that tries to phone home fails loudly instead of leaking anything. Local UNIX sockets
(used by asyncio's self-pipe and similar) stay allowed.
"""

from __future__ import annotations

import socket
import sys
from typing import Any

_NETWORK_EVENTS = {
    "socket.connect",
    "socket.sendto",
    "socket.sendmsg",
    "socket.bind",
}
_LOOKUP_EVENTS = {
    "socket.getaddrinfo",
    "socket.gethostbyname",
    "socket.gethostbyaddr",
    "socket.getnameinfo",
}

_installed = False


class NetworkRefused(ConnectionRefusedError):
    """Raised instead of any network connection or DNS lookup while the air-gap guard is active."""


def _is_local_unix(args: tuple[Any, ...]) -> bool:
    sock = args[0] if args else None
    return isinstance(sock, socket.socket) and sock.family == getattr(socket, "AF_UNIX", -1)


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event in _NETWORK_EVENTS and not _is_local_unix(args):
        raise NetworkRefused(f"Carrel is air-gapped: refused {event} {args[1:]!r}")
    if event in _LOOKUP_EVENTS:
        raise NetworkRefused(f"Carrel is air-gapped: refused DNS lookup ({event})")


def install_network_guard() -> None:
    """Install the guard once per process; audit hooks cannot be removed, which is the point."""
    global _installed
    if not _installed:
        sys.addaudithook(_audit)
        _installed = True


def network_guard_active() -> bool:
    return _installed
