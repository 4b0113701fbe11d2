"""What a site configures for notifications (`ludoteca serve` options or environment variables).

Push needs the `notify` extra (pywebpush); without it, or without a key, push is off and the
page's switch says so. E-mail is off unless an SMTP URL is given.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

VAPID_KEY_VARIABLE = "LUDOTECA_VAPID_PRIVATE_KEY"
VAPID_CONTACT_VARIABLE = "LUDOTECA_VAPID_CONTACT"
SMTP_URL_VARIABLE = "LUDOTECA_SMTP_URL"
MAIL_FROM_VARIABLE = "LUDOTECA_MAIL_FROM"

DEFAULT_CONTACT = "mailto:ludoteca@localhost"
"""The VAPID contact when the site names none: enough for a club's server; a public site gives
its own (push services may write to it about the site's pushes)."""


@dataclass(frozen=True)
class NotifySettings:
    """`vapid_key_file`: a PEM file with the site's VAPID private key (None: made on first start
    and kept in the database); `vapid_contact`: `mailto:` or `https:` address push services may
    reach the site at; `smtp_url`: `smtp://user:password@host:port` (or `smtps://`), None: no
    mail; `mail_from`: the mails' sender address."""

    vapid_key_file: str | None = None
    vapid_contact: str = DEFAULT_CONTACT
    smtp_url: str | None = None
    mail_from: str | None = None

    @classmethod
    def from_environment(cls) -> NotifySettings:
        return cls(
            vapid_key_file=os.environ.get(VAPID_KEY_VARIABLE) or None,
            vapid_contact=os.environ.get(VAPID_CONTACT_VARIABLE) or DEFAULT_CONTACT,
            smtp_url=os.environ.get(SMTP_URL_VARIABLE) or None,
            mail_from=os.environ.get(MAIL_FROM_VARIABLE) or None,
        )

    def to_environment(self) -> None:
        """For the worker processes of `serve --workers N`, which read `from_environment`."""
        values = {
            VAPID_KEY_VARIABLE: self.vapid_key_file,
            VAPID_CONTACT_VARIABLE: self.vapid_contact,
            SMTP_URL_VARIABLE: self.smtp_url,
            MAIL_FROM_VARIABLE: self.mail_from,
        }
        for name, value in values.items():
            os.environ[name] = value or ""
