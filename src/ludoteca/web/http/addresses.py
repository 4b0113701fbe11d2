"""The address other devices open this server at: for invite links and their QR codes.

An invite link is only worth sending if a friend's phone can open it. So links are built from,
in this order: the public URL the server was given (`ludoteca serve --public-url`, for a site
behind a proxy whose address the server cannot see), else the address the page was opened with
(its `Host` header; the scheme as a proxy tells it in `X-Forwarded-Proto`, which uvicorn trusts
from 127.0.0.1). One case is turned around: a page opened on this machine as `127.0.0.1` or
`localhost` while the server listens on every interface (`--host 0.0.0.0`) gets the machine's
address on the house network instead, the one other devices reach it at.

A server listening on 127.0.0.1 only cannot be reached from another device at all; a page opened
directly (not through a proxy) says so beside its invite links (`local_only`).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from urllib.parse import urlsplit

import segno
from fastapi import Request

from ludoteca.core.errors import InvalidOptionError

EVERY_INTERFACE = {"0.0.0.0", "::", ""}  # the addresses that mean "all of them"
LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


def is_loopback(host: str) -> bool:
    """Whether `host` (a name or an address, without port) names this machine only."""
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def house_address() -> str | None:
    """This machine's address on its network, as other devices there reach it; None offline.

    Connecting a UDP socket sends nothing: it only asks the routing table which interface
    would be used, and the socket's own address is that interface's.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never answered
        address = str(probe.getsockname()[0])
    except OSError:
        return None
    finally:
        probe.close()
    return None if is_loopback(address) or address == "0.0.0.0" else address


def check_public_url(url: str) -> str:
    """`--public-url` as links start with it (`https://games.example.org`), or a clear error."""
    parts = urlsplit(url.strip())
    if parts.scheme not in {"http", "https"} or not parts.netloc:
        raise InvalidOptionError(
            f"--public-url {url!r} is not an address like https://games.example.org"
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


@dataclass(frozen=True)
class Addresses:
    """Where this server listens (`listen`: None when unknown, as in tests) and the public
    URL it was given, if any."""

    listen: str | None = None
    public_url: str | None = None

    def base(self, request: Request) -> str:
        """The start of every link a page hands out: `http://192.168.1.20:8000`."""
        if self.public_url:
            return self.public_url
        url = request.url
        host = url.hostname or "127.0.0.1"
        if is_loopback(host) and self.listen in EVERY_INTERFACE:
            found = house_address()
            if found is not None:
                port = f":{url.port}" if url.port else ""
                return f"{url.scheme}://{found}{port}"
        return f"{url.scheme}://{url.netloc}"

    def local_only(self, request: Request) -> bool:
        """Whether other devices cannot open this page's links: the server listens on this
        machine only and the page was opened here directly (a proxy in front reaches others)."""
        if self.public_url or self.listen is None or not is_loopback(self.listen):
            return False
        forwarded = request.headers.get("x-forwarded-for") or request.headers.get("forwarded")
        return not forwarded and is_loopback(request.url.hostname or "")


def addresses_of(request: Request) -> Addresses:
    addresses: Addresses = request.app.state.addresses
    return addresses


@cache
def qr_svg(link: str) -> str:
    """`link` as a QR code, inline SVG markup that scales with its box (no size of its own)."""
    out = BytesIO()
    code = segno.make(link, error="m")
    code.save(out, kind="svg", xmldecl=False, svgns=True, border=2, omitsize=True, nl=False)
    return out.getvalue().decode()
