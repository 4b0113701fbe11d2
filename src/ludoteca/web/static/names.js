// The name a person typed last (in the lobby form or for their seat), kept by the browser, so
// the next table offers it again.
const KEY = "ludoteca.name";

export function rememberedName() {
  try {
    return localStorage.getItem(KEY) || "";
  } catch {
    return "";
  }
}

export function rememberName(name) {
  try {
    if (name.trim()) localStorage.setItem(KEY, name.trim());
  } catch {
    // private mode: not remembered
  }
}
