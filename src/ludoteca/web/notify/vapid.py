"""The site's VAPID key pair (RFC 8292), by which push services know the pushes come from it.

Given by the site (a PEM file), or made on first start with py_vapid and kept in the database,
so every server process signs with the same key and a restart keeps the browsers'
subscriptions valid (each names the public key it was made for). py_vapid comes with the
`notify` extra; without it push is off.
"""

from __future__ import annotations

import base64
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca.core.errors import InvalidOptionError
from ludoteca.store.notify import NotifyStore

log = logging.getLogger(__name__)

KEY_NAME = "vapid"


@dataclass(frozen=True)
class SiteKey:
    """The private key (a py_vapid `Vapid`) and its public half as the browser's
    `applicationServerKey` wants it (the uncompressed point, base64url)."""

    vapid: Any
    public: str


def site_key(store: NotifyStore, key_file: str | None) -> SiteKey | None:
    """The site's key, or None (one log line) when the `notify` extra is not installed."""
    try:
        from cryptography.hazmat.primitives import serialization
        from py_vapid import Vapid
    except ImportError:
        log.warning("push notifications are off: install ludoteca[notify] (pywebpush) for them")
        return None

    def made() -> str:
        fresh = Vapid()
        fresh.generate_keys()
        return str(fresh.private_pem().decode("ascii"))

    if key_file is None:
        pem = store.site_key(KEY_NAME, made)
    else:
        try:
            pem = Path(key_file).read_text(encoding="ascii")
        except OSError as exc:
            raise InvalidOptionError(f"--vapid-private-key {key_file!r}: {exc.strerror}") from exc
    try:
        vapid = Vapid.from_pem(pem.encode("ascii"))
    except Exception as exc:  # py_vapid says little of what is wrong with a key
        raise InvalidOptionError(f"the VAPID private key is not a PEM EC key: {exc}") from exc
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return SiteKey(vapid, base64.urlsafe_b64encode(point).rstrip(b"=").decode("ascii"))
