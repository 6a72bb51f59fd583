#!/usr/bin/env python3
"""Screenshots of every colour theme, light and dark, on a desktop (1440×900) and a phone
(390×844), for docs/themes/: one sheet per theme, the four views side by side.

    python3 Tests/Browser/theme_screenshots.py --vault-bin .build/debug/vault [--out docs/themes]

It serves a copy of vault-example as the browser journeys do (browser_test.py's Run), opens
the same note in each view, and lays the four screenshots out on one page that Chromium
renders and captures again, so no imaging library is needed.
"""

import argparse
import base64
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import Run  # noqa: E402

THEMES = ["gray", "blue", "orange", "yellow", "green", "indigo"]
VIEWS = [("desktop", 1440, 900), ("phone", 390, 844)]
NOTE = "Roadmap"


def capture(run, color, mode, width, height):
    driver = run.driver
    driver.set_window_size(width, height)
    key = driver.execute_script("return 'vault.theme.' + document.querySelector('meta[name=\"vault-key\"]').content")
    driver.execute_script("localStorage.setItem(arguments[0], arguments[1])", key, json.dumps({"color": color, "mode": mode}))
    run.open()
    run.open_note(NOTE)
    # The window's size is the outer one: the page gets what is left, measured here.
    return driver.get_screenshot_as_png()


def sheet(run, color, shots, out):
    """One page with the four shots, captured at the size it lays them out in."""
    cells = "".join(
        f'<figure><img src="data:image/png;base64,{base64.b64encode(png).decode()}" style="height:600px">'
        f"<figcaption>{view}, {mode}</figcaption></figure>"
        for (view, mode), png in shots.items())
    page = ("<!doctype html><meta charset=utf-8><style>body{margin:0}main{display:inline-flex;gap:16px;padding:16px;background:#888;"
            "font:14px system-ui;color:#fff}figure{margin:0}img{display:block;border-radius:6px}</style>"
            f"<title>{color}</title><main>{cells}</main>")
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as handle:
        handle.write(page)
        name = handle.name
    driver = run.driver
    driver.set_window_size(4000, 900)
    driver.get("file://" + name)
    width, height = driver.execute_script("const box = document.querySelector('main').getBoundingClientRect(); return [Math.ceil(box.width), Math.ceil(box.height)]")
    driver.set_window_size(width, height + (driver.execute_script("return window.outerHeight - window.innerHeight")))
    driver.save_screenshot(os.path.join(out, f"{color}.png"))
    os.unlink(name)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vault-bin", required=True)
    parser.add_argument("--out", default=os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "docs", "themes"))
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    run = Run(os.path.abspath(args.vault_bin), args.out)
    try:
        run.open()
        for color in THEMES:
            shots = {}
            for view, width, height in VIEWS:
                for mode in ["light", "dark"]:
                    shots[(view, mode)] = capture(run, color, mode, width, height)
            sheet(run, color, shots, args.out)
            run.driver.get(run.base)
            print(f"{color}: {os.path.join(args.out, color + '.png')}")
    finally:
        run.close()


if __name__ == "__main__":
    main()
