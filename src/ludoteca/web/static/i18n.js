// Translations for the pages' scripts: the page embeds its language's texts (`#i18n`, built by
// `web/pages/js_catalog.py` from the gettext catalogs); `_` and `ngettext` read them, with `{name}`
// placeholders filled from an object, as in the Python code. `explain` turns an error of the API
// or the socket into the page's language by its code.
const data = JSON.parse(document.getElementById("i18n")?.textContent || "{}");
const messages = data.messages || {};
const categories = data.plural || ["one", "other"];
const errors = data.errors || {};
export const language = data.language || document.documentElement.lang || "en";
const plurals = new Intl.PluralRules(language);

function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole)) : text;
}

export function _(text, values) {
  const found = messages[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

export function ngettext(singular, plural, n, values) {
  const forms = messages[singular];
  const index = categories.indexOf(plurals.select(n));
  const chosen = Array.isArray(forms) && forms[index] ? forms[index] : n === 1 ? singular : plural;
  return fill(chosen, { n, ...values });
}

export function formatNumber(n) {
  return new Intl.NumberFormat(language).format(n);
}

// A share (0.25) as the language writes a percentage: "25%", "25 %".
export function formatPercent(share) {
  return new Intl.NumberFormat(language, { style: "percent" }).format(share);
}

// An error answer of the API (`{detail, code, params}`) or of the socket (`{error, code, params}`)
// as the page shows it: the code's message in the page's language with its values filled in,
// or the English text where the page has none (English pages, a code it does not know).
export function explain(answer) {
  const english = answer.detail || answer.error || "";
  const text = errors[answer.code];
  return typeof text === "string" && text ? fill(text, answer.params || {}) : english;
}
