// Your turn: a short chime (off until switched on; the choice is remembered) made with WebAudio,
// and the seat's "Notify me when it is my turn" switch. Where the site sends push (its VAPID key)
// and the browser takes it (a service worker, PushManager), turning it on subscribes this
// browser for the seat, so it is told also when the page is closed (the push handler in
// service-worker.js); the browser's permission is asked only then. Otherwise the switch tells
// while the page is open but hidden. Where the site sends mail, an address may go with it.
import { _ } from "./i18n.js";
import { boot, el, notice, onView, post } from "./events.js";

const KEY = "ludoteca.sound";
const NOTIFY_KEY = `ludoteca.notify.${boot.table}.${boot.seat}`;
const API = `/api/tables/${boot.table}`;
const PAGE_LANGUAGE = document.documentElement.lang;
let soundOn = localStorage.getItem(KEY) === "on";
let audio = null;
let wasMyTurn = null;
let offer = { push: null, mail: false, address: null };

function chime() {
  audio = audio || new AudioContext();
  const now = audio.currentTime;
  for (const [i, pitch] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.0001, now + i * 0.14);
    gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.14 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.14);
    tone.stop(now + i * 0.14 + 0.3);
  }
}

const notifyOn = () => localStorage.getItem(NOTIFY_KEY) === "on";
const canNotify = "Notification" in window;
const canPush = canNotify && "serviceWorker" in navigator && "PushManager" in window;
const pushes = () => canPush && Boolean(offer.push);

function applicationKey(base64url) {
  const raw = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

// This browser's subscription (one for every seat it holds), made if `create` and none exists.
async function subscription(create) {
  const registration = await navigator.serviceWorker.ready;
  const kept = await registration.pushManager.getSubscription();
  if (kept || !create) return kept;
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationKey(offer.push) });
}

async function sendSubscription() {
  const made = await subscription(true);
  await post(`${API}/push`, { subscription: made.toJSON(), language: PAGE_LANGUAGE });
}

function switchRow(status) {
  const toggle = el("input", { type: "checkbox", id: "notify-me", "data-testid": "notify-toggle" });
  const label = el("label", { class: "toggle", htmlFor: "notify-me" }, toggle, " ", _("Notify me when it is my turn"));
  const tell = () => {
    if (!toggle.checked) status.textContent = "";
    else if (pushes()) status.textContent = _("On: you are told of your turn, also when this page is closed.");
    else status.textContent = _("On while this page is open: this site or this browser cannot tell you when it is closed.");
  };
  toggle.addEventListener("change", async () => {
    try {
      if (toggle.checked) {
        // Asked here, after the person's click, and only here.
        if (await Notification.requestPermission() !== "granted") {
          toggle.checked = false;
          status.textContent = _("Notifications are blocked for this site: allow them in the browser's settings.");
          return;
        }
        if (pushes()) await sendSubscription();
        localStorage.setItem(NOTIFY_KEY, "on");
      } else {
        localStorage.setItem(NOTIFY_KEY, "off");
        const kept = pushes() ? await subscription(false) : null;
        if (kept) await post(`${API}/push`, { endpoint: kept.endpoint }, "DELETE");
      }
      tell();
    } catch (error) {
      toggle.checked = false;
      localStorage.setItem(NOTIFY_KEY, "off");
      status.textContent = _("Notifications could not be turned on: {reason}", { reason: error.message });
    }
  });
  return { label, toggle, tell };
}

function mailForm(status) {
  const input = el("input", { type: "email", id: "notify-mail", name: "email", autocomplete: "email", maxLength: 254, "data-testid": "notify-mail" });
  input.value = offer.address || "";
  const save = el("button", { type: "submit", class: "button" }, _("Save"));
  const remove = el("button", { type: "button", class: "link-button", "data-testid": "notify-mail-remove" }, _("Remove"));
  remove.hidden = !offer.address;
  const form = el("form", { class: "notify-mail" },
    el("label", { htmlFor: "notify-mail" }, _("Also by e-mail (optional)")), input, save, remove);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const answer = await post(`${API}/mail`, { address: input.value, language: PAGE_LANGUAGE });
      remove.hidden = false;
      status.textContent = _("Mails go to {address}; each has a link that stops them.", { address: answer.address });
    } catch (error) {
      notice(error.message);
    }
  });
  remove.addEventListener("click", async () => {
    try {
      await post(`${API}/mail`, {}, "DELETE");
      input.value = "";
      remove.hidden = true;
      status.textContent = _("No more mails for this seat.");
    } catch (error) {
      notice(error.message);
    }
  });
  return form;
}

async function notifySwitch(place) {
  const query = new URLSearchParams({ seat: boot.seat, token: boot.token });
  const response = await fetch(`${API}/notify?${query}`);
  if (response.ok) offer = await response.json();
  if (!canNotify && !offer.mail) return;
  const status = el("p", { class: "muted notify-status", role: "status", "data-testid": "notify-status" });
  const parts = [];
  if (canNotify) {
    const row = switchRow(status);
    row.toggle.checked = notifyOn() && Notification.permission === "granted";
    row.tell();
    parts.push(row.label);
    // Subscriptions change (the browser renews them): the seat's is sent again on every visit.
    if (row.toggle.checked && pushes()) sendSubscription().catch(() => {});
  }
  if (offer.mail) parts.push(mailForm(status));
  place.after(...parts, status);
}

if (boot.seat !== null) {
  const links = document.querySelector(".links");
  const sound = el("button", { type: "button", class: "link-button", "data-testid": "sound-toggle" });
  const label = () => { sound.textContent = soundOn ? _("Sound: on") : _("Sound: off"); sound.setAttribute("aria-pressed", String(soundOn)); };
  sound.addEventListener("click", () => {
    soundOn = !soundOn;
    localStorage.setItem(KEY, soundOn ? "on" : "off");
    label();
    if (soundOn) chime(); // a sample, and browsers let a page play sound after a click
  });
  label();
  links.append(sound);
  const place = document.getElementById("play-forced")?.closest("label");
  if (place) notifySwitch(place);
}

onView((v) => {
  const myTurn = Boolean(v.your_turn);
  if (wasMyTurn === false && myTurn) {
    if (soundOn) chime();
    if (document.hidden && notifyOn() && canNotify && Notification.permission === "granted") {
      new Notification(_("Your turn"), { body: v.game.title, tag: `ludoteca-${v.table}` });
    }
  }
  wasMyTurn = myTurn;
});
