// What the table page's features share: the boot data, the table's events, a small DOM helper,
// requests that carry this seat's proof (POST, or another `method`), and a passing notice.
// `table.js` announces each view it draws (`table:view`) and each socket message that is not a
// view (`table:message`).
import { explain } from "./i18n.js";

export const boot = JSON.parse(document.getElementById("boot").textContent);
export const seated = boot.seat !== null;

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("data-") || key.startsWith("aria-")) node.setAttribute(key, value);
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

export function onView(handler) {
  document.addEventListener("table:view", (event) => handler(event.detail));
}

export function onMessage(type, handler) {
  document.addEventListener("table:message", (event) => {
    if (event.detail.type === type) handler(event.detail);
  });
}

export async function post(path, body = {}, method = "POST") {
  const response = await fetch(path, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: boot.seat, token: boot.token, ...body }),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(explain(answer) || response.statusText);
  return answer;
}

export function notice(text) {
  let toast = document.getElementById("notice");
  if (!toast) {
    toast = el("p", { id: "notice", class: "toast notice", role: "status" });
    document.querySelector(".side").prepend(toast);
  }
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { toast.hidden = true; }, 6000);
}

// A card of the side column, placed after the element `afterId` (made once, found after).
export function card(id, afterId, title) {
  let section = document.getElementById(id);
  if (!section) {
    section = el("section", { id, class: "card", hidden: true });
    if (title) section.append(el("h2", {}, title));
    document.getElementById(afterId).after(section);
  }
  return section;
}
