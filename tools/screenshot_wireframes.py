#!/usr/bin/env python3
"""Photographs the app's wireframes (issue 14 §4, issue 30 §1) with headless Chromium:
HTML_DIR/DEVICE/*.html -> OUT_DIR/DEVICE/*.png for each device of the manifest (the iPhone, the
iPad in landscape, upright and in Split View, the iPhone at the largest type), as wide as its
screen and as tall as its content: a list or a sheet longer than the screen is drawn whole, so
nothing below the first screenful goes unseen.

Then checks what was drawn, and exits 1 naming every problem:
- two states of one screen that render to the same picture (a state that shows nothing new);
- a control whose hit target is under 44 x 44 points;
- words that overflow their box (unless the view cuts them to one line with an ellipsis).

    tools/screenshot_wireframes.py HTML_DIR OUT_DIR

The devices and the screens' ids come from the manifest beside HTML_DIR (HTML_DIR/../manifest.json).
"""
import collections
import hashlib
import json
import pathlib
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

# How much taller than the screen a page may grow before it is cut: a long species list is shown
# at its start and its end is left for the scrolled captures of a later issue.
MAX_HEIGHT = 4000

# How far the page's scrolling boxes reach below their visible part: the screen's lists, the
# sheets and dialogs drawn over it.
OVERFLOW = """
let extra = 0;
for (const box of document.querySelectorAll('.n-screen, .n-sheet, .n-dialog, .n-alert, .n-popover')) {
  extra = Math.max(extra, box.scrollHeight - box.clientHeight);
}
return extra;
"""

# Controls smaller than a finger, and words wider than their box.
MEASURE = """
const problems = [];
for (const control of document.querySelectorAll('[data-control]')) {
  const box = control.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) continue;
  if (box.width < 43.5 || box.height < 43.5) {
    problems.push('control ' + control.dataset.control + ' is ' + Math.round(box.width) + ' x ' + Math.round(box.height) + ' pt, under 44 x 44');
  }
}
// Words on one line that the view cut with an ellipsis (lineLimit(1)) are meant to be cut.
for (const words of document.querySelectorAll('.words')) {
  if (words.closest('.one-line')) continue;
  if (words.scrollWidth > words.clientWidth + 1) {
    problems.push('words overflow their box: "' + words.textContent.slice(0, 60) + '"');
  }
}
return problems;
"""


def photograph(driver, page, target, width, height):
    driver.set_window_size(width, height)
    driver.get(page.resolve().as_uri())
    # The window's outer size includes no chrome in headless mode; match the viewport exactly.
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    chrome = (width - inner[0], height - inner[1])
    tall = height
    for _ in range(6):
        extra = driver.execute_script(OVERFLOW)
        if extra <= 0 or tall >= MAX_HEIGHT:
            break
        tall = min(MAX_HEIGHT, tall + extra)
        driver.execute_script("document.body.style.height = arguments[0] + 'px'", tall)
        driver.set_window_size(width + chrome[0], tall + chrome[1])
    driver.set_window_size(width + chrome[0], tall + chrome[1])
    problems = driver.execute_script(MEASURE)
    driver.save_screenshot(str(target))
    return problems


def identical_states(device_dir, screens):
    """Groups of states of one screen whose pictures are the same, pixel for pixel."""
    by_picture = collections.defaultdict(lambda: collections.defaultdict(list))
    for picture in sorted(device_dir.glob("*.png")):
        screen = max((s for s in screens if picture.stem.startswith(s + "-")), key=len, default=picture.stem)
        by_picture[hashlib.sha256(picture.read_bytes()).hexdigest()][screen].append(picture.stem)
    return [same for by_screen in by_picture.values() for same in by_screen.values() if len(same) > 1]


def main(html_dir, out_dir):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    count = 0
    problems = []
    manifest = json.loads((pathlib.Path(html_dir).parent / "manifest.json").read_text(encoding="utf-8"))
    screens = [screen["id"] for screen in manifest["screens"]]
    sizes = {device["id"]: (device["width"], device["height"]) for device in manifest["devices"]}
    try:
        for device, (width, height) in sizes.items():
            target = pathlib.Path(out_dir) / device
            target.mkdir(parents=True, exist_ok=True)
            for stale in target.glob("*.png"):
                stale.unlink()
            for page in sorted((pathlib.Path(html_dir) / device).glob("*.html")):
                found = photograph(driver, page, target / (page.stem + ".png"), width, height)
                problems += ["%s/%s: %s" % (device, page.stem, problem) for problem in found]
                count += 1
            for group in identical_states(target, screens):
                problems.append("%s: states drawn identically: %s" % (device, ", ".join(group)))
    finally:
        driver.quit()
    print("%d wireframes photographed" % count)
    for problem in problems:
        print("FAIL: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
