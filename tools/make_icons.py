"""Draw the installable app's PNG icons from `static/icons/icon.svg` in headless Chromium.

    .venv/bin/python tools/make_icons.py

Run it after changing the SVG; the PNGs are committed (browsers that want a PNG icon get the
same picture). Needs the test extra (Playwright) and Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "src" / "ludoteca" / "web" / "static" / "icons"
SIZES = (192, 512)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(
                "<style>html,body{margin:0;background:transparent}svg{display:block}</style>"
                + svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            )
            page.screenshot(path=str(ICONS / f"icon-{size}.png"), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
