// Your turn: a short chime (off until switched on; the choice is remembered) made with WebAudio,
// and a browser notification when the tab is hidden and the player has allowed them.
import { _ } from "./i18n.js";
import { boot, el, onView } from "./events.js";

const KEY = "ludoteca.sound";
let soundOn = localStorage.getItem(KEY) === "on";
let audio = null;
let wasMyTurn = null;

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
  if ("Notification" in window && Notification.permission === "default") {
    const ask = el("button", { type: "button", class: "link-button", "data-testid": "notify-toggle" }, _("Notify me when it is my turn"));
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      ask.hidden = true;
    });
    links.append(ask);
  }
}

onView((v) => {
  const myTurn = Boolean(v.your_turn);
  if (wasMyTurn === false && myTurn) {
    if (soundOn) chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(_("Your turn"), { body: v.game.title, tag: `ludoteca-${v.table}` });
    }
  }
  wasMyTurn = myTurn;
});
