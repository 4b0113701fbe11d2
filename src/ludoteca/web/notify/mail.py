"""Mails through the site's SMTP server (`--smtp-url smtp://user:password@host:port`), with
Python's `smtplib`, in the calling thread (the notifier's, never the event loop).

`smtp://` upgrades to TLS (STARTTLS) when the server offers it, `smtps://` speaks TLS from the
start; a user and password in the URL log in.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from ludoteca.core.errors import InvalidOptionError

TIMEOUT = 20.0
"""Seconds the SMTP server has for each step of a mail."""


@dataclass(frozen=True)
class Mail:
    to: str
    subject: str
    text: str
    unsubscribe: str
    """The link that stops these mails (also the List-Unsubscribe header)."""


@dataclass(frozen=True)
class Mailer:
    host: str
    port: int
    tls: bool
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def from_url(cls, url: str, sender: str | None) -> Mailer:
        parts = urlsplit(url)
        if parts.scheme not in {"smtp", "smtps"} or not parts.hostname:
            raise InvalidOptionError(
                f"--smtp-url {url!r}: write smtp://user:password@host:port (or smtps://...)"
            )
        if not sender:
            raise InvalidOptionError("--smtp-url needs --mail-from, the mails' sender address")
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
        except ValueError as exc:
            raise InvalidOptionError(f"--smtp-url {url!r}: {exc}") from exc
        return cls(
            host=parts.hostname,
            port=port,
            tls=parts.scheme == "smtps",
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            sender=sender,
        )

    def send(self, mail: Mail) -> None:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = mail.to
        message["Subject"] = mail.subject
        message["List-Unsubscribe"] = f"<{mail.unsubscribe}>"
        message["Auto-Submitted"] = "auto-generated"
        message.set_content(mail.text)
        context = ssl.create_default_context()
        if self.tls:
            server: smtplib.SMTP = smtplib.SMTP_SSL(
                self.host, self.port, timeout=TIMEOUT, context=context
            )
        else:
            server = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT)
        with server:
            server.ehlo()
            if not self.tls and server.has_extn("starttls"):
                server.starttls(context=context)
                server.ehlo()
            if self.user is not None:
                server.login(self.user, self.password or "")
            server.send_message(message)
