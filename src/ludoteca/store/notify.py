"""What "your turn" notices need kept: push subscriptions and e-mail addresses per seat, the
site's VAPID key, and the days whose digest went out.

A person's subscription or address belongs to one seat of one table and is deleted when they
turn the switch off, unsubscribe from a mail, or the push service says it is gone; nothing else
about them is kept. The VAPID key is made once per database, so every server process on it
signs with the same key (a browser's subscription names the key it was made for).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import (
    Date,
    DateTime,
    Integer,
    String,
    Text,
    UniqueConstraint,
    delete,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql import Delete

from ludoteca.store.base import Base


def _now() -> datetime:
    return datetime.now(UTC)


class PushRow(Base):
    """A browser's push subscription for one seat (the same browser may hold several seats)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("table_id", "seat", "endpoint"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    endpoint: Mapped[str] = mapped_column(String(1000))
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    language: Mapped[str] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class MailRow(Base):
    """The address a seat left for mails, with the site its links point to and the token of
    its unsubscribe link."""

    __tablename__ = "mail_addresses"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    address: Mapped[str] = mapped_column(String(254), index=True)
    language: Mapped[str] = mapped_column(String(8))
    site: Mapped[str] = mapped_column(String(300))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SiteKeyRow(Base):
    """A key the site made for itself once (the VAPID private key, as PEM)."""

    __tablename__ = "site_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class DigestRow(Base):
    """A day whose daily digest one server process took on (the first to insert it)."""

    __tablename__ = "mail_digests"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    sent: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True)
class PushSubscription:
    table_id: str
    seat: int
    endpoint: str
    p256dh: str
    auth: str
    language: str

    def info(self) -> dict[str, object]:
        """The subscription as the browser gave it (what `pywebpush` takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


@dataclass(frozen=True)
class MailAddress:
    table_id: str
    seat: int
    address: str
    language: str
    site: str
    token: str


class NotifyStore:
    """Subscriptions, addresses, the site's keys and the digest days of one database."""

    def __init__(self, engine: Engine) -> None:
        """`engine` is a `Store`'s, whose opening brought the schema up to date."""
        self.engine = engine

    # -- push -----------------------------------------------------------------------------------
    def add_push(self, subscription: PushSubscription) -> None:
        """Keep a subscription for its seat (the same one again replaces it: fresh keys)."""
        with self.engine.begin() as connection:
            connection.execute(
                _push_row(subscription.table_id, subscription.seat, subscription.endpoint)
            )
            connection.execute(
                insert(PushRow).values(
                    table_id=subscription.table_id,
                    seat=subscription.seat,
                    endpoint=subscription.endpoint,
                    p256dh=subscription.p256dh,
                    auth=subscription.auth,
                    language=subscription.language,
                    created=_now(),
                )
            )

    def delete_push(self, table_id: str, seat: int, endpoint: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(_push_row(table_id, seat, endpoint))

    def forget_endpoint(self, endpoint: str) -> None:
        """The push service says the subscription is gone: for every seat it served."""
        with self.engine.begin() as connection:
            connection.execute(delete(PushRow).where(PushRow.endpoint == endpoint))

    def pushes(self, table_id: str, seat: int) -> list[PushSubscription]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(PushRow.endpoint, PushRow.p256dh, PushRow.auth, PushRow.language).where(
                    PushRow.table_id == table_id, PushRow.seat == seat
                )
            ).all()
        return [PushSubscription(table_id, seat, *row) for row in rows]

    # -- mail -----------------------------------------------------------------------------------
    def set_mail(self, mail: MailAddress) -> None:
        """Keep the seat's address (replacing the one it left before)."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(MailRow).where(MailRow.table_id == mail.table_id, MailRow.seat == mail.seat)
            )
            connection.execute(
                insert(MailRow).values(
                    table_id=mail.table_id,
                    seat=mail.seat,
                    address=mail.address,
                    language=mail.language,
                    site=mail.site,
                    token=mail.token,
                    created=_now(),
                )
            )

    def delete_mail(self, table_id: str, seat: int) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                delete(MailRow).where(MailRow.table_id == table_id, MailRow.seat == seat)
            )

    def mail(self, table_id: str, seat: int) -> MailAddress | None:
        found = self._mails(MailRow.table_id == table_id, MailRow.seat == seat)
        return found[0] if found else None

    def mail_by_token(self, token: str) -> MailAddress | None:
        found = self._mails(MailRow.token == token)
        return found[0] if found else None

    def every_mail(self) -> list[MailAddress]:
        """Every address left at any seat (for the daily digest), oldest first."""
        return self._mails()

    def _mails(self, *where: object) -> list[MailAddress]:
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(
                    MailRow.table_id,
                    MailRow.seat,
                    MailRow.address,
                    MailRow.language,
                    MailRow.site,
                    MailRow.token,
                )
                .where(*where)  # type: ignore[arg-type]
                .order_by(MailRow.id)
            ).all()
        return [MailAddress(*row) for row in rows]

    # -- the site's keys and the digest ---------------------------------------------------------
    def site_key(self, name: str, make: Callable[[], str]) -> str:
        """The site's key `name`, made by `make` and kept the first time it is asked for; when
        two processes make one at once, the one stored first is everyone's."""
        with self.engine.connect() as connection:
            found = connection.execute(
                select(SiteKeyRow.value).where(SiteKeyRow.name == name)
            ).scalar_one_or_none()
        if found is not None:
            return str(found)
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(SiteKeyRow).values(name=name, value=make(), created=_now())
                )
        except IntegrityError:
            pass  # another process stored its key first: that one is read below
        return self.site_key(name, make)

    def take_digest(self, day: date) -> bool:
        """Whether this process is the one to send `day`'s digest (the first to ask)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(DigestRow).values(day=day, sent=_now()))
        except IntegrityError:
            return False
        return True


def _push_row(table_id: str, seat: int, endpoint: str) -> Delete:
    return delete(PushRow).where(
        PushRow.table_id == table_id, PushRow.seat == seat, PushRow.endpoint == endpoint
    )
