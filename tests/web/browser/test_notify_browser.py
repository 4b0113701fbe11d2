"""The seat's "Notify me when it is my turn" switch in Chromium (issue 33, item 3): the
browser's permission is asked only when the person turns it on, refused it says so, allowed
the subscription reaches the server, and turning it off deletes it; where the site sends mail,
an address may go with it. axe-core finds nothing serious on the page at both sizes.

Headless Chromium has no push service to subscribe at (`pushManager.subscribe` needs one), so
the page's `PushManager` is stubbed (`STUB_PUSH`): the page's logic and the server's side are
tested, the browser's own subscription is not. The service worker's push handler is tested with
pushes handed to it through the DevTools protocol (`ServiceWorker.deliverPushMessage`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, VIEWPORTS, browser_marks, live_server, sit_down
from notify_support import BrowserSubscription, MailCatcher, mail_server
from test_accessibility_browser import check
from web_support import wait_for

from ludoteca.store.base import make_engine
from ludoteca.store.notify import NotifyStore
from ludoteca.web.notify.settings import NotifySettings

pytestmark = browser_marks()

ENDPOINT = "http://127.0.0.1:9/push/stub"
"""Where the stubbed subscription points (nothing is pushed in these tests)."""

STUB_PUSH = """
window.asked = 0;
const ask = Notification.requestPermission.bind(Notification);
Notification.requestPermission = () => { window.asked += 1; return ask(); };
let held = null;
PushManager.prototype.getSubscription = async function () { return held; };
PushManager.prototype.subscribe = async function (options) {
  window.keyLength = options.applicationServerKey.length;
  held = { endpoint: %(endpoint)r, toJSON: () => (%(json)s) };
  return held;
};
"""


def stub_push() -> str:
    subscription = BrowserSubscription.at(ENDPOINT).to_json()
    return STUB_PUSH % {"endpoint": ENDPOINT, "json": json.dumps(subscription)}


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, NotifyStore, MailCatcher]]:
    """A site that sends push and mail, and its store, read by the test."""
    database = tmp_path / "notify.db"
    with mail_server() as mails:
        settings = NotifySettings(smtp_url=mails.url, mail_from="club@club.test")
        with live_server(database, notify=settings) as url:
            yield url, NotifyStore(make_engine(f"sqlite:///{database}")), mails


@pytest.fixture
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def seat_page(browser: Any, server: str, size: str = "desktop") -> Any:
    width, height = VIEWPORTS[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(stub_push())
    page = context.new_page()
    page.set_default_timeout(15_000)
    sit_down(page, server, "ludo", "greedy")
    page.get_by_test_id("notify-toggle").wait_for()
    return page


def table_id(page: Any) -> str:
    return str(page.url.split("/table/")[1].split("?")[0])


def test_permission_is_asked_only_on_turning_the_switch_on_and_the_subscription_follows_it(
    site: tuple[str, NotifyStore, MailCatcher], browser: Any
) -> None:
    server, store, _mails = site
    page = seat_page(browser, server)
    toggle = page.get_by_test_id("notify-toggle")
    assert page.evaluate("window.asked") == 0, "not asked on opening the page"
    assert not toggle.is_checked()
    toggle.click()  # the permission is not granted: refused
    page.get_by_text("Notifications are blocked for this site").wait_for()
    assert page.evaluate("window.asked") == 1 and not toggle.is_checked()
    page.context.grant_permissions(["notifications"], origin=server)
    toggle.click()
    page.get_by_text("also when this page is closed").wait_for()
    assert page.evaluate("window.asked") == 2 and toggle.is_checked()
    assert page.evaluate("window.keyLength") == 65  # the server's public key, an EC point
    seat = 0
    wait_for(lambda: [s.endpoint for s in store.pushes(table_id(page), seat)] == [ENDPOINT])
    assert store.pushes(table_id(page), seat)[0].language == "en"
    page.reload()
    page.get_by_test_id("notify-toggle").wait_for()
    assert page.get_by_test_id("notify-toggle").is_checked(), "remembered on this seat"
    page.get_by_test_id("notify-toggle").click()
    wait_for(lambda: store.pushes(table_id(page), seat) == [])
    assert page.evaluate("window.asked") == 0, "turning it off asks nothing"


def test_an_address_left_at_the_seat_is_kept_and_removed(
    site: tuple[str, NotifyStore, MailCatcher], browser: Any
) -> None:
    server, store, _mails = site
    page = seat_page(browser, server)
    page.get_by_label("Also by e-mail (optional)").fill("anna@family.test")
    page.locator("form.notify-mail button[type=submit]").click()
    page.get_by_text("Mails go to anna@family.test").wait_for()
    found = store.mail(table_id(page), 0)
    assert found is not None and found.address == "anna@family.test"
    page.get_by_test_id("notify-mail-remove").click()
    page.get_by_text("No more mails for this seat.").wait_for()
    assert store.mail(table_id(page), 0) is None


@pytest.mark.parametrize("size", sorted(VIEWPORTS))
def test_the_table_page_with_the_switch_passes_axe(
    site: tuple[str, NotifyStore, MailCatcher], browser: Any, size: str
) -> None:
    server, store, _mails = site
    page = seat_page(browser, server, size)
    url = page.url

    def ready(opened: Any) -> None:
        opened.get_by_test_id("notify-toggle").wait_for()
        opened.get_by_test_id("notify-mail").wait_for()

    check(page, size, url, ready)
    page.get_by_label("Also by e-mail (optional)").fill("anna@family.test")
    page.locator("form.notify-mail button[type=submit]").click()
    page.get_by_text("Mails go to anna@family.test").wait_for()
    found = store.mail(table_id(page), 0)
    assert found is not None
    unsubscribe = f"{server}/notify/unsubscribe/{found.token}"
    check(page, size, unsubscribe, lambda opened: opened.get_by_test_id("unsubscribe").wait_for())


def test_the_service_worker_shows_a_push_but_not_one_for_the_seat_page_in_view(
    site: tuple[str, NotifyStore, MailCatcher], browser: Any
) -> None:
    """Pushes delivered to the service worker through the DevTools protocol, as a push service
    would deliver them."""
    server, _store, _mails = site
    page = seat_page(browser, server)
    page.context.grant_permissions(["notifications"], origin=server)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    devtools = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    devtools.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    devtools.send("ServiceWorker.enable")
    wait_for(lambda: page.wait_for_timeout(50) or bool(registrations))
    registration = registrations[-1]["registrationId"]
    shown = (
        "navigator.serviceWorker.ready.then(r => r.getNotifications())"
        ".then(found => found.map(n => [n.title, n.body, n.data.url]))"
    )
    this_page = page.url.removeprefix(server)
    other = "/table/other?seat=1&token=t"
    for url in (this_page, other):
        notice = {
            "title": f"Your turn at {url[:12]}",
            "body": "Anna vs Ben",
            "url": url,
            "icon": "/static/icons/icon-192.png",
            "tag": url,
        }
        devtools.send(
            "ServiceWorker.deliverPushMessage",
            {"origin": server, "registrationId": registration, "data": json.dumps(notice)},
        )
    wait_for(lambda: page.wait_for_timeout(50) or bool(page.evaluate(shown)))
    page.wait_for_timeout(300)  # the push for this page had its time too
    assert page.evaluate(shown) == [["Your turn at /table/other", "Anna vs Ben", other]]
