"""One Web Push message to one subscription, encrypted (aes128gcm, RFC 8291) and signed with
the site's VAPID key by pywebpush, in the calling thread.

A push service that answers 404 or 410 says the subscription is gone: the caller deletes it.
Any other failure is tried once more, then logged.
"""

from __future__ import annotations

import json
import logging
from enum import Enum
from typing import Any

from ludoteca.store.notify import PushSubscription
from ludoteca.web.notify.vapid import SiteKey

log = logging.getLogger(__name__)

TIMEOUT = 10.0
"""Seconds a push service has to answer one push."""

GONE = frozenset({404, 410})


class Delivery(Enum):
    SENT = "sent"
    GONE = "gone"
    FAILED = "failed"


def send_push(
    key: SiteKey, contact: str, subscription: PushSubscription, payload: dict[str, Any], ttl: int
) -> Delivery:
    """Send `payload` (JSON) to `subscription`, kept by the push service `ttl` seconds at most."""
    from pywebpush import WebPushException, webpush  # the `notify` extra, there when push is on

    for attempt in (1, 2):
        try:
            webpush(
                subscription.info(),
                json.dumps(payload),
                vapid_private_key=key.vapid,
                vapid_claims={"sub": contact},
                ttl=ttl,
                timeout=TIMEOUT,
            )
            return Delivery.SENT
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in GONE:
                return Delivery.GONE
            problem = f"answered {status}" if status is not None else str(exc)
        except Exception as exc:  # the push service cannot be reached (requests' errors)
            problem = repr(exc)
        log.warning("push to %s failed (try %d of 2): %s", _host(subscription), attempt, problem)
    return Delivery.FAILED


def _host(subscription: PushSubscription) -> str:
    """Where a subscription's pushes go, for the log (its path is a secret of the browser's)."""
    return subscription.endpoint.split("/")[2] if "//" in subscription.endpoint else "?"
