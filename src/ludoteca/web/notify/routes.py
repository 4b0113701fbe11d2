"""The notify switch's endpoints and the page a mail's unsubscribe link opens.

`GET /api/tables/<id>/notify` says what the site offers (push with its public key, mail) and
what the seat asked for; `POST`/`DELETE /api/tables/<id>/push` keep or drop this browser's
subscription for the seat, `POST`/`DELETE /api/tables/<id>/mail` its address. Each needs the
seat's token, like a move. `/notify/unsubscribe/<token>` asks before it deletes (a mail
scanner that opens links stops nothing).
"""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, Field, StrictStr

from ludoteca.i18n import DEFAULT, LANGUAGES, game_title
from ludoteca.store.notify import MailAddress, NotifyStore, PushSubscription
from ludoteca.web.http.addresses import addresses_of
from ludoteca.web.http.errors import Conflict, Unprocessable
from ludoteca.web.http.openapi import html_errors, json_errors
from ludoteca.web.live.deps import SeatProof, manager_of, seated
from ludoteca.web.notify.notifier import Notifier
from ludoteca.web.pages.templating import templates

router = APIRouter()

ADDRESS = re.compile(r"[^@\s<>,;\"]+@[^@\s<>,;\"]+\.[^@\s<>,;\".]+")
"""An e-mail address as a person types it: something, @, a domain with a dot; no spaces."""


class Keys(BaseModel):
    p256dh: StrictStr = Field(max_length=200)
    auth: StrictStr = Field(max_length=100)


class Subscription(BaseModel):
    """A browser's `PushSubscription.toJSON()` (its `expirationTime` is not kept)."""

    endpoint: StrictStr = Field(max_length=1000, pattern=r"^https?://")
    keys: Keys
    expirationTime: float | None = None


class PushRequest(SeatProof):
    subscription: Subscription
    language: StrictStr = DEFAULT


class PushDelete(SeatProof):
    endpoint: StrictStr = Field(max_length=1000)


class MailRequest(SeatProof):
    address: StrictStr = Field(max_length=254)
    language: StrictStr = DEFAULT


def notifier_of(request: Request) -> Notifier:
    notifier: Notifier = request.app.state.notifier
    return notifier


def _language(language: str) -> str:
    return language if language in LANGUAGES else DEFAULT


@router.get("/api/tables/{table_id}/notify", responses=json_errors(403, 404, 422))
async def offered(
    request: Request, table_id: str, seat: int | None = None, token: str | None = None
) -> dict[str, Any]:
    """`push`: the site's public key (None: no push); `mail`: whether it sends mail;
    `address`: the one the seat left."""
    table = await manager_of(request).get(table_id)
    seat = seated(table, SeatProof(seat=seat, token=token), "ask for notifications")
    notifier = notifier_of(request)
    left = None
    if notifier.mailer is not None:
        mail = await asyncio.to_thread(notifier.store.mail, table.id, seat)
        left = mail.address if mail is not None else None
    key = notifier.key.public if notifier.key is not None else None
    return {"push": key, "mail": notifier.mailer is not None, "address": left}


@router.post("/api/tables/{table_id}/push", responses=json_errors(403, 404, 409, 413, 422))
async def subscribe(request: Request, table_id: str, body: PushRequest) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = seated(table, body, "ask for notifications")
    notifier = notifier_of(request)
    if notifier.key is None:
        raise Conflict("this site sends no push notifications", code="push_off")
    kept = body.subscription
    subscription = PushSubscription(
        table.id, seat, kept.endpoint, kept.keys.p256dh, kept.keys.auth, _language(body.language)
    )
    await asyncio.to_thread(notifier.store.add_push, subscription)
    return {"push": True}


@router.delete("/api/tables/{table_id}/push", responses=json_errors(403, 404, 413, 422))
async def unsubscribe(request: Request, table_id: str, body: PushDelete) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = seated(table, body, "stop notifications")
    await asyncio.to_thread(notifier_of(request).store.delete_push, table.id, seat, body.endpoint)
    return {"push": False}


@router.post("/api/tables/{table_id}/mail", responses=json_errors(403, 404, 409, 413, 422))
async def leave_address(request: Request, table_id: str, body: MailRequest) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = seated(table, body, "ask for mails")
    notifier = notifier_of(request)
    if notifier.mailer is None:
        raise Conflict("this site sends no mail", code="mail_off")
    address = body.address.strip()
    if not ADDRESS.fullmatch(address):
        raise Unprocessable(f"{address!r} is not an e-mail address", code="bad_address")
    site = addresses_of(request).base(request)
    mail = MailAddress(
        table.id, seat, address, _language(body.language), site, secrets.token_urlsafe(24)
    )
    await asyncio.to_thread(notifier.store.set_mail, mail)
    return {"address": address}


@router.delete("/api/tables/{table_id}/mail", responses=json_errors(403, 404, 413, 422))
async def forget_address(request: Request, table_id: str, body: SeatProof) -> dict[str, Any]:
    table = await manager_of(request).get(table_id)
    seat = seated(table, body, "stop mails")
    await asyncio.to_thread(notifier_of(request).store.delete_mail, table.id, seat)
    return {"address": None}


async def _unsubscribe_page(request: Request, token: str, done: bool) -> Response:
    store: NotifyStore = notifier_of(request).store
    mail = await asyncio.to_thread(store.mail_by_token, token)
    table = None
    if mail is not None:
        if done:
            await asyncio.to_thread(store.delete_mail, mail.table_id, mail.seat)
        found = manager_of(request).tables.get(mail.table_id)
        table = game_title(found.game.title) if found is not None else None
    context = {"mail": mail, "table": table, "done": done}
    return templates.TemplateResponse(request, "unsubscribe.html", context)


@router.get("/notify/unsubscribe/{token}", response_class=HTMLResponse, responses=html_errors(422))
async def unsubscribe_page(request: Request, token: str) -> Response:
    return await _unsubscribe_page(request, token, done=False)


@router.post("/notify/unsubscribe/{token}", response_class=HTMLResponse, responses=html_errors(422))
async def unsubscribe_now(request: Request, token: str) -> Response:
    return await _unsubscribe_page(request, token, done=True)
