"""Where phones reach the server: the address printed under the QR codes."""

from __future__ import annotations

import socket


def lan_address() -> str | None:
    """This machine's first IPv4 address that is not loopback (as its host name resolves,
    no packet sent), or None."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return None


def public_url(host: str, port: int, given: str | None = None) -> str:
    """The base URL for the links: ``given`` (LimitError unless an http or https address),
    else this machine's LAN address when serving
    on every interface, else ``host``."""
    if given:
        from tourney.limits import parse_url

        return parse_url(given)
    if host in ("0.0.0.0", "", "::"):
        host = lan_address() or "127.0.0.1"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"
